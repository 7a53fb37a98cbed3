import Synchronization

/// A DFA over ASCII bytes, built lazily while matching — a state and a transition are worked out
/// the first time a subject needs them — and shared by every thread that matches with the same
/// expression, up to ``stateLimit`` states.
///
/// A state is a ``RegexThreadState``; its transition on a byte resolves the program's assertions
/// with that byte as the current scalar. A non-ASCII scalar, a transition to a state past the
/// limit, or the start of a final line terminator that `$` must see hands the match to the Pike VM,
/// which continues from the state's threads — so the answer never depends on what has been
/// explored. After a non-ASCII scalar the Pike VM's threads become a DFA state again, and matching
/// goes back to the DFA.
///
/// Readers take no lock: they follow the current table's transitions with atomic loads. New states
/// and transitions are added under a lock and published with release stores; a table that is full
/// is copied into one twice its size, and the old one is kept until the automaton goes away, since
/// a reader may still be following it.
struct RegexAutomaton: ~Copyable, Sendable {
    private static let dead: UInt16 = 0
    private static let unexplored: UInt16 = 1
    /// The transition leads to a state past the limit: the Pike VM takes over.
    private static let overflow: UInt16 = 2
    private static let start: UInt16 = 3
    /// The most states cached (beyond the three placeholders).
    static let stateLimit = 1_000
    private static let initialCapacity = 16

    let program: RegexProgram
    /// The bit pattern of the current `UnsafeMutablePointer<Table>`; 0 before the first match.
    private let currentTable = Atomic<Int>(0)
    private let explorer = Mutex(Explorer())

    init(program: RegexProgram) {
        self.program = program
    }

    /// An automaton for a pattern that runs on the backtracking engine instead.
    static func unused() -> RegexAutomaton {
        RegexAutomaton(program: RegexProgram(instructions: [], scalarClasses: [], assertions: []))
    }

    deinit {
        explorer.withLock { $0.deallocate() }
    }

    // MARK: Matching

    func matchesWhole(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        let finalLineTerminatorOffset = program.usesFinalLineTerminator ? RegexUTF8.finalLineTerminatorOffset(text) : nil
        let limit = finalLineTerminatorOffset ?? text.count
        var table = loadTable() ?? createTable()
        var state = Int(Self.start)
        var offset = 0
        while true {
            let stop = Self.runASCII(table.pointee.transitions, text, from: state, at: offset, upTo: limit)
            state = stop.state
            offset = stop.offset
            switch stop.entry {
            case Self.dead:
                return false
            case Self.unexplored:
                let next = explore(from: state, on: text[offset])
                table = loadTable()!
                if next == Self.dead { return false }
                if next != Self.overflow {
                    state = Int(next)
                    offset += 1
                    continue
                }
            case Self.overflow:
                break
            default:
                if offset == text.count {
                    // pairs with the release store that published the transition into `state`
                    atomicMemoryFence(ordering: .acquiring)
                    return table.pointee.acceptsAtEnd[state].load(ordering: .relaxed)
                }
            }
            // the Pike VM goes on from `state` at `offset`, until it can hand back to the DFA
            switch runPikeVM(text, from: state, at: offset, upTo: limit, finalLineTerminatorOffset: finalLineTerminatorOffset) {
            case .finished(let result):
                return result
            case .resume(let resumedState, let resumedOffset):
                table = loadTable()!
                state = resumedState
                offset = resumedOffset
            }
        }
    }

    /// Follows cached transitions from `state` at `offset` until `limit`, a non-ASCII byte, or an
    /// entry that is not a state (`entry`; `UInt16.max` when the loop stopped for another reason).
    /// Entries hold the row of the target state, `state << 7`, so that the next entry is one OR away.
    @inline(__always)
    private static func runASCII(
        _ transitions: UnsafeMutablePointer<Atomic<UInt32>>, _ text: UnsafeBufferPointer<UInt8>,
        from state: Int, at offset: Int, upTo limit: Int
    ) -> (state: Int, offset: Int, entry: UInt16) {
        var row = state &<< 7
        var offset = offset
        while offset < limit {
            let byte = text[offset]
            guard byte < 0x80 else { break }
            let next = Int(transitions[row | Int(byte)].load(ordering: .relaxed))
            guard next >= Int(start) &<< 7 else { return (row &>> 7, offset, UInt16(truncatingIfNeeded: next &>> 7)) }
            row = next
            offset += 1
        }
        return (row &>> 7, offset, UInt16.max)
    }

