/// Turns a ``RegexNode`` tree into a ``RegexProgram``, expanding counted repetition and
/// rejecting programs above the size limit.
struct RegexCompiler {
    private var instructions: [RegexInstruction] = []
    private var scalarClasses: [RegexScalarClass] = []
    private var classIndices: [RegexScalarClass: Int] = [:]
    private let limit: Int

    static func compile(_ tree: RegexNode, limit: Int) throws(RegexSyntaxError) -> RegexProgram {
        var compiler = RegexCompiler(limit: limit)
        try compiler.emit(tree, quantifierOffset: nil)
        try compiler.append(.match, quantifierOffset: nil)
        return RegexProgram(instructions: compiler.instructions, scalarClasses: compiler.scalarClasses)
    }

    private init(limit: Int) {
        self.limit = limit
    }

    /// Emits `node`; `quantifierOffset` is where the outermost enclosing quantifier is written,
    /// which is where a "pattern too large" error points (the start without one).
    private mutating func emit(_ node: RegexNode, quantifierOffset: Int?) throws(RegexSyntaxError) {
        switch node {
        case .empty:
            break
        case .scalar(let scalarClass):
            try append(.consume(classIndex(for: scalarClass)), quantifierOffset: quantifierOffset)
        case .assertion(let assertion):
            try append(.assert(assertion), quantifierOffset: quantifierOffset)
        case .sequence(let items):
            for item in items { try emit(item, quantifierOffset: quantifierOffset) }
        case .alternation(let branches):
            try emitAlternation(branches, quantifierOffset: quantifierOffset)
        case .repetition(let body, let minimum, let maximum, let offset):
            try emitRepetition(body, minimum: minimum, maximum: maximum, quantifierOffset: quantifierOffset ?? offset)
        }
    }

    /// `split(first, rest)` chains: each branch ends with a jump past the last branch.
    private mutating func emitAlternation(_ branches: [RegexNode], quantifierOffset: Int?) throws(RegexSyntaxError) {
        var exitJumps: [Int] = []
        for (position, branch) in branches.enumerated() {
            let isLast = position == branches.count - 1
            let split = instructions.count
            if !isLast { try append(.split(split + 1, 0), quantifierOffset: quantifierOffset) }
            try emit(branch, quantifierOffset: quantifierOffset)
            if !isLast {
                exitJumps.append(instructions.count)
                try append(.jump(0), quantifierOffset: quantifierOffset)
                instructions[split] = .split(split + 1, instructions.count)
            }
        }
        for jump in exitJumps { instructions[jump] = .jump(instructions.count) }
    }

    /// `minimum` copies, then either a loop (unbounded) or `maximum - minimum` optional copies.
    private mutating func emitRepetition(
        _ body: RegexNode, minimum: Int, maximum: Int?, quantifierOffset: Int?
    ) throws(RegexSyntaxError) {
        let requiredCopies = maximum == nil ? max(minimum - 1, 0) : minimum
        for _ in 0..<requiredCopies { try emit(body, quantifierOffset: quantifierOffset) }
        guard let maximum else {
            if minimum == 0 {
                // loop: split(body, exit); body; jump loop
                let loop = instructions.count
                try append(.split(loop + 1, 0), quantifierOffset: quantifierOffset)
                try emit(body, quantifierOffset: quantifierOffset)
                try append(.jump(loop), quantifierOffset: quantifierOffset)
                instructions[loop] = .split(loop + 1, instructions.count)
            } else {
                // one more copy, then split(back to it, exit)
                let start = instructions.count
                try emit(body, quantifierOffset: quantifierOffset)
                try append(.split(start, instructions.count + 1), quantifierOffset: quantifierOffset)
            }
            return
        }
        var optionalSplits: [Int] = []
        for _ in minimum..<maximum {
            optionalSplits.append(instructions.count)
            try append(.split(instructions.count + 1, 0), quantifierOffset: quantifierOffset)
            try emit(body, quantifierOffset: quantifierOffset)
        }
        for split in optionalSplits { instructions[split] = .split(split + 1, instructions.count) }
    }

    private mutating func append(_ instruction: RegexInstruction, quantifierOffset: Int?) throws(RegexSyntaxError) {
        guard instructions.count < limit else {
            throw RegexSyntaxError(
                message: "pattern too large: it compiles to more than \(limit) instructions",
                offset: quantifierOffset ?? 0
            )
        }
        instructions.append(instruction)
    }

    private mutating func classIndex(for scalarClass: RegexScalarClass) -> Int {
        if let index = classIndices[scalarClass] { return index }
        scalarClasses.append(scalarClass)
        classIndices[scalarClass] = scalarClasses.count - 1
        return scalarClasses.count - 1
    }
}
