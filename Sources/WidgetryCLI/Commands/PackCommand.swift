import ArgumentParser
import Foundation
import WidgetryBundle
import WidgetryBundleFetch
import WidgetryReporting

struct PackCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pack",
        abstract: "Pack a bundle folder into a deterministic archive: zip, tar or tar.gz.",
        discussion: """
            Entries are sorted, timestamps and permissions fixed, and no platform metadata is \
            written, so packing the same folder twice gives identical bytes. .DS_Store, .git and \
            __MACOSX are left out; symbolic links are refused. The format follows the output's \
            extension (.zip, .tar, .tar.gz or .tgz; zip without one) unless --format names it; \
            -o - writes the archive to standard output (never to a terminal) and the summary to \
            standard error.
            """
    )

    @Argument(help: "The bundle folder.")
    var directory: String

    @Option(name: .shortAndLong, help: ArgumentHelp("The archive to write, or - for standard output.", valueName: "file"))
    var output: String

    @Option(help: "The archive format (default: from the output's extension).")
    var format: ArchiveFormatArgument?


    @OptionGroup var errorOptions: ErrorFormatOption
    func run() async throws {
        let console = Console.standard
        guard let archiveFormat = chosenFormat else {
            throw CommandFailure(.invalidOption, "-o \(output) names no archive format",
                                 hint: "end the name in .zip, .tar, .tar.gz or .tgz, or give --format zip|tar|tar.gz")
        }
        if output == "-", isatty(STDOUT_FILENO) == 1 {
            throw CommandFailure(.invalidOption, "-o - would write the archive to a terminal", hint: "redirect standard output to a file or a pipe")
        }
        let report: BundlePacker.Report
        do {
            report = try pack(as: archiveFormat)
        } catch .writeFailed(let path, let reason) {
            // An archive that could not be written is exit 3, like every output a command cannot write.
            throw ReportedDiagnostics(BundleError.writeFailed(path: path, reason: reason), exitCode: ExitStatus.internalError)
        }
        let summary = "packed \(report.fileCount) files (\(report.bytes) bytes) into \(output == "-" ? "standard output" : output) as \(archiveFormat.rawValue)\n"
        if output == "-" { console.writeError(summary) } else { console.write(summary) }
    }

    /// `--format`, else the one the output's name ends in; zip for standard output and for a
    /// name with no extension (a device such as `/dev/stdout`); nil for another extension.
    private var chosenFormat: BundlePacker.Format? {
        if let format { return format.format }
        if let named = BundlePacker.Format(fileName: output) { return named }
        return output == "-" || !(output as NSString).lastPathComponent.contains(".") ? .zip : nil
    }

    /// Packs the folder into `-o`'s file, or onto standard output for `-o -`.
    private func pack(as format: BundlePacker.Format) throws(BundleError) -> BundlePacker.Report {
        if output == "-" {
            return try BundlePacker().pack(directory: directory, toFileDescriptor: STDOUT_FILENO, named: "standard output", format: format)
        }
        return try BundlePacker().pack(directory: directory, to: output, format: format)
    }
}

extension PackCommand: ReportsErrors {
    var errorFormat: ReportFormat { errorOptions.format ?? .text }
    var reportName: String { "widgetry pack" }
}

/// `--format`'s values: the archive formats ``BundlePacker`` writes.
enum ArchiveFormatArgument: String, ExpressibleByArgument, CaseIterable {
    case zip
    case tar
    case tarGzip = "tar.gz"

    var format: BundlePacker.Format {
        switch self {
        case .zip: .zip
        case .tar: .tar
        case .tarGzip: .tarGzip
        }
    }
}
