/// A DFA over ASCII bytes, explored breadth-first from the start state when the expression is
/// compiled, up to ``stateLimit`` states and a work budget, then immutable (and so shareable).
///
/// A state is a ``RegexThreadState``; its transition on a byte resolves the program's assertions
/// with that byte as the current scalar. A non-ASCII scalar, a transition left unexplored, or the
/// start of a final line terminator that `$` must see hands the match to the Pike VM, which
/// continues from the state's threads — so the answer never depends on how far exploration got.
/// After a non-ASCII scalar the Pike VM's threads often form a known state again, and matching
/// goes back to the DFA.
struct RegexAutomaton: Sendable {
    private static let dead: UInt16 = 0
    private static let unexplored: UInt16 = 1
    private static let start: UInt16 = 2
    private static let stateLimit = 1_000
    /// Closures times program size: a bound on the instructions visited while exploring.
    private static let workBudget = 2_000_000

    /// Row `state` holds the successor for each ASCII byte: `transitions[state << 7 | byte]`.
    private let transitions: [UInt16]
    private let acceptsAtEnd: [Bool]
    private let states: [RegexThreadState]
    private let stateIndices: [RegexThreadState: UInt16]

    init(program: RegexProgram) {
        var explorer = Explorer(program: program)
        explorer.explore()
        transitions = explorer.transitions
        acceptsAtEnd = explorer.acceptsAtEnd
        states = explorer.states
        stateIndices = explorer.stateIndices
    }

    func matchesWhole(_ text: UnsafeBufferPointer<UInt8>, program: RegexProgram) -> Bool {
        let finalLineTerminatorOffset = program.usesFinalLineTerminator ? RegexUTF8.finalLineTerminatorOffset(text) : nil
        let limit = finalLineTerminatorOffset ?? text.count
        guard let stop = runASCII(text, from: Int(Self.start), at: 0, upTo: limit) else { return false }
        if stop.offset == text.count { return acceptsAtEnd[stop.state] }
        var pikeVM = RegexPikeVM(program: program, finalLineTerminatorOffset: finalLineTerminatorOffset)
        pikeVM.load(states[stop.state])
        var offset = stop.offset
        while offset < text.count {
            let isNonASCII = text[offset] >= 0x80
            guard let length = pikeVM.step(over: text, at: offset) else { return false }
            offset += length
            if isNonASCII, offset < limit, text[offset] < 0x80, let known = stateIndices[pikeVM.state] {
                guard let resumed = runASCII(text, from: Int(known), at: offset, upTo: limit) else { return false }
                if resumed.offset == text.count { return acceptsAtEnd[resumed.state] }
                offset = resumed.offset
                pikeVM.load(states[resumed.state])
            }
        }
        return pikeVM.acceptsAtEnd()
    }

    /// Follows transitions from `state` at `offset` until `limit`, a non-ASCII byte or an
    /// unexplored transition; nil when the text cannot match.
    private func runASCII(
        _ text: UnsafeBufferPointer<UInt8>, from state: Int, at offset: Int, upTo limit: Int
    ) -> (state: Int, offset: Int)? {
        transitions.withUnsafeBufferPointer { table in
            var state = state
            var offset = offset
            while offset < limit {
                let byte = text[offset]
                guard byte < 0x80 else { break }
                let next = table[state &<< 7 | Int(byte)]
                guard next > Self.unexplored else {
                    if next == Self.dead { return nil }
                    break
                }
                state = Int(next)
                offset += 1
            }
            return (state, offset)
        }
    }

    /// Builds the states and transitions.
    private struct Explorer {
        let program: RegexProgram
        /// Rows for the placeholder states `dead` and `unexplored` come first.
        var transitions = [UInt16](repeating: RegexAutomaton.dead, count: 2 << 7)
        var acceptsAtEnd = [false, false]
        var states = [RegexThreadState](repeating: RegexThreadState(threads: [], preceding: []), count: 2)
        var stateIndices: [RegexThreadState: UInt16] = [:]
        var work = 0

        init(program: RegexProgram) {
            self.program = program
        }

