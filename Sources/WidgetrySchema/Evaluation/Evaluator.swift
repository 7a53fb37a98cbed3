import WidgetryJSON

/// Applies a compiled schema to a value and gathers the violations.
///
/// Evaluation recurses through the schema and the value together. It keeps the path into the
/// value, the path of keywords followed and the dynamic scope (the schema resources entered)
/// on stacks, so nothing is allocated per step except where a violation is recorded.
///
/// Each evaluation either collects violations (to report them) or only decides validity (for
/// `not`, `if`, `contains`, and callers that just ask whether a value is valid), in which case
/// it stops at the first failing keyword. Either way it returns the annotations `unevaluated*`
/// keywords need; a failing schema returns none.
struct Evaluator {
    let program: SchemaProgram
    private(set) var violations: [PendingViolation] = []
    private var instanceTokens: [JSONPointer.Token] = []
    private var instancePositions: [Int] = []
    private var keywordTokens: [String] = []
    private var dynamicScope: [Int] = []
    private var activeReferences: Set<ActiveReference> = []
    private var depth = 0
    private let stack = StackGuard()

    /// A schema entered through a reference, with the depth of the value it is applied to. The
    /// value at a given depth of the current path is always the same one, so meeting the same
    /// pair again before leaving it means the references loop without reading any data.
    private struct ActiveReference: Hashable {
        var node: NodeID
        var instanceDepth: Int
    }

    init(program: SchemaProgram) {
        self.program = program
    }

    var tracksAnnotations: Bool { program.tracksAnnotations }

    // MARK: - Schemas

    /// Applies the node `id` to `instance`.
    ///
    /// This and the functions it calls recurse once per subschema and value level, so they keep
    /// their frames small: nodes are read in place, sites are indices, and the error thrown is
    /// a reference (``EvaluationAbort``).
    mutating func evaluate(_ id: NodeID, _ instance: JSONValue, collecting: Bool) throws(EvaluationAbort) -> Evaluation {
        depth += 1
        guard depth <= program.options.maxEvaluationDepth, stack.hasRoom() else { throw depthLimitExceeded(at: id) }
        let resource = program.nodes[id].resource
        let entersResource = dynamicScope.last != resource
        if entersResource { dynamicScope.append(resource) }
        defer {
            depth -= 1
            if entersResource { dynamicScope.removeLast() }
        }
        switch program.nodes[id].content {
        case .boolean(let accepts):
            if !accepts, collecting { reportFalseSchema(at: id, instance) }
            return Evaluation(isValid: accepts)
        case .keywords(let entries):
            var evaluation = Evaluation(isValid: true)
            for entry in entries {
                keywordTokens.append(entry.name)
                let passed = try apply(entry.rule, at: KeywordSite(node: id, keyword: entry.name), to: instance,
                                       collecting: collecting, annotations: &evaluation.annotations)
                keywordTokens.removeLast()
                if !passed {
                    evaluation.isValid = false
                    if !collecting { break }
                }
            }
            if !evaluation.isValid { evaluation.annotations = Annotations() }
            return evaluation
        }
    }

