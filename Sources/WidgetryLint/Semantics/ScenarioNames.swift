import WidgetryModel
import WidgetryScreen

/// What a scenario may name, gathered from every screen of the bundle: a scenario may be on any
/// screen it navigates to, so a name is reported only when no screen has it.
struct ScenarioNames {
    /// The controllers' elements (views outside cell prototypes, the title view, bar button
    /// items), by id, with their kinds (none for a type lint does not know).
    private(set) var elements: [String: Set<ElementKind>] = [:]
    /// The tables and collections (the views a display controller shows rows in), by id, with
    /// the elements of their cell prototypes.
    private(set) var tables: [String: [String: Set<ElementKind>]] = [:]
    /// The media pickers (`StandardMediaPickerController`), by id and alias.
    private(set) var mediaPickers: Set<String> = []
    /// What `statuses.<name>` reads: status controllers and action controllers, by id.
    private(set) var statuses: Set<String> = []
    /// Every screen a run may open.
    let screens: Set<String>
    /// The data model's entities, when the bundle's model reads.
    let entities: [String]?

    init(_ context: LintContext) {
        screens = context.screenNames
        entities = context.model.map { $0.entities.map(\.name) }
        // The screens' sites hold each screen's model as worked out here when names are not
        // open (no storyboard) and the profile computes no keys.
        let sites = context.bundle.mainStoryboardPath == nil && context.profile.keyPaths.isEmpty
            ? Dictionary(context.screenSites.map { ($0.screen.name, $0.model) }, uniquingKeysWith: { first, _ in first }) : [:]
        for screen in context.screens {
            let model = sites[screen.name] ?? ScreenModel(document: screen.document, entities: context.model, namesAreOpen: false)
            // In place: most ids are on many screens with the same kinds, which then costs no copy.
            for (id, kinds) in model.elements {
                elements[id, default: []].formUnion(kinds)
                if !kinds.isDisjoint(with: [.tableView, .collectionView]) { addTable(id) }
            }
            for cell in model.cells {
                guard let table = cell.tableID else { continue }
                for (id, kinds) in cell.elements { tables[table, default: [:]][id, default: []].formUnion(kinds) }
            }
            for entry in screen.document.objects {
                guard let type = ObjectType(rawValue: entry.type) else { continue }
                if type == .standardMediaPickerController { mediaPickers.formUnion([entry.id] + [entry.alias].compactMap { $0 }) }
                if type == .actionStatusController || type.isActionController { statuses.insert(entry.id) }
                if let outlet = type.rowsOutlet, let table = entry.outlets.first(where: { $0.property == outlet })?.targets.first { addTable(table) }
            }
        }
    }

    private mutating func addTable(_ id: String) {
        if tables[id] == nil { tables[id] = [:] }
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
