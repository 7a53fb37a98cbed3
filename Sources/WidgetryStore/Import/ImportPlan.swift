import WidgetryExpressions

/// What importing into each entity reads and writes, worked out once per import: the key path
/// of every mapped attribute and relationship split into keys, with its column and transformer.
struct ImportPlan {
    struct Attribute {
        let slot: Int
        let description: AttributeDescription
        /// Nil for an identity attribute without `JSONKeyPath` (found only by references).
        let path: [String]?
        /// Nil when the attribute names no transformer or one that is not registered
        /// (``transformerName`` tells them apart).
        let transformer: BindingTransformer?
        var transformerName: String? { description.jsonTransformerName }
    }

    struct Relationship {
        let relationship: EntityLayout.Relationship
        let path: [String]
    }

    struct Entity {
        let layout: EntityLayout
        /// The identity attribute, mapped or not.
        let identity: Attribute?
        /// The mapped attributes.
        let attributes: [Attribute]
        /// The mapped relationships, in the entity's declaration order.
        let relationships: [Relationship]
    }

    /// By entity index.
    let entities: [Entity]

    init(model: EntityModel, transformers: BindingTransformerRegistry) {
        entities = model.layouts.map { layout in
            let all = layout.attributes.enumerated().map { slot, attribute in
                Attribute(slot: slot, description: attribute, path: attribute.jsonKeyPath.map(ImportPlan.keys),
                          transformer: attribute.jsonTransformerName.flatMap(transformers.transformer(named:)))
            }
            let relationships = model.relationships(of: layout.name).compactMap { description -> Relationship? in
                guard let path = description.jsonKeyPath, let slot = layout.slots[description.name],
                      let relationship = layout.relationship(slot) else { return nil }
                return Relationship(relationship: relationship, path: ImportPlan.keys(path))
            }
            return Entity(layout: layout, identity: layout.identitySlot.map { all[$0] },
                          attributes: all.filter { $0.path != nil }, relationships: relationships)
        }
    }

    /// `user.name` → `["user", "name"]`.
    static func keys(_ keyPath: String) -> [String] {
        keyPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    }
}
