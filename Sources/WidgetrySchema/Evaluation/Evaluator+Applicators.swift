import WidgetryJSON

/// The keywords that apply subschemas to the value itself: `allOf`, `anyOf`, `oneOf`, `not`
/// and `if`/`then`/`else`.
extension Evaluator {
    mutating func applyAllOf(
        _ branches: [NodeID], _ instance: JSONValue, _ collecting: Bool, _ annotations: inout Annotations
    ) throws(EvaluationAbort) -> Bool {
        var passed = true
        for (index, branch) in branches.enumerated() {
            let evaluation = try withKeywordStep(String(index)) { evaluator throws(EvaluationAbort) in
                try evaluator.evaluate(branch, instance, collecting: collecting)
            }
            if evaluation.isValid {
                annotations.merge(evaluation.annotations)
            } else {
                passed = false
                if !collecting { return false }
            }
        }
        return passed
    }

    /// `anyOf` (at least one alternative matches) and `oneOf` (exactly one does).
    ///
    /// The alternatives are first only decided, which is all a passing value needs. When the
    /// value fails, they are applied again collecting violations, and ``AlternativeSelection``
    /// picks what to report.
    mutating func applyAlternatives(
        _ branches: [NodeID], exactlyOne: Bool, _ site: KeywordSite, _ instance: JSONValue, _ collecting: Bool,
        _ annotations: inout Annotations
    ) throws(EvaluationAbort) -> Bool {
        var matching: [Int] = []
        var matched = Annotations()
        for (index, branch) in branches.enumerated() {
            let evaluation = try withKeywordStep(String(index)) { evaluator throws(EvaluationAbort) in
                try evaluator.evaluate(branch, instance, collecting: false)
            }
            guard evaluation.isValid else { continue }
            matching.append(index)
            matched.merge(evaluation.annotations)
            let decided = exactlyOne ? matching.count > 1 : !tracksAnnotations
            if decided { break }
        }
        let keyword = exactlyOne ? "oneOf" : "anyOf"
        if exactlyOne ? matching.count == 1 : !matching.isEmpty {
            annotations.merge(matched)
            return true
        }
        guard collecting else { return false }
        if matching.count > 1 {
            report(.oneOfMultiple, ViolationMessage.oneOfMultiple(matching.map { $0 + 1 }, of: branches.count),
                   site: site, instance: instance, hint: ViolationMessage.oneOfMultipleHint)
            return false
        }
        var failures: [AlternativeSelection.Failure] = []
        for (index, branch) in branches.enumerated() {
            let start = violations.count
            _ = try withKeywordStep(String(index)) { evaluator throws(EvaluationAbort) in
                try evaluator.evaluate(branch, instance, collecting: true)
            }
            failures.append(AlternativeSelection.Failure(index: index, violations: takeViolations(from: start)))
        }
        let code: SchemaViolation.Code = exactlyOne ? .oneOf : .anyOf
        let members = instance.objectValue?.keys ?? []
        switch AlternativeSelection.choose(failures, depth: instanceDepth, members: members,
                                           required: members.isEmpty ? [] : branches.map { requiredMembers(of: $0) }) {
        case .alternative(let failure)?:
            let title = program.nodes[branches[failure.index]].title
            restore(failure.violations, note: ViolationMessage.closestAlternative(
                keyword, number: failure.index + 1, of: branches.count, title: title))
        case .types(let types)?:
            report(code, ViolationMessage.type(expected: types, found: instance), site: site, instance: instance,
                   notes: [ViolationMessage.noAlternative(keyword)], expected: .types(types))
        case .values(let values, let found, let place)?:
            let suggestion = found.stringValue.flatMap { Suggestion.closest(to: $0, among: values.compactMap(\.stringValue)) }
            report(code, ViolationMessage.enumeration(found, options: values), site: site, at: place,
                   note: ViolationMessage.noAlternativeValue(keyword), hint: suggestion.map(ViolationMessage.didYouMean),
                   expected: .values(values, found: found))
        case .misspeltSelector(let name, let selectors)?:
            guard let object = instance.objectValue, let position = object.position(of: name) else { break }
            let member = object.members[position]
            atMember(name, position: position) { evaluator in
                evaluator.report(code, ViolationMessage.unknownSelector(name, keyword: keyword), site: site, instance: member.value,
                                 keyLocation: member.keyLocation, hint: Suggestion.didYouMean(name, among: selectors),
                                 notes: [ViolationMessage.selectors(selectors)])
            }
        case nil:
            report(code, ViolationMessage.noAlternative(keyword), site: site, instance: instance)
        }
        return false
    }

    /// The members `node` requires, its references followed (an alternative is often a `$ref`
    /// to a definition), a few deep.
    private func requiredMembers(of node: NodeID, depth: Int = 0) -> [String] {
        guard depth < 8, case .keywords(let entries) = program.nodes[node].content else { return [] }
        return entries.flatMap { entry -> [String] in
            switch entry.rule {
            case .required(let names): names
            case .reference(let target): requiredMembers(of: target, depth: depth + 1)
            default: []
            }
        }
    }

    mutating func applyNot(_ node: NodeID, _ site: KeywordSite, _ instance: JSONValue, _ collecting: Bool) throws(EvaluationAbort) -> Bool {
        let evaluation = try evaluate(node, instance, collecting: false)
        guard evaluation.isValid else { return true }
        if collecting {
            report(.not, ViolationMessage.not(title: program.nodes[node].title), site: site, instance: instance)
        }
        return false
    }

    mutating func applyConditional(
        _ rule: ConditionalRule, _ instance: JSONValue, _ collecting: Bool, _ annotations: inout Annotations
    ) throws(EvaluationAbort) -> Bool {
        let condition = try evaluate(rule.condition, instance, collecting: false)
        if condition.isValid { annotations.merge(condition.annotations) }
        guard let branch = condition.isValid ? rule.then : rule.otherwise else { return true }
        let start = violations.count
        let evaluation = try withKeyword(replacedBy: condition.isValid ? "then" : "else") { evaluator throws(EvaluationAbort) in
            try evaluator.evaluate(branch, instance, collecting: collecting)
        }
        if evaluation.isValid {
            annotations.merge(evaluation.annotations)
            return true
        }
        if collecting { addNote(ViolationMessage.conditional(matched: condition.isValid), toViolationsFrom: start) }
        return false
    }
}
