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
    private let lowered: TapeProgram
    /// The tape's bytes and the lowered program's name bytes, alive for the check's duration.
    private let bytes: UnsafeBufferPointer<UInt8>
    private let pool: UnsafeBufferPointer<UInt8>
    private var depth = 0
    /// The schema resources entered, outermost first, for `$dynamicRef`.
    private var dynamicScope: [Int] = []
    private let stack = StackGuard()

    /// Whether the document on `tape` satisfies the node `root` of `program`.
    static func check(_ program: SchemaProgram, root: NodeID, on tape: JSONTape) throws(Undecided) -> Bool {
        try tape.bytes.withUnsafeBufferPointer { bytes throws(Undecided) in
            try program.tape.pool.withUnsafeBufferPointer { pool throws(Undecided) in
                var check = TapeCheck(program: program, tape: tape, bytes: bytes, pool: pool)
                return try check.check(root, tape.root)
            }
        }
    }

    private init(program: SchemaProgram, tape: JSONTape, bytes: UnsafeBufferPointer<UInt8>, pool: UnsafeBufferPointer<UInt8>) {
        self.program = program
        self.tape = tape
        self.lowered = program.tape
        self.bytes = bytes
        self.pool = pool
    }

    /// Whether the value at `index` satisfies the node `id`.
    mutating func check(_ id: NodeID, _ index: JSONTape.Index) throws(Undecided) -> Bool {
        depth += 1
        let resource = lowered.nodeResources[id]
        let entersResource = lowered.usesDynamicScope && dynamicScope.last != resource
        if entersResource { dynamicScope.append(resource) }
        defer {
            depth -= 1
            if entersResource { dynamicScope.removeLast() }
        }
        guard depth <= program.options.maxEvaluationDepth, stack.hasRoom() else { throw Undecided() }
        switch lowered.nodes[id] {
        case .boolean(let accepts):
            return accepts
        case .operations(let operations):
            for operation in operations where try !apply(lowered.operations[operation], index) {
                return false
            }
            return true
        }
    }

    /// ``check(_:_:)``, with a node that only checks the type applied in place.
    @inline(__always)
    private mutating func checkChild(_ id: NodeID, _ index: JSONTape.Index) throws(Undecided) -> Bool {
        if let types = lowered.nodeTypes[id] { return admits(types, index) }
        return try check(id, index)
    }

    /// Applies one lowered operation; returns whether the value passed it.
    private mutating func apply(_ operation: TapeProgram.Operation, _ index: JSONTape.Index) throws(Undecided) -> Bool {
        let kind = tape.kind(of: index)
        switch operation {
        case .type(let types): return admits(types, index)
        case .bound(let bound, let limit): return passes(bound, limit, index)
        case .minLength(let minimum): return !isString(kind) || scalarCount(index) >= minimum
        case .maxLength(let maximum): return !isString(kind) || scalarCount(index) <= maximum
        case .minItems(let minimum): return kind != .array || tape.count(of: index) >= minimum
        case .maxItems(let maximum): return kind != .array || tape.count(of: index) <= maximum
        case .minProperties(let minimum): return kind != .object || tape.count(of: index) >= minimum
        case .maxProperties(let maximum): return kind != .object || tape.count(of: index) <= maximum
        case .stringEnumeration(let names):
            // Loops rather than closures here and below: a closure would copy the check.
            guard isString(kind) else { return false }
            for name in names where stringEquals(index, lowered.names[name]) { return true }
            return false
        case .required(let names):
            guard kind == .object else { return true }
            for name in names where tape.member(lowered.requiredNames[name], of: index) == nil { return false }
            return true
        case .members(let table, let patternRules, let additional, let forbidden):
            guard kind == .object else { return true }
            var key = tape.firstChild(of: index)
            for _ in 0..<tape.count(of: index) {
                var covered = false
                if let table, let node = lookUp(key, in: table) {
                    covered = true
                    guard try checkChild(node, key + 1) else { return false }
                }
                for rule in patternRules {
                    let (pattern, node) = lowered.patternRules[rule]
                    guard try matches(pattern, key) else { continue }
                    covered = true
                    guard try checkChild(node, key + 1) else { return false }
                }
                if !covered, let additional {
                    if forbidden { return false }
                    guard try checkChild(additional, key + 1) else { return false }
                }
                key = tape.after(key + 1)
            }
            return true
        case .items(let node, let prefixCount):
            guard kind == .array else { return true }
            var item = tape.firstChild(of: index)
            for position in 0..<tape.count(of: index) {
                if position >= prefixCount {
                    guard try checkChild(node, item) else { return false }
                }
                item = tape.after(item)
            }
            return true
        case .reference(let target): return try checkChild(target, index)
        case .allOf(let branches):
            for branch in branches where try !check(lowered.nodeLists[branch], index) { return false }
            return true
        case .anyOf(let branches):
            for branch in branches where try check(lowered.nodeLists[branch], index) { return true }
            return false
        case .oneOf(let branches):
            var matched = 0
            for branch in branches where try check(lowered.nodeLists[branch], index) {
                matched += 1
                if matched > 1 { return false }
            }
            return matched == 1
        case .general(let node, let entry):
            guard case .keywords(let entries) = program.nodes[node].content else { return true }
            return try apply(entries[entry].rule, index)
        }
    }

    /// Applies a keyword through its rule: the keywords that have no operation of their own
    /// (``TapeProgram`` lowers every other one).
    private mutating func apply(_ rule: KeywordRule, _ index: JSONTape.Index) throws(Undecided) -> Bool {
        let kind = tape.kind(of: index)
        switch rule {
        case .enumeration(let options):
            for option in options where equal(option, index) { return true }
            return false
        case .constant(let expected): return equal(expected, index)
        case .multipleOf(let divisor, _):
            switch tape.number(at: index) {
            case .integer(let integer)?: return DecimalNumber(integer).isMultiple(of: divisor)
            case .double(let double)?: return DecimalNumber(double).map { $0.isMultiple(of: divisor) } ?? true
            default: return true
            }
        case .pattern(let pattern):
            guard isString(kind) else { return true }
            return try matches(pattern, tape.string(at: index))
        case .dependentRequired(let dependencies):
            guard kind == .object else { return true }
            for dependency in dependencies where tape.member(dependency.property, of: index) != nil {
                for name in dependency.required where tape.member(name, of: index) == nil { return false }
            }
            return true
        case .contains(let rule): return try checkContains(rule, index)
        case .propertyNames(let node):
            guard kind == .object else { return true }
            // A key entry reads as the string it names.
            var key = tape.firstChild(of: index)
            for _ in 0..<tape.count(of: index) {
                guard try check(node, key) else { return false }
                key = tape.after(key + 1)
            }
            return true
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
        case .not(let node): return try !check(node, index)
        case .conditional(let rule):
            guard let branch = try check(rule.condition, index) ? rule.then : rule.otherwise else { return true }
            return try check(branch, index)
        case .dynamicReference(let rule):
            // The outermost resource in the dynamic scope that declares the anchor, as the evaluator resolves it.
            var target = rule.initial
            if let anchor = rule.anchor, let found = dynamicScope.lazy.compactMap({ [program] in program.resources[$0].dynamicAnchors[anchor] }).first {
                target = found
            }
            return try check(target, index)
        case .uniqueItems, .unevaluatedItems, .unevaluatedProperties:
            throw Undecided()
        default:
            // Lowered to an operation of its own; never applied here.
            throw Undecided()
        }
    }

    // MARK: - Names on the tape

    /// Whether the key or string at `index` has the code points of `name`.
    private func stringEquals(_ index: JSONTape.Index, _ name: TapeProgram.Name) -> Bool {
        guard tape.stringIsVerbatim(at: index) else {
            return tape.string(at: index).utf8.elementsEqual(UnsafeBufferPointer(rebasing: pool[name.start..<name.start + name.count]))
        }
        let range = tape.stringRange(at: index)
        return range.count == name.count && bytesEqual(range.lowerBound, name.start, count: name.count)
    }

    /// The subschema `table` gives the member whose key is at `key`: by bytes, searching the
    /// sorted names, for plain keys of an ASCII table; as strings otherwise.
    private func lookUp(_ key: JSONTape.Index, in table: Int) -> NodeID? {
        guard lowered.tableIsASCII[table], tape.stringIsPlain(at: key) else {
            return lowered.tableStrings[table][tape.string(at: key)]
        }
        let range = tape.stringRange(at: key)
        let word = TapeProgram.leadingWord(bytes.baseAddress.map { UnsafeRawPointer($0 + range.lowerBound) }, count: range.count)
        var lower = lowered.tables[table].lowerBound, upper = lowered.tables[table].upperBound
        while lower < upper {
            let middle = (lower + upper) / 2
            let nameWord = lowered.tableWords[middle]
            if word != nameWord {
                if word < nameWord { upper = middle } else { lower = middle + 1 }
                continue
            }
            // The same first eight bytes: the rest decides.
            let name = lowered.tableNames[middle]
            let order = range.count <= 8 && name.count <= 8
                ? range.count - name.count
                : compareBytes(range.lowerBound + 8, range.count - 8, name.start + 8, name.count - 8)
            if order == 0 { return lowered.tableNodes[middle] }
            if order < 0 { upper = middle } else { lower = middle + 1 }
        }
        return nil
    }

    /// Whether the property-name pattern `pattern` matches the key at `key`: on bytes for an
    /// ASCII literal and a key without escapes (ASCII bytes stand only for themselves in UTF-8),
    /// through the pattern otherwise.
    private func matches(_ pattern: Int, _ key: JSONTape.Index) throws(Undecided) -> Bool {
        guard let literal = lowered.literals[pattern], tape.stringIsVerbatim(at: key) else {
            return try matches(lowered.patterns[pattern], tape.string(at: key))
        }
        let range = tape.stringRange(at: key)
        let count = literal.text.count
        guard count <= range.count else { return false }
        switch (literal.anchoredAtStart, literal.anchoredAtEnd) {
        case (true, true): return count == range.count && bytesEqual(range.lowerBound, literal.text.start, count: count)
        case (true, false): return bytesEqual(range.lowerBound, literal.text.start, count: count)
        case (false, true): return bytesEqual(range.upperBound - count, literal.text.start, count: count)
        case (false, false):
            for start in range.lowerBound...(range.upperBound - count) where bytesEqual(start, literal.text.start, count: count) {
                return true
            }
            return false
        }
    }

    /// Whether `count` bytes of the tape at `offset` equal `count` bytes of the pool at `name`.
    @inline(__always)
    private func bytesEqual(_ offset: Int, _ name: Int, count: Int) -> Bool {
        count == 0 || JSONStreamReader.bytesEqual(bytes.baseAddress! + offset, pool.baseAddress! + name, count: count)
    }

    /// The byte order of tape bytes `offset..<offset + count` and pool bytes `name..<name + nameCount`:
    /// negative, zero or positive.
    @inline(__always)
    private func compareBytes(_ offset: Int, _ count: Int, _ name: Int, _ nameCount: Int) -> Int {
        let common = min(count, nameCount)
        var index = 0
        while index < common {
            let left = bytes[offset + index], right = pool[name + index]
            if left != right { return Int(left) - Int(right) }
            index += 1
        }
        return count - nameCount
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

    private func passes(_ bound: NumericBound.Kind, _ limit: SchemaNumber, _ index: JSONTape.Index) -> Bool {
        let number: SchemaNumber
        switch tape.number(at: index) {
        case .integer(let integer)?: number = .integer(integer)
        case .double(let double)?: number = .double(double)
        default: return true
        }
        let order = SchemaNumber.compare(number, limit)
        return switch bound {
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
