/// A token of the predicate and expression language (Apple's "Predicate Format String Syntax").
public struct Token: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// A key path component or function name; `#`-escaped reserved words arrive here too.
        case identifier(String)
        /// A reserved word, matched case-insensitively.
        case keyword(Keyword)
        case integer(Int64)
        case double(Double)
        case string(String)
        /// `$name`: a substitution variable.
        case variable(String)
        /// `%@`, `%K`, `%d`, `%i`, `%f`, `%s`: a format argument for the Swift API.
        case formatArgument(Character)
        /// `@count`, `@sum`, …: a collection operator, without the `@`.
        case collectionOperator(String)
        case punctuation(Punctuation)
        case `operator`(Operator)
        case end
    }

    public var kind: Kind
    /// UTF-8 byte offsets of the token in the source text.
    public var range: Range<Int>

    public init(_ kind: Kind, _ range: Range<Int>) {
        self.kind = kind
        self.range = range
    }
}

/// Reserved words of the language. Apple's list, plus the NSExpression forms
/// (`FUNCTION`, `TERNARY`, `UNION`, `INTERSECT`, `MINUS`).
public enum Keyword: String, Sendable, CaseIterable {
    case and = "AND", or = "OR", not = "NOT", `in` = "IN"
    case all = "ALL", any = "ANY", some = "SOME", none = "NONE"
    case like = "LIKE", matches = "MATCHES", contains = "CONTAINS", beginsWith = "BEGINSWITH", endsWith = "ENDSWITH"
    case between = "BETWEEN"
    case null = "NULL", `nil` = "NIL", `self` = "SELF", `true` = "TRUE", yes = "YES", `false` = "FALSE", no = "NO"
    case first = "FIRST", last = "LAST", size = "SIZE"
    case truePredicate = "TRUEPREDICATE", falsePredicate = "FALSEPREDICATE"
    case subquery = "SUBQUERY", function = "FUNCTION", ternary = "TERNARY", cast = "CAST"
    case union = "UNION", intersect = "INTERSECT", minus = "MINUS"
    case anyKey = "ANYKEY", fetch = "FETCH"

    /// Looks a word up without regard to case.
    static func lookUp(_ word: String) -> Keyword? {
        var word = word
        return word.withUTF8 { lookUp($0[...]) }
    }

    /// Looks the UTF-8 bytes of a word up without regard to case, without allocating.
    static func lookUp<Bytes: Collection<UInt8>>(_ word: Bytes) -> Keyword? {
        guard (2...16).contains(word.count) else { return nil }
        var name = PackedName()
        for byte in word {
            let upper = byte &- UInt8(ascii: "a") < 26 ? byte & 0xDF : byte
            guard upper &- UInt8(ascii: "A") < 26 else { return nil }
            name.append(upper)
        }
        return byPackedName[name]
    }

    /// Up to 16 ASCII letters packed into two integers, one byte each: a hashable key that
    /// costs no allocation.
    private struct PackedName: Hashable {
        var high: UInt64 = 0
        var low: UInt64 = 0

        mutating func append(_ byte: UInt8) {
            high = high << 8 | low >> 56
            low = low << 8 | UInt64(byte)
        }
    }

    private static let byPackedName: [PackedName: Keyword] = Dictionary(uniqueKeysWithValues: allCases.map { keyword in
        var name = PackedName()
        for byte in keyword.rawValue.utf8 { name.append(byte) }
        return (name, keyword)
    })
}

public enum Punctuation: String, Sendable {
    case leftParen = "(", rightParen = ")", leftBrace = "{", rightBrace = "}"
    case leftBracket = "[", rightBracket = "]", comma = ",", dot = ".", colon = ":"

    init?(byte: UInt8) {
        switch byte {
        case UInt8(ascii: "("): self = .leftParen
        case UInt8(ascii: ")"): self = .rightParen
        case UInt8(ascii: "{"): self = .leftBrace
        case UInt8(ascii: "}"): self = .rightBrace
        case UInt8(ascii: "["): self = .leftBracket
        case UInt8(ascii: "]"): self = .rightBracket
        case UInt8(ascii: ","): self = .comma
        case UInt8(ascii: "."): self = .dot
        case UInt8(ascii: ":"): self = .colon
        default: return nil
        }
    }
}

public enum Operator: String, Sendable {
    case equal = "==", notEqual = "!=", less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">="
    case plus = "+", minus = "-", times = "*", divide = "/", power = "**"
    case and = "&&", or = "||", not = "!"
    case assign = ":="
}
