import WidgetryJSON
import WidgetryExpressions
import WidgetryModel

/// What reading a key path gave: the type at its end, the first key that is not there, and where
/// it first went through a to-many relationship.
struct KeyPathResolution: Equatable {
    /// A key that what it is read from does not have.
    struct Problem: Equatable {
        /// The component's index in the path.
        var index: Int
        var message: String
        var hint: String?
        /// The names the key is one of, when it is a misspelling of one (for the fix-it).
        var candidates: [String] = []

        /// The same miss: what it says and where, whatever names a fix-it is chosen among.
        static func == (lhs: Problem, rhs: Problem) -> Bool {
            (lhs.index, lhs.message, lhs.hint) == (rhs.index, rhs.message, rhs.hint)
        }
    }

    /// A component read on the elements of a to-many relationship, so that the path yields one
    /// value per related object.
    struct ToMany: Equatable {
        /// The index of the component that is the to-many relationship (0 when the path starts
        /// on such a collection).
        var index: Int
        /// `Entity.relationship`.
        var relationship: String
    }

    var type: SemanticType
    var problem: Problem?
    var toMany: ToMany?
}

/// Reads key paths on ``SemanticType``s the way key-value coding reads them at run time (a key
/// on a collection maps over its elements; `@count`, `@sum.x`… take the collection; `self` is the
/// value itself), reporting the first key that cannot be there. Whatever lint does not know
/// (``SemanticType/unknown``) accepts every key, so a finding is always a real miss.
struct KeyPathResolver {
    let screen: ScreenModel

    /// Reads `components` on `root`. A collection operator takes the rest of the path as its
    /// argument, read on each element; operators that follow operators nest, and are undone in
    /// reverse at the end, so a path of any length costs time and memory linear in its length.
    func resolve(_ components: [String], on root: SemanticType) -> KeyPathResolution {
        var type = root
        var toMany: KeyPathResolution.ToMany?
        /// The path's own to-many step, before its first collection operator.
        var outerToMany: KeyPathResolution.ToMany?
        var operators: [CollectionOperator] = []
        var problem: KeyPathResolution.Problem?
        walk: for (index, key) in components.enumerated() {
            if key.first == "@", let op = CollectionOperator(rawValue: String(key.dropFirst())) {
                if operators.isEmpty { outerToMany = toMany }
                switch type {
                case .collection(let inner, _):
                    type = inner
                case .unknown, .dictionary:
                    // Lint cannot see the elements: the operator's result is unknown too.
                    type = .unknown
                    break walk
                default:
                    problem = KeyPathResolution.Problem(index: index, message: "@\(op.rawValue) needs a collection, but \(type.description) is not one",
                                                        hint: "collection operators apply to to-many relationships and arrays")
                    type = .unknown
                    break walk
                }
                operators.append(op)
                if op == .count { break walk }
                toMany = nil
                continue
            }
            if key != "self", toMany == nil, case .collection(_, let relationship?) = type {
                toMany = .init(index: max(0, index - 1), relationship: relationship)
            }
            switch step(key, on: type) {
            case .found(let next):
                type = next
            case .missing(let hint, let candidates):
                problem = KeyPathResolution.Problem(index: index, message: Self.missingMessage(key, on: type), hint: hint, candidates: candidates)
                type = .unknown
                break walk
            }
        }
        guard !operators.isEmpty else { return KeyPathResolution(type: type, problem: problem, toMany: toMany) }
        for op in operators.reversed() {
            switch op {
            case .count, .sum, .avg: type = .value(.number)
            case .min, .max: break
            case .distinctUnionOfObjects, .unionOfObjects: type = type.isUnknown ? .unknown : .collection(type, toMany: nil)
            case .distinctUnionOfArrays, .unionOfArrays: type = .unknown
            }
            if problem != nil { type = .unknown }
        }
        return KeyPathResolution(type: type, problem: problem, toMany: outerToMany)
    }

    private enum Step {
        case found(SemanticType)
        /// Not a key; the hint names what is close or what there is, among `candidates`.
        case missing(hint: String?, candidates: [String] = [])

        /// Not a key among `candidates`: a did-you-mean, or (`listing`) the candidates there are.
        static func missing(_ key: String, among candidates: [String], listing: Bool = true) -> Step {
            .missing(hint: Suggestion.hint(for: key, among: candidates, listing: listing), candidates: candidates)
        }
    }

    /// What a finding says about `key` missing on `type` (on the elements, for a collection).
    private static func missingMessage(_ key: String, on type: SemanticType) -> String {
        var owner = type
        while case .collection(let element, _) = owner { owner = element }
        switch owner {
        case .screenNames: return "the screen has no element, object or alias named '\(key)'"
        case .cellNames: return "the cell has no element named '\(key)'"
        default: return "unknown key '\(key)' on \(owner.description)"
        }
    }

