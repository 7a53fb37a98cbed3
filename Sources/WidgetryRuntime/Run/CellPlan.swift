import WidgetryExpressions
import WidgetryScreen

/// A cell prototype ready to be made many times: element kinds looked up, initial properties
/// converted and the keys of the cell's scope laid out once per table and reuse identifier, not
/// once per row. A class, so that each row holds it with one reference count, not one per array.
final class CellPlan {
    /// An element to make: a class, as the plan, so that walking the nodes for every row
    /// retains one reference a node, not each of its fields.
    final class Node {
        let id: String?
        let kind: ElementKind
        let properties: [(String, Value)]
        let children: [Node]

        init(id: String?, kind: ElementKind, properties: [(String, Value)], children: [Node]) {
            self.id = id
            self.kind = kind
            self.properties = properties
            self.children = children
        }
    }

    let nodes: [Node]
    /// How many elements of a cell have an identifier, when every element could be made.
    let identified: Int
    /// The screen file's entry for each identified element, in the order a cell makes them
    /// (children before their parent), when every element could be made.
    let entries: [CellEntry?]
    /// The keys of a cell's scope, in order, and where the value of each comes from.
    private let scopeKeys: [DictionaryKey]
    private let scopeSources: [ScopeSource]

    private enum ScopeSource {
        /// The element at this position among the cell's identified elements.
        case element(Int)
        case defaults
        case content
    }

    init(_ prototype: CellPrototype, kinds: (String) -> ElementKind?, entries entryNamed: (String) -> CellEntry?) {
        func plan(_ node: ViewNode) -> Node? {
            guard let kind = kinds(node.type) else { return nil }
            return Node(id: node.id, kind: kind, properties: node.properties.map { ($0.key, Value(json: $0.value)) },
                        children: node.children.compactMap(plan))
        }
        nodes = prototype.children.compactMap(plan)
        // Identifiers in the order a cell makes its elements: children before their parent.
        var identifiers: [String] = []
        func collect(_ node: Node) {
            node.children.forEach(collect)
            if let id = node.id { identifiers.append(id) }
        }
        nodes.forEach(collect)
        identified = identifiers.count
        entries = identifiers.map(entryNamed)
        var keys: [String] = [], sources: [ScopeSource] = []
        for (position, id) in identifiers.enumerated() where !keys.contains(id) {
            keys.append(id)
            sources.append(.element(position))
        }
        for (name, source) in [("defaults", ScopeSource.defaults), ("content", .content)] {
            if let position = keys.firstIndex(of: name) {
                sources[position] = source
            } else {
                keys.append(name)
                sources.append(source)
            }
        }
        scopeKeys = keys.map(DictionaryKey.init)
        scopeSources = sources
    }

    /// A cell's scope (FORMAT.md#binding.scope): its elements by identifier (the first one made
    /// of an identifier), then `defaults` and `content`, which replace an element of that name.
    func scope(_ elements: [(id: String, element: Element)], defaults: Value, content: Value) -> ValueDictionary {
        guard elements.count == identified else {
            // Some element could not be made: the layout does not hold, so look the keys up.
            var names = ValueDictionary(minimumCapacity: elements.count + 2)
            for (id, element) in elements where names[id] == nil { names[id] = .object(element) }
            names["defaults"] = defaults
            names["content"] = content
            return names
        }
        return ValueDictionary(distinctKeys: scopeKeys) { position in
            switch scopeSources[position] {
            case .element(let element): .object(elements[element].element)
            case .defaults: defaults
            case .content: content
            }
        }
    }
}

extension ScreenRun {
    func cellPlan(tableID: String, prototype: CellPrototype) -> CellPlan {
        let key = tableID + "/" + prototype.reuseIdentifier
        if let known = cellPlans[key] { return known }
        let plan = CellPlan(prototype, kinds: environment.elementKind(named:), entries: { [cellEntries] in cellEntries[$0] })
        cellPlans[key] = plan
        return plan
    }
}
