import WidgetryModel
import WidgetryScreen

/// What a scenario may name, gathered from every screen of the bundle: a scenario may be on any
/// screen it navigates to, so a name is reported only when no screen has it.
struct ScenarioNames: Sendable, Equatable {
    /// What one screen contributes: the names a scenario may give while on it.
    struct Part: Sendable, Equatable {
        /// The controller's elements (views outside cell prototypes, the title view, bar button
        /// items), by id, with their kinds (none for a type lint does not know).
        var elements: [String: Set<ElementKind>] = [:]
        /// The tables and collections (the views a display controller shows rows in), by id,
        /// with the elements of their cell prototypes.
        var tables: [String: [String: Set<ElementKind>]] = [:]
        /// The media pickers (`StandardMediaPickerController`), by id and alias.
        var mediaPickers: Set<String> = []
        /// What `statuses.<name>` reads: status controllers and action controllers, by id.
        var statuses: Set<String> = []

        /// The part of `screen`, whose model is `model`.
        init(screen: ScreenDocument, model: ScreenModel) {
            elements = model.elements
            for (id, kinds) in model.elements where !kinds.isDisjoint(with: [.tableView, .collectionView]) { addTable(id) }
            for cell in model.cells {
                guard let table = cell.tableID else { continue }
                for (id, kinds) in cell.elements { tables[table, default: [:]][id, default: []].formUnion(kinds) }
            }
            for entry in screen.objects {
                guard let type = ObjectType(rawValue: entry.type) else { continue }
                if type == .standardMediaPickerController { mediaPickers.formUnion([entry.id] + [entry.alias].compactMap { $0 }) }
                if type == .actionStatusController || type.isActionController { statuses.insert(entry.id) }
                if let outlet = type.rowsOutlet, let table = entry.outlets.first(where: { $0.property == outlet })?.targets.first { addTable(table) }
            }
        }

        init() {}

        private mutating func addTable(_ id: String) {
            if tables[id] == nil { tables[id] = [:] }
        }

        /// Adds `other`'s names to these, in place: most ids are on many screens with the same
        /// kinds, which then costs no copy.
        mutating func add(_ other: Part) {
            for (id, kinds) in other.elements { elements[id, default: []].formUnion(kinds) }
            for (table, cells) in other.tables {
                if tables[table] == nil { tables[table] = [:] }
                for (id, kinds) in cells { tables[table]![id, default: []].formUnion(kinds) }
            }
            mediaPickers.formUnion(other.mediaPickers)
            statuses.formUnion(other.statuses)
        }
    }

    /// Every screen's names together.
    let all: Part
    /// Every screen a run may open.
    let screens: Set<String>
    /// The data model's entities, when the bundle's model reads.
    let entities: [String]?

    var elements: [String: Set<ElementKind>] { all.elements }
    var tables: [String: [String: Set<ElementKind>]] { all.tables }
    var mediaPickers: Set<String> { all.mediaPickers }
    var statuses: Set<String> { all.statuses }

    /// The names of `context`'s screens, from `parts` (by screen name) where given.
    init(_ context: LintContext, parts: [String: Part] = [:]) {
        self.init(context, all: Self.parts(of: context, reusing: parts).reduce(into: Part()) { $0.add($1.part) })
    }

    /// The names of `context`'s screens, which together are `all`.
    init(_ context: LintContext, all: Part) {
        self.all = all
        screens = context.screenNames
        entities = context.model.map { $0.entities.map(\.name) }
    }

    /// Each screen's part, by name in screen order, taken from `reusing` where it holds the
    /// screen's.
    static func parts(of context: LintContext, reusing kept: [String: Part]) -> [(name: String, part: Part)] {
        // The screens' sites hold each screen's model as worked out here when names are not
        // open (no storyboard) and the profile computes no keys: those of the screens whose
        // part is not kept are taken.
        let missing = Set(context.screens.lazy.map(\.name).filter { kept[$0] == nil })
        var sites: [String: ScreenModel] = [:]
        if !missing.isEmpty, context.bundle.mainStoryboardPath == nil, context.profile.keyPaths.isEmpty {
            for index in context.screenSites.indices where missing.contains(context.screenSites[index].screen.name) {
                let name = context.screenSites[index].screen.name
                if sites[name] == nil { sites[name] = context.screenSites[index].model }
            }
        }
        return context.screens.map { screen in
            if let part = kept[screen.name] { return (screen.name, part) }
            let model = sites[screen.name] ?? ScreenModel(document: screen.document, entities: context.model, namesAreOpen: false)
            return (screen.name, Part(screen: screen.document, model: model))
        }
    }

    /// Whether `id` names an element of some screen whose kind lint does not know (a host's
    /// view class), which may be anything.
    func isOpaqueElement(_ id: String) -> Bool {
        elements[id]?.isEmpty == true
    }

    /// The tables holding a cell element `id`, sorted.
    func tables(holding id: String) -> [String] {
        tables.filter { $0.value[id] != nil }.map(\.key).sorted()
    }
}
