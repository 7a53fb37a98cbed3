public import WidgetryExpressions
public import WidgetryJSON

/// An attribute of an entity.
public struct AttributeDescription: Sendable {
    public var name: String
    public var type: AttributeType
    public var isOptional: Bool
    /// The value new objects get, already of the attribute's type; nil for none.
    public var defaultValue: Value?
    /// Dotted path into the JSON object the attribute is imported from; nil: not imported.
    public var jsonKeyPath: String?
    /// Transformer applied to the JSON value on import (`strToDate`).
    public var jsonTransformerName: String?
    /// Where the attribute is declared.
    public var location: SourceLocation?

    public init(name: String, type: AttributeType, isOptional: Bool = false, defaultValue: Value? = nil,
                jsonKeyPath: String? = nil, jsonTransformerName: String? = nil, location: SourceLocation? = nil) {
        self.name = name
        self.type = type
        self.isOptional = isOptional
        self.defaultValue = defaultValue
        self.jsonKeyPath = jsonKeyPath
        self.jsonTransformerName = jsonTransformerName
        self.location = location
    }
}

/// What deleting an object does to the objects a relationship points at.
public enum DeleteRule: String, Sendable, CaseIterable {
    /// Clear the inverse (the default).
    case nullify
    /// Delete them too.
    case cascade
    /// Refuse to delete while any exist.
    case deny
    /// Leave them as they are.
    case noAction

    /// Reads `nullify`, `cascade`, `deny`, `noAction` and Xcode's `Nullify`, `Cascade`, `Deny`, `No Action`.
    public init?(name: String) {
        switch name.lowercased().replacingOccurrences(of: " ", with: "") {
        case "nullify": self = .nullify
        case "cascade": self = .cascade
        case "deny": self = .deny
        case "noaction": self = .noAction
        default: return nil
        }
    }
}

/// A relationship of an entity.
public struct RelationshipDescription: Sendable {
    public var name: String
    public var destination: String
    public var isToMany: Bool
    /// The relationship on the destination that points back; nil when there is none.
    public var inverse: String?
    public var deleteRule: DeleteRule
    /// Whether a to-many keeps the order objects were given in.
    public var isOrdered: Bool
    public var jsonKeyPath: String?
    public var location: SourceLocation?

    public init(name: String, destination: String, isToMany: Bool = false, inverse: String? = nil,
                deleteRule: DeleteRule = .nullify, isOrdered: Bool = false, jsonKeyPath: String? = nil,
                location: SourceLocation? = nil) {
        self.name = name
        self.destination = destination
        self.isToMany = isToMany
        self.inverse = inverse
        self.deleteRule = deleteRule
        self.isOrdered = isOrdered
        self.jsonKeyPath = jsonKeyPath
        self.location = location
    }
}
