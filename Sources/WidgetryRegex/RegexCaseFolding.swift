/// Simple case-insensitive equivalence of Unicode scalars, as regular expressions use it: two
/// scalars are equivalent when they have the same simple case fold, so `k`, `K` and KELVIN SIGN
/// (U+212A) match each other, as do `σ`, `ς` and `Σ`. Mappings to several scalars (`ß` → `SS`) are
/// not used, and the Turkic dotted and dotless i (U+0130, U+0131) stay apart from `i` and `I`, as
/// in ICU.
enum RegexCaseFolding {
    /// Every scalar that has case variants, in ascending order, with its whole equivalence class
    /// (itself included).
    static let variantsByScalar: [(scalar: UInt32, variants: [UInt32])] = buildTable()

    private static let variantsLookup: [UInt32: [UInt32]] = Dictionary(
        uniqueKeysWithValues: variantsByScalar.map { ($0.scalar, $0.variants) }
    )

    /// The equivalence class of `value` (itself included), or nil when it has no case variants.
    static func variants(of value: UInt32) -> [UInt32]? {
        variantsLookup[value]
    }

    /// Cased scalars all lie below U+20000 (the last cased script block ends before it).
    private static let casedScalarLimit: UInt32 = 0x2_0000

    private static func buildTable() -> [(scalar: UInt32, variants: [UInt32])] {
        var classes: [UInt32: [UInt32]] = [:]
        for value in 0..<casedScalarLimit {
            guard let scalar = Unicode.Scalar(value), scalar.properties.changesWhenCaseMapped,
                  value != 0x130, value != 0x131
            else { continue }
            classes[foldKey(of: scalar), default: []].append(value)
        }
        var table: [(scalar: UInt32, variants: [UInt32])] = []
        for (key, members) in classes {
            var equivalents = Set(members)
            equivalents.insert(key)
            guard equivalents.count > 1 else { continue }
            let sorted = equivalents.sorted()
            for member in sorted { table.append((member, sorted)) }
        }
        return table.sorted { $0.scalar < $1.scalar }
    }

    /// The lowercase of the uppercase of `scalar`, keeping `scalar` wherever a mapping produces
    /// more than one scalar; scalars with the same key are simple case variants of each other.
    private static func foldKey(of scalar: Unicode.Scalar) -> UInt32 {
        let upper = singleScalar(scalar.properties.uppercaseMapping) ?? scalar
        return (singleScalar(upper.properties.lowercaseMapping) ?? upper).value
    }

    private static func singleScalar(_ mapping: String) -> Unicode.Scalar? {
        var scalars = mapping.unicodeScalars.makeIterator()
        guard let first = scalars.next(), scalars.next() == nil else { return nil }
        return first
    }
}
