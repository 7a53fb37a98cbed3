/// One step of a compiled pattern (a Thompson NFA).
enum RegexInstruction: Sendable {
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
    private let asciiLow: UInt64
    private let asciiHigh: UInt64
    private let nonASCIIRanges: (first: ClosedRange<UInt32>, second: ClosedRange<UInt32>, isNegated: Bool)?

    init(_ scalarClass: RegexScalarClass) {
        var low: UInt64 = 0
        var high: UInt64 = 0
        for value in UInt32(0)..<128 where scalarClass.contains(value) {
            if value < 64 { low |= 1 << UInt64(value) } else { high |= 1 << UInt64(value - 64) }
        }
        asciiLow = low
        asciiHigh = high
        let ranges = scalarClass.ranges.ranges.filter { $0.upperBound >= 0x80 }.map { max($0.lowerBound, 0x80)...$0.upperBound }
        if scalarClass.properties.isEmpty, scalarClass.negatedMembers.isEmpty, ranges.count <= 2 {
            let none: ClosedRange<UInt32> = 0...0  // holds no non-ASCII scalar
            nonASCIIRanges = (ranges.first ?? none, ranges.count == 2 ? ranges[1] : none, scalarClass.isNegated)
        } else {
            nonASCIIRanges = nil
        }
    }

    /// Whether the ASCII scalar `value` (below 128) belongs to the class.
    @inline(__always)
    func containsASCII(_ value: UInt32) -> Bool {
        value < 64 ? asciiLow & (1 << UInt64(value)) != 0 : asciiHigh & (1 << UInt64(value &- 64)) != 0
    }

    /// Whether the non-ASCII scalar `value` belongs to the class, or nil when only the class can tell.
    @inline(__always)
    func containsNonASCII(_ value: UInt32) -> Bool? {
        guard let nonASCIIRanges else { return nil }
        return (nonASCIIRanges.first.contains(value) || nonASCIIRanges.second.contains(value)) != nonASCIIRanges.isNegated
    }
}

/// A compiled pattern: instructions starting at index 0, and the scalar classes they consume.
struct RegexProgram: Sendable {
    let instructions: [RegexInstruction]
    /// The ASCII bitmaps of `scalarClasses`, index for index.
    let scalarTests: [RegexScalarTest]
    let scalarClasses: [RegexScalarClass]
    /// The assertions that occur in the program.
    let assertions: Set<RegexAssertion>
    /// What the assertions in the program need to know about the scalar before a position.
    let trackedContext: RegexPrecedingContext
    /// Whether `$` or `\Z` occurs, which look for a line terminator that ends the subject.
    let usesFinalLineTerminator: Bool

    init(instructions: [RegexInstruction], scalarClasses: [RegexScalarClass]) {
        self.instructions = instructions
        self.scalarClasses = scalarClasses
        scalarTests = scalarClasses.map(RegexScalarTest.init)
        var assertions: Set<RegexAssertion> = []
        for case .assert(let assertion) in instructions { assertions.insert(assertion) }
        var tracked: RegexPrecedingContext = []
        if assertions.contains(.startOfLine) { tracked.insert(.lineTerminator) }
        if assertions.contains(.endOfLine) { tracked.insert(.carriageReturn) }
        if assertions.contains(.wordBoundary) || assertions.contains(.notWordBoundary) { tracked.insert(.wordScalar) }
        self.assertions = assertions
        trackedContext = tracked
        usesFinalLineTerminator = assertions.contains(.endOfInputOrBeforeFinalLineTerminator)
    }

    /// Whether `value` belongs to scalar class `index`.
    @inline(__always)
    func scalarClass(_ index: Int, contains value: UInt32) -> Bool {
        if value < 128 { return scalarTests[index].containsASCII(value) }
        if let isMember = scalarTests[index].containsNonASCII(value) { return isMember }
        return scalarClasses.withUnsafeBufferPointer { $0[index].contains(value) }
    }
}
