/// Decoding tables of finite-state entropy coding, built from a block's normalised symbol
/// frequencies. A table has one entry per state; a state names a symbol, how many bits to read
/// next and the base of the next state. Tables whose frequencies add up to more than the number
/// of states are refused; states no symbol fills decode as symbol 0 to state 0.
struct FSELiteralTable {
    struct Entry {
        var bits: UInt8 = 0
        var symbol: UInt8 = 0
        var delta: Int32 = 0
    }

    let entries: [Entry]

    init(states: Int, frequencies: ArraySlice<UInt16>, offset: Int) throws(LZFSEError) {
        var entries = [Entry](repeating: Entry(), count: states)
        var next = 0
        try FSETableLayout.forEachState(states: states, frequencies: frequencies, offset: offset) { symbol, bits, delta in
            entries[next] = Entry(bits: UInt8(bits), symbol: UInt8(truncatingIfNeeded: symbol), delta: Int32(delta))
            next += 1
        }
        self.entries = entries
    }

    /// The symbol of `state`, moving `state` to the next one.
    func decode(_ state: inout Int, _ reader: inout FSEBitReader) throws(LZFSEError) -> UInt8 {
        let entry = entries[state]
        let next = Int(entry.delta) + Int(try reader.pull(Int(entry.bits)))
        guard next >= 0, next < entries.count else {
            throw LZFSEError(.badBitstream, "a literal state leaves its table", offset: 0)
        }
        state = next
        return entry.symbol
    }
}

/// A table that decodes values (literal lengths, match lengths, distances): each symbol stands
/// for a base value plus some extra bits read with the next state.
struct FSEValueTable {
    struct Entry {
        var totalBits: UInt8 = 0
        var valueBits: UInt8 = 0
        var delta: Int32 = 0
        var base: Int32 = 0
    }

    let entries: [Entry]

    init(states: Int, frequencies: ArraySlice<UInt16>, extraBits: [UInt8], baseValues: [Int32], offset: Int) throws(LZFSEError) {
        var entries = [Entry](repeating: Entry(), count: states)
        var next = 0
        try FSETableLayout.forEachState(states: states, frequencies: frequencies, offset: offset) { symbol, bits, delta in
            entries[next] = Entry(totalBits: UInt8(bits) + extraBits[symbol], valueBits: extraBits[symbol],
                                  delta: Int32(delta), base: baseValues[symbol])
            next += 1
        }
        self.entries = entries
    }

    func decode(_ state: inout Int, _ reader: inout FSEBitReader) throws(LZFSEError) -> Int {
        let entry = entries[state]
        let bits = try reader.pull(Int(entry.totalBits))
        let next = Int(entry.delta) + Int(bits >> UInt64(entry.valueBits))
        guard next >= 0, next < entries.count else {
            throw LZFSEError(.badBitstream, "a value state leaves its table", offset: 0)
        }
        state = next
        let mask: UInt64 = (UInt64(1) << UInt64(entry.valueBits)) - 1
        return Int(entry.base) + Int(bits & mask)
    }
}

enum FSETableLayout {
    /// Calls `body(symbol, bits, delta)` for each state in order: every symbol of frequency f
    /// takes f consecutive states; the first states of a symbol read k bits, the rest k-1,
    /// where k makes states ≤ f << k < 2 × states.
    static func forEachState(states: Int, frequencies: ArraySlice<UInt16>, offset: Int,
                             _ body: (_ symbol: Int, _ bits: Int, _ delta: Int) -> Void) throws(LZFSEError) {
        var total = 0
        for frequency in frequencies { total += Int(frequency) }
        guard total <= states else {
            throw LZFSEError(.badTable, "a frequency table uses \(total) states of \(states)", offset: offset)
        }
        let stateBits = states.trailingZeroBitCount
        for (symbol, frequency) in frequencies.enumerated() where frequency > 0 {
            let f = Int(frequency)
            let k = stateBits - (Int.bitWidth - 1 - f.leadingZeroBitCount)
            let j0 = ((2 * states) >> k) - f
            for j in 0..<f {
                if j < j0 {
                    body(symbol, k, ((f + j) << k) - states)
                } else {
                    body(symbol, k - 1, (j - j0) << (k - 1))
                }
            }
        }
    }
}
