import ArgumentParser
import Foundation
import WidgetryBundle
import WidgetryBundleFetch
import WidgetryJSON
import WidgetryLint
import WidgetryReporting
import WidgetryHostProfile

struct LintCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Check widget bundles for what would make them misbehave: references, key paths, actions, security.",
        discussion: """
            Loads each screen as the runtime would, then checks across files: key paths against \
            the data model, actions against the service files, nextAction chains, reachability, \
            unused objects, and the security policy (https, allowed hosts, no executables). \
            Settings come from the bundle's .widgetry.json, else the nearest one in the folders \
            above it (or --config): rule levels, excludes, \
            overrides by file pattern or file#/json/pointer, allowed hosts. Bundles are checked \
            in parallel; --shard i/n checks every n-th. Exit codes: 0 no finding at or above \
            --fail-on, 1 findings at or above --fail-on, 2 a bundle or configuration cannot be \
            read or the usage is wrong, 3 internal error.
            """
    )

    @Argument(help: ArgumentHelp("Bundle folders, archives, URLs or glob patterns (default: the working directory).", valueName: "bundle"))
    var bundles: [String] = []

    @Option(help: "Report format: text for people, json for programs, sarif for code scanning, github for annotations, junit for CI.")
    var format: ValidateCommand.Format = .text

    @Option(name: .customLong("fail-on"), help: ArgumentHelp("Exit 1 when a finding is at least this severe.", valueName: "severity"))
    var failOn: ValidateCommand.Level = .error

    @Option(help: ArgumentHelp("A configuration file to use instead of each bundle's .widgetry.json.", valueName: "file"))
    var config: String?

    @Option(help: ArgumentHelp("Report only findings this baseline file does not hold.", valueName: "file"))
    var baseline: String?

    @Option(name: .customLong("write-baseline"), help: ArgumentHelp("Write the findings to this file as a baseline.", valueName: "file"))
    var writeBaseline: String?

    @OptionGroup var shardOption: ShardOption
    @OptionGroup var reportOptions: ReportOptions
    @OptionGroup var watchOption: WatchOption

    @Option(help: ArgumentHelp("Print what a rule checks, why, and its examples, then exit; takes a rule id or any code a command prints (service.invalid-value, json.missing-comma).", valueName: "rule"),
            completion: .custom(Completions.rules))
    var explain: String?

    @Flag(help: "Apply the fixes that are certain (a misspelt name one edit from the only name a finding suggests), write each file in one piece, say what changed, then report what is left.")
    var fix = false

    @Flag(name: .customLong("dry-run"), help: "With --fix: print the changes as a unified diff instead of writing them (on standard error with a --format other than text), then report and exit on what they would leave.")
    var dryRun = false

    @Flag(name: .customLong("list-rules"), help: "List every rule with its default severity and what it checks, then exit.")
    var listRules = false

    @OptionGroup var sourceOptions: SourceOptions

    func validate() throws {
        if dryRun, !fix { throw ValidationError("--dry-run goes with --fix") }
    }

    func run() async throws {
        let console = Console.standard
        reportOptions.apply()
        if listRules {
            console.write(format == .json ? LintExplanation.ruleList.serialized(JSONWritingOptions(pretty: true)) + "\n" : LintExplanation.ruleTable)
            return
        }
        if let explain {
            guard let explanation = CodeExplanation(explain) else {
                throw CommandFailure(.unknownName, "there is no rule or code \(explain)",
                                     hint: Suggestion.didYouMean(explain, among: RuleDescriptions.codes) ?? "widgetry lint --list-rules lists the rules")
            }
            console.write(explanation.text)
            return
        }
        let bundles = try BundleArguments.expand(self.bundles)
        try await watchOption.run(watching: bundles, console: console, reportingAs: self) {
            try await lintOnce(bundles, console: console)
        }
    }

    /// Lints the bundles once: the report, and the exit code as a thrown ``ExitCode``.
    private func lintOnce(_ bundles: [String], console: Console) async throws {
        var accepted: Baseline?
        if let baseline {
            let bytes = try InputFile.bytes(of: baseline, option: "--baseline")
            guard let json = try? JSONParser.parse(bytes, fileName: baseline).root,
                  let read = Baseline(json: json, directory: (baseline as NSString).deletingLastPathComponent) else {
                throw CommandFailure(.invalidOption, "--baseline \(baseline) is not a baseline file", hint: "write one with --write-baseline", file: baseline)
            }
            accepted = read
        }
        let selected = shardOption.select(bundles)
        let profile = try sourceOptions.profile(readingSecrets: false)
        let session = LintSession(configurationPath: config, loader: BundleLoader(options: try sourceOptions.loaderOptions(with: profile)),
                                  profile: profile)
        let arguments = selected.map(\.element)
        let outcome = if fix, !dryRun {
            try await session.lint(arguments: arguments) { fixes in
                for applied in try LintFixes.apply(fixes) {
                    let place = applied.finding.location.map { ":\($0.line):\($0.column)" } ?? ""
                    console.writeError("fixed \(applied.file)\(place): \(applied.change) [\(applied.finding.code)]\n")
                }
                return !fixes.isEmpty
            }
        } else {
            await session.lint(arguments: arguments)
        }
        var report = outcome.report
        if fix, dryRun {
            // The changes, then what they would leave, reported and exited on as lint does;
            // the diff leaves standard output to a report for programs.
            let (diff, applied) = try LintFixes.diff(LintFix.certain(in: report.diagnostics, sources: report.sources))
            if format == .text { console.write(diff) } else { console.writeError(diff) }
            report.diagnostics = LintFixes.remaining(report.diagnostics, after: applied)
        }
        if let accepted { report.diagnostics = accepted.filter(report.diagnostics) }
        if let writeBaseline {
            let directory = (writeBaseline as NSString).deletingLastPathComponent
            try OutputFile.write(Baseline(report.diagnostics, directory: directory).json.serialized(JSONWritingOptions(pretty: true)) + "\n",
                                 to: writeBaseline, option: "--write-baseline")
        }
        if reportOptions.quiet { report.diagnostics = report.diagnostics.filter { $0.severity == .error } }
        if format == .text, !reportOptions.quiet {
            // Which settings applied, beside the report (which stays the findings alone).
            for file in report.configurations { console.writeError("configuration: \(file)\n") }
        }
        try reportOptions.write(format.reportFormat.render(report, colour: format == .text && reportOptions.coloursReport,
                                                           toolVersion: WidgetryVersion.current, suite: "widgetry lint",
                                                           rules: RuleCatalogue.documentation), console: console)
        if outcome.unreadable || report.diagnostics.contains(where: { $0.code.domain == "config" && $0.severity == .error }) {
            throw ExitCode(ExitStatus.inputError)
        }
        // Writing a baseline accepts the findings: the command did what it was asked.
        if writeBaseline == nil, report.hasFindings(atLeast: failOn.severity) { throw ExitCode(1) }
    }
}

extension LintCommand: ReportsErrors {
    var errorFormat: ReportFormat { format.reportFormat }
    var reportName: String { "widgetry lint" }
}
