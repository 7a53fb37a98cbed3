import ArgumentParser
import Foundation
import WidgetryBundle
import WidgetryJSON

/// The `widgetry` command line: a thin layer over the libraries that parses arguments, runs one
/// command and turns its outcome into output and an exit code.
///
/// Exit codes: 0 success; 2 bad input or usage (a message on stderr with the location);
/// 3 internal error.
public enum WidgetryCLI {
    /// Runs the command line `arguments` (without the program name) and returns the exit code.
    public static func main(_ arguments: [String]) async -> Int32 {
        // The completion scripts call back with `---completion`; the argument parser answers
        // those itself, printing the candidates and exiting.
        if arguments.first == "---completion" {
            await WidgetryCommand.main(arguments)
            return ExitStatus.success
        }
        let code = await run(arguments)
        guard let failure = OutputFailure.take() else { return code }
        Console.standard.report(ReportedDiagnostics(failure, exitCode: failure.exitCode))
        return failure.exitCode
    }

    private static func run(_ arguments: [String]) async -> Int32 {
        let console = Console.standard
        var parsed: (any ParsableCommand)?
        do {
            var command = try WidgetryCommand.parseAsRoot(arguments)
            parsed = command
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
            return ExitStatus.success
        } catch let problems as ReportedDiagnostics {
            return console.report(problems, as: parsed as? any ReportsErrors)
        } catch let exit as ExitCode {
            return exit.rawValue
        } catch let error as any DiagnosticConvertible {
            let exitCode = (error as? CommandFailure)?.exitCode ?? ExitStatus.inputError
            return console.report(ReportedDiagnostics(error, exitCode: exitCode), as: parsed as? any ReportsErrors)
        } catch {
            let code = WidgetryCommand.exitCode(for: error)
            if code == .success {
                console.write(WidgetryCommand.fullMessage(for: error) + "\n")
                return ExitStatus.success
            }
            if code == .validationFailure {
                let failure = CommandFailure(.invalidArguments, WidgetryCommand.message(for: error), hint: usageHint(WidgetryCommand.fullMessage(for: error)))
                return console.report(ReportedDiagnostics(failure), as: parsed as? any ReportsErrors)
            }
            let failure = CommandFailure(.internalError, "internal error: \(error)",
                                         hint: "this is a bug in widgetry: please report it with the command that shows it",
                                         exitCode: ExitStatus.internalError)
            return console.report(ReportedDiagnostics(failure, exitCode: failure.exitCode), as: parsed as? any ReportsErrors)
        }
    }
}

/// The usage lines of the argument parser's full message, as one hint: `usage: widgetry run
/// [<options>] <bundle>; see 'widgetry run --help'`.
private func usageHint(_ fullMessage: String) -> String? {
    let lines = fullMessage.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    let usage = lines.first { $0.hasPrefix("Usage: ") }.map { "usage: " + $0.dropFirst("Usage: ".count) }
    let help = lines.first { $0.hasPrefix("See '") }.map { "s" + $0.dropFirst().replacingOccurrences(of: " for more information.", with: "") }
    let parts = [usage, help].compactMap { $0 }
    return parts.isEmpty ? nil : parts.joined(separator: "; ")
}

/// The documented exit codes.
enum ExitStatus {
    static let success: Int32 = 0
    static let inputError: Int32 = 2
    static let internalError: Int32 = 3
}

/// A failure of the command line itself, with a stable code, a hint and its exit code: a
/// usage mistake the argument parser cannot see, a file the command cannot read or write.
struct CommandFailure: DiagnosticConvertible {
    /// The command line's own codes.
    enum Code: String, DomainCode {
        /// Arguments the argument parser refuses: an unknown option, a missing value, a
        /// value of the wrong type.
        case invalidArguments = "usage.invalid-arguments"
        /// An option's value that is not of the form the option takes.
        case invalidOption = "usage.invalid-option"
        /// A number outside what its option takes (README, "Numbers").
        case outOfRange = "usage.out-of-range"
        /// A name (an action, a rule) that the bundle or the tool does not have.
        case unknownName = "usage.unknown-name"
        /// A port the command was asked to listen on that is taken or not allowed.
        case portUnavailable = "usage.port-unavailable"
        /// A bundle that lacks what the command works on (scenarios, a stub file).
        case missingPart = "usage.missing-part"
        /// A program the command needs that is not installed (Chromium, for PNG pictures).
        case missingProgram = "usage.missing-program"
        /// A file the command was given that cannot be read.
        case unreadableFile = "io.unreadable-file"
        /// A file the command was asked to write that cannot be written.
        case unwritableFile = "io.unwritable-file"
        /// Something that should never happen: a bug to report.
        case internalError = "internal.error"
    }

    var code: Code
    var message: String
    var hint: String?
    var exitCode: Int32 = ExitStatus.inputError
    /// The file the failure is about, as the person named it, when there is one.
    var file: String

    init(_ code: Code, _ message: String, hint: String? = nil, file: String = "", exitCode: Int32 = ExitStatus.inputError) {
        self.code = code
        self.message = message
        self.hint = hint
        self.file = file
        self.exitCode = exitCode
    }

    var diagnostics: [Diagnostic] {
        [Diagnostic(code: code.rawValue, severity: .error, file: file, location: nil, pointer: nil, message: message, hint: hint)]
    }
}

struct WidgetryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "widgetry",
        abstract: "Run, validate and lint declarative JSON widget bundles without a screen.",
        discussion: """
            Exit codes: 0 success, 1 an action or a scenario failed, 2 input or usage error, 3 internal error.
            """,
        version: WidgetryVersion.current,
        subcommands: [InitCommand.self, InspectCommand.self, EvalCommand.self, FetchCommand.self, PackCommand.self, ServeStubCommand.self, CallCommand.self, RunCommand.self,
                      RenderCommand.self, PreviewCommand.self, TestCommand.self, ValidateCommand.self, LintCommand.self, ContractCommand.self, SchemasCommand.self,
                      LanguageServerCommand.self]
    )
}

/// The version `widgetry --version` prints.
enum WidgetryVersion {
    static let current = "0.1.0"
}
