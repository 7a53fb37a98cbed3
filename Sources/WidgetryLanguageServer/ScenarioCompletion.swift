import WidgetryBundle
import WidgetryLint
import WidgetryScreen

/// Completion in a scenario file (`Tests/*.scenario.json`): its keys and settings, the kinds of
/// step and the keys each kind takes (``ScenarioSteps``, the scenario reader's table), and the
/// names a step gives: the elements it taps or types into, the tables whose rows it taps, the
/// media pickers, the entities it counts, the screen it starts on.
enum ScenarioCompletion {
    /// The candidates at `place` of a scenario whose text is `bytes`, from the screens of
    /// `context`; nil when the place takes nothing this knows of.
    static func candidates(at place: JSONPlace, in bytes: [UInt8], context: LintContext?, definitions: BundleDefinitions) -> [CompletionCandidate]? {
        let path = place.path.map(\.description)
        switch (place.role, path.count) {
        case (.key, 0):
            return CompletionCandidate.keys(["$schema", "name", "settings", "steps"], in: .scenario, documentedUnder: "scenario.")
        case (.key, 1) where path[0] == "settings":
            return CompletionCandidate.keys(["now", "timeZone", "locale", "service", "screen", "defaults", "stub", "pictureTolerance"],
                                            in: .scenario, documentedUnder: "scenario.settings.")
        case (.key, 2) where path[0] == "steps":
            let members = JSONPlace.members(ofObjectAt: place.containers[2], in: bytes).map(\.key)
            let present = Set(members)
            // The step's kind: its first member that names one, in the file's order.
            if let kind = members.first(where: { ScenarioSteps.kinds[$0] != nil }), let keys = ScenarioSteps.kinds[kind] {
                return CompletionCandidate.keys(keys.subtracting(present).sorted(), in: .scenario, documentedUnder: "scenario.step.") { _ in "key of \(kind)" }
            }
            return ScenarioSteps.kindNames.map { kind in
                CompletionCandidate(label: kind, kind: .keyword, detail: ScenarioSteps.checks.contains(kind) ? "check" : "interaction",
                                    documentation: CompletionCandidate.documentation(of: kind, in: .scenario, under: "scenario.step."))
            }
        case (.value, 2) where path == ["settings", "screen"]:
            return definitions.screens.map { CompletionCandidate(label: $0, kind: .file, detail: "screen") }
        case (.value, 3) where path[0] == "steps":
            guard let elements = context.map(Elements.init) else { return nil }
            switch path[2] {
            case "tap": return elements.candidates { _ in true }
            case "into", "return", "clear": return elements.candidates { [.textField, .textView, .searchBar].contains($0) }
            case "of" where JSONPlace.members(ofObjectAt: place.containers[2], in: bytes).contains { $0.key == "tapMarker" || $0.key == "tapMarkerTitle" }:
                // A map is a view of the host's own class, of no kind Widgetry knows.
                return elements.candidates(ofUnknownKind: true) { _ in false }
            case "of", "refresh", "scrollToEnd": return elements.candidates { [.tableView, .collectionView].contains($0) }
            case "with":
                return elements.mediaPickers.sorted { $0.key < $1.key }.map { CompletionCandidate(label: $0.key, kind: .variable, detail: "media picker of \($0.value)") }
            case "expectStore":
                return definitions.entities.map { CompletionCandidate(label: $0.name, kind: .class, detail: "entity") }
            default: return nil
            }
        default:
            return nil
        }
    }

    /// The elements of every screen a scenario may be on (views outside cells, the title view,
    /// bar button items), and its media pickers.
    struct Elements {
        /// By id: the kind and the screens that have it.
        var elements: [String: (kind: ElementKind?, screens: [String])] = [:]
        /// By id and alias: the screen.
        var mediaPickers: [String: String] = [:]

        init(_ context: LintContext) {
            for screen in context.screens {
                let document = screen.document
                for node in document.allViews(includingCells: false) {
                    if let id = node.id { elements[id, default: (ElementKind(typeName: node.type), [])].screens.append(screen.name) }
                }
                for entry in document.objects where entry.type == ObjectType.standardMediaPickerController.rawValue {
                    for name in [entry.id] + [entry.alias].compactMap({ $0 }) { mediaPickers[name] = mediaPickers[name] ?? screen.name }
                }
            }
        }

        /// The elements whose kind `accepts` (and, with `ofUnknownKind`, those of a class of the
        /// host's own), with their kind and screens.
        func candidates(ofUnknownKind: Bool = false, where accepts: (ElementKind) -> Bool) -> [CompletionCandidate] {
            elements.filter { $0.value.kind.map(accepts) ?? ofUnknownKind }.sorted { $0.key < $1.key }.map { id, element in
                CompletionCandidate(label: id, kind: .variable, detail: "\(element.kind?.typeName ?? "element") of \(element.screens.joined(separator: ", "))")
            }
        }
    }
}