    /// Applies a keyword's rule; returns whether the value passed it.
    private mutating func apply(
        _ rule: KeywordRule, at site: KeywordSite, to instance: JSONValue, collecting: Bool, annotations: inout Annotations
    ) throws(EvaluationAbort) -> Bool {
        switch rule {
        case .type(let types): return checkType(types, site, instance, collecting)
        case .enumeration(let options): return checkEnumeration(options, site, instance, collecting)
        case .constant(let expected): return checkConstant(expected, site, instance, collecting)
        case .multipleOf(let divisor, let written): return checkMultipleOf(divisor, written: written, site, instance, collecting)
        case .bound(let bound): return checkBound(bound, site, instance, collecting)
        case .minLength(let minimum): return checkLength(minimum: minimum, maximum: nil, site, instance, collecting)
        case .maxLength(let maximum): return checkLength(minimum: nil, maximum: maximum, site, instance, collecting)
        case .pattern(let pattern): return try checkPattern(pattern, site, instance, collecting)
        case .minItems(let minimum): return checkItemCount(minimum: minimum, maximum: nil, site, instance, collecting)
        case .maxItems(let maximum): return checkItemCount(minimum: nil, maximum: maximum, site, instance, collecting)
        case .uniqueItems: return checkUniqueItems(site, instance, collecting)
        case .contains(let rule): return try applyContains(rule, site, instance, collecting, &annotations)
        case .minProperties(let minimum): return checkPropertyCount(minimum: minimum, maximum: nil, site, instance, collecting)
        case .maxProperties(let maximum): return checkPropertyCount(minimum: nil, maximum: maximum, site, instance, collecting)
        case .required(let names): return checkRequired(names, site, instance, collecting)
        case .dependentRequired(let dependencies): return checkDependentRequired(dependencies, site, instance, collecting)
        case .properties(let properties): return try applyProperties(properties, instance, collecting, &annotations)
        case .patternProperties(let rules): return try applyPatternProperties(rules, site, instance, collecting, &annotations)
        case .additionalProperties(let rule): return try applyAdditionalProperties(rule, site, instance, collecting, &annotations)
        case .propertyNames(let node): return try applyPropertyNames(node, site, instance, collecting)
        case .dependentSchemas(let dependents): return try applyDependentSchemas(dependents, instance, collecting, &annotations)
        case .prefixItems(let nodes): return try applyPrefixItems(nodes, instance, collecting, &annotations)
        case .items(let node, let prefixCount): return try applyItems(node, prefixCount: prefixCount, site, instance, collecting, &annotations)
        case .allOf(let branches): return try applyAllOf(branches, instance, collecting, &annotations)
        case .anyOf(let branches): return try applyAlternatives(branches, exactlyOne: false, site, instance, collecting, &annotations)
        case .oneOf(let branches): return try applyAlternatives(branches, exactlyOne: true, site, instance, collecting, &annotations)
        case .not(let node): return try applyNot(node, site, instance, collecting)
        case .conditional(let rule): return try applyConditional(rule, instance, collecting, &annotations)
        case .reference(let target): return try applyReference(target, instance, collecting, &annotations)
        case .dynamicReference(let rule): return try applyReference(resolve(rule), instance, collecting, &annotations)
        case .unevaluatedItems(let node): return try applyUnevaluatedItems(node, site, instance, collecting, &annotations)
        case .unevaluatedProperties(let rule): return try applyUnevaluatedProperties(rule, site, instance, collecting, &annotations)
        }
    }

    // MARK: - References and scope

    /// Applies the target of a `$ref` or `$dynamicRef`, guarding against reference cycles.
    mutating func applyReference(
        _ target: NodeID, _ instance: JSONValue, _ collecting: Bool, _ annotations: inout Annotations
    ) throws(EvaluationAbort) -> Bool {
        let active = ActiveReference(node: target, instanceDepth: instanceTokens.count)
        guard activeReferences.insert(active).inserted else { throw referenceCycle(at: target) }
        let evaluation = try evaluate(target, instance, collecting: collecting)
        activeReferences.remove(active)
        if evaluation.isValid { annotations.merge(evaluation.annotations) }
        return evaluation.isValid
    }

    /// The node a `$dynamicRef` lands on: the outermost resource in the dynamic scope that
    /// declares the anchor, or the static target.
    private func resolve(_ rule: DynamicReferenceRule) -> NodeID {
        guard let anchor = rule.anchor else { return rule.initial }
        for resource in dynamicScope {
            if let target = program.resources[resource].dynamicAnchors[anchor] { return target }
        }
        return rule.initial
    }

    // MARK: - Descending into the value

    /// Applies `node` to the member `key` (at `position`) of the current object.
    mutating func evaluate(
        _ node: NodeID, member value: JSONValue, key: String, position: Int, collecting: Bool
    ) throws(EvaluationAbort) -> Evaluation {
        instanceTokens.append(.key(key))
        instancePositions.append(position)
        let evaluation = try evaluate(node, value, collecting: collecting)
        instanceTokens.removeLast()
        instancePositions.removeLast()
        return evaluation
    }

