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
        Keyword(rawValue: word.uppercased())
    }
}

public enum Punctuation: String, Sendable {
    case leftParen = "(", rightParen = ")", leftBrace = "{", rightBrace = "}"
    case leftBracket = "[", rightBracket = "]", comma = ",", dot = ".", colon = ":"
}

public enum Operator: String, Sendable {
    case equal = "==", notEqual = "!=", less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">="
    case plus = "+", minus = "-", times = "*", divide = "/", power = "**"
    case and = "&&", or = "||", not = "!"
    case assign = ":="
}
