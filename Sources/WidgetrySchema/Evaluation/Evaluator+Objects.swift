import WidgetryJSON

/// The keywords that apply to objects: member counts, required members, and the subschemas
/// for members by name, by pattern, for the rest, and for member names.
extension Evaluator {
    mutating func checkPropertyCount(minimum: Int?, maximum: Int?, _ site: KeywordSite, _ instance: JSONValue, _ collecting: Bool) -> Bool {
        guard let object = instance.objectValue else { return true }
        if let minimum, object.count < minimum {
            if collecting {
                report(.minProperties, ViolationMessage.propertyCount(atLeast: true, limit: minimum, found: object.count),
                       site: site, instance: instance)
            }
            return false
        }
        if let maximum, object.count > maximum {
            if collecting {
                report(.maxProperties, ViolationMessage.propertyCount(atLeast: false, limit: maximum, found: object.count),
                       site: site, instance: instance)
            }
            return false
        }
        return true
    }

    mutating func checkRequired(_ names: [String], _ site: KeywordSite, _ instance: JSONValue, _ collecting: Bool) -> Bool {
        guard let object = instance.objectValue else { return true }
        var passed = true
        for name in names where object.position(of: name) == nil {
            passed = false
            guard collecting else { break }
            let misspelt = Suggestion.closest(to: name, among: object.keys.filter { !names.contains($0) })
            report(.required, ViolationMessage.required(name), site: site, instance: instance,
                   hint: misspelt.map { ViolationMessage.presentAs(name, misspelt: $0) })
        }
        return passed
    }

    mutating func checkDependentRequired(
        _ dependencies: [(property: String, required: [String])], _ site: KeywordSite, _ instance: JSONValue, _ collecting: Bool
    ) -> Bool {
        guard let object = instance.objectValue else { return true }
        var passed = true
        for (property, required) in dependencies where object.position(of: property) != nil {
            for name in required where object.position(of: name) == nil {
                passed = false
                guard collecting else { return false }
                report(.dependentRequired, ViolationMessage.dependentRequired(name, because: property), site: site, instance: instance)
            }
        }
        return passed
    }

    mutating func applyProperties(
        _ properties: [String: NodeID], _ instance: JSONValue, _ collecting: Bool, _ annotations: inout Annotations
    ) throws(EvaluationAbort) -> Bool {
        guard let object = instance.objectValue else { return true }
        var passed = true
        for (position, member) in object.members.enumerated() {
            guard let node = properties[member.key] else { continue }
            let evaluation = try withKeywordStep(member.key) { evaluator throws(EvaluationAbort) in
                try evaluator.evaluate(node, member: member.value, key: member.key, position: position, collecting: collecting)
            }
            annotations.properties.insert(position)
            if !evaluation.isValid {
                passed = false
                if !collecting { break }
            }
        }
        return passed
    }

    mutating func applyPatternProperties(
        _ rules: [(pattern: SchemaPattern, node: NodeID)], _ site: KeywordSite, _ instance: JSONValue, _ collecting: Bool,
        _ annotations: inout Annotations
    ) throws(EvaluationAbort) -> Bool {
        guard let object = instance.objectValue else { return true }
        var passed = true
        for (position, member) in object.members.enumerated() {
            for rule in rules {
                guard try matches(rule.pattern, member.key, site) else { continue }
                let evaluation = try withKeywordStep(rule.pattern.source) { evaluator throws(EvaluationAbort) in
                    try evaluator.evaluate(rule.node, member: member.value, key: member.key, position: position, collecting: collecting)
                }
                annotations.properties.insert(position)
                if !evaluation.isValid {
                    passed = false
                    if !collecting { return false }
                }
            }
        }
        return passed
    }

    mutating func applyAdditionalProperties(
        _ rule: AdditionalPropertiesRule, _ site: KeywordSite, _ instance: JSONValue, _ collecting: Bool, _ annotations: inout Annotations
    ) throws(EvaluationAbort) -> Bool {
        guard let object = instance.objectValue else { return true }
        var passed = true
        let forbidden = program.nodes[rule.node].isFalse
        for (position, member) in object.members.enumerated() where !rule.declared.contains(member.key) {
            if try matchesAny(rule.patterns, member.key, site) { continue }
            if forbidden {
                passed = false
                guard collecting else { return false }
                reportForbiddenMember(.additionalProperty, member, position: position, allowed: rule.allowedNames,
                                      patterns: rule.patterns.map(\.source), site: site)
                continue
            }
            let evaluation = try evaluate(rule.node, member: member.value, key: member.key, position: position, collecting: collecting)
            annotations.properties.insert(position)
            if !evaluation.isValid {
                passed = false
                if !collecting { return false }
            }
        }
        return passed
    }