    /// Applies `node` to the item at `index` of the current array.
    mutating func evaluate(_ node: NodeID, item value: JSONValue, index: Int, collecting: Bool) throws(EvaluationAbort) -> Evaluation {
        instanceTokens.append(.index(index))
        instancePositions.append(index)
        let evaluation = try evaluate(node, value, collecting: collecting)
        instanceTokens.removeLast()
        instancePositions.removeLast()
        return evaluation
    }

    /// Runs `body` with `token` added to the keyword path (a property name under `properties`,
    /// an index under `allOf`).
    mutating func withKeywordStep<Result>(
        _ token: String, _ body: (inout Evaluator) throws(EvaluationAbort) -> Result
    ) throws(EvaluationAbort) -> Result {
        keywordTokens.append(token)
        let result = try body(&self)
        keywordTokens.removeLast()
        return result
    }

    /// Runs `body` with the last keyword of the path replaced by `keyword` (`then` and `else`
    /// are compiled with their `if`, but are steps of their own in keyword locations).
    mutating func withKeyword<Result>(
        replacedBy keyword: String, _ body: (inout Evaluator) throws(EvaluationAbort) -> Result
    ) throws(EvaluationAbort) -> Result {
        let replaced = keywordTokens.removeLast()
        keywordTokens.append(keyword)
        let result = try body(&self)
        keywordTokens.removeLast()
        keywordTokens.append(replaced)
        return result
    }

    /// Runs `body` with the member `key` (at `position`) as the current value's place, for
    /// violations about a member that are not found by applying a schema to it.
    mutating func atMember<Result>(_ key: String, position: Int, _ body: (inout Evaluator) -> Result) -> Result {
        instanceTokens.append(.key(key))
        instancePositions.append(position)
        let result = body(&self)
        instanceTokens.removeLast()
        instancePositions.removeLast()
        return result
    }

    /// Runs `body` with the item at `index` as the current value's place.
    mutating func atItem<Result>(_ index: Int, _ body: (inout Evaluator) -> Result) -> Result {
        instanceTokens.append(.index(index))
        instancePositions.append(index)
        let result = body(&self)
        instanceTokens.removeLast()
        instancePositions.removeLast()
        return result
    }

    /// How many instance steps deep the current value is.
    var instanceDepth: Int { instanceTokens.count }

    // MARK: - Violations

    /// Records a violation at the current value, `instance`. A violation about a member as a
    /// whole (one that is not allowed, say) passes the member's `keyLocation`, to be placed at
    /// the key rather than at the value.
    mutating func report(
        _ code: SchemaViolation.Code, _ message: String, site: KeywordSite, instance: JSONValue,
        keyLocation: SourceLocation? = nil, hint: String? = nil, notes: [String] = [], expected: PendingViolation.Expectation? = nil
    ) {
        violations.append(PendingViolation(
            code: code, message: message, hint: hint, notes: notes, location: keyLocation ?? instance.location, expected: expected,
            instanceTokens: instanceTokens, instancePositions: instancePositions, keywordTokens: keywordTokens,
            absoluteKeywordLocation: absoluteLocation(of: site)))
    }

    /// The keyword's own place: its schema's absolute location and the keyword's name.
    private func absoluteLocation(of site: KeywordSite) -> String {
        let node = program.nodes[site.node].absoluteLocation
        guard let keyword = site.keyword else { return node }
        return node + JSONPointer([.key(keyword)]).description
    }

    /// Records a violation at the value another violation is about (a member the current value
    /// holds), with the current keyword path.
    mutating func report(
        _ code: SchemaViolation.Code, _ message: String, site: KeywordSite, at place: PendingViolation, note: String,
        hint: String?, expected: PendingViolation.Expectation?
    ) {
        var violation = place
        violation.code = code
        violation.message = message
        violation.hint = hint
        violation.notes = [note]
        violation.expected = expected
        violation.keywordTokens = keywordTokens
        violation.absoluteKeywordLocation = absoluteLocation(of: site)
        violations.append(violation)
    }

