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
        let console = Console.standard
        do {
            var command = try WidgetryCommand.parseAsRoot(arguments)
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
            return ExitStatus.success
        } catch let error as BundleError {
            console.reportError(error)
            return ExitStatus.inputError
        } catch let error as JSONParseError {
            console.reportError(BundleError.invalidJSON([error]))
            return ExitStatus.inputError
        } catch let exit as ExitCode {
            return exit.rawValue
        } catch let error as CommandFailure {
            console.error(error.message)
            return error.exitCode
        } catch {
            let code = WidgetryCommand.exitCode(for: error)
            if code == .success {
                console.write(WidgetryCommand.fullMessage(for: error) + "\n")
                return ExitStatus.success
            }
            if code == .validationFailure {
                console.writeError(WidgetryCommand.fullMessage(for: error) + "\n")
                return ExitStatus.inputError
            }
            console.error("internal error: \(error)")
            return ExitStatus.internalError
        }
    }
}

/// The documented exit codes.
enum ExitStatus {
    static let success: Int32 = 0
    static let inputError: Int32 = 2
    static let internalError: Int32 = 3
}

/// A failure a command reports itself, with its exit code.
struct CommandFailure: Error {
    var message: String
    var exitCode: Int32 = ExitStatus.inputError
}

struct WidgetryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "widgetry",
        abstract: "Run, validate and lint declarative JSON widget bundles without a screen.",
        discussion: """
            Exit codes: 0 success, 1 an action or a scenario failed, 2 input or usage error, 3 internal error.
            """,
        version: WidgetryVersion.current,
        subcommands: [InspectCommand.self, EvalCommand.self, FetchCommand.self, PackCommand.self, ServeStubCommand.self, CallCommand.self, RunCommand.self,
                      TestCommand.self, ValidateCommand.self, LintCommand.self, ContractCommand.self]
    )
}

/// The version `widgetry --version` prints.
enum WidgetryVersion {
    static let current = "0.1.0"
}
