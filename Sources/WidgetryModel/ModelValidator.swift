/// The cross-reference checks of ``EntityModel``.
struct ModelValidator {
    let model: EntityModel

    func problems() -> [ModelError] {
        var errors: [ModelError] = []
        var seen: Set<String> = []
        for entity in model.entities {
            if !seen.insert(entity.name).inserted {
                errors.append(error(.duplicateProperty, "entity \(entity.name) is declared twice", entity))
            }
            errors += parentProblems(entity) + propertyProblems(entity) + relationshipProblems(entity) + annotationProblems(entity)
        }
        return errors
    }

    private func parentProblems(_ entity: EntityDescription) -> [ModelError] {
        guard let parent = entity.parent else { return [] }
        guard model.entity(named: parent) != nil else {
            return [error(.unknownEntity, "entity \(entity.name) has parent \(parent), which the model does not declare", entity,
                          hint: known())]
        }
        var chain = [entity.name]
        var next: String? = parent
        while let name = next {
            if chain.contains(name) {
                return [error(.parentCycle, "entity \(entity.name) is its own ancestor: \((chain + [name]).joined(separator: " → "))", entity)]
            }
            chain.append(name)
            next = model.entity(named: name)?.parent
        }
        return []
    }

    private func propertyProblems(_ entity: EntityDescription) -> [ModelError] {
        var errors: [ModelError] = []
        var names: [String: String] = [:]
        for ancestor in model.ancestors(of: entity.name).reversed() {
            for name in ancestor.attributes.map(\.name) + ancestor.relationships.map(\.name) { names[name] = ancestor.name }
        }
        for name in entity.attributes.map(\.name) + entity.relationships.map(\.name) {
            if let owner = names[name] {
                let place = owner == entity.name ? "twice" : "again (\(owner) declares it)"
                errors.append(error(.duplicateProperty, "entity \(entity.name) declares property \(name) \(place)", entity))
            }
            names[name] = entity.name
        }
        return errors
    }

    private func relationshipProblems(_ entity: EntityDescription) -> [ModelError] {
        var errors: [ModelError] = []
        for relationship in entity.relationships {
            guard model.entity(named: relationship.destination) != nil else {
                errors.append(error(.unknownEntity, "relationship \(entity.name).\(relationship.name) points at \(relationship.destination), which the model does not declare",
                                    entity, hint: known()))
                continue
            }
            guard let inverseName = relationship.inverse else { continue }
            guard let inverse = model.relationship(inverseName, of: relationship.destination) else {
                errors.append(error(.inverseMismatch, "relationship \(entity.name).\(relationship.name) names inverse \(inverseName), but \(relationship.destination) has no such relationship",
                                    entity))
                continue
            }
            if !model.isKind(entity.name, of: inverse.destination) {
                errors.append(error(.inverseMismatch, "\(relationship.destination).\(inverseName) points at \(inverse.destination), not back at \(entity.name)",
                                    entity, hint: "an inverse must point back at the entity (or an ancestor of it)"))
            } else if let back = inverse.inverse, back != relationship.name {
                errors.append(error(.inverseMismatch, "\(entity.name).\(relationship.name) and \(relationship.destination).\(inverseName) disagree: the latter names \(back) as its inverse",
                                    entity))
            }
        }
        return errors
    }

    private func annotationProblems(_ entity: EntityDescription) -> [ModelError] {
        var errors: [ModelError] = []
        if let identity = entity.identityAttribute, model.attribute(identity, of: entity.name) == nil {
            errors.append(error(.unknownIdentityAttribute, "entity \(entity.name) names identity attribute \(identity), which it does not have",
                                entity, hint: "attributes: " + model.attributes(of: entity.name).map(\.name).joined(separator: ", ")))
        }
        if let owner = entity.ownerRelationship {
            if let relationship = model.relationship(owner, of: entity.name) {
                if relationship.isToMany {
                    errors.append(error(.invalidOwnerRelationship, "owner relationship \(entity.name).\(owner) is to-many; it must be to-one", entity))
                }
            } else {
                errors.append(error(.invalidOwnerRelationship, "entity \(entity.name) names owner relationship \(owner), which it does not have", entity))
            }
        }
        return errors
    }

    private func known() -> String {
        "the entities are " + model.entities.map(\.name).joined(separator: ", ")
    }

    private func error(_ code: ModelError.Code, _ message: String, _ entity: EntityDescription, hint: String? = nil) -> ModelError {
        ModelError(code, message, file: model.file, location: entity.location, hint: hint)
    }
}
