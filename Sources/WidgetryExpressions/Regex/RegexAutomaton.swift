/// A DFA over ASCII bytes, explored breadth-first from the start state when the expression is
/// compiled, up to ``stateLimit`` states and a work budget, then immutable (and so shareable).
///
/// A state is a set of NFA threads waiting before a position plus the preceding context the
/// program's assertions need; its transition on a byte resolves the assertions with that byte as
/// the current scalar. A non-ASCII byte, a transition left unexplored, or the start of a final
/// line terminator that `$` must see hands the match to the Pike VM, which continues from the
/// state's threads — so the answer never depends on how far exploration got.
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
    private let threads: [[Int]]
    private let preceding: [RegexPrecedingContext]

    init(program: RegexProgram) {
        var explorer = Explorer(program: program)
        explorer.explore()
        transitions = explorer.transitions
        acceptsAtEnd = explorer.acceptsAtEnd
        threads = explorer.threads
        preceding = explorer.preceding
    }

    func matchesWhole(_ text: UnsafeBufferPointer<UInt8>, program: RegexProgram) -> Bool {
        let finalLineTerminatorOffset = program.usesFinalLineTerminator ? RegexUTF8.finalLineTerminatorOffset(text) : nil
        guard let (state, offset) = runASCII(text, upTo: finalLineTerminatorOffset ?? text.count) else { return false }
        if offset == text.count { return acceptsAtEnd[state] }
        return RegexPikeVM.matchesWhole(
            text,
            from: offset,
            threads: threads[state],
            preceding: preceding[state],
            finalLineTerminatorOffset: finalLineTerminatorOffset,
            program: program
        )
    }

    /// Follows transitions until `limit`, a non-ASCII byte or an unexplored transition; nil when
    /// the text cannot match.
    private func runASCII(_ text: UnsafeBufferPointer<UInt8>, upTo limit: Int) -> (state: Int, offset: Int)? {
        transitions.withUnsafeBufferPointer { table in
            var state = Int(Self.start)
            var offset = 0
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
        struct StateKey: Hashable {
            var threads: [Int]
            var preceding: RegexPrecedingContext
        }

        let program: RegexProgram
        /// Rows for the placeholder states `dead` and `unexplored` come first.
        var transitions = [UInt16](repeating: RegexAutomaton.dead, count: 2 << 7)
        var acceptsAtEnd = [false, false]
        var threads: [[Int]] = [[], []]
        var preceding: [RegexPrecedingContext] = [[], []]
        var stateIndices: [StateKey: UInt16] = [:]
        var work = 0

        init(program: RegexProgram) {
            self.program = program
        }

        mutating func explore() {
            let programSize = program.instructions.count
            let scratch = UnsafeMutablePointer<Int>.allocate(capacity: RegexClosure.scratchCount(programSize: programSize))
            defer { scratch.deallocate() }
            program.instructions.withUnsafeBufferPointer { instructions in
                var closure = RegexClosure(instructions: instructions, scratch: scratch)
                _ = state(threads: [0], preceding: .atStart, closure: &closure)
                let byteClasses = equivalentByteClasses()
                var next = Int(RegexAutomaton.start)
                while next < threads.count, work < RegexAutomaton.workBudget {
                    for byteClass in byteClasses {
                        let target = successor(of: next, on: byteClass[0], closure: &closure)
                        for byte in byteClass { transitions[next << 7 | Int(byte)] = target }
                    }
                    next += 1
                }
            }
        }

        private mutating func successor(of state: Int, on byte: UInt8, closure: inout RegexClosure) -> UInt16 {
            let scalar = UInt32(byte)
            let position = RegexPosition(preceding: preceding[state], current: scalar, isBeforeFinalLineTerminator: false)
            threads[state].withUnsafeBufferPointer { closure.compute(from: $0, at: position) }
            work += program.instructions.count
            var targets: [Int] = []
            for pc in closure.consumers {
                if case .consume(let scalarClass) = program.instructions[pc], program.scalarClass(scalarClass, contains: scalar) {
                    targets.append(pc + 1)
                }
            }
            guard !targets.isEmpty else { return RegexAutomaton.dead }
            return self.state(
                threads: targets.sorted(),
                preceding: preceding[state].advanced(past: scalar, tracking: program.trackedContext),
                closure: &closure
            )
        }

        /// The index of the state, adding it (with an unexplored row) when it is new; `unexplored`
        /// once the state limit is reached.
        private mutating func state(
            threads stateThreads: [Int], preceding statePreceding: RegexPrecedingContext, closure: inout RegexClosure
        ) -> UInt16 {
            let key = StateKey(threads: stateThreads, preceding: statePreceding)
            if let index = stateIndices[key] { return index }
            guard threads.count < RegexAutomaton.stateLimit + 2 else { return RegexAutomaton.unexplored }
            let index = UInt16(threads.count)
            let end = RegexPosition(preceding: statePreceding, current: RegexPosition.endOfText, isBeforeFinalLineTerminator: false)
            stateThreads.withUnsafeBufferPointer { closure.compute(from: $0, at: end) }
            work += program.instructions.count
            acceptsAtEnd.append(closure.reachesMatch)
            threads.append(stateThreads)
            preceding.append(statePreceding)
            transitions.append(contentsOf: repeatElement(RegexAutomaton.unexplored, count: 1 << 7))
            stateIndices[key] = index
            return index
        }

        /// ASCII bytes grouped so that every scalar test and every assertion treats the bytes of a
        /// group alike; one representative per group is enough to explore a state.
        private func equivalentByteClasses() -> [[UInt8]] {
            var classIndices: [[Bool]: Int] = [:]
            var classes: [[UInt8]] = []
            for byte in UInt8(0)..<0x80 {
                let scalar = UInt32(byte)
                var signature = program.scalarTests.map { $0.containsASCII(scalar) }
                signature.append(RegexScalarTraits.isLineTerminator(scalar))
                signature.append(scalar == RegexScalarTraits.lineFeed)
                signature.append(scalar == RegexScalarTraits.carriageReturn)
                signature.append(RegexScalarTraits.isWord(scalar))
                if let index = classIndices[signature] {
                    classes[index].append(byte)
                } else {
                    classIndices[signature] = classes.count
                    classes.append([byte])
                }
            }
            return classes
        }
    }
}
