import WidgetryScreen
import WidgetryModel

/// A screen as types: its names (FORMAT.md#screen.namespace) and what each is, the elements of each cell prototype,
/// its mediating controllers, and what its `content` and each table's rows are (FORMAT.md#objects.rows, FORMAT.md#binding.scope).
/// Built from the screen file alone, as lint sees it before anything runs.
struct ScreenModel {
    let document: ScreenDocument
    let entities: EntityModel?
    /// Computed keys of entities (a host profile's `keyPaths`): entity → key → type.
    let computedKeys: [String: [String: SemanticType]]
    /// Whether names the screen file does not declare may exist (a storyboard adds views), so a
    /// name lint does not know is not reported.
    let namesAreOpen: Bool
    /// The controller's elements (views outside cell prototypes, the title view, bar button
    /// items) by id; the kinds are empty for a type lint does not know.
    private(set) var elements: [String: Set<ElementKind>] = [:]
    /// Each cell prototype's elements, with the id of the table or collection holding it.
    private(set) var cells: [(tableID: String?, elements: [String: Set<ElementKind>])] = []
    /// The mediating controllers of known types, by id (first wins, as the runtime registers them).
    private(set) var objects: [String: (entry: ObjectEntry, type: ObjectType)] = [:]
    /// Alias → object id.
    private(set) var aliases: [String: String] = [:]
    /// Every controller name in registration order, for hints.
    private(set) var names: [String] = []

    init(document: ScreenDocument, entities: EntityModel?, namesAreOpen: Bool, computedKeys: [String: [String: SemanticType]] = [:]) {
        self.document = document
        self.entities = entities
        self.computedKeys = computedKeys
        self.namesAreOpen = namesAreOpen
        if let view = document.view { addViews(view) }
        if let navigation = document.navigationItem {
            for node in [navigation.titleView].compactMap({ $0 }) + navigation.leftBarButtonItems + navigation.rightBarButtonItems { addViews(node) }
        }
        names = Array(elements.keys).sorted()
        for entry in document.objects {
            guard let type = ObjectType(rawValue: entry.type), elements[entry.id] == nil, objects[entry.id] == nil else { continue }
            objects[entry.id] = (entry, type)
            names.append(entry.id)
        }
        for entry in document.objects {
            guard let alias = entry.alias, objects[entry.id] != nil, elements[alias] == nil, objects[alias] == nil, aliases[alias] == nil else { continue }
            aliases[alias] = entry.id
            names.append(alias)
        }
        names += ["content", "defaults"] + (document.update == nil ? [] : ["update"])
    }

    private mutating func addViews(_ node: ViewNode) {
        if let id = node.id { elements[id, default: []].formUnion(Self.kinds(node.type)) }
        for child in node.subviews { addViews(child) }
        for prototype in node.prototypes {
            var cell: [String: Set<ElementKind>] = [:]
            func add(_ node: ViewNode) {
                if let id = node.id { cell[id, default: []].formUnion(Self.kinds(node.type)) }
                for child in node.subviews { add(child) }
                for inner in node.prototypes { inner.children.forEach(add) }
            }
            prototype.children.forEach(add)
            cells.append((node.id, cell))
        }
    }

    private static func kinds(_ typeName: String) -> Set<ElementKind> {
        ElementKind(typeName: typeName).map { [$0] } ?? []
    }

    // MARK: Names

    /// What `name` is in the controller's namespace whose `content` is `content`; nil when the
    /// screen has no such name.
    func namespaceType(_ name: String, content: SemanticType) -> SemanticType? {
        if let kinds = elements[name] { return .element(id: name, kinds: kinds) }
        if let object = object(named: name) { return .object(id: object.entry.id, type: object.type) }
        switch name {
        case "content": return content
        case "defaults": return .dictionary
        case "update" where document.update != nil: return document.update.map { entityType($0.entity) } ?? .unknown
        default: return namesAreOpen || document.objects.contains(where: { $0.id == name || $0.alias == name }) ? .unknown : nil
        }
    }

    /// The object `name` (an id or an alias) stands for.
    func object(named name: String) -> (entry: ObjectEntry, type: ObjectType)? {
        guard elements[name] == nil else { return nil }
        return objects[name] ?? aliases[name].flatMap { objects[$0] }
    }

    /// The type of the store objects of `entity`; unknown when the model does not have it.
    func entityType(_ entity: String) -> SemanticType {
        entities?.entity(named: entity) == nil ? .unknown : .entity(entity)
    }

    // MARK: Scopes

    /// What the screen's `content` is: the value of the provider its content display controllers
    /// show (FORMAT.md#objects.display), else the entity it declares as `input`, else unknown.
    var contentType: SemanticType {
        let displays = document.objects.filter { objects[$0.id]?.type == .contentDisplayController }
        if displays.isEmpty { return document.input.map { entityType($0.entity) } ?? .unknown }
        return .combining(displays.map { display in provider(ofOutlet: "mainContentProvider", of: display).map(valueType(ofProvider:)) ?? .unknown })
    }

    /// The scope of the bindings of the `elements` entry `id` (FORMAT.md#binding.scope): the screen's names for
    /// `@self` and controller elements, the cell's names for elements of cell prototypes; nil for
    /// entries whose bindings never run (objects) or that name nothing lint knows.
    func bindingScope(ofEntry id: String) -> SemanticType? {
        if id == "@self" || elements[id] != nil { return .screenNames(content: contentType) }
        if let cell = cellNames(ofElement: id) { return .cellNames(cell) }
        if object(named: id) != nil { return nil }
        return namesAreOpen ? .unknown : nil
    }

    /// The names a cell element `id` sees: the elements of every prototype holding it, with the
    /// rows' type as `content`; nil when no prototype holds it.
    func cellNames(ofElement id: String) -> SemanticType.CellNames? {
        let holding = cells.filter { $0.elements[id] != nil }
        guard !holding.isEmpty else { return nil }
        var names: [String: Set<ElementKind>] = [:]
        var content: SemanticType?
        for cell in holding {
            names.merge(cell.elements) { $0.union($1) }
            let rows = cell.tableID.map(rowType(ofTable:)) ?? .unknown
            content = content.map { $0.combined(with: rows) } ?? rows
        }
        return SemanticType.CellNames(elements: names, content: content ?? .unknown)
    }

    /// The kinds of the element `id` an `elements` entry configures: a controller element's, or
    /// those of every cell element with the id; nil when it is not an element.
    func elementKinds(ofEntry id: String) -> Set<ElementKind>? {
        if let kinds = elements[id] { return kinds }
        let inCells = cells.compactMap { $0.elements[id] }
        return inCells.isEmpty ? nil : inCells.reduce(into: Set()) { $0.formUnion($1) }
    }
}
