import ArgumentParser
import WidgetryBundle
import WidgetryBundleFetch
import WidgetryJSON
import WidgetryStore
import WidgetryModel
import WidgetryLint

struct InspectCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Load a bundle and print its manifest and contents.",
        discussion: """
            BUNDLE is a folder, a .zip/.tar/.tar.gz archive, or an http(s) URL of an archive. \
            Prints the screens with their object and element counts, the service actions and the \
            model entities.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @Argument(help: "A bundle folder, archive or URL.")
    var bundle: String

    @Option(help: "Output format.")
    var format: Format = .text

    @OptionGroup var sourceOptions: SourceOptions


    @OptionGroup var errorOptions: ErrorFormatOption
    func run() async throws {
        let console = Console.standard
        let loader = BundleLoader(options: try sourceOptions.loaderOptions)
        let progress = ProgressBar(console: console)
        let loaded: LoadedBundle, place: BundlePlace
        do {
            (loaded, place) = try await loader.load(argument: bundle, progress: progress.callback)
        } catch {
            progress.finish()
            throw error
        }
        progress.finish()
        defer { loaded.removeExtractedFiles() }
        let summary = BundleSummary(bundle: loaded.bundle, source: bundle, warnings: loaded.warnings)
        var model: EntityModel?
        var modelErrors: [ModelError] = []
        if let source = loaded.bundle.model {
            do {
                model = try ModelListing.load(source, bundleRoot: loaded.bundle.rootPath)
            } catch {
                modelErrors = error.errors
            }
        }
        switch format {
        case .json:
            var json = summary.json
            if let model { json["model"]?["entities"] = ModelListing.json(model) }
            console.write(json.serialized(.canonical) + "\n")
        case .text:
            loaded.warnings.forEach(console.warning)
            console.write(BundleSummaryText.render(summary, model: model))
        }
        if !modelErrors.isEmpty { throw ReportedDiagnostics(ModelErrors(modelErrors), in: place) }
    }
}

/// The text form of a ``BundleSummary``.
enum BundleSummaryText {
    static func render(_ summary: BundleSummary, model entityModel: EntityModel? = nil) -> String {
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
                lines.append("model: \(model.file), \(plural(count, "entity", "entities"))")
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
            lines.append("storyboards: \(summary.storyboards.joined(separator: ", "))")
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

extension InspectCommand: ReportsErrors {
    var errorFormat: ReportFormat { errorOptions.format ?? (format == .json ? .json : .text) }
    var reportName: String { "widgetry inspect" }
}
