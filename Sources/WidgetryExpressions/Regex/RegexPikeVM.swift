/// Thompson simulation of a program over UTF-8 text: all live threads advance together one
/// scalar at a time, each instruction at most once per position, so the time is linear in the
/// length of the text (times the size of the program) whatever the pattern.
enum RegexPikeVM {
    /// Whether the threads waiting at `startOffset`, with the given preceding context, reach the
    /// `match` instruction exactly at the end of `text`.
    static func matchesWhole(
        _ text: UnsafeBufferPointer<UInt8>,
        from startOffset: Int,
        threads initialThreads: [Int],
        preceding initialPreceding: RegexPrecedingContext,
        finalLineTerminatorOffset: Int?,
        program: RegexProgram
    ) -> Bool {
        let programSize = program.instructions.count
        let memory = UnsafeMutablePointer<Int>.allocate(
            capacity: 2 * programSize + RegexClosure.scratchCount(programSize: programSize)
        )
        defer { memory.deallocate() }
        var threads = memory
        var nextThreads = memory + programSize
        var threadCount = 0
        for thread in initialThreads {
            threads[threadCount] = thread
            threadCount += 1
        }
        return program.instructions.withUnsafeBufferPointer { instructions in
            var closure = RegexClosure(instructions: instructions, scratch: memory + 2 * programSize)
            var preceding = initialPreceding
            var offset = startOffset
            while true {
                let (scalar, length) = offset < text.count ? RegexUTF8.decode(text, at: offset) : (RegexPosition.endOfText, 0)
                let position = RegexPosition(
                    preceding: preceding,
                    current: scalar,
                    isBeforeFinalLineTerminator: offset == finalLineTerminatorOffset
                )
                closure.compute(from: UnsafeBufferPointer(start: threads, count: threadCount), at: position)
                guard scalar != RegexPosition.endOfText else { return closure.reachesMatch }
                var nextCount = 0
                for pc in closure.consumers {
                    if case .consume(let scalarClass) = instructions[pc], program.scalarClass(scalarClass, contains: scalar) {
                        nextThreads[nextCount] = pc + 1
                        nextCount += 1
                    }
                }
                guard nextCount > 0 else { return false }
                swap(&threads, &nextThreads)
                threadCount = nextCount
                preceding = preceding.advanced(past: scalar, tracking: program.trackedContext)
                offset += length
            }
        }
    }
}
