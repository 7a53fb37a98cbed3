import WidgetryScreen
import WidgetryModel

/// What a key path reads from, as far as lint can tell without running the screen: a screen's
/// or a cell's names, an element, a mediating controller, a store entity, an attribute value, a
/// collection of any of these. ``unknown`` stops checking: lint only reports keys on things it
/// knows completely.
indirect enum SemanticType: Hashable, Sendable {
    /// Anything: no key is checked on it or below it.
    case unknown
    /// A dictionary (`defaults`, JSON items): any key, its value unknown.
    case dictionary
    /// The screen namespace (FORMAT.md#screen.namespace) with `content` of the given type.
    case screenNames(content: SemanticType)
    /// A cell's scope (FORMAT.md#binding.scope): its own elements, `defaults`, `content`.
    case cellNames(CellNames)
    /// An element of the view tree; `kinds` is empty when its type is not one lint knows.
    case element(id: String, kinds: Set<ElementKind>)
    /// A mediating controller of the screen (an `objects` entry) by id.
    case object(id: String, type: ObjectType)
    /// The status an action controller keeps of its last call (`action.status`).
    case callStatus
    /// A store object of the entity (or of a sub-entity).
    case entity(String)
    /// The value of an entity attribute.
    case attribute(AttributeType, name: String, entity: String)
    /// A plain value the runtime derives (`totalCount`, `inProgress`, `$input`).
    case value(ValueKind)
    /// An array of elements of a type; `toMany` names the to-many relationship it comes from
    /// (`User.posts`), when it does.
    case collection(SemanticType, toMany: String?)

    enum ValueKind: String, Hashable {
        case string
        case number
        case boolean
    }

    /// The names a cell's bindings see.
    struct CellNames: Hashable {
        var elements: [String: Set<ElementKind>]
        var content: SemanticType
    }

    /// The type both `self` and `other` are; unknown when they differ.
    func combined(with other: SemanticType) -> SemanticType {
        self == other ? self : .unknown
    }

    /// The type all of `types` are; unknown when they differ or there are none.
    static func combining(_ types: [SemanticType]) -> SemanticType {
        guard let first = types.first else { return .unknown }
        return types.dropFirst().reduce(first) { $0.combined(with: $1) }
    }

    /// Whether lint knows nothing about it.
    var isUnknown: Bool { self == .unknown }

    /// How messages name it: `entity Post`, `titleLabel (UILabel)`, `the screen's names`.
    var description: String {
        switch self {
        case .unknown: "a value"
        case .dictionary: "a dictionary"
        case .screenNames: "the screen's names"
        case .cellNames: "the cell's names"
        case .element(let id, let kinds): "\(id) (\(kinds.map(\.typeName).sorted().joined(separator: " or ")))"
        case .object(let id, let type): "\(id) (\(type.rawValue))"
        case .callStatus: "the call status (ActionStatusController)"
        case .entity(let name): "entity \(name)"
        case .attribute(let type, let name, let entity): "\(name) (a \(type.rawValue) attribute of \(entity))"
        case .value(let kind): "a \(kind.rawValue)"
        case .collection(let element, _): "\(element.description) (each element of a collection)"
        }
    }
}
