extension BundleInspection {
    /// The text `widgetry inspect` prints: the manifest, the screens with their object and
    /// element counts, the services with their actions, the model (listed when it was read),
    /// the storyboards, the images, the host profile and the resources.
    public var text: String {
        let manifest = summary.manifest
        var lines: [String] = []
        let title = [manifest.name, manifest.version].compactMap { $0 }.joined(separator: " ")
        lines.append("\(title.isEmpty ? manifest.identifier : title) (\(manifest.identifier))")
        lines.append("  source:       \(summary.source)")
        lines.append("  manifest:     \(manifest.file), format \(manifest.formatVersion)")
        if let entry = manifest.entryScreen { lines.append("  entry screen: \(entry)") }
        if let storyboard = manifest.mainStoryboard { lines.append("  storyboard:   \(storyboard)") }
        // WidgetKit's is the format every bundle was in before Graffiti: only the other is named.
        if dialect.dialect != .widgetkit { lines.append("  dialect:      \(dialect)") }

        lines.append("screens (\(summary.screens.count)):")
        let nameWidth = summary.screens.map(\.name.count).max() ?? 0
        for screen in summary.screens {
            let counts = "\(Self.plural(screen.objects.count, "object")), \(Self.plural(screen.elements.count, "element"))"
            lines.append("  \(Self.padded(screen.name, to: nameWidth))  \(Self.padded(counts, to: 24))  \(screen.file)")
        }

        lines.append("services (\(summary.services.count)):")
        for service in summary.services {
            let actions = service.actions.isEmpty ? "" : ": " + service.actions.joined(separator: ", ")
            lines.append("  \(service.file) (\(service.kind)), \(Self.plural(service.actions.count, "action"))\(actions)")
        }

        lines += modelLines

        if !summary.storyboards.isEmpty {
            let note = compiled.storyboard.map { " (compiled: \(Self.plural($0.scenes, "scene")) in \(Self.plural($0.nibs, "nib")))" } ?? ""
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

    /// The model's line, with its listing when it was read; otherwise what the summary knows
    /// without reading it.
    private var modelLines: [String] {
        guard let model = summary.model else { return ["model: none"] }
        if let entityModel {
            let count = entityModel.entities.count
            let note = compiled.model ? " (compiled)" : ""
            return ["model: \(model.file), \(Self.plural(count, "entity", "entities"))\(note)"] + ModelListing.lines(entityModel)
        }
        if let entities = model.entities {
            return ["model: \(model.file), \(Self.plural(entities.count, "entity", "entities")): \(entities.joined(separator: ", "))"]
        }
        let note = model.kind == "compiled" ? "compiled; the source .xcdatamodeld is needed to run" : "Xcode model source"
        return ["model: \(model.file) (\(note))"]
    }

    private static func plural(_ count: Int, _ singular: String, _ pluralForm: String? = nil) -> String {
        "\(count) \(count == 1 ? singular : (pluralForm ?? singular + "s"))"
    }

    /// `text` with spaces after it up to `width` characters; never cut.
    private static func padded(_ text: String, to width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }
}