    private enum PikeVMOutcome {
        case finished(Bool)
        case resume(state: Int, offset: Int)
    }

    private func runPikeVM(
        _ text: UnsafeBufferPointer<UInt8>, from state: Int, at start: Int, upTo limit: Int, finalLineTerminatorOffset: Int?
    ) -> PikeVMOutcome {
        var pikeVM = RegexPikeVM(program: program, finalLineTerminatorOffset: finalLineTerminatorOffset)
        pikeVM.load(explorer.withLock { $0.states[state] })
        var offset = start
        while offset < text.count {
            let isNonASCII = text[offset] >= 0x80
            guard let length = pikeVM.step(over: text, at: offset) else { return .finished(false) }
            offset += length
            if isNonASCII, offset < limit, text[offset] < 0x80 {
                let threads = pikeVM.state
                let known = explorer.withLock { explorer in add(threads, to: &explorer) }
                if known >= Self.start { return .resume(state: Int(known), offset: offset) }
            }
        }
        return .finished(pikeVM.acceptsAtEnd())
    }

    // MARK: Exploring

    /// The table, as the last release store published it.
    @inline(__always)
    private func loadTable() -> UnsafeMutablePointer<Table>? {
        UnsafeMutablePointer(bitPattern: currentTable.load(ordering: .acquiring))
    }

    /// The first table, with the start state.
    private func createTable() -> UnsafeMutablePointer<Table> {
        explorer.withLock { explorer in
            if let table = explorer.table { return table }
            let table = Table.allocate(capacity: Self.initialCapacity, copying: nil)
            explorer.table = table
            explorer.states = [RegexThreadState](repeating: RegexThreadState(threads: [], preceding: []), count: Int(Self.start))
            _ = add(RegexThreadState(threads: [0], preceding: .atStart), to: &explorer)
            currentTable.store(Int(bitPattern: explorer.table), ordering: .releasing)
            return explorer.table!
        }
    }

    /// The transition from `state` on the ASCII `byte`, worked out and stored unless another
    /// thread has done so.
    private func explore(from state: Int, on byte: UInt8) -> UInt16 {
        explorer.withLock { explorer in
            let entry = state << 7 | Int(byte)
            let stored = UInt16(explorer.table!.pointee.transitions[entry].load(ordering: .relaxed) >> 7)
            guard stored == Self.unexplored else { return stored }
            let target = successor(of: state, on: UInt32(byte), explorer: &explorer)
            explorer.table!.pointee.transitions[entry].store(UInt32(target) << 7, ordering: .releasing)
            return target
        }
    }

    private func successor(of state: Int, on scalar: UInt32, explorer: inout Explorer) -> UInt16 {
        let source = explorer.states[state]
        let position = RegexPosition(preceding: source.preceding, current: scalar, isBeforeFinalLineTerminator: false)
        var closure = explorer.closure(for: program)
        source.threads.withUnsafeBufferPointer { closure.compute(from: $0, at: position) }
        var targets: [Int] = []
        for pc in closure.consumers where program.consumes(program.instructions[pc], scalar) {
            targets.append(pc + 1)
        }
        explorer.scratchClosure = closure
        guard !targets.isEmpty else { return Self.dead }
        let preceding = source.preceding.advanced(past: scalar, tracking: program.trackedContext)
        return add(RegexThreadState(threads: targets.sorted(), preceding: preceding), to: &explorer)
    }

