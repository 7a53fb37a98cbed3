import ArgumentParser
import WidgetryBundle
import WidgetryBundleFetch
import WidgetryReporting

struct FetchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fetch",
        abstract: "Download and/or extract a bundle archive into a folder.",
        discussion: """
            SOURCE is a .zip, .tar or .tar.gz file, or an http(s) URL of one. Extraction is staged \
            and moved into place: on any error nothing is left behind.
            """
    )

    @Argument(help: "An archive file or an http(s) URL.")
    var source: String

    @Option(name: .customLong("to"), help: ArgumentHelp("The folder to extract into (new or empty).", valueName: "dir"))
    var destination: String

    @Flag(help: "Replace the destination folder if it exists.")
    var replace = false

    @OptionGroup var sourceOptions: SourceOptions


    @OptionGroup var errorOptions: ErrorFormatOption
    func run() async throws {
        let console = Console.standard
        let loader = BundleLoader(options: try sourceOptions.loaderOptions)
        let progress = ProgressBar(console: console)
        let result: BundleLoader.FetchResult
        do {
            result = try await loader.fetch(try BundleSource(argument: source), to: destination,
                                            replaceExisting: replace, progress: progress.callback)
        } catch {
            progress.finish()
            throw error
        }
        progress.finish()
        result.warnings.forEach(console.warning)
        let origin = result.fromCache ? " (from cache)" : ""
        console.write("extracted \(result.report.fileCount) files (\(result.report.unpackedBytes) bytes) into \(destination)\(origin)\n")
        console.write("bundle root: \(result.bundleRoot)\n")
    }
}

extension FetchCommand: ReportsErrors {
    var errorFormat: ReportFormat { errorOptions.format ?? .text }
    var reportName: String { "widgetry fetch" }
}
