// The deterministic ~20 MB JSON document the parsing benchmarks read (`JSONParsing` and
// `ParseComparison`): a top-level array of records with nested objects and arrays, strings with
// escapes and raw non-ASCII text, integers, doubles, booleans and nulls.

/// A generated document and the number of records in its top-level array.
public struct GeneratedDocument: Sendable {
    public let bytes: [UInt8]
    public let recordCount: Int

    /// Fixed seed of the benchmarks: the document is the same on every run and machine.
    public static let benchmarkSeed: UInt64 = 0x5EED_2026_0000_0001

    /// Records from `seed` until the document passes `targetBytes` (it stops at a record boundary).
    public static func make(targetBytes: Int, seed: UInt64 = benchmarkSeed) -> GeneratedDocument {
        var writer = DocumentWriter(seed: seed, capacity: targetBytes + 64 * 1_024)
        writer.emit("[\n")
        var count = 0
        while writer.output.count < targetBytes {
            if count > 0 { writer.emit(",\n") }
            writer.writeRecord(id: count)
            count += 1
        }
        writer.emit("\n]\n")
        return GeneratedDocument(bytes: writer.output, recordCount: count)
    }
}

/// SplitMix64: small, fast, and fully determined by its seed.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in `0..<bound` (bound > 0); the modulo bias is irrelevant here.
    mutating func below(_ bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }

    mutating func chance(_ percent: Int) -> Bool {
        below(100) < percent
    }
}

struct DocumentWriter {
    var output: [UInt8]
    var random: SplitMix64

    init(seed: UInt64, capacity: Int) {
        output = []
        output.reserveCapacity(capacity)
        random = SplitMix64(seed: seed)
    }

    // Source text of string contents: plain ASCII words, JSON escapes (\n \" \\ \t \/ \u00e9
    // and a surrogate pair), and raw non-ASCII UTF-8 (2-, 3- and 4-byte sequences).
    static let words = [
        "alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "widget", "layout", "frame",
        "button", "label", "stack", "scroll", "image", "title", "subtitle", "value", "binding",
    ]
    static let escapedPieces = [
        #"line one\nline two"#, #"say \"hi\""#, #"C:\\path\\to"#, #"caf\u00e9"#, #"tab\there"#,
        #"a\/b"#, #"smile \ud83d\ude00"#, #"na\u00efve \u4e16\u754c"#,
    ]
    static let rawUnicodePieces = ["é", "café", "世界", "naïve", "Grüße", "日本語", "😀", "Ωmega"]
    static let statuses = ["active", "archived", "draft", "pending", "deleted"]

    mutating func emit(_ text: String) {
        output.append(contentsOf: text.utf8)
    }

    mutating func emitInteger<T: BinaryInteger>(_ value: T) {
        emit(String(value))
    }

    mutating func key(_ name: String) {
        output.append(UInt8(ascii: "\""))
        emit(name)
        emit("\":")
    }

    /// A string literal mixing plain words, escapes and raw non-ASCII text.
    mutating func stringValue(pieces: Int) {
        output.append(UInt8(ascii: "\""))
        for index in 0..<pieces {
            if index > 0 { output.append(UInt8(ascii: " ")) }
            switch random.below(10) {
            case 0, 1: emit(Self.escapedPieces[random.below(Self.escapedPieces.count)])
            case 2, 3: emit(Self.rawUnicodePieces[random.below(Self.rawUnicodePieces.count)])
            default: emit(Self.words[random.below(Self.words.count)])
            }
        }
        output.append(UInt8(ascii: "\""))
    }

    /// A plain ASCII string with no escapes (the common case for keys and identifiers).
    mutating func plainString() {
        output.append(UInt8(ascii: "\""))
        emit(Self.words[random.below(Self.words.count)])
        output.append(UInt8(ascii: "-"))
        emitInteger(random.below(100_000))
        output.append(UInt8(ascii: "\""))
    }

    /// A signed integer of varying magnitude, sometimes large (up to 18 digits).
    mutating func integerValue() {
        let magnitude: Int64 =
            switch random.below(4) {
            case 0: Int64(random.below(10))
            case 1: Int64(random.below(100_000))
            case 2: Int64(random.below(1_000_000_000))
            default: Int64(random.next() % 1_000_000_000_000_000_000)
            }
        if random.chance(30), magnitude != 0 { output.append(UInt8(ascii: "-")) }
        emitInteger(magnitude)
    }

