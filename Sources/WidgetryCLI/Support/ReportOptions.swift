import ArgumentParser
import Foundation

extension ColorPolicy.Choice: ExpressibleByArgument {}

/// How the commands that write reports (`lint`, `validate`, `test`) write them: colour, errors
/// only, and a file instead of standard output.
struct ReportOptions: ParsableArguments {
    @Option(help: "Colour: auto (on a terminal, unless NO_COLOR is set or FORCE_COLOR asks for it), always or never.")
    var color: ColorPolicy.Choice = .auto

    @Flag(name: .shortAndLong, help: "Report errors only: warnings and notes are left out of the report and the exit code.")
    var quiet = false

    @Option(name: .shortAndLong, help: ArgumentHelp("Write the report to this file (replaced in one piece) instead of standard output.", valueName: "file"))
    var output: String?

    /// Applies `--color` to everything the command writes; call before writing.
    func apply() {
        ColorPolicy.set(color)
    }

    /// Whether the report, written where `--output` says, is coloured (never in a file).
    var coloursReport: Bool {
        output == nil && ColorPolicy.colours(STDOUT_FILENO)
    }

    /// Writes `report` to `--output`, or standard output.
    func write(_ report: String, console: Console) throws(CommandFailure) {
        if let output {
            try OutputFile.write(report, to: output, option: "--output")
        } else {
            console.write(report)
        }
    }
}