        mutating func explore() {
            let programSize = program.instructions.count
            let scratch = UnsafeMutablePointer<Int>.allocate(capacity: RegexClosure.scratchCount(programSize: programSize))
            defer { scratch.deallocate() }
            var closure = RegexClosure(instructions: program.instructions, scratch: scratch)
            _ = add(RegexThreadState(threads: [0], preceding: .atStart), closure: &closure)
            let byteClasses = equivalentByteClasses()
            var next = Int(RegexAutomaton.start)
            while next < states.count, work < RegexAutomaton.workBudget {
                for byteClass in byteClasses {
                    let target = successor(of: next, on: byteClass[0], closure: &closure)
                    for byte in byteClass { transitions[next << 7 | Int(byte)] = target }
                }
                next += 1
            }
        }

        private mutating func successor(of state: Int, on byte: UInt8, closure: inout RegexClosure) -> UInt16 {
            let scalar = UInt32(byte)
            let source = states[state]
            let position = RegexPosition(preceding: source.preceding, current: scalar, isBeforeFinalLineTerminator: false)
            source.threads.withUnsafeBufferPointer { closure.compute(from: $0, at: position) }
            work += program.instructions.count
            var targets: [Int] = []
            for pc in closure.consumers {
                if case .consume(let scalarClass) = program.instructions[pc], program.scalarClass(scalarClass, contains: scalar) {
                    targets.append(pc + 1)
                }
            }
            guard !targets.isEmpty else { return RegexAutomaton.dead }
            let preceding = source.preceding.advanced(past: scalar, tracking: program.trackedContext)
            return add(RegexThreadState(threads: targets.sorted(), preceding: preceding), closure: &closure)
        }

        /// The index of `state`, adding it (with an unexplored row) when it is new; `unexplored`
        /// once the state limit is reached.
        private mutating func add(_ state: RegexThreadState, closure: inout RegexClosure) -> UInt16 {
            if let index = stateIndices[state] { return index }
            guard states.count < RegexAutomaton.stateLimit + 2 else { return RegexAutomaton.unexplored }
            let index = UInt16(states.count)
            let end = RegexPosition(preceding: state.preceding, current: RegexPosition.endOfText, isBeforeFinalLineTerminator: false)
            state.threads.withUnsafeBufferPointer { closure.compute(from: $0, at: end) }
            work += program.instructions.count
            acceptsAtEnd.append(closure.reachesMatch)
            states.append(state)
            transitions.append(contentsOf: repeatElement(RegexAutomaton.unexplored, count: 1 << 7))
            stateIndices[state] = index
            return index
        }

        /// ASCII bytes grouped so that every scalar class, and every scalar property the
        /// program's assertions look at, treats the bytes of a group alike; one representative
        /// per group is enough to explore a state.
        private func equivalentByteClasses() -> [[UInt8]] {
            var distinctions = program.scalarTests
            let assertions = program.assertions
            if !assertions.isDisjoint(with: [.startOfLine, .endOfLine, .notBeforeLineFeed]) {
                distinctions.append(RegexScalarTest(RegexScalarClass(ranges: RegexScalarTraits.lineTerminators)))
                distinctions.append(RegexScalarTest(RegexScalarClass(ranges: RegexScalarRanges([RegexScalarTraits.lineFeed]))))
                distinctions.append(RegexScalarTest(RegexScalarClass(ranges: RegexScalarRanges([RegexScalarTraits.carriageReturn]))))
            }
            if program.trackedContext.contains(.wordScalar) {
                distinctions.append(RegexScalarTest(RegexScalarClass(.word)))
            }
            // Refine one group into at most two per distinction, numbering groups as they appear.
            var groupOfByte = [Int](repeating: 0, count: 128)
            var groupCount = 1
            for distinction in distinctions {
                var renumbered = [Int](repeating: -1, count: 2 * groupCount)
                var nextCount = 0
                for value in 0..<128 {
                    let key = 2 * groupOfByte[value] + (distinction.containsASCII(UInt32(value)) ? 1 : 0)
                    if renumbered[key] < 0 {
                        renumbered[key] = nextCount
                        nextCount += 1
                    }
                    groupOfByte[value] = renumbered[key]
                }
                groupCount = nextCount
            }
            var groups = [[UInt8]](repeating: [], count: groupCount)
            for value in 0..<128 { groups[groupOfByte[value]].append(UInt8(value)) }
            return groups
        }
    }
}
