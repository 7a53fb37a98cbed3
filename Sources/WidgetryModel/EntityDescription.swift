public import WidgetryJSON

/// An entity as declared: its own attributes and relationships, in declaration order. Inherited
/// properties are resolved by ``EntityModel``.
public struct EntityDescription: Sendable {
    public var name: String
    /// The parent entity's name.
    public var parent: String?
    public var attributes: [AttributeDescription]
    public var relationships: [RelationshipDescription]
    /// The attribute that identifies objects on import (looked up on ancestors too).
    public var identityAttribute: String?
    /// The to-one relationship to the object that owns this one (FORMAT.md#model.ownership).
    public var ownerRelationship: String?
    /// Whether objects of this entity own the objects that point at them through `ownerRelationship`.
    public var isOwnerEntity: Bool
    public var location: SourceLocation?

    public init(name: String, parent: String? = nil, attributes: [AttributeDescription] = [],
                relationships: [RelationshipDescription] = [], identityAttribute: String? = nil,
                ownerRelationship: String? = nil, isOwnerEntity: Bool = false, location: SourceLocation? = nil) {
        self.name = name
        self.parent = parent
        self.attributes = attributes
        self.relationships = relationships
        self.identityAttribute = identityAttribute
        self.ownerRelationship = ownerRelationship
        self.isOwnerEntity = isOwnerEntity
        self.location = location
    }
}
