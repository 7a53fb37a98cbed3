import WidgetryExpressions

/// A validated data model: entities with inheritance resolved.
///
/// Construction checks every cross-reference and reports all problems at once: parents that do
/// not exist or form a cycle, relationships to unknown entities, inverses that do not point back,
/// identity attributes and owner relationships that do not exist, and properties declared twice
/// along an inheritance chain.
public struct EntityModel: Sendable {
    /// The entities in declaration order.
    public let entities: [EntityDescription]
    /// The file the model came from, for messages.
    public let file: String
    private let positions: [String: Int]
    /// Inherited properties and relatives of every entity, worked out once (the store and the
    /// importer ask for them per object and per key).
    private var resolved: [String: ResolvedEntity] = [:]
    /// Each entity's store columns, by entity index (declaration order).
    package private(set) var layouts: [EntityLayout] = []

    private struct ResolvedEntity: Sendable {
        var attributes: [AttributeDescription]
        var attributesByName: [String: AttributeDescription]
        var relationships: [RelationshipDescription]
        var relationshipsByName: [String: RelationshipDescription]
        var identity: AttributeDescription?
        var ancestors: [EntityDescription]
        var descendants: [EntityDescription]
    }

    public init(entities: [EntityDescription], file: String) throws(ModelErrors) {
        self.entities = entities
        self.file = file
        var positions: [String: Int] = [:]
        for (position, entity) in entities.enumerated() where positions[entity.name] == nil {
            positions[entity.name] = position
        }
        self.positions = positions
        let errors = ModelValidator(model: self).problems()
        if !errors.isEmpty { throw ModelErrors(errors) }
        var resolved: [String: ResolvedEntity] = [:]
        for entity in entities {
            let attributes = lineage(of: entity.name).flatMap(\.attributes)
            let relationships = lineage(of: entity.name).flatMap(\.relationships)
            let identityName = lineage(of: entity.name).reversed().lazy.compactMap(\.identityAttribute).first
            resolved[entity.name] = ResolvedEntity(
                attributes: attributes,
                attributesByName: Dictionary(attributes.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first }),
                relationships: relationships,
                relationshipsByName: Dictionary(relationships.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first }),
                identity: identityName.flatMap { name in attributes.first { $0.name == name } },
                ancestors: ancestors(of: entity.name),
                descendants: entities.filter { other in other.name != entity.name && ancestors(of: other.name).contains { $0.name == entity.name } })
        }
        self.resolved = resolved
        layouts = entities.indices.map(layout(of:))
    }

    /// The position of the entity named `name` in ``entities``.
    func index(of name: String) -> Int? {
        positions[name]
    }

    /// The store layout of the entity named `name`.
    package func layout(named name: String) -> EntityLayout? {
        positions[name].map { layouts[$0] }
    }

    private func layout(of position: Int) -> EntityLayout {
        let entity = entities[position]
        let attributes = attributes(of: entity.name)
        let relationships = relationships(of: entity.name)
        var slots: [String: EntityLayout.Slot] = [:]
        for (slot, attribute) in attributes.enumerated() { slots[attribute.name] = .attribute(slot) }
        var toOne: [RelationshipDescription] = [], toMany: [RelationshipDescription] = []
        for relationship in relationships {
            if relationship.isToMany {
                slots[relationship.name] = .toMany(toMany.count)
                toMany.append(relationship)
            } else {
                slots[relationship.name] = .toOne(toOne.count)
                toOne.append(relationship)
            }
        }
        /// The slot of `name` on `entity`, counted as ``layout(of:)`` counts.
        func slot(of name: String, on entity: String) -> EntityLayout.Slot? {
            let relationships = self.relationships(of: entity)
            guard let found = relationships.firstIndex(where: { $0.name == name }) else { return nil }
            let before = relationships[..<found].filter { $0.isToMany == relationships[found].isToMany }.count
            return relationships[found].isToMany ? .toMany(before) : .toOne(before)
        }
        func resolve(_ relationship: RelationshipDescription, at column: Int) -> EntityLayout.Relationship {
            EntityLayout.Relationship(description: relationship, slot: column, destination: positions[relationship.destination] ?? 0,
                                      inverse: relationship.inverse.flatMap { slot(of: $0, on: relationship.destination) })
        }
        let identity = identityAttribute(of: entity.name)
        let kinds = entities.indices.filter { isKind(entities[$0].name, of: entity.name) }
        var kindFlags = [Bool](repeating: false, count: entities.count)
        for kind in kinds { kindFlags[kind] = true }
        let owner = ([entity] + ancestors(of: entity.name)).lazy.compactMap(\.ownerRelationship).first
        return EntityLayout(
            index: position, name: entity.name, attributes: attributes,
            toOne: toOne.enumerated().map { resolve($1, at: $0) }, toMany: toMany.enumerated().map { resolve($1, at: $0) },
            slots: slots, defaults: attributes.map { $0.defaultValue ?? .null },
            identitySlot: identity.flatMap { identity in attributes.firstIndex { $0.name == identity.name } },
            identityRoot: identity == nil ? nil : positions[ancestors(of: entity.name).last?.name ?? entity.name],
            kinds: kinds, isKind: kindFlags,
            ownerSlot: owner.flatMap { name in toOne.firstIndex { $0.name == name } },
            isOwnerEntity: entity.isOwnerEntity)
    }

    public func entity(named name: String) -> EntityDescription? {
        positions[name].map { entities[$0] }
    }

    /// The entity's parent, its parent's parent, and so on (nearest first).
    public func ancestors(of name: String) -> [EntityDescription] {
        if let known = resolved[name] { return known.ancestors }
        var result: [EntityDescription] = []
        var seen: Set<String> = [name]
        var next = entity(named: name)?.parent
        while let parentName = next, seen.insert(parentName).inserted, let parent = entity(named: parentName) {
            result.append(parent)
            next = parent.parent
        }
        return result
    }

    /// The entity and all its ancestors' attributes: inherited ones first, root first.
    public func attributes(of name: String) -> [AttributeDescription] {
        resolved[name]?.attributes ?? lineage(of: name).flatMap(\.attributes)
    }

    /// The entity and all its ancestors' relationships: inherited ones first, root first.
    public func relationships(of name: String) -> [RelationshipDescription] {
        resolved[name]?.relationships ?? lineage(of: name).flatMap(\.relationships)
    }

    public func attribute(_ attribute: String, of entity: String) -> AttributeDescription? {
        if let known = resolved[entity] { return known.attributesByName[attribute] }
        return attributes(of: entity).first { $0.name == attribute }
    }

    public func relationship(_ relationship: String, of entity: String) -> RelationshipDescription? {
        if let known = resolved[entity] { return known.relationshipsByName[relationship] }
        return relationships(of: entity).first { $0.name == relationship }
    }

    /// The identity attribute, declared on the entity or inherited.
    public func identityAttribute(of name: String) -> AttributeDescription? {
        if let known = resolved[name] { return known.identity }
        guard let identity = lineage(of: name).reversed().lazy.compactMap(\.identityAttribute).first else { return nil }
        return attribute(identity, of: name)
    }

    /// The entities that inherit from `name`, directly or not, in declaration order.
    public func descendants(of name: String) -> [EntityDescription] {
        if let known = resolved[name] { return known.descendants }
        return entities.filter { entity in entity.name != name && ancestors(of: entity.name).contains { $0.name == name } }
    }

    /// Whether `name` is `ancestor` or inherits from it.
    public func isKind(_ name: String, of ancestor: String) -> Bool {
        name == ancestor || ancestors(of: name).contains { $0.name == ancestor }
    }

    /// Root first, the entity last.
    private func lineage(of name: String) -> [EntityDescription] {
        guard let entity = entity(named: name) else { return [] }
        return ancestors(of: name).reversed() + [entity]
    }
}
