/// A set of scalars as a pattern spells it: explicit ranges, Unicode properties and nested
/// classes, possibly negated. Case-insensitive classes hold their ranges already closed over case
/// variants, and their properties test every variant of a scalar, so negation applies after case
/// closure, as in ICU (`(?i)[^a]` rejects both `a` and `A`).
struct RegexScalarClass: Sendable, Hashable {
    var ranges = RegexScalarRanges()
    var properties: [PropertyTerm] = []
    var negatedMembers: [RegexScalarClass] = []
    var isNegated = false

    /// A property, tested on the scalar itself or, case-insensitively, on any of its case variants.
    struct PropertyTerm: Sendable, Hashable {
        var property: RegexUnicodeProperty
        var isCaseInsensitive: Bool

        func contains(_ value: UInt32) -> Bool {
            if isCaseInsensitive, let variants = RegexCaseFolding.variants(of: value) {
                return variants.contains { property.contains($0) }
            }
            return property.contains(value)
        }
    }

    init(ranges: RegexScalarRanges = RegexScalarRanges(), isNegated: Bool = false) {
        self.ranges = ranges
        self.isNegated = isNegated
    }

    init(_ property: RegexUnicodeProperty, isCaseInsensitive: Bool = false, isNegated: Bool = false) {
        properties = [PropertyTerm(property: property, isCaseInsensitive: isCaseInsensitive)]
        self.isNegated = isNegated
    }

    /// One scalar, with its case variants when `isCaseInsensitive`.
    init(literal value: UInt32, isCaseInsensitive: Bool) {
        if isCaseInsensitive, let variants = RegexCaseFolding.variants(of: value) {
            ranges = RegexScalarRanges(variants)
        } else {
            ranges = RegexScalarRanges([value])
        }
    }

    /// Adds the members of `other`.
    mutating func formUnion(_ other: RegexScalarClass) {
        if other.isNegated {
            negatedMembers.append(other)
        } else {
            ranges.formUnion(other.ranges)
            properties.append(contentsOf: other.properties)
            negatedMembers.append(contentsOf: other.negatedMembers)
        }
    }

    /// The ASCII members, as a bitmap.
    var asciiBitmap: RegexASCIIBitmap {
        var bitmap = ranges.asciiBitmap
        for term in properties {
            bitmap.formUnion(term.property.asciiBitmap(isCaseInsensitive: term.isCaseInsensitive))
        }
        for member in negatedMembers { bitmap.formUnion(member.asciiBitmap) }
        return isNegated ? bitmap.inverted : bitmap
    }

    func contains(_ value: UInt32) -> Bool {
        let isMember = ranges.contains(value)
            || properties.contains { $0.contains(value) }
            || negatedMembers.contains { $0.contains(value) }
        return isMember != isNegated
    }
}
