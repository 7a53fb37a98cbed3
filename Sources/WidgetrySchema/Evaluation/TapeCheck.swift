import WidgetryJSON

/// Decides whether a document is valid straight from its ``JSONTape``, without a tree: the fast
/// answer for the common case, a valid file.
///
/// It applies the same compiled program as ``Evaluator`` with the same semantics, short-cut as
/// the evaluator's deciding mode is (it stops at the first failing keyword), but keeps no paths
/// and gathers nothing. What it does not decide it leaves to the evaluator by throwing
/// ``Undecided``: `uniqueItems`, `unevaluatedItems` and `unevaluatedProperties`, and every
/// case where the evaluator stops with a ``SchemaError`` (a reference loop, the depth limit, a
/// pattern's backtracking budget). So a caller that gets `true` knows the evaluator finds no
/// violation; with `false` or `Undecided` it asks the evaluator for the violations.
struct TapeCheck {
    /// The check cannot decide; the evaluator must.
    struct Undecided: Error {}

    let program: SchemaProgram
    let tape: JSONTape
    private var depth = 0
    /// The schema resources entered, outermost first, for `$dynamicRef`.
    private var dynamicScope: [Int] = []
    private let stack = StackGuard()

    init(program: SchemaProgram, tape: JSONTape) {
        self.program = program
        self.tape = tape
    }

    /// Whether the value at `index` satisfies the node `id`.
    mutating func check(_ id: NodeID, _ index: JSONTape.Index) throws(Undecided) -> Bool {
        depth += 1
        let resource = program.nodes[id].resource
        let entersResource = dynamicScope.last != resource
        if entersResource { dynamicScope.append(resource) }
        defer {
            depth -= 1
            if entersResource { dynamicScope.removeLast() }
        }
        guard depth <= program.options.maxEvaluationDepth, stack.hasRoom() else { throw Undecided() }
        switch program.nodes[id].content {
        case .boolean(let accepts):
            return accepts
        case .keywords(let entries):
            for entry in entries where try !apply(entry.rule, index) {
                return false
            }
            return true
        }
    }

    private mutating func apply(_ rule: KeywordRule, _ index: JSONTape.Index) throws(Undecided) -> Bool {
        let kind = tape.kind(of: index)
        switch rule {
        case .type(let types): return admits(types, index)
        case .enumeration(let options): return options.contains { equal($0, index) }
        case .constant(let expected): return equal(expected, index)
        case .multipleOf(let divisor, _):
            switch tape.number(at: index) {
            case .integer(let integer)?: return DecimalNumber(integer).isMultiple(of: divisor)
            case .double(let double)?: return DecimalNumber(double).map { $0.isMultiple(of: divisor) } ?? true
            default: return true
            }
        case .bound(let bound): return passes(bound, index)
        case .minLength(let minimum): return !isString(kind) || scalarCount(index) >= minimum
        case .maxLength(let maximum): return !isString(kind) || scalarCount(index) <= maximum
        case .pattern(let pattern):
            guard isString(kind) else { return true }
            return try matches(pattern, tape.string(at: index))
        case .minItems(let minimum): return kind != .array || tape.count(of: index) >= minimum
        case .maxItems(let maximum): return kind != .array || tape.count(of: index) <= maximum
        case .minProperties(let minimum): return kind != .object || tape.count(of: index) >= minimum
        case .maxProperties(let maximum): return kind != .object || tape.count(of: index) <= maximum
        case .required(let names): return kind != .object || names.allSatisfy { tape.member($0, of: index) != nil }
        case .dependentRequired(let dependencies):
            guard kind == .object else { return true }
            return dependencies.allSatisfy { dependency in
                tape.member(dependency.property, of: index) == nil
                    || dependency.required.allSatisfy { tape.member($0, of: index) != nil }
            }
        case .contains(let rule): return try checkContains(rule, index)
        case .properties(let properties):
            return try everyMember(of: index) { check, key, value throws(Undecided) in
                guard let node = properties[check.tape.string(at: key)] else { return true }
                return try check.check(node, value)
            }
        case .patternProperties(let rules):
            return try everyMember(of: index) { check, key, value throws(Undecided) in
                let name = check.tape.string(at: key)
                for rule in rules where try check.matches(rule.pattern, name) {
                    guard try check.check(rule.node, value) else { return false }
                }
                return true
            }
        case .additionalProperties(let rule):
            let forbidden = program.nodes[rule.node].isFalse
            return try everyMember(of: index) { check, key, value throws(Undecided) in
                let name = check.tape.string(at: key)
                if rule.declared.contains(name) { return true }
                for pattern in rule.patterns where try check.matches(pattern, name) { return true }
                if forbidden { return false }
                return try check.check(rule.node, value)
            }
        case .propertyNames(let node):
            // A key entry reads as the string it names.
            return try everyMember(of: index) { check, key, _ throws(Undecided) in try check.check(node, key) }
        case .dependentSchemas(let dependents):
            guard kind == .object else { return true }
            for dependent in dependents where tape.member(dependent.property, of: index) != nil {
                guard try check(dependent.node, index) else { return false }
            }
            return true
        case .prefixItems(let nodes):
            guard kind == .array else { return true }
            var item = tape.firstChild(of: index)
            for node in nodes.prefix(tape.count(of: index)) {
                guard try check(node, item) else { return false }
                item = tape.after(item)
            }
            return true
        case .items(let node, let prefixCount):
            guard kind == .array else { return true }
            var item = tape.firstChild(of: index)
            for position in 0..<tape.count(of: index) {
                if position >= prefixCount {
                    guard try check(node, item) else { return false }
                }
                item = tape.after(item)
            }
            return true
        case .allOf(let branches):
            for branch in branches where try !check(branch, index) { return false }
            return true
        case .anyOf(let branches):
            for branch in branches where try check(branch, index) { return true }
            return false
        case .oneOf(let branches):
            var matched = 0
            for branch in branches where try check(branch, index) {
                matched += 1
                if matched > 1 { return false }
            }
            return matched == 1
        case .not(let node): return try !check(node, index)
        case .conditional(let rule):
            guard let branch = try check(rule.condition, index) ? rule.then : rule.otherwise else { return true }
            return try check(branch, index)
        case .reference(let target): return try check(target, index)
        case .dynamicReference(let rule):
            // The outermost resource in the dynamic scope that declares the anchor, as the evaluator resolves it.
            var target = rule.initial
            if let anchor = rule.anchor, let found = dynamicScope.lazy.compactMap({ [program] in program.resources[$0].dynamicAnchors[anchor] }).first {
                target = found
            }
            return try check(target, index)
        case .uniqueItems, .unevaluatedItems, .unevaluatedProperties:
            throw Undecided()
        }
    }

