/// A parsed predicate: the tree the parser builds, with the byte range of each node in the text.
///
/// Equality compares the trees and ignores ranges, so `parse(print(tree)) == tree` is the
/// round-trip property the canonical printer keeps.
public struct PredicateSyntax: Sendable, Equatable {
    public indirect enum Kind: Sendable, Equatable {
        /// `TRUEPREDICATE` or `FALSEPREDICATE`.
        case constant(Bool)
        case not(PredicateSyntax)
        /// Two or more operands; nested `AND`s are flattened.
        case and([PredicateSyntax])
        /// Two or more operands; nested `OR`s are flattened.
        case or([PredicateSyntax])
        case comparison(ComparisonSyntax)
    }

    public var kind: Kind
    /// UTF-8 byte range in the source text.
    public var range: Range<Int>

    public init(_ kind: Kind, range: Range<Int>) {
        self.kind = kind
        self.range = range
    }

    public static func == (lhs: PredicateSyntax, rhs: PredicateSyntax) -> Bool {
        lhs.kind == rhs.kind
    }
}

/// `[ANY|ALL|NONE] left operator[options] right`.
public struct ComparisonSyntax: Sendable, Equatable {
    public var modifier: ComparisonModifier
    public var left: ExpressionSyntax
    public var comparison: ComparisonOperator
    public var options: ComparisonOptions
    public var right: ExpressionSyntax

    public init(modifier: ComparisonModifier = .direct, left: ExpressionSyntax, comparison: ComparisonOperator,
                options: ComparisonOptions = [], right: ExpressionSyntax) {
        self.modifier = modifier
        self.left = left
        self.comparison = comparison
        self.options = options
        self.right = right
    }
}

/// How a comparison treats a collection on its left side.
public enum ComparisonModifier: String, Sendable {
    /// Compare the left value itself.
    case direct = ""
    /// `ANY` / `SOME`: true when some element satisfies the comparison.
    case any = "ANY"
    /// `ALL`: true when every element does (so true for an empty collection).
    case all = "ALL"
    /// `NONE`: true when no element does.
    case none = "NONE"
}

public enum ComparisonOperator: String, Sendable, CaseIterable {
    case equal = "=="
    case notEqual = "!="
    case less = "<"
    case lessOrEqual = "<="
    case greater = ">"
    case greaterOrEqual = ">="
    case matches = "MATCHES"
    case like = "LIKE"
    case beginsWith = "BEGINSWITH"
    case endsWith = "ENDSWITH"
    case `in` = "IN"
    case contains = "CONTAINS"
    case between = "BETWEEN"
}

/// `[c]`, `[d]`, `[n]`, `[l]` after a comparison operator.
public struct ComparisonOptions: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// `c`: case-insensitive.
    public static let caseInsensitive = ComparisonOptions(rawValue: 1)
    /// `d`: diacritic-insensitive.
    public static let diacriticInsensitive = ComparisonOptions(rawValue: 2)
    /// `n`: compare Unicode scalars as they are, without normalisation.
    public static let normalized = ComparisonOptions(rawValue: 4)
    /// `l`: locale-sensitive; accepted and, headless, compared as without it.
    public static let localeSensitive = ComparisonOptions(rawValue: 8)

    /// The letters, in canonical order: `cdnl`.
    public var letters: String {
        var text = ""
        if contains(.caseInsensitive) { text += "c" }
        if contains(.diacriticInsensitive) { text += "d" }
        if contains(.normalized) { text += "n" }
        if contains(.localeSensitive) { text += "l" }
        return text
    }
}