    /// Removes and returns the violations recorded since `start`.
    mutating func takeViolations(from start: Int) -> [PendingViolation] {
        let taken = Array(violations[start...])
        violations.removeSubrange(start...)
        return taken
    }

    /// Adds violations taken earlier back, with `note` in front of their notes.
    mutating func restore(_ taken: [PendingViolation], note: String) {
        for var violation in taken {
            violation.notes.insert(note, at: 0)
            violations.append(violation)
        }
    }

    /// Adds `note` in front of the notes of the violations recorded since `start`.
    mutating func addNote(_ note: String, toViolationsFrom start: Int) {
        for index in violations.indices where index >= start {
            violations[index].notes.insert(note, at: 0)
        }
    }

    /// Rewrites the messages of the violations recorded since `start`.
    mutating func rewordViolations(from start: Int, _ reword: (String) -> String) {
        for index in violations.indices where index >= start {
            violations[index].message = reword(violations[index].message)
        }
    }

    /// What a `false` schema stands for where it was met, for its message.
    private var falseSchemaContext: ViolationMessage.FalseSchemaContext {
        let keyword = keywordTokens.count >= 2 ? keywordTokens[keywordTokens.count - 2] : keywordTokens.last
        switch (keyword, instanceTokens.last) {
        case ("properties"?, .key(let name)?), ("patternProperties"?, .key(let name)?): return .property(name)
        case ("prefixItems"?, .index(let index)?): return .item(index)
        default: return .value
        }
    }

    // MARK: - Failures

    /// Records the violation of a `false` schema, in words that fit where it was met.
    private mutating func reportFalseSchema(at node: NodeID, _ instance: JSONValue) {
        report(.falseSchema, ViolationMessage.falseSchema(context: falseSchemaContext), site: KeywordSite(node: node, keyword: nil),
               instance: instance)
    }

    private func abort(_ code: SchemaError.Code, _ message: String, at node: NodeID, hint: String) -> EvaluationAbort {
        let node = program.nodes[node]
        return EvaluationAbort(SchemaError(
            code, message, file: node.source.file, location: node.source.location, pointer: node.source.pointer,
            schemaLocation: node.absoluteLocation, hint: hint))
    }

    private func depthLimitExceeded(at node: NodeID) -> EvaluationAbort {
        guard depth > program.options.maxEvaluationDepth else {
            return abort(.depthLimitExceeded, "evaluation nested \(depth) schemas deep, more than the thread's stack allows", at: node,
                         hint: "validate on a thread with a larger stack, or make the data less deeply nested")
        }
        return abort(.depthLimitExceeded, "evaluation nested more than \(program.options.maxEvaluationDepth) schemas deep", at: node,
                     hint: "raise SchemaOptions.maxEvaluationDepth if the data is trusted and this deep")
    }

    private func referenceCycle(at target: NodeID) -> EvaluationAbort {
        abort(.referenceCycle,
              "references loop back to \(program.nodes[target].absoluteLocation) without descending into the data"
                + " (at \(JSONPointer(instanceTokens)))",
              at: target, hint: "a schema must not refer to itself, directly or through other references, for the same value")
    }

    /// An error for a pattern that needed more backtracking than allowed.
    func patternTooComplex(_ pattern: SchemaPattern, at site: KeywordSite) -> EvaluationAbort {
        abort(.patternTooComplex,
              "the pattern \(Wording.quote(pattern.source)) needed more than \(program.options.patternBacktrackingBudget)"
                + " backtracking steps on the value at \(JSONPointer(instanceTokens))",
              at: site.node,
              hint: "simplify the pattern (avoid nested quantifiers and backreferences), or raise SchemaOptions.patternBacktrackingBudget")
    }
}