    // MARK: - Values

    private func isString(_ kind: JSONTape.Kind) -> Bool { kind == .string || kind == .key }

    private func admits(_ types: JSONTypeSet, _ index: JSONTape.Index) -> Bool {
        switch tape.kind(of: index) {
        case .null: return types.contains(.null)
        case .false, .true: return types.contains(.boolean)
        case .string, .key: return types.contains(.string)
        case .array: return types.contains(.array)
        case .object: return types.contains(.object)
        case .integer: return types.contains(.integer) || types.contains(.number)
        case .double:
            guard case .double(let number)? = tape.number(at: index) else { return false }
            return types.contains(.number) || (types.contains(.integer) && number.isFinite && number.rounded() == number)
        }
    }

    private func passes(_ bound: NumericBound, _ index: JSONTape.Index) -> Bool {
        let number: SchemaNumber
        switch tape.number(at: index) {
        case .integer(let integer)?: number = .integer(integer)
        case .double(let double)?: number = .double(double)
        default: return true
        }
        let order = SchemaNumber.compare(number, bound.limit)
        return switch bound.kind {
        case .minimum: order != .less
        case .exclusiveMinimum: order == .greater
        case .maximum: order != .greater
        case .exclusiveMaximum: order == .less
        }
    }

    /// The number of code points in the string at `index`.
    private func scalarCount(_ index: JSONTape.Index) -> Int {
        guard tape.stringIsVerbatim(at: index) else { return tape.string(at: index).unicodeScalars.count }
        // Every code point has exactly one byte that is not a continuation byte.
        return tape.bytes[tape.stringRange(at: index)].reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
    }

    /// Equality as ``SchemaEquality`` defines it, between a schema's value and the tape's.
    private func equal(_ expected: JSONValue, _ index: JSONTape.Index) -> Bool {
        let kind = tape.kind(of: index)
        switch expected.kind {
        case .null: return kind == .null
        case .bool(let value): return kind == (value ? .true : .false)
        case .string(let text): return isString(kind) && tape.string(at: index, hasScalarsOf: text)
        case .integer(let value): return equalNumber(.integer(value), index)
        case .double(let value): return equalNumber(.double(value), index)
        case .array(let elements):
            guard kind == .array, tape.count(of: index) == elements.count else { return false }
            var item = tape.firstChild(of: index)
            for element in elements {
                guard equal(element, item) else { return false }
                item = tape.after(item)
            }
            return true
        case .object(let object):
            guard kind == .object, tape.count(of: index) == object.count else { return false }
            var key = tape.firstChild(of: index)
            for _ in 0..<object.count {
                guard let value = object[tape.string(at: key)], equal(value, key + 1) else { return false }
                key = tape.after(key + 1)
            }
            return true
        }
    }

    private func equalNumber(_ expected: SchemaNumber, _ index: JSONTape.Index) -> Bool {
        switch tape.number(at: index) {
        case .integer(let integer)?: return SchemaNumber.compare(expected, .integer(integer)) == .equal
        case .double(let double)?: return SchemaNumber.compare(expected, .double(double)) == .equal
        default: return false
        }
    }

    // MARK: - Applicators

    /// Whether `body` holds for every member (key index, value index) of the object at `index`;
    /// true for anything but an object.
    private mutating func everyMember(
        of index: JSONTape.Index, _ body: (inout TapeCheck, JSONTape.Index, JSONTape.Index) throws(Undecided) -> Bool
    ) throws(Undecided) -> Bool {
        guard tape.kind(of: index) == .object else { return true }
        var key = tape.firstChild(of: index)
        for _ in 0..<tape.count(of: index) {
            guard try body(&self, key, key + 1) else { return false }
            key = tape.after(key + 1)
        }
        return true
    }

    private mutating func checkContains(_ rule: ContainsRule, _ index: JSONTape.Index) throws(Undecided) -> Bool {
        guard tape.kind(of: index) == .array else { return true }
        var matched = 0
        var item = tape.firstChild(of: index)
        for _ in 0..<tape.count(of: index) {
            if try check(rule.node, item) {
                matched += 1
                if matched >= rule.minimum, rule.maximum == nil { return true }
            }
            item = tape.after(item)
        }
        return matched >= rule.minimum && rule.maximum.map { matched <= $0 } ?? true
    }

    private func matches(_ pattern: SchemaPattern, _ text: String) throws(Undecided) -> Bool {
        do {
            return try pattern.matches(text, budget: program.options.patternBacktrackingBudget)
        } catch {
            throw Undecided()
        }
    }
}
