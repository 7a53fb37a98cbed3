/// Runs a ``RegexBacktrackProgram`` over UTF-8 text by backtracking, as ICU does: the first
/// alternative of every choice is followed first, and a failure returns to the latest choice left.
/// This is what backreferences, lookaround, atomic groups and possessive quantifiers need; it can
/// take time exponential in the length of the subject, so every instruction executed and every
/// return to a choice counts as a step, and the match gives up after `budget` steps.
///
/// The choices and the undo records for registers live on one explicit stack, so deep subjects do
/// not exhaust the thread's stack.
struct RegexBacktracker {
    private let program: RegexBacktrackProgram
    private let text: UnsafeBufferPointer<UInt8>
    private let finalLineTerminatorOffset: Int?
    private var registers: [Int]
    private var stack: [Entry] = []
    private var steps = 0
    private let budget: Int

    /// A saved choice (`pc`, `position`), an undo record (`register` gets `value` back), or the
    /// place a negated lookaround goes on when its body fails.
    private struct Entry {
        enum Kind: UInt8 {
            case choice
            case restore
            case negatedLookaroundExit
        }

        var kind: Kind
        var first: Int
        var second: Int
    }

    /// Thrown when the budget runs out.
    struct BudgetExhausted: Error {}

    /// Whether the whole of `text` matches `program`; throws when `budget` steps are not enough to tell.
    static func matchesWhole(
        _ program: RegexBacktrackProgram, _ text: UnsafeBufferPointer<UInt8>, budget: Int
    ) throws(BudgetExhausted) -> Bool {
        var matcher = RegexBacktracker(program: program, text: text, budget: budget)
        return try matcher.run()
    }

    private init(program: RegexBacktrackProgram, text: UnsafeBufferPointer<UInt8>, budget: Int) {
        self.program = program
        self.text = text
        self.budget = budget
        finalLineTerminatorOffset = program.usesFinalLineTerminator ? RegexUTF8.finalLineTerminatorOffset(text) : nil
        registers = [Int](repeating: -1, count: program.registerCount)
    }

    // MARK: Running

    private mutating func run() throws(BudgetExhausted) -> Bool {
        var pc = 0
        var position = 0
        let instructions = program.instructions
        while true {
            steps += 1
            if steps > budget { throw BudgetExhausted() }
            var failed = false
            switch instructions[pc] {
            case .char(let expected):
                if position < text.count, case let (scalar, length) = RegexUTF8.decode(text, at: position), scalar == expected {
                    position += length
                    pc += 1
                } else {
                    failed = true
                }
            case .consume(let index):
                if position < text.count, case let (scalar, length) = RegexUTF8.decode(text, at: position),
                   program.classSet.contains(index, scalar) {
                    position += length
                    pc += 1
                } else {
                    failed = true
                }
            case .assert(let assertion):
                if self.position(at: position).satisfies(assertion) { pc += 1 } else { failed = true }
            case .split(let first, let second):
                push(.choice, second, position)
                pc = first
            case .jump(let target):
                pc = target
            case .captureStart(let group):
                set(3 * (group - 1) + 2, position)
                pc += 1
            case .captureEnd(let group):
                let base = 3 * (group - 1)
                set(base, registers[base + 2])
                set(base + 1, position)
                pc += 1
            case .backreference(let group, let isCaseInsensitive):
                let base = 3 * (group - 1)
                if registers[base] >= 0,
                   let end = matchBackreference(from: registers[base], to: registers[base + 1], at: position, isCaseInsensitive: isCaseInsensitive) {
                    position = end
                    pc += 1
                } else {
                    failed = true
                }
            case .repeatStart(let register):
                set(register, position)
                pc += 1
            case .repeatCheck(let register, let loop, let isLazy):
                if registers[register] == position {
                    pc += 1  // an empty iteration ends the loop
                } else if isLazy {
                    push(.choice, loop, position)
                    pc += 1
                } else {
                    push(.choice, pc + 1, position)
                    pc = loop
                }
            case .atomicStart(let register):
                set(register, stack.count + 1)  // past the undo record `set` pushes
                pc += 1
            case .atomicEnd(let register):
                discardChoices(above: registers[register])
                pc += 1
            case .lookaheadStart(let register, let isNegated, let exit):
                if isNegated { push(.negatedLookaroundExit, exit, position) }
                set(register + 1, position)
                set(register, stack.count + 1)
                pc += 1
            case .lookbehindStart(let register, let isNegated, let minimum, let maximum, let exit):
                if isNegated { push(.negatedLookaroundExit, exit, position) }
                set(register + 1, position)
                set(register, stack.count + 1)
                if let start = startLookbehind(at: position, minimum: minimum, maximum: maximum, body: pc + 1) {
                    position = start
                    pc += 1
                } else {
                    failed = true
                }
            case .lookaheadEnd(let register, let isNegated), .lookbehindEnd(let register, let isNegated):
                if case .lookbehindEnd = instructions[pc], position != registers[register + 1] {
                    failed = true  // the body must end where the lookbehind stands
                } else if isNegated {
                    // the body matched, so the lookaround fails: undo it, and its exit, entirely
                    unwind(to: registers[register] - 3)
                    failed = true
                } else {
                    position = registers[register + 1]
                    discardChoices(above: registers[register])
                    pc += 1
                }
            case .match:
                if position == text.count { return true }
                failed = true
            }
            if failed {
                guard let resumed = try backtrack() else { return false }
                (pc, position) = resumed
            }
        }
    }

