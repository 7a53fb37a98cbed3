/// Turns the tree of a pattern without backtracking constructs into a ``RegexProgram``, expanding
/// counted repetition. ``RegexProgramSize`` has already checked the size, so the instructions are
/// allocated once, at their final count.
struct RegexCompiler {
    private let tree: RegexTree
    private var instructions: [RegexInstruction] = []
    private var assertions: RegexAssertionSet = []

    /// Compiles a tree that needs no backtracking (``RegexTree/needsBacktracking`` is false).
    ///
    /// - Throws: ``RegexSyntaxError`` at the construct, should a tree that needs backtracking
    ///   reach it anyway; a pattern never traps.
    static func compile(_ tree: RegexTree, size: Int) throws(RegexSyntaxError) -> RegexProgram {
        var compiler = RegexCompiler(tree: tree)
        compiler.instructions.reserveCapacity(size)
        try compiler.emit(tree.root)
        compiler.instructions.append(.match)
        assert(compiler.instructions.count == size, "RegexProgramSize disagrees with RegexCompiler")
        return RegexProgram(instructions: compiler.instructions, scalarClasses: tree.classes, assertions: compiler.assertions)
    }

    private init(tree: RegexTree) {
        self.tree = tree
    }

    private mutating func emit(_ index: Int) throws(RegexSyntaxError) {
        let node = tree[index]
        switch node.kind {
        case .empty:
            break
        case .literal:
            instructions.append(.char(node.value))
        case .scalar:
            instructions.append(.consume(Int(node.value)))
        case .assertion:
            assertions.insert(node.assertion.bit)
            instructions.append(.assert(node.assertion))
        case .sequence:
            var item = tree.firstChild(of: index)
            while item >= 0 {
                try emit(item)
                item = tree.sibling(after: item)
            }
        case .alternation:
            try emitAlternation(index)
        case .repetition:
            // lazy and greedy repetition accept the same strings, which is all a whole match asks
            try emitRepetition(tree.child(of: index), minimum: Int(node.minimum), maximum: node.maximumCount)
        case .capture:
            try emit(tree.child(of: index))
        case .atomic, .lookahead, .lookbehind, .backreference:
            throw RegexSyntaxError(message: "this construct needs the backtracking matcher, which the pattern was not compiled for",
                                   offset: Int(node.offset))
        }
    }

    /// `split(first, rest)` chains: each branch ends with a jump past the last branch.
    private mutating func emitAlternation(_ index: Int) throws(RegexSyntaxError) {
        var exitJumps: [Int] = []
        var branch = Int(tree[index].firstChild)
        while branch >= 0 {
            let nextBranch = Int(tree[branch].next)
            let isLast = nextBranch < 0
            let split = instructions.count
            if !isLast { instructions.append(.split(split + 1, 0)) }
            try emit(branch)
            if !isLast {
                exitJumps.append(instructions.count)
                instructions.append(.jump(0))
                instructions[split] = .split(split + 1, instructions.count)
            }
            branch = nextBranch
        }
        for jump in exitJumps { instructions[jump] = .jump(instructions.count) }
    }

    /// `minimum` copies, then either a loop (unbounded) or `maximum - minimum` optional copies.
    private mutating func emitRepetition(_ body: Int, minimum: Int, maximum: Int?) throws(RegexSyntaxError) {
        let requiredCopies = maximum == nil ? max(minimum - 1, 0) : minimum
        for _ in 0..<requiredCopies { try emit(body) }
        guard let maximum else {
            if minimum == 0 {
                // loop: split(body, exit); body; jump loop
                let loop = instructions.count
                instructions.append(.split(loop + 1, 0))
                try emit(body)
                instructions.append(.jump(loop))
                instructions[loop] = .split(loop + 1, instructions.count)
            } else {
                // one more copy, then split(back to it, exit)
                let start = instructions.count
                try emit(body)
                instructions.append(.split(start, instructions.count + 1))
            }
            return
        }
        var optionalSplits: [Int] = []
        for _ in minimum..<maximum {
            optionalSplits.append(instructions.count)
            instructions.append(.split(instructions.count + 1, 0))
            try emit(body)
        }
        for split in optionalSplits { instructions[split] = .split(split + 1, instructions.count) }
    }
}

/// The number of instructions a tree compiles to — for ``RegexCompiler`` or, when the tree needs
/// backtracking, for ``RegexBacktrackCompiler`` — worked out without compiling, so that checking a
/// pattern (``RegularExpression/validate(_:options:)``) rejects exactly what compiling it rejects.
///
/// The parser records both sizes in every node as it creates it (``sizes(of:childSizes:childCount:)``), so checking
/// a pattern of acceptable size costs nothing more. A pattern too large is reported where its
/// outermost quantifier is written when the instruction that crosses the limit comes from a
/// repetition, and at offset 0 otherwise; finding that place walks the tree in emission order.
struct RegexProgramSize {
    /// The largest program accepted.
    static let limit = RegularExpression.maximumProgramSize
    /// Sizes saturate here, just above the limit.
    private static let cap = limit + 1

