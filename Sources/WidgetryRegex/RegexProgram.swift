/// One step of a compiled pattern (a Thompson NFA).
enum RegexInstruction: Sendable {
    /// Consumes this scalar, then goes on to the next instruction.
    case char(UInt32)
    /// Consumes one scalar of `program.scalarClasses[index]`, then goes on to the next instruction.
    case consume(Int)
    /// Continues at both targets.
    case split(Int, Int)
    case jump(Int)
    /// Continues at the next instruction when the assertion holds at the current position.
    case assert(RegexAssertion)
    /// The whole pattern has matched; it counts only at the end of the subject.
    case match
}

/// The parts of a compiled scalar class that can be tested without touching the class itself
/// (which holds arrays, and so costs reference counting to read): a bitmap for ASCII, and for
/// classes whose non-ASCII members are at most two ranges — literals, `.`, `[^a]` — those ranges.
struct RegexScalarTest: Sendable {
    private let ascii: RegexASCIIBitmap
    private let nonASCIIRanges: (first: ClosedRange<UInt32>, second: ClosedRange<UInt32>, isNegated: Bool)?

    init(_ scalarClass: RegexScalarClass) {
        ascii = scalarClass.asciiBitmap
        let none: ClosedRange<UInt32> = 0...0  // holds no non-ASCII scalar
        var found = (none, none)
        var count = 0
        for range in scalarClass.ranges.ranges where range.upperBound >= 0x80 {
            let nonASCII = max(range.lowerBound, 0x80)...range.upperBound
            if count == 0 { found.0 = nonASCII } else if count == 1 { found.1 = nonASCII }
            count += 1
        }
        if scalarClass.properties.isEmpty, scalarClass.negatedMembers.isEmpty, count <= 2 {
            nonASCIIRanges = (found.0, found.1, scalarClass.isNegated)
        } else {
            nonASCIIRanges = nil
        }
    }

    /// Whether the ASCII scalar `value` (below 128) belongs to the class.
    @inline(__always)
    func containsASCII(_ value: UInt32) -> Bool {
        ascii.contains(value)
    }

    /// Whether the non-ASCII scalar `value` belongs to the class, or nil when only the class can tell.
    @inline(__always)
    func containsNonASCII(_ value: UInt32) -> Bool? {
        guard let nonASCIIRanges else { return nil }
        return (nonASCIIRanges.first.contains(value) || nonASCIIRanges.second.contains(value)) != nonASCIIRanges.isNegated
    }
}

/// The scalar classes of a compiled pattern, with their fast membership tests.
struct RegexClassSet: Sendable {
    /// The fast membership tests of `classes`, index for index.
    let tests: [RegexScalarTest]
    let classes: [RegexScalarClass]

    init(_ classes: [RegexScalarClass]) {
        self.classes = classes
        tests = classes.withUnsafeBufferPointer { classes in
            [RegexScalarTest](unsafeUninitializedCapacity: classes.count) { tests, count in
                for index in classes.indices { tests.initializeElement(at: index, to: RegexScalarTest(classes[index])) }
                count = classes.count
            }
        }
    }

    /// Whether `value` belongs to class `index`.
    @inline(__always)
    func contains(_ index: Int, _ value: UInt32) -> Bool {
        if value < 128 { return tests[index].containsASCII(value) }
        if let isMember = tests[index].containsNonASCII(value) { return isMember }
        return classes.withUnsafeBufferPointer { $0[index].contains(value) }
    }
}

/// A compiled pattern: instructions starting at index 0, and the scalar classes they consume.
struct RegexProgram: Sendable {
    let instructions: [RegexInstruction]
    let classSet: RegexClassSet
    /// The assertions that occur in the program.
    let assertions: RegexAssertionSet
    /// What the assertions in the program need to know about the scalar before a position.
    let trackedContext: RegexPrecedingContext
    /// Whether `$` or `\Z` occurs, which look for a line terminator that ends the subject.
    var usesFinalLineTerminator: Bool { assertions.contains(RegexAssertion.endOfInputOrBeforeFinalLineTerminator.bit) }

    init(instructions: [RegexInstruction], scalarClasses: [RegexScalarClass], assertions: RegexAssertionSet) {
        self.instructions = instructions
        classSet = RegexClassSet(scalarClasses)
        self.assertions = assertions
        trackedContext = RegexPrecedingContext.tracked(by: assertions)
    }

    /// Whether the consuming instruction `instruction` accepts `value`; false for the others.
    @inline(__always)
    func consumes(_ instruction: RegexInstruction, _ value: UInt32) -> Bool {
        switch instruction {
        case .char(let expected): expected == value
        case .consume(let scalarClass): classSet.contains(scalarClass, value)
        default: false
        }
    }
}