    /// A number with a fraction and/or an exponent: `-12.375`, `6.02e23`, `1.5E-7`, `3e+2`.
    mutating func doubleValue() {
        if random.chance(35) { output.append(UInt8(ascii: "-")) }
        let integerPart = random.below(4) == 0 ? 0 : random.below(100_000)
        emitInteger(integerPart)
        let shape = random.below(4)
        if shape != 3 {
            // Fraction with 1 to 9 digits (leading zeros kept, so "0.0042" appears).
            output.append(UInt8(ascii: "."))
            let digits = 1 + random.below(9)
            for _ in 0..<digits {
                output.append(UInt8(ascii: "0") + UInt8(random.below(10)))
            }
        }
        if shape >= 2 {
            output.append(random.chance(50) ? UInt8(ascii: "e") : UInt8(ascii: "E"))
            switch random.below(3) {
            case 0: output.append(UInt8(ascii: "-"))
            case 1: output.append(UInt8(ascii: "+"))
            default: break
            }
            emitInteger(random.below(30))
        }
    }

    mutating func boolValue() {
        emit(random.chance(50) ? "true" : "false")
    }

    mutating func writeNumberArray() {
        output.append(UInt8(ascii: "["))
        let count = random.below(8)
        for index in 0..<count {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            if random.chance(50) { integerValue() } else { doubleValue() }
        }
        output.append(UInt8(ascii: "]"))
    }

    /// A small object nested two levels deep: owner, position and flags.
    mutating func writeMeta() {
        emit("{")
        key("created"); plainString(); emit(",")
        key("owner")
        emit("{")
        key("name"); stringValue(pieces: 1 + random.below(3)); emit(",")
        key("level"); integerValue(); emit(",")
        key("verified"); boolValue(); emit(",")
        key("manager"); if random.chance(50) { emit("null") } else { plainString() }
        emit("},")
        key("position")
        emit("{")
        key("x"); doubleValue(); emit(",")
        key("y"); doubleValue(); emit(",")
        key("z"); integerValue()
        emit("},")
        key("samples"); writeNumberArray()
        emit("}")
    }

    mutating func writeChild(index: Int) {
        emit("{")
        key("index"); emitInteger(index); emit(",")
        key("kind"); emit("\""); emit(Self.statuses[random.below(Self.statuses.count)]); emit("\",")
        key("label"); stringValue(pieces: 1 + random.below(4)); emit(",")
        key("weight"); doubleValue(); emit(",")
        key("enabled"); boolValue(); emit(",")
        key("note"); if random.chance(40) { emit("null") } else { stringValue(pieces: 2) }
        emit("}")
    }

    /// One top-level record. Some records are pretty-printed (newlines and indentation), most are compact.
    mutating func writeRecord(id: Int) {
        let pretty = random.chance(10)
        let separator = pretty ? ",\n    " : ","
        emit(pretty ? "  {\n    " : "  {")
        key("id"); emitInteger(id); emit(separator)
        key("uuid"); plainString(); emit(separator)
        key("title"); stringValue(pieces: 2 + random.below(5)); emit(separator)
        key("description"); stringValue(pieces: 5 + random.below(15)); emit(separator)
        key("status"); emit("\""); emit(Self.statuses[random.below(Self.statuses.count)]); emit("\""); emit(separator)
        key("count"); integerValue(); emit(separator)
        key("delta"); emit("-"); emitInteger(1 + random.below(1_000)); emit(separator)
        key("score"); doubleValue(); emit(separator)
        key("ratio"); doubleValue(); emit(separator)
        key("visible"); boolValue(); emit(separator)
        key("deletedAt"); emit("null"); emit(separator)
        key("tags")
        emit("[")
        let tagCount = random.below(6)
        for index in 0..<tagCount {
            if index > 0 { emit(pretty ? ", " : ",") }
            if random.chance(70) { plainString() } else { stringValue(pieces: 1) }
        }
        emit("]"); emit(separator)
        key("meta"); writeMeta(); emit(separator)
        key("children")
        emit("[")
        let childCount = random.below(5)
        for index in 0..<childCount {
            if index > 0 { emit(",") }
            writeChild(index: index)
        }
        emit("]")
        emit(pretty ? "\n  }" : "}")
    }
}
