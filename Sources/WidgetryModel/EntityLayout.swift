package import WidgetryExpressions

/// Where an entity's properties live in the store: one column per attribute, to-one and to-many
/// relationship, numbered in the entity's resolved property order (inherited properties first,
/// root first).
///
/// A class: the store reads it on every write, and sharing it costs one reference.
///
/// Because inherited properties come first, a property declared on an entity has the same slot in
/// every descendant: a relationship's inverse slot holds whatever the target's concrete entity is.
package final class EntityLayout: Sendable {
    /// A property's column.
    package enum Slot: Sendable, Equatable {
        case attribute(Int)
        case toOne(Int)
        case toMany(Int)
    }

    /// A relationship with its column and its inverse's column on the destination.
    package struct Relationship: Sendable {
        package let description: RelationshipDescription
        package let slot: Int
        package let destination: Int
        /// The inverse's column on every object of the destination hierarchy; nil when there is none.
        package let inverse: Slot?
    }

    package let index: Int
    package let name: String
    package let attributes: [AttributeDescription]
    package let toOne: [Relationship]
    package let toMany: [Relationship]
    package let slots: [String: Slot]
    /// Each attribute's value for a new object (`.null` for none).
    package let defaults: [Value]
    package let identitySlot: Int?
    /// The entity whose identity index this one shares (the topmost ancestor); nil without identity.
    package let identityRoot: Int?
    /// The entity and its descendants, in declaration order.
    package let kinds: [Int]
    /// Indexed by entity: whether that entity is this one or inherits from it.
    package let isKind: [Bool]
    /// The to-one relationship to the object that owns this one, declared here or inherited.
    package let ownerSlot: Int?
    package let isOwnerEntity: Bool

    package init(index: Int, name: String, attributes: [AttributeDescription], toOne: [Relationship], toMany: [Relationship],
         slots: [String: Slot], defaults: [Value], identitySlot: Int?, identityRoot: Int?, kinds: [Int], isKind: [Bool],
         ownerSlot: Int?, isOwnerEntity: Bool) {
        self.index = index
        self.name = name
        self.attributes = attributes
        self.toOne = toOne
        self.toMany = toMany
        self.slots = slots
        self.defaults = defaults
        self.identitySlot = identitySlot
        self.identityRoot = identityRoot
        self.kinds = kinds
        self.isKind = isKind
        self.ownerSlot = ownerSlot
        self.isOwnerEntity = isOwnerEntity
    }

    /// The destination entity of the relationship in `slot`, read without copying its description.
    package func destination(of slot: Slot) -> Int? {
        switch slot {
        case .attribute: nil
        case .toOne(let index): toOne[index].destination
        case .toMany(let index): toMany[index].destination
        }
    }

    package func relationship(_ slot: Slot) -> Relationship? {
        switch slot {
        case .attribute: nil
        case .toOne(let index): toOne[index]
        case .toMany(let index): toMany[index]
        }
    }
}