    /// Pops the stack to the latest choice, undoing register writes on the way; nil when none is left.
    private mutating func backtrack() throws(BudgetExhausted) -> (pc: Int, position: Int)? {
        while let entry = stack.popLast() {
            steps += 1
            if steps > budget { throw BudgetExhausted() }
            switch entry.kind {
            case .restore:
                registers[entry.first] = entry.second
            case .choice, .negatedLookaroundExit:
                return (entry.first, entry.second)
            }
        }
        return nil
    }

    // MARK: Registers and the stack

    private mutating func push(_ kind: Entry.Kind, _ first: Int, _ second: Int) {
        stack.append(Entry(kind: kind, first: first, second: second))
    }

    /// Sets a register, recording its old value for backtracking.
    private mutating func set(_ register: Int, _ value: Int) {
        push(.restore, register, registers[register])
        registers[register] = value
    }

    /// Drops the choices above `depth`, keeping the undo records, so that what was decided there
    /// stands (atomic groups, possessive quantifiers, lookarounds that matched).
    private mutating func discardChoices(above depth: Int) {
        var kept = depth
        for index in depth..<stack.count where stack[index].kind == .restore {
            stack[kept] = stack[index]
            kept += 1
        }
        steps += stack.count - depth
        stack.removeSubrange(kept...)
    }

    /// Pops everything above `depth`, undoing register writes.
    private mutating func unwind(to depth: Int) {
        while stack.count > depth {
            let entry = stack.removeLast()
            if entry.kind == .restore { registers[entry.first] = entry.second }
        }
    }

    // MARK: Matching pieces

    /// Where the text the group matched (`start..<end`) occurs again at `position`: the offset
    /// after it, or nil.
    private func matchBackreference(from start: Int, to end: Int, at position: Int, isCaseInsensitive: Bool) -> Int? {
        guard isCaseInsensitive else {
            let length = end - start
            guard position + length <= text.count else { return nil }
            for index in 0..<length where text[start + index] != text[position + index] { return nil }
            return position + length
        }
        var captured = start
        var offset = position
        while captured < end {
            guard offset < text.count else { return nil }
            let (expected, expectedLength) = RegexUTF8.decode(text, at: captured)
            let (actual, actualLength) = RegexUTF8.decode(text, at: offset)
            if expected != actual, RegexCaseFolding.variants(of: expected)?.contains(actual) != true { return nil }
            captured += expectedLength
            offset += actualLength
        }
        return offset
    }

    /// Pushes a choice for every start of a lookbehind's body but the nearest, which it returns
    /// (nil when the subject has too few scalars before `position`).
    private mutating func startLookbehind(at position: Int, minimum: Int, maximum: Int, body: Int) -> Int? {
        var starts: [Int] = []
        var start = position
        var distance = 0
        while true {
            if distance >= minimum { starts.append(start) }
            guard distance < maximum, start > 0 else { break }
            start = RegexUTF8.previousScalarStart(text, before: start)
            distance += 1
        }
        guard let nearest = starts.first else { return nil }
        for farther in starts.dropFirst().reversed() { push(.choice, body, farther) }
        return nearest
    }

    /// The position at `offset` as the assertions see it.
    private func position(at offset: Int) -> RegexPosition {
        var preceding: RegexPrecedingContext = []
        if offset == 0 {
            preceding.insert(.atStart)
        } else {
            var start = RegexUTF8.previousScalarStart(text, before: offset)
            let previous = RegexUTF8.decode(text, at: start).scalar
            if RegexScalarTraits.isLineTerminator(previous) { preceding.insert(.lineTerminator) }
            if previous == RegexScalarTraits.carriageReturn { preceding.insert(.carriageReturn) }
            // word boundaries look through combining marks and format characters
            var scalar = previous
            while RegexScalarTraits.isExtendOrFormat(scalar), start > 0 {
                start = RegexUTF8.previousScalarStart(text, before: start)
                scalar = RegexUTF8.decode(text, at: start).scalar
            }
            if !RegexScalarTraits.isExtendOrFormat(scalar), RegexScalarTraits.isWord(scalar) { preceding.insert(.wordScalar) }
        }
        return RegexPosition(
            preceding: preceding,
            current: offset < text.count ? RegexUTF8.decode(text, at: offset).scalar : RegexPosition.endOfText,
            isBeforeFinalLineTerminator: offset == finalLineTerminatorOffset
        )
    }
}
