import ArgumentParser
import Foundation
import WidgetryBundle
import WidgetryBundleFetch
import WidgetryJSON
import WidgetryLint
import WidgetryReporting

struct ValidateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check every JSON file of bundles against Widgetry's schemas.",
        discussion: """
            Checks Info.json, each screen, Service.json, Service.dev.json, StubService.json, \
            Model.json, .widgetry.json and Tests/*.scenario.json against its schema, and reports each finding \
            at its file:line:column with a stable rule id (schema.required, \
            json.trailing-comma). A single JSON file, or - for standard input, is checked \
            against the schema its name implies or --kind names. Several bundles are checked in \
            parallel and reported in the \
            order given. Exit codes: 0 no finding at or above --fail-on, 1 findings at or \
            above --fail-on, 2 a bundle cannot be read or the usage is wrong, 3 internal error.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json, sarif, github, junit

        var reportFormat: ReportFormat {
            switch self {
            case .text: .text
            case .json: .json
            case .sarif: .sarif
            case .github: .github
            case .junit: .junit
            }
        }
    }

    enum Level: String, ExpressibleByArgument, CaseIterable {
        case error, warning, note

        var severity: Diagnostic.Severity {
            switch self {
            case .error: .error
            case .warning: .warning
            case .note: .note
            }
        }
    }

    @Argument(help: ArgumentHelp("Bundle folders, archives, URLs or glob patterns (default: the working directory).", valueName: "bundle"))
    var bundles: [String] = []

    @Option(help: "Report format: text for people, json for programs, sarif for code scanning, github for annotations, junit for CI.")
    var format: Format = .text

    @Option(name: .customLong("fail-on"), help: ArgumentHelp("Exit 1 when a finding is at least this severe.", valueName: "severity"))
    var failOn: Level = .error

    @Flag(help: "List on stderr the JSON files no schema covers.")
    var verbose = false

    @Option(help: ArgumentHelp("What a single JSON file (or - for standard input) is: \(BundleFileKind.argumentNames.joined(separator: ", ")) (default: from its name).",
                               valueName: "kind"))
    var kind: String?

    @OptionGroup var shardOption: ShardOption
    @OptionGroup var reportOptions: ReportOptions
    @OptionGroup var sourceOptions: SourceOptions

    func validate() throws {
        if let kind, !BundleFileKind.argumentNames.contains(kind) {
            throw ValidationError("--kind takes one of \(BundleFileKind.argumentNames.joined(separator: ", ")), not '\(kind)'")
        }
    }

    func run() async throws {
        let console = Console.standard
        reportOptions.apply()
        let validator: BundleValidator
        do {
            validator = try BundleValidator()
        } catch {
            throw CommandFailure(.internalError, "internal error: the bundled schemas do not compile: \(error)", exitCode: ExitStatus.internalError)
        }
        let validation = BundleValidation(validator: validator, loader: BundleLoader(options: try sourceOptions.loaderOptions))
        let selected = shardOption.select(try BundleArguments.expand(self.bundles))
        var checks: [Int: BundleValidation.Check] = [:]
        for (index, argument) in selected where Self.isSingleFile(argument) {
            checks[index] = try checkFile(argument, with: validator)
        }
        let folders = selected.filter { checks[$0.offset] == nil }
        for (entry, check) in zip(folders, await validation.validate(arguments: folders.map(\.element))) { checks[entry.offset] = check }
        let ordered = checks.sorted { $0.key < $1.key }.map(\.value)

        var report = DiagnosticReport()
        var unreadable = false
        for check in ordered {
            switch check {
            case .checked(let outcome):
                report.append(outcome.report)
                if verbose {
                    for file in outcome.skippedFiles { console.writeError("skipped \(file): no schema covers it\n") }
                }
            case .unreadable(let problems):
                report.append(problems)
                unreadable = true
            }
        }
        if reportOptions.quiet { report.diagnostics = report.diagnostics.filter { $0.severity == .error } }
        if ordered.contains(where: \.wasChecked) || !report.diagnostics.isEmpty {
            try reportOptions.write(format.reportFormat.render(report, colour: format == .text && reportOptions.coloursReport,
                                                               toolVersion: WidgetryVersion.current, rules: RuleCatalogue.documentation),
                                    console: console)
        }
        if unreadable { throw ExitCode(ExitStatus.inputError) }
        if report.hasFindings(atLeast: failOn.severity) { throw ExitCode(1) }
    }

    /// Whether `argument` names one JSON file (or standard input) rather than a bundle.
    static func isSingleFile(_ argument: String) -> Bool {
        guard argument != "-" else { return true }
        var isFolder: ObjCBool = false
        return argument.hasSuffix(".json") && FileManager.default.fileExists(atPath: argument, isDirectory: &isFolder) && !isFolder.boolValue
    }

    /// Validates one JSON file against the schema `--kind` names or its name implies.
    private func checkFile(_ argument: String, with validator: BundleValidator) throws(CommandFailure) -> BundleValidation.Check {
        let bytes = try InputFile.bytes(of: argument, option: "validate", allowingStandardInput: true)
        let name = InputFile.displayName(of: argument)
        let outcome = validator.validate(file: name, bytes: bytes, kindName: kind, dialect: sourceOptions.dialect?.dialect)
        if outcome.skippedFiles.contains(name) {
            throw CommandFailure(.missingPart, "cannot tell which schema \(name) follows from its name",
                                 hint: "give --kind \(BundleFileKind.argumentNames.joined(separator: "|"))", file: name)
        }
        return .checked(outcome)
    }
}

extension ValidateCommand: ReportsErrors {
    var errorFormat: ReportFormat { format.reportFormat }
    var reportName: String { "widgetry validate" }
}
