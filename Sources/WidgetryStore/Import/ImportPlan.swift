import WidgetryExpressions

/// What importing into each entity reads and writes, worked out once per import (classes, so the
/// hot loop passes references instead of copying descriptions): the key path
/// of every mapped attribute and relationship split into keys, with its column and transformer.
struct ImportPlan {
    final class Attribute {
        let slot: Int
        let description: AttributeDescription
        /// Nil for an identity attribute without `JSONKeyPath` (found only by references).
        let path: ImportPath?
        /// Nil when the attribute names no transformer or one that is not registered
        /// (``transformerName`` tells them apart).
        let transformer: BindingTransformer?
        let type: AttributeType
        let transformerName: String?

        init(slot: Int, description: AttributeDescription, path: ImportPath?, transformer: BindingTransformer?) {
            self.slot = slot
            self.description = description
            self.path = path
            self.transformer = transformer
            type = description.type
            transformerName = description.jsonTransformerName
        }
    }

    final class Relationship {
        let relationship: EntityLayout.Relationship
        let path: ImportPath

        init(relationship: EntityLayout.Relationship, path: ImportPath) {
            self.relationship = relationship
            self.path = path
        }
    }

    final class Entity {
        let layout: EntityLayout
        /// The identity attribute, mapped or not.
        let identity: Attribute?
        /// The mapped attributes.
        let attributes: [Attribute]
        /// The mapped relationships, in the entity's declaration order.
        let relationships: [Relationship]

        init(layout: EntityLayout, identity: Attribute?, attributes: [Attribute], relationships: [Relationship]) {
            self.layout = layout
            self.identity = identity
            self.attributes = attributes
            self.relationships = relationships
        }
    }

    /// By entity index.
    let entities: [Entity]

    init(model: EntityModel, transformers: BindingTransformerRegistry) {
        entities = model.layouts.map { layout in
            let all = layout.attributes.enumerated().map { slot, attribute in
                Attribute(slot: slot, description: attribute, path: attribute.jsonKeyPath.map(ImportPath.init),
                          transformer: attribute.jsonTransformerName.flatMap(transformers.transformer(named:)))
            }
            let relationships = model.relationships(of: layout.name).compactMap { description -> Relationship? in
                guard let path = description.jsonKeyPath, let slot = layout.slots[description.name],
                      let relationship = layout.relationship(slot) else { return nil }
                return Relationship(relationship: relationship, path: ImportPath(path))
            }
            return Entity(layout: layout, identity: layout.identitySlot.map { all[$0] },
                          attributes: all.filter { $0.path != nil }, relationships: relationships)
        }
    }
}

/// A `JSONKeyPath` split into keys (`user.name` → `user`, `name`), each also as UTF-8 bytes so
/// lazy nodes compare keys without building strings.
struct ImportPath {
    final class Key {
        let text: String
        let utf8: [UInt8]
        let isASCII: Bool

        init(_ text: Substring) {
            self.text = String(text)
            utf8 = Array(text.utf8)
            isASCII = utf8.allSatisfy { $0 < 0x80 }
        }
    }

    let keys: [Key]

    init(_ keyPath: String) {
        keys = keyPath.split(separator: ".", omittingEmptySubsequences: false).map(Key.init)
    }
}
