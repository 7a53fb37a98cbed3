/// Follows the empty transitions (splits, jumps, assertions) of a program from a set of threads at
/// one position, visiting each instruction at most once. It works in memory its caller provides,
/// so matching allocates nothing per scalar.
struct RegexClosure {
    /// How many `Int`s of scratch memory a program of `programSize` instructions needs.
    static func scratchCount(programSize: Int) -> Int {
        5 * programSize + 1
    }

    private let instructions: [RegexInstruction]
    private let visitedInGeneration: UnsafeMutablePointer<Int>
    private let consumerStorage: UnsafeMutablePointer<Int>
    private let stack: UnsafeMutablePointer<Int>
    private var generation = 0
    /// How many consuming instructions the last ``compute(from:at:)`` reached.
    private(set) var consumerCount = 0
    /// Whether the last ``compute(from:at:)`` reached the `match` instruction.
    private(set) var reachesMatch = false

    /// `scratch` must hold ``scratchCount(programSize:)`` `Int`s and outlive the closure.
    init(instructions: [RegexInstruction], scratch: UnsafeMutablePointer<Int>) {
        self.instructions = instructions
        visitedInGeneration = scratch
        visitedInGeneration.initialize(repeating: 0, count: instructions.count)
        consumerStorage = scratch + instructions.count
        stack = scratch + 2 * instructions.count
    }

    /// The consuming instructions reached, each once.
    var consumers: UnsafeBufferPointer<Int> {
        UnsafeBufferPointer(start: consumerStorage, count: consumerCount)
    }

    /// Follows every empty transition from `threads` (distinct instruction indices) at `position`.
    mutating func compute(from threads: UnsafeBufferPointer<Int>, at position: RegexPosition) {
        consumerCount = 0
        reachesMatch = false
        generation += 1
        var stackCount = 0
        for thread in threads.reversed() {
            stack[stackCount] = thread
            stackCount += 1
        }
        while stackCount > 0 {
            stackCount -= 1
            let pc = stack[stackCount]
            guard visitedInGeneration[pc] != generation else { continue }
            visitedInGeneration[pc] = generation
            switch instructions[pc] {
            case .consume, .char:
                consumerStorage[consumerCount] = pc
                consumerCount += 1
            case .match:
                reachesMatch = true
            case .jump(let target):
                stack[stackCount] = target
                stackCount += 1
            case .split(let first, let second):
                stack[stackCount] = second
                stack[stackCount + 1] = first
                stackCount += 2
            case .assert(let assertion):
                if position.satisfies(assertion) {
                    stack[stackCount] = pc + 1
                    stackCount += 1
                }
            }
        }
    }
}
