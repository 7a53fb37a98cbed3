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
        return switch (name.high, name.low) {
        case (0x0, 0x414C4C): Keyword.all  // ALL
        case (0x0, 0x414E44): Keyword.and  // AND
        case (0x0, 0x414E59): Keyword.any  // ANY
        case (0x0, 0x414E594B4559): Keyword.anyKey  // ANYKEY
        case (0x4245, 0x47494E5357495448): Keyword.beginsWith  // BEGINSWITH
        case (0x0, 0x4245545745454E): Keyword.between  // BETWEEN
        case (0x0, 0x43415354): Keyword.cast  // CAST
        case (0x0, 0x434F4E5441494E53): Keyword.contains  // CONTAINS
        case (0x0, 0x454E445357495448): Keyword.endsWith  // ENDSWITH
        case (0x0, 0x46414C5345): Keyword.`false`  // FALSE
        case (0x46414C534550, 0x5245444943415445): Keyword.falsePredicate  // FALSEPREDICATE
        case (0x0, 0x4645544348): Keyword.fetch  // FETCH
        case (0x0, 0x4649525354): Keyword.first  // FIRST
        case (0x0, 0x46554E4354494F4E): Keyword.function  // FUNCTION
        case (0x0, 0x494E): Keyword.`in`  // IN
        case (0x49, 0x4E54455253454354): Keyword.intersect  // INTERSECT
        case (0x0, 0x4C415354): Keyword.last  // LAST
        case (0x0, 0x4C494B45): Keyword.like  // LIKE
        case (0x0, 0x4D415443484553): Keyword.matches  // MATCHES
        case (0x0, 0x4D494E5553): Keyword.minus  // MINUS
        case (0x0, 0x4E494C): Keyword.`nil`  // NIL
        case (0x0, 0x4E4F): Keyword.no  // NO
        case (0x0, 0x4E4F4E45): Keyword.none  // NONE
        case (0x0, 0x4E4F54): Keyword.not  // NOT
        case (0x0, 0x4E554C4C): Keyword.null  // NULL
        case (0x0, 0x4F52): Keyword.or  // OR
        case (0x0, 0x53454C46): Keyword.`self`  // SELF
        case (0x0, 0x53495A45): Keyword.size  // SIZE
        case (0x0, 0x534F4D45): Keyword.some  // SOME
        case (0x0, 0x5355425155455259): Keyword.subquery  // SUBQUERY
        case (0x0, 0x5445524E415259): Keyword.ternary  // TERNARY
        case (0x0, 0x54525545): Keyword.`true`  // TRUE
        case (0x5452554550, 0x5245444943415445): Keyword.truePredicate  // TRUEPREDICATE
        case (0x0, 0x554E494F4E): Keyword.union  // UNION
        case (0x0, 0x594553): Keyword.yes  // YES
        default: nil
        }
    }

    /// Up to 16 ASCII letters packed into two integers, one byte each, so that a switch over
    /// constants finds the keyword with no allocation and no hashing. The constants in
    /// `lookUp` are the keywords' raw values packed the same way (a test checks them).
    private struct PackedName {
        var high: UInt64 = 0
        var low: UInt64 = 0

        mutating func append(_ byte: UInt8) {
            high = high << 8 | low >> 56
            low = low << 8 | UInt64(byte)
        }
    }

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
