import ArgumentParser
import WidgetryHostProfile
import WidgetryBundle
import WidgetryBundleFetch
import WidgetryJSON
import WidgetryReporting
import WidgetryAssets
import WidgetryRuntime

struct InspectCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Load a bundle and print its manifest and contents.",
        discussion: """
            BUNDLE is a folder, a .zip/.tar/.tar.gz archive, or an http(s) URL of an archive. \
            Prints the screens with their object and element counts, the service actions, the \
            model entities, whether the storyboard and the model are compiled, and the images the \
            bundle carries. --extract-images DIR writes the asset catalogue's images as PNG files.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @Argument(help: ArgumentHelp("Bundle folders, archives, URLs or glob patterns (default: the working directory).", valueName: "bundle"))
    var bundles: [String] = []

    @Option(help: "Output format (json: one object, or an array of them for several bundles).")
    var format: Format = .text

    @Option(name: .customLong("extract-images"), help: ArgumentHelp("Write every image of the asset catalogue (Assets.car) as a PNG into this folder.", valueName: "dir"))
    var extractImages: String?

    @Option(name: .customLong("max-image-pixels"), parsing: .unconditional,
            help: "With --extract-images: the most pixels (width × height) one image may have; 16777216 is 4096 × 4096.")
    var maxImagePixels: Int = AssetLimits.defaultMaxPixels

    @Option(name: .customLong("max-decoded-bytes"), parsing: .unconditional,
            help: "With --extract-images: the most bytes of RGBA all images may decode to, per catalogue and in all; 268435456 is 256 MiB.")
    var maxDecodedBytes: Int = AssetLimits.defaultMaxDecodedBytes

    @OptionGroup var sourceOptions: SourceOptions

    @OptionGroup var errorOptions: ErrorFormatOption

    func validate() throws {
        if extractImages != nil, bundles.count > 1 { throw ValidationError("--extract-images takes one bundle") }
    }

    func run() async throws {
        let console = Console.standard
        let profile = try sourceOptions.profile(readingSecrets: false)
        let loader = BundleLoader(options: try sourceOptions.loaderOptions(with: profile))
        let bundles = try BundleArguments.expand(self.bundles)
        var outputs = BundleOutputs(count: bundles.count)
        for argument in bundles {
            do {
                switch try await inspect(argument, loader: loader, profile: profile, console: console, outputs: &outputs) {
                case .text(let text): outputs.append(text: text)
                case .json(let json): outputs.append(document: json)
                case .extracted: return
                }
            } catch {
                try outputs.recordFailure(error)
            }
        }
        try outputs.finish(console: console, json: format == .json ? .canonical : nil, separator: "\n")
    }

    /// What inspecting one bundle gives.
    private enum Inspected {
        case text(String)
        case json(JSONValue)
        /// The images were written (`--extract-images`).
        case extracted
    }

    /// Loads the bundle `argument` names and describes it; its model's errors go to `outputs`,
    /// reported after every description is printed.
    private func inspect(_ argument: String, loader: BundleLoader, profile: HostProfile, console: Console,
                         outputs: inout BundleOutputs) async throws -> Inspected {
        let progress = ProgressBar(console: console)
        let loaded: LoadedBundle, place: BundlePlace
        do {
            (loaded, place) = try await loader.load(argument: argument, progress: progress.callback)
        } catch {
            progress.finish()
            throw error
        }
        progress.finish()
        defer { loaded.removeExtractedFiles() }
        if let extractImages {
            try NumericOptions.count(maxImagePixels, option: "--max-image-pixels", in: 1...Int(Int32.max))
            try NumericOptions.count(maxDecodedBytes, option: "--max-decoded-bytes", in: 1...Int.max)
            let limits = AssetLimits(maxPixels: maxImagePixels, maxDecodedBytes: maxDecodedBytes,
                                     runBudget: DecodeBudget(maxBytes: maxDecodedBytes))
            let result = try ImageExtraction.extract(from: loaded.bundle, to: extractImages, limits: limits)
            for skipped in result.skipped { console.writeError("warning: \(skipped.message) [\(skipped.code.rawValue)]\n") }
            console.write(result.written.map { "\(extractImages)/\($0)\n" }.joined())
            return .extracted
        }
        let images: BundleImages?
        do throws(AssetError) {
            images = try BundleImages.read(root: loaded.bundle.rootPath, files: loaded.bundle.resources)
        } catch {
            console.writeError("warning: \(error.description)\n")
            images = nil
        }
        let inspection = BundleInspection(bundle: loaded.bundle, source: argument, warnings: loaded.warnings,
                                          images: images.map { BundleInspection.Images(sources: $0.sources, names: $0.names) },
                                          profile: profile)
        if let errors = inspection.modelErrors, !errors.errors.isEmpty { try outputs.recordFailure(ReportedDiagnostics(errors, in: place)) }
        switch format {
        case .json:
            return .json(inspection.json)
        case .text:
            loaded.warnings.forEach(console.warning)
            return .text(inspection.text)
        }
    }
}

extension InspectCommand: ReportsErrors {
    var errorFormat: ReportFormat { errorOptions.format ?? (format == .json ? .json : .text) }
    var reportName: String { "widgetry inspect" }
}