    /// The index of `state`, adding it (with an unexplored row) when it is new; `overflow` once the
    /// state limit is reached.
    private func add(_ state: RegexThreadState, to explorer: inout Explorer) -> UInt16 {
        if let index = explorer.stateIndices[state] { return index }
        let index = explorer.states.count
        guard index < Self.stateLimit + Int(Self.start) else { return Self.overflow }
        var table = explorer.table!
        if index == table.pointee.capacity {
            let grown = Table.allocate(capacity: min(2 * index, Self.stateLimit + Int(Self.start)), copying: table)
            explorer.retired.append(table)
            explorer.table = grown
            table = grown
            currentTable.store(Int(bitPattern: grown), ordering: .releasing)
        }
        let end = RegexPosition(preceding: state.preceding, current: RegexPosition.endOfText, isBeforeFinalLineTerminator: false)
        var closure = explorer.closure(for: program)
        state.threads.withUnsafeBufferPointer { closure.compute(from: $0, at: end) }
        table.pointee.acceptsAtEnd[index].store(closure.reachesMatch, ordering: .relaxed)
        explorer.scratchClosure = closure
        explorer.states.append(state)
        explorer.stateIndices[state] = UInt16(index)
        return UInt16(index)
    }

    /// Rows of transitions for `capacity` states, and whether each state accepts at the end.
    private struct Table {
        let capacity: Int
        /// Row `state` holds the successor for each ASCII byte, as its row: `state << 7`.
        let transitions: UnsafeMutablePointer<Atomic<UInt32>>
        let acceptsAtEnd: UnsafeMutablePointer<Atomic<Bool>>

        /// A table whose first rows copy `old`'s and whose other rows are unexplored.
        static func allocate(capacity: Int, copying old: UnsafeMutablePointer<Table>?) -> UnsafeMutablePointer<Table> {
            let transitions = UnsafeMutablePointer<Atomic<UInt32>>.allocate(capacity: capacity << 7)
            let acceptsAtEnd = UnsafeMutablePointer<Atomic<Bool>>.allocate(capacity: capacity)
            let copied = old?.pointee.capacity ?? 0
            for entry in 0..<(copied << 7) {
                (transitions + entry).initialize(to: Atomic(old!.pointee.transitions[entry].load(ordering: .relaxed)))
            }
            for entry in (copied << 7)..<(capacity << 7) {
                (transitions + entry).initialize(to: Atomic(UInt32(RegexAutomaton.unexplored) << 7))
            }
            for state in 0..<capacity {
                let accepts = state < copied && old!.pointee.acceptsAtEnd[state].load(ordering: .relaxed)
                (acceptsAtEnd + state).initialize(to: Atomic(accepts))
            }
            let table = UnsafeMutablePointer<Table>.allocate(capacity: 1)
            table.initialize(to: Table(capacity: capacity, transitions: transitions, acceptsAtEnd: acceptsAtEnd))
            return table
        }

        static func deallocate(_ table: UnsafeMutablePointer<Table>) {
            table.pointee.transitions.deinitialize(count: table.pointee.capacity << 7)
            table.pointee.transitions.deallocate()
            table.pointee.acceptsAtEnd.deinitialize(count: table.pointee.capacity)
            table.pointee.acceptsAtEnd.deallocate()
            table.deinitialize(count: 1)
            table.deallocate()
        }
    }

    /// What only the thread holding the lock touches.
    private struct Explorer {
        /// Threads per state; the placeholders `dead`, `unexplored` and `overflow` come first.
        var states: [RegexThreadState] = []
        var stateIndices: [RegexThreadState: UInt16] = [:]
        var table: UnsafeMutablePointer<Table>?
        /// Tables that were replaced by larger ones.
        var retired: [UnsafeMutablePointer<Table>] = []
        var scratch: UnsafeMutablePointer<Int>?
        var scratchClosure: RegexClosure?

        /// The closure working in this explorer's scratch memory.
        mutating func closure(for program: RegexProgram) -> RegexClosure {
            if let scratchClosure { return scratchClosure }
            let memory = UnsafeMutablePointer<Int>.allocate(capacity: RegexClosure.scratchCount(programSize: program.instructions.count))
            scratch = memory
            let closure = RegexClosure(instructions: program.instructions, scratch: memory)
            scratchClosure = closure
            return closure
        }

        mutating func deallocate() {
            for table in retired { Table.deallocate(table) }
            if let table { Table.deallocate(table) }
            scratch?.deallocate()
            retired = []
            table = nil
            scratch = nil
            scratchClosure = nil
        }
    }
}
