import WidgetryJSON

/// The keywords that apply to arrays: item counts, uniqueness, `contains`, and the subschemas
/// for items by position and for the rest.
extension Evaluator {
    /// Arrays longer than this are checked for duplicates through a hash of each item's
    /// canonical form rather than by comparing every pair.
    private static let pairwiseUniquenessLimit = 16

    mutating func checkItemCount(minimum: Int?, maximum: Int?, _ site: KeywordSite, _ instance: JSONValue, _ collecting: Bool) -> Bool {
        guard let items = instance.arrayValue else { return true }
        if let minimum, items.count < minimum {
            if collecting {
                report(.minItems, ViolationMessage.itemCount(atLeast: true, limit: minimum, found: items.count), site: site, instance: instance)
            }
            return false
        }
        if let maximum, items.count > maximum {
            if collecting {
                report(.maxItems, ViolationMessage.itemCount(atLeast: false, limit: maximum, found: items.count), site: site, instance: instance)
            }
            return false
        }
        return true
    }

    mutating func checkUniqueItems(_ site: KeywordSite, _ instance: JSONValue, _ collecting: Bool) -> Bool {
        guard let items = instance.arrayValue else { return true }
        var passed = true
        for (index, first) in Self.duplicates(in: items) {
            passed = false
            guard collecting else { break }
            atItem(index) { evaluator in
                evaluator.report(.uniqueItems, ViolationMessage.duplicateItem(index, sameAs: first), site: site, instance: items[index])
            }
        }
        return passed
    }

    /// Each item equal to an earlier one, with the index of the first item it equals.
    private static func duplicates(in items: [JSONValue]) -> [(index: Int, first: Int)] {
        var result: [(index: Int, first: Int)] = []
        if items.count <= pairwiseUniquenessLimit {
            for index in items.indices {
                if let first = items[..<index].firstIndex(where: { SchemaEquality.equal($0, items[index]) }) {
                    result.append((index, first))
                }
            }
            return result
        }
        var firstIndex: [[UInt8]: Int] = [:]
        for (index, item) in items.enumerated() {
            let key = SchemaEquality.canonicalKey(item)
            if let first = firstIndex[key] {
                result.append((index, first))
            } else {
                firstIndex[key] = index
            }
        }
        return result
    }

    mutating func applyContains(
        _ rule: ContainsRule, _ site: KeywordSite, _ instance: JSONValue, _ collecting: Bool, _ annotations: inout Annotations
    ) throws(EvaluationAbort) -> Bool {
        guard let items = instance.arrayValue else { return true }
        var matched = 0
        for (index, item) in items.enumerated() {
            let evaluation = try evaluate(rule.node, item: item, index: index, collecting: false)
            if evaluation.isValid {
                matched += 1
                annotations.items.insert(index)
                // Once decided, the rest matter only as annotations or against maxContains.
                if matched >= rule.minimum, rule.maximum == nil, !tracksAnnotations { break }
            }
        }
        if matched < rule.minimum {
            if collecting {
                let code: SchemaViolation.Code = rule.minimum == 1 ? .contains : .minContains
                report(code, ViolationMessage.contains(atLeast: true, limit: rule.minimum, found: matched), site: site, instance: instance)
            }
            return false
        }
        if let maximum = rule.maximum, matched > maximum {
            if collecting {
                report(.maxContains, ViolationMessage.contains(atLeast: false, limit: maximum, found: matched), site: site, instance: instance)
            }
            return false
        }
        return true
    }

    mutating func applyPrefixItems(
        _ nodes: [NodeID], _ instance: JSONValue, _ collecting: Bool, _ annotations: inout Annotations
    ) throws(EvaluationAbort) -> Bool {
        guard let items = instance.arrayValue else { return true }
        var passed = true
        for (index, item) in items.prefix(nodes.count).enumerated() {
            let evaluation = try withKeywordStep(String(index)) { evaluator throws(EvaluationAbort) in
                try evaluator.evaluate(nodes[index], item: item, index: index, collecting: collecting)
            }
            annotations.items.insert(index)
            if !evaluation.isValid {
                passed = false
                if !collecting { return false }
            }
        }
        return passed
    }

    mutating func applyItems(
        _ node: NodeID, prefixCount: Int, _ site: KeywordSite, _ instance: JSONValue, _ collecting: Bool, _ annotations: inout Annotations
    ) throws(EvaluationAbort) -> Bool {
        guard let items = instance.arrayValue, items.count > prefixCount else { return true }
        if program.nodes[node].isFalse {
            if collecting {
                for index in prefixCount..<items.count {
                    atItem(index) { evaluator in
                        evaluator.report(.additionalItem, ViolationMessage.additionalItem(index, allowed: prefixCount), site: site,
                                         instance: items[index])
                    }
                }
            }
            return false
        }
        var passed = true
        for index in prefixCount..<items.count {
            let evaluation = try evaluate(node, item: items[index], index: index, collecting: collecting)
            if !evaluation.isValid {
                passed = false
                if !collecting { return false }
            }
        }
        annotations.items.insert(prefixCount..<items.count)
        return passed
    }

    mutating func applyUnevaluatedItems(
        _ node: NodeID, _ site: KeywordSite, _ instance: JSONValue, _ collecting: Bool, _ annotations: inout Annotations
    ) throws(EvaluationAbort) -> Bool {
        guard let items = instance.arrayValue else { return true }
        var passed = true
        let forbidden = program.nodes[node].isFalse
        for (index, item) in items.enumerated() where !annotations.items.contains(index) {
            if forbidden {
                passed = false
                guard collecting else { return false }
                atItem(index) { evaluator in
                    evaluator.report(.unevaluatedItem, ViolationMessage.unevaluatedItem(index), site: site, instance: item)
                }
                continue
            }
            let evaluation = try evaluate(node, item: item, index: index, collecting: collecting)
            if evaluation.isValid {
                annotations.items.insert(index)
            } else {
                passed = false
                if !collecting { return false }
            }
        }
        return passed
    }
}
