/// The NFA threads waiting before a position, with what the assertions need to know about the
/// scalars before it: the state of the Pike VM between two scalars, and a state of the DFA.
struct RegexThreadState: Hashable, Sendable {
    /// Instruction indices, ascending.
    var threads: [Int]
    var preceding: RegexPrecedingContext
}

/// Thompson simulation of a program over UTF-8 text: all live threads advance together one
/// scalar at a time, each instruction at most once per position, so the time is linear in the
/// length of the text (times the size of the program) whatever the pattern. It allocates its
/// scratch memory once, when it is created.
struct RegexPikeVM: ~Copyable {
    private let program: RegexProgram
    private let finalLineTerminatorOffset: Int?
    private let memory: UnsafeMutablePointer<Int>
    private var threads: UnsafeMutablePointer<Int>
    private var nextThreads: UnsafeMutablePointer<Int>
    private var threadCount = 0
    private var preceding: RegexPrecedingContext = []
    private var closure: RegexClosure

    /// `finalLineTerminatorOffset` is where a line terminator that ends the subject starts, for `$`.
    init(program: RegexProgram, finalLineTerminatorOffset: Int?) {
        let programSize = program.instructions.count
        memory = .allocate(capacity: 2 * programSize + RegexClosure.scratchCount(programSize: programSize))
        threads = memory
        nextThreads = memory + programSize
        closure = RegexClosure(instructions: program.instructions, scratch: memory + 2 * programSize)
        self.program = program
        self.finalLineTerminatorOffset = finalLineTerminatorOffset
    }

    deinit {
        memory.deallocate()
    }

    /// The current threads, sorted so that equal sets compare equal.
    var state: RegexThreadState {
        RegexThreadState(threads: UnsafeBufferPointer(start: threads, count: threadCount).sorted(), preceding: preceding)
    }

    mutating func load(_ state: RegexThreadState) {
        threadCount = 0
        for thread in state.threads {
            threads[threadCount] = thread
            threadCount += 1
        }
        preceding = state.preceding
    }

    /// Advances the threads over the scalar at `offset`; its length in bytes, or nil when no
    /// thread survives it.
    mutating func step(over text: UnsafeBufferPointer<UInt8>, at offset: Int) -> Int? {
        let (scalar, length) = RegexUTF8.decode(text, at: offset)
        let position = RegexPosition(
            preceding: preceding,
            current: scalar,
            isBeforeFinalLineTerminator: offset == finalLineTerminatorOffset
        )
        closure.compute(from: UnsafeBufferPointer(start: threads, count: threadCount), at: position)
        var nextCount = 0
        for pc in closure.consumers {
            if program.consumes(program.instructions[pc], scalar) {
                nextThreads[nextCount] = pc + 1
                nextCount += 1
            }
        }
        guard nextCount > 0 else { return nil }
        (threads, nextThreads) = (nextThreads, threads)
        threadCount = nextCount
        preceding = preceding.advanced(past: scalar, tracking: program.trackedContext)
        return length
    }

    /// Whether the threads reach the `match` instruction at the end of the subject.
    mutating func acceptsAtEnd() -> Bool {
        let end = RegexPosition(preceding: preceding, current: RegexPosition.endOfText, isBeforeFinalLineTerminator: false)
        closure.compute(from: UnsafeBufferPointer(start: threads, count: threadCount), at: end)
        return closure.reachesMatch
    }
}