    private let tree: RegexTree
    private var total = 0

    /// The size of `tree`'s program, with its final `match`.
    static func check(_ tree: RegexTree) throws(RegexSyntaxError) -> Int {
        let total = size(of: tree[tree.root], isBacktracking: tree.needsBacktracking) + 1
        if total <= limit { return total }
        var counter = RegexProgramSize(tree: tree)
        try counter.walk(tree.root)
        try counter.add(1, quantifierOffset: nil)
        // The recorded sizes saturate above the limit; the walk counts exactly, and it is the judge.
        return counter.total
    }

    private init(tree: RegexTree) {
        self.tree = tree
    }

    /// The recorded size of `node`'s instructions for one engine.
    static func size(of node: RegexNode, isBacktracking: Bool) -> Int {
        Int(isBacktracking ? node.backtrackingSize : node.linearSize)
    }

    /// The sizes of `node`'s instructions for the linear and the backtracking engine, given the
    /// sums of its children's recorded sizes and their count; each saturates just above the limit.
    @inline(__always)
    static func sizes(
        of node: RegexNode, childSizes: (linear: Int, backtracking: Int), childCount: Int
    ) -> (linear: Int32, backtracking: Int32) {
        var linear = 0
        var backtracking = 0
        switch node.kind {
        case .empty:
            break
        case .literal, .scalar, .assertion, .backreference:
            (linear, backtracking) = (1, 1)
        case .sequence:
            (linear, backtracking) = childSizes
        case .alternation:
            linear = childSizes.linear + 2 * (childCount - 1)
            backtracking = childSizes.backtracking + 2 * (childCount - 1)
        case .capture, .atomic, .lookahead, .lookbehind:
            linear = childSizes.linear
            backtracking = childSizes.backtracking + 2
        case .repetition:
            let minimum = Int(node.minimum)
            linear = repetitionSize(body: childSizes.linear, minimum: minimum, maximum: node.maximumCount, isBacktracking: false)
            backtracking = repetitionSize(body: childSizes.backtracking, minimum: minimum, maximum: node.maximumCount, isBacktracking: true)
            if node.behavior == .possessive { backtracking += 2 }
        }
        return (Int32(min(linear, cap)), Int32(min(backtracking, cap)))
    }

    private static func repetitionSize(body: Int, minimum: Int, maximum: Int?, isBacktracking: Bool) -> Int {
        if let maximum { return minimum * body + (maximum - minimum) * (body + 1) }
        if isBacktracking {
            // (minimum - 1) copies, then mark, body, repeat check; a split before it when optional
            return minimum == 0 ? body + 3 : minimum * body + 2
        }
        return minimum == 0 ? body + 2 : minimum * body + 1
    }

    private mutating func add(_ count: Int, quantifierOffset: Int?) throws(RegexSyntaxError) {
        total += count
        guard total > Self.limit else { return }
        throw RegexSyntaxError(
            message: "pattern too large: it compiles to more than \(Self.limit) instructions",
            offset: quantifierOffset ?? 0
        )
    }

    /// Adds the instructions of node `index`, outside any quantifier, in the order they are emitted.
    private mutating func walk(_ index: Int) throws(RegexSyntaxError) {
        let node = tree[index]
        let isBacktracking = tree.needsBacktracking
        switch node.kind {
        case .repetition:
            try add(Self.size(of: node, isBacktracking: isBacktracking), quantifierOffset: Int(node.offset))
        case .sequence:
            var item = tree.firstChild(of: index)
            while item >= 0 {
                try walk(item)
                item = tree.sibling(after: item)
            }
        case .alternation:
            var branch = Int(node.firstChild)
            while branch >= 0 {
                let isLast = tree[branch].next < 0
                if !isLast { try add(1, quantifierOffset: nil) }
                try walk(branch)
                if !isLast { try add(1, quantifierOffset: nil) }
                branch = Int(tree[branch].next)
            }
        case .capture, .atomic, .lookahead, .lookbehind:
            if isBacktracking { try add(1, quantifierOffset: nil) }
            try walk(tree.child(of: index))
            if isBacktracking { try add(1, quantifierOffset: nil) }
        case .empty, .literal, .scalar, .assertion, .backreference:
            try add(Self.size(of: node, isBacktracking: isBacktracking), quantifierOffset: nil)
        }
    }
}
