/// One step of a program for the backtracking matcher.
///
/// Registers hold positions and stack depths; every write to one is undone when the matcher
/// backtracks past it. Capture group `g` (from 1) uses registers `3(g-1)` (start), `3(g-1)+1`
/// (end) and `3(g-1)+2` (where the group was last entered).
enum RegexBacktrackInstruction: Sendable {
    /// Consumes this scalar.
    case char(UInt32)
    /// Consumes one scalar of the class.
    case consume(Int)
    case assert(RegexAssertion)
    /// Continues at the first target, and at the second when that fails.
    case split(Int, Int)
    case jump(Int)
    case captureStart(group: Int)
    case captureEnd(group: Int)
    case backreference(group: Int, isCaseInsensitive: Bool)
    /// Records where an iteration of a loop starts.
    case repeatStart(register: Int)
    /// After an iteration: when it matched something, offers another one at `loop` (before going
    /// on, or after when lazy); an empty iteration ends the loop.
    case repeatCheck(register: Int, loop: Int, isLazy: Bool)
    /// Records the stack depth, so that the end of the group can discard the choices made inside.
    case atomicStart(register: Int)
    case atomicEnd(register: Int)
    /// Records the stack depth in `register` and the position in `register + 1`; a negated
    /// lookaround goes on at `exit` when its body fails.
    case lookaheadStart(register: Int, isNegated: Bool, exit: Int)
    case lookaheadEnd(register: Int, isNegated: Bool)
    /// Tries the body from each start between `minimum` and `maximum` scalars back, nearest first.
    case lookbehindStart(register: Int, isNegated: Bool, minimum: Int, maximum: Int, exit: Int)
    /// The body must end where the lookbehind started.
    case lookbehindEnd(register: Int, isNegated: Bool)
    /// Succeeds at the end of the subject.
    case match
}

/// A compiled program for ``RegexBacktracker``.
struct RegexBacktrackProgram: Sendable {
    let instructions: [RegexBacktrackInstruction]
    let classSet: RegexClassSet
    let registerCount: Int
    let usesFinalLineTerminator: Bool
}

/// Turns the tree of a pattern that needs backtracking into a ``RegexBacktrackProgram``; the
/// instruction count is the one ``RegexProgramSize`` worked out.
struct RegexBacktrackCompiler {
    private let tree: RegexTree
    private var instructions: [RegexBacktrackInstruction] = []
    private var registerCount: Int
    private var usesFinalLineTerminator = false

    static func compile(_ tree: RegexTree, size: Int) -> RegexBacktrackProgram {
        var compiler = RegexBacktrackCompiler(tree: tree)
        compiler.instructions.reserveCapacity(size)
        compiler.emit(tree.root)
        compiler.instructions.append(.match)
        assert(compiler.instructions.count == size, "RegexProgramSize disagrees with RegexBacktrackCompiler")
        return RegexBacktrackProgram(
            instructions: compiler.instructions, classSet: RegexClassSet(tree.classes),
            registerCount: compiler.registerCount, usesFinalLineTerminator: compiler.usesFinalLineTerminator
        )
    }

    private init(tree: RegexTree) {
        self.tree = tree
        registerCount = 3 * tree.captureCount
    }

    private mutating func newRegisters(_ count: Int) -> Int {
        registerCount += count
        return registerCount - count
    }