    mutating func applyPropertyNames(
        _ node: NodeID, _ site: KeywordSite, _ instance: JSONValue, _ collecting: Bool
    ) throws(EvaluationAbort) -> Bool {
        guard let object = instance.objectValue else { return true }
        var passed = true
        let forbidden = program.nodes[node].isFalse
        for (position, member) in object.members.enumerated() {
            if forbidden {
                passed = false
                guard collecting else { return false }
                atMember(member.key, position: position) { evaluator in
                    evaluator.report(.propertyName, ViolationMessage.propertyNameForbidden(member.key), site: site, instance: member.value,
                                     keyLocation: member.keyLocation)
                }
                continue
            }
            let name = JSONValue(.string(member.key), location: member.keyLocation ?? member.value.location)
            let start = violations.count
            let evaluation = try evaluate(node, member: name, key: member.key, position: position, collecting: collecting)
            if !evaluation.isValid {
                passed = false
                guard collecting else { return false }
                rewordViolations(from: start) { ViolationMessage.propertyName(member.key, $0) }
            }
        }
        return passed
    }

    mutating func applyDependentSchemas(
        _ dependents: [(property: String, node: NodeID)], _ instance: JSONValue, _ collecting: Bool, _ annotations: inout Annotations
    ) throws(EvaluationAbort) -> Bool {
        guard let object = instance.objectValue else { return true }
        var passed = true
        for (property, node) in dependents where object.position(of: property) != nil {
            let start = violations.count
            let evaluation = try withKeywordStep(property) { evaluator throws(EvaluationAbort) in
                try evaluator.evaluate(node, instance, collecting: collecting)
            }
            if evaluation.isValid {
                annotations.merge(evaluation.annotations)
            } else {
                passed = false
                guard collecting else { return false }
                addNote(ViolationMessage.becausePresent(property), toViolationsFrom: start)
            }
        }
        return passed
    }

    mutating func applyUnevaluatedProperties(
        _ rule: UnevaluatedPropertiesRule, _ site: KeywordSite, _ instance: JSONValue, _ collecting: Bool, _ annotations: inout Annotations
    ) throws(EvaluationAbort) -> Bool {
        guard let object = instance.objectValue else { return true }
        var passed = true
        let forbidden = program.nodes[rule.node].isFalse
        for (position, member) in object.members.enumerated() where !annotations.properties.contains(position) {
            if forbidden {
                passed = false
                guard collecting else { return false }
                reportForbiddenMember(.unevaluatedProperty, member, position: position, allowed: rule.allowedNames, patterns: [],
                                      site: site)
                continue
            }
            let evaluation = try evaluate(rule.node, member: member.value, key: member.key, position: position, collecting: collecting)
            if evaluation.isValid {
                annotations.properties.insert(position)
            } else {
                passed = false
                if !collecting { return false }
            }
        }
        return passed
    }

    private func matchesAny(_ patterns: [SchemaPattern], _ name: String, _ site: KeywordSite) throws(EvaluationAbort) -> Bool {
        for pattern in patterns {
            if try matches(pattern, name, site) { return true }
        }
        return false
    }

    /// Reports a member that `additionalProperties` or `unevaluatedProperties` forbids, at its
    /// key, listing what is allowed and suggesting the closest allowed name.
    private mutating func reportForbiddenMember(
        _ code: SchemaViolation.Code, _ member: JSONObject.Member, position: Int, allowed: [String], patterns: [String],
        site: KeywordSite
    ) {
        let suggestion = Suggestion.closest(to: member.key, among: allowed)
        atMember(member.key, position: position) { evaluator in
            evaluator.report(code, ViolationMessage.forbiddenProperty(member.key, allowed: allowed, patterns: patterns), site: site,
                             instance: member.value, keyLocation: member.keyLocation,
                             hint: suggestion.map(ViolationMessage.didYouMean))
        }
    }
}
