import ArgumentParser
import WidgetryHostProfile
import WidgetryBundle
import WidgetryBundleFetch
import WidgetryJSON
import WidgetryStore
import WidgetryModel
import WidgetryLint
import WidgetryAssets
import WidgetryScreen

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
        let summary = BundleSummary(bundle: loaded.bundle, source: argument, warnings: loaded.warnings)
        let compiled = CompiledParts(loaded.bundle)
        let images: BundleImages?
        do throws(AssetError) {
            images = try BundleImages.read(root: loaded.bundle.rootPath, files: loaded.bundle.resources)
        } catch {
            console.writeError("warning: \(error.description)\n")
            images = nil
        }
        var model: EntityModel?
        var modelErrors: [ModelError] = []
        if let source = loaded.bundle.model {
            do {
                model = try ModelListing.load(source, bundleRoot: loaded.bundle.rootPath)
            } catch {
                modelErrors = error.errors
            }
        }
        if !modelErrors.isEmpty { try outputs.recordFailure(ReportedDiagnostics(ModelErrors(modelErrors), in: place)) }
        switch format {
        case .json:
            var json = summary.json
            if let model { json["model"]?["entities"] = ModelListing.json(model) }
            json["model"]?["compiled"] = JSONValue(.bool(compiled.model))
            func strings(_ values: [String]) -> JSONValue { JSONValue(.array(values.map { JSONValue(.string($0)) })) }
            if let scenes = compiled.storyboardScenes {
                json["storyboard"] = ["path": JSONValue(.string(loaded.bundle.mainStoryboardPath ?? "")), "compiled": true,
                                      "nibs": JSONValue(.integer(Int64(compiled.nibs))), "scenes": JSONValue(.integer(Int64(scenes)))]
            }
            if let images { json["images"] = ["sources": strings(images.sources), "names": strings(images.names)] }
            if !profile.isEmpty { json["profile"] = ["file": JSONValue(.string(profile.file ?? "")), "parts": strings(profile.summaryLines)] }
            return .json(json)
        case .text:
            loaded.warnings.forEach(console.warning)
            return .text(BundleSummaryText.render(summary, model: model, compiled: compiled, images: images, profile: profile))
        }
    }
}

/// The text form of a ``BundleSummary``.
enum BundleSummaryText {
    static func render(_ summary: BundleSummary, model entityModel: EntityModel? = nil, compiled: CompiledParts = CompiledParts(),
                       images: BundleImages? = nil, profile: HostProfile = HostProfile()) -> String {
        let manifest = summary.manifest
        var lines: [String] = []
        let title = [manifest.name, manifest.version].compactMap { $0 }.joined(separator: " ")
        lines.append("\(title.isEmpty ? manifest.identifier : title) (\(manifest.identifier))")
        lines.append("  source:       \(summary.source)")
        lines.append("  manifest:     \(manifest.file), format \(manifest.formatVersion)")
        if let entry = manifest.entryScreen { lines.append("  entry screen: \(entry)") }
        if let storyboard = manifest.mainStoryboard { lines.append("  storyboard:   \(storyboard)") }

        lines.append("screens (\(summary.screens.count)):")
        let nameWidth = summary.screens.map(\.name.count).max() ?? 0
        for screen in summary.screens {
            let counts = "\(plural(screen.objects.count, "object")), \(plural(screen.elements.count, "element"))"
            lines.append("  \(screen.name.rightPadded(to: nameWidth))  \(counts.rightPadded(to: 24))  \(screen.file)")
        }

        lines.append("services (\(summary.services.count)):")
        for service in summary.services {
            let actions = service.actions.isEmpty ? "" : ": " + service.actions.joined(separator: ", ")
            lines.append("  \(service.file) (\(service.kind)), \(plural(service.actions.count, "action"))\(actions)")
        }

        if let model = summary.model {
            if let entityModel {
                let count = entityModel.entities.count
                lines.append("model: \(model.file), \(plural(count, "entity", "entities"))\(compiled.model ? " (compiled)" : "")")
                lines += ModelListing.lines(entityModel)
            } else if let entities = model.entities {
                lines.append("model: \(model.file), \(plural(entities.count, "entity", "entities")): \(entities.joined(separator: ", "))")
            } else {
                let note = model.kind == "compiled" ? "compiled; the source .xcdatamodeld is needed to run" : "Xcode model source"
                lines.append("model: \(model.file) (\(note))")
            }
        } else {
            lines.append("model: none")
        }
        if !summary.storyboards.isEmpty {
            let note = compiled.storyboardScenes.map { " (compiled: \(plural($0, "scene")) in \(plural(compiled.nibs, "nib")))" } ?? ""
            lines.append("storyboards: \(summary.storyboards.joined(separator: ", "))\(note)")
        }
        if let images {
            lines.append("images (\(images.names.count)) from \(images.sources.joined(separator: ", ")):")
            lines += images.names.map { "  \($0)" }
        }
        if !profile.isEmpty {
            lines.append("host profile: \(profile.file ?? "given in code")")
            lines += profile.summaryLines.map { "  \($0)" }
        }
        lines.append("resources (\(summary.resources.count))\(summary.resources.isEmpty ? "" : ":")")
        for resource in summary.resources {
            lines.append("  \(resource)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func plural(_ count: Int, _ singular: String, _ pluralForm: String? = nil) -> String {
        "\(count) \(count == 1 ? singular : (pluralForm ?? singular + "s"))"
    }
}

/// What of a bundle is in the compiled form Xcode ships: the storyboard (with its scenes and
/// nibs) and the model.
struct CompiledParts {
    var model = false
    /// The compiled storyboard's scenes; nil when the storyboard is not compiled or cannot be read.
    var storyboardScenes: Int?
    var nibs = 0

    init() {}

    init(_ bundle: WidgetBundle) {
        model = bundle.model.map { $0.path.hasSuffix(".mom") || $0.path.hasSuffix(".momd") } ?? false
        guard let path = bundle.mainStoryboardPath, path.hasSuffix(".storyboardc") else { return }
        nibs = bundle.resources.filter { $0.hasPrefix(path + "/") && $0.hasSuffix(".nib") }.count
        storyboardScenes = (try? ScreenSource.storyboard(in: bundle))?.map { $0.scenes.count }
    }
}

extension InspectCommand: ReportsErrors {
    var errorFormat: ReportFormat { errorOptions.format ?? (format == .json ? .json : .text) }
    var reportName: String { "widgetry inspect" }
}
