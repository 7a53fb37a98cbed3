import ArgumentParser
import WidgetryReporting

/// `--error-format`: the format a command's errors are reported in, for commands whose
/// `--format` is about their output rather than findings. Text goes to standard error; the
/// other formats are reports on standard output, so CI and editors read a failed `run` or
/// `call` the way they read `lint`.
struct ErrorFormatOption: ParsableArguments {
    @Option(name: .customLong("error-format"),
            help: ArgumentHelp("How errors are reported: text (standard error), or json, sarif, github or junit (a report on standard output).",
                               valueName: "format"))
    var choice: ValidateCommand.Format?

    /// The format asked for, if any.
    var format: ReportFormat? { choice?.reportFormat }
}

/// A command that says in which format its errors are reported.
protocol ReportsErrors {
    /// The format errors are printed in; text unless the person asked for another.
    var errorFormat: ReportFormat { get }
    /// The name reports give the command's run (JUnit's suite, SARIF's tool invocation).
    var reportName: String { get }
}