    private func step(_ key: String, on type: SemanticType) -> Step {
        if key == "self" { return .found(type) }
        switch type {
        case .unknown, .dictionary:
            return .found(.unknown)
        case .screenNames(let content):
            if let found = screen.namespaceType(key, content: content) { return .found(found) }
            return .missing(key, among: screen.names, listing: false)
        case .cellNames(let cell):
            if let kinds = cell.elements[key] { return .found(.element(id: key, kinds: kinds)) }
            if key == "content" { return .found(cell.content) }
            if key == "defaults" { return .found(.dictionary) }
            if screen.namesAreOpen { return .found(.unknown) }
            let names = cell.elements.keys.sorted() + ["content", "defaults"]
            let nearby = Suggestion.hint(for: key, among: names, listing: false)
            return .missing(hint: nearby ?? "a cell sees its own elements, defaults and content (the row), not the screen's names (docs/FORMAT.md#binding.scope)",
                            candidates: names)
        case .element(_, let kinds):
            guard !kinds.isEmpty else { return .found(.unknown) }
            if kinds.contains(where: { $0.answers(key) }) { return .found(Self.elementKeyType(key)) }
            return .missing(key, among: Array(Set(kinds.flatMap(\.answeredKeys))).sorted())
        case .object(let id, let objectType):
            guard let object = screen.objects[id] else { return .found(.unknown) }
            if let found = screen.objectKeyType(object.entry, objectType, key: key) { return .found(found) }
            return .missing(key, among: screen.objectKeys(object.entry, objectType))
        case .callStatus:
            if let found = ScreenModel.callStatusKeyType(key) { return .found(found) }
            return .missing(key, among: ScreenModel.callStatusKeys)
        case .entity(let name):
            return entityStep(key, on: name)
        case .attribute, .value:
            return valueStep(key, on: type)
        case .collection(let element, let toMany):
            switch step(key, on: element) {
            case .found(let mapped): return .found(mapped.isUnknown ? .unknown : .collection(mapped, toMany: toMany))
            case .missing(let hint, let candidates): return .missing(hint: hint, candidates: candidates)
            }
        }
    }

    /// A key of an attribute value or a plain value: what NSString, NSNumber and NSDate answer
    /// through `valueForKey:` (`length`, `uppercaseString`, `intValue`, `description`, …).
    private func valueStep(_ key: String, on type: SemanticType) -> Step {
        guard let kinds = type.valueKinds else { return .found(.unknown) }
        let keys = FunctionCatalog.valueKeys(of: kinds)
        if let result = keys[key] { return .found(SemanticType(valueKinds: result)) }
        guard !keys.isEmpty else { return .missing(hint: "\(kinds) has no keys") }
        return .missing(key, among: keys.keys.sorted())
    }

    /// A key of an entity: its attributes and relationships, inherited ones included, and the
    /// computed keys the lint was given (typed by their expression); a key only a sub-entity
    /// has is accepted too (the objects may be of the sub-entity).
    private func entityStep(_ key: String, on entity: String) -> Step {
        guard let model = screen.entities else { return .found(.unknown) }
        for name in [entity] + model.ancestors(of: entity).map(\.name) + model.descendants(of: entity).map(\.name) {
            if let computed = screen.computedKeys[name]?[key] { return .found(computed) }
        }
        for name in [entity] + model.descendants(of: entity).map(\.name) {
            if let attribute = model.attribute(key, of: name) { return .found(.attribute(attribute.type, name: key, entity: name)) }
            if let relationship = model.relationship(key, of: name) {
                let destination = screen.entityType(relationship.destination)
                return .found(relationship.isToMany ? .collection(destination, toMany: "\(name).\(key)") : destination)
            }
        }
        let computed = ([entity] + model.ancestors(of: entity).map(\.name)).flatMap { screen.computedKeys[$0]?.keys.sorted() ?? [] }
        let keys = model.attributes(of: entity).map(\.name) + model.relationships(of: entity).map(\.name) + computed
        return .missing(key, among: keys)
    }

    /// What an element's key reads, where lint needs to go on: the elements an element holds.
    private static func elementKeyType(_ key: String) -> SemanticType {
        switch key {
        case "refreshControl": .element(id: key, kinds: [.refreshControl])
        case "uploadContainer": .element(id: key, kinds: [.uploadContainer])
        case "progressBar": .element(id: key, kinds: [.progressView])
        case "hasMedia", "isMovie", "hidden", "wx_visible", "wx_disabled", "wx_readOnly", "enabled", "editable", "animating", "refreshing", "on":
            .value(.boolean)
        case "text", "placeholder", "title", "wx_fieldName": .value(.string)
        default: .unknown
        }
    }
}
