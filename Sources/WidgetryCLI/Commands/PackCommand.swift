import ArgumentParser
import WidgetryBundle
import WidgetryBundleFetch
import WidgetryLint

struct PackCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pack",
        abstract: "Pack a bundle folder into a deterministic zip archive.",
        discussion: """
            Entries are sorted, timestamps and permissions fixed, and no platform metadata is \
            written, so packing the same folder twice gives identical bytes. .DS_Store, .git and \
            __MACOSX are left out; symbolic links are refused.
            """
    )

    @Argument(help: "The bundle folder.")
    var directory: String

    @Option(name: .shortAndLong, help: ArgumentHelp("The zip file to write.", valueName: "file"))
    var output: String


    @OptionGroup var errorOptions: ErrorFormatOption
    func run() async throws {
        let report: BundlePacker.Report
        do {
            report = try BundlePacker().pack(directory: directory, to: output)
        } catch .writeFailed(let path, let reason) {
            // A zip that could not be written is exit 3, like every output a command cannot write.
            throw ReportedDiagnostics(BundleError.writeFailed(path: path, reason: reason), exitCode: ExitStatus.internalError)
        }
        Console.standard.write("packed \(report.fileCount) files (\(report.bytes) bytes) into \(output)\n")
    }
}

extension PackCommand: ReportsErrors {
    var errorFormat: ReportFormat { errorOptions.format ?? .text }
    var reportName: String { "widgetry pack" }
}