    private mutating func emit(_ index: Int) {
        let node = tree[index]
        switch node.kind {
        case .empty:
            break
        case .literal:
            instructions.append(.char(node.value))
        case .scalar:
            instructions.append(.consume(Int(node.value)))
        case .assertion:
            if node.assertion == .endOfInputOrBeforeFinalLineTerminator { usesFinalLineTerminator = true }
            instructions.append(.assert(node.assertion))
        case .backreference:
            instructions.append(.backreference(group: Int(node.value), isCaseInsensitive: node.isCaseInsensitive))
        case .sequence:
            var item = tree.firstChild(of: index)
            while item >= 0 {
                emit(item)
                item = tree.sibling(after: item)
            }
        case .alternation:
            emitAlternation(index)
        case .repetition:
            let body = tree.child(of: index)
            if node.behavior == .possessive {
                let register = newRegisters(1)
                instructions.append(.atomicStart(register: register))
                emitRepetition(body, minimum: Int(node.minimum), maximum: node.maximumCount, isLazy: false)
                instructions.append(.atomicEnd(register: register))
            } else {
                emitRepetition(body, minimum: Int(node.minimum), maximum: node.maximumCount, isLazy: node.behavior == .lazy)
            }
        case .capture:
            let group = Int(node.value)
            instructions.append(.captureStart(group: group))
            emit(tree.child(of: index))
            instructions.append(.captureEnd(group: group))
        case .atomic:
            let register = newRegisters(1)
            instructions.append(.atomicStart(register: register))
            emit(tree.child(of: index))
            instructions.append(.atomicEnd(register: register))
        case .lookahead:
            let register = newRegisters(2)
            let start = instructions.count
            instructions.append(.lookaheadStart(register: register, isNegated: node.isNegated, exit: 0))
            emit(tree.child(of: index))
            instructions.append(.lookaheadEnd(register: register, isNegated: node.isNegated))
            instructions[start] = .lookaheadStart(register: register, isNegated: node.isNegated, exit: instructions.count)
        case .lookbehind:
            let register = newRegisters(2)
            let start = instructions.count
            let (minimum, maximum) = (Int(node.minimum), Int(node.maximum))
            instructions.append(.lookbehindStart(register: register, isNegated: node.isNegated, minimum: minimum, maximum: maximum, exit: 0))
            emit(tree.child(of: index))
            instructions.append(.lookbehindEnd(register: register, isNegated: node.isNegated))
            instructions[start] = .lookbehindStart(
                register: register, isNegated: node.isNegated, minimum: minimum, maximum: maximum, exit: instructions.count
            )
        }
    }

    /// `split(first, rest)` chains: each branch ends with a jump past the last branch.
    private mutating func emitAlternation(_ index: Int) {
        var exitJumps: [Int] = []
        var branch = Int(tree[index].firstChild)
        while branch >= 0 {
            let nextBranch = Int(tree[branch].next)
            let isLast = nextBranch < 0
            let split = instructions.count
            if !isLast { instructions.append(.split(split + 1, 0)) }
            emit(branch)
            if !isLast {
                exitJumps.append(instructions.count)
                instructions.append(.jump(0))
                instructions[split] = .split(split + 1, instructions.count)
            }
            branch = nextBranch
        }
        for jump in exitJumps { instructions[jump] = .jump(instructions.count) }
    }

    /// `minimum` copies (one fewer when unbounded), then a loop, or `maximum - minimum` optional copies.
    private mutating func emitRepetition(_ body: Int, minimum: Int, maximum: Int?, isLazy: Bool) {
        let requiredCopies = maximum == nil ? max(minimum - 1, 0) : minimum
        for _ in 0..<requiredCopies { emit(body) }
        guard let maximum else {
            // [split(loop, exit)] loop: repeatStart; body; repeatCheck
            let split = instructions.count
            if minimum == 0 { instructions.append(.split(0, 0)) }
            let register = newRegisters(1)
            let loop = instructions.count
            instructions.append(.repeatStart(register: register))
            emit(body)
            instructions.append(.repeatCheck(register: register, loop: loop, isLazy: isLazy))
            if minimum == 0 {
                instructions[split] = isLazy ? .split(instructions.count, loop) : .split(loop, instructions.count)
            }
            return
        }
        var optionalSplits: [Int] = []
        for _ in minimum..<maximum {
            optionalSplits.append(instructions.count)
            instructions.append(.split(0, 0))
            emit(body)
        }
        let exit = instructions.count
        for split in optionalSplits {
            instructions[split] = isLazy ? .split(exit, split + 1) : .split(split + 1, exit)
        }
    }
}
