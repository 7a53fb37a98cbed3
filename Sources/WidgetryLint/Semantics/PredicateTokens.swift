import WidgetryExpressions

/// A predicate's tokens, for placing what a finding is about: the parser keeps one range per key
/// path or literal list, and a finding about one key or one string names its own token.
struct PredicateTokens: Sendable {
    private let tokens: [Token]

    init(_ text: String) {
        tokens = (try? Lexer.tokenize(text)) ?? []
    }

    /// Where each of the last `count` components of the key path at `range` is: the component
    /// tokens after a dot (and the first token, for a path on `SELF` written without it).
    func componentRanges(_ count: Int, in range: Range<Int>, evaluatedRoot: Bool) -> [Range<Int>] {
        // Tokens are in text order: find the first inside by bisection, so a predicate of many
        // key paths costs the tokens of each, not all tokens for each.
        var low = 0, high = tokens.count
        while low < high {
            let middle = (low + high) / 2
            if tokens[middle].range.lowerBound < range.lowerBound { low = middle + 1 } else { high = middle }
        }
        var inside: [Token] = []
        while low < tokens.count, tokens[low].kind != .end, range.contains(tokens[low].range.lowerBound) {
            inside.append(tokens[low])
            low += 1
        }
        var found: [Range<Int>] = []
        for (position, token) in inside.enumerated() where Self.isComponent(token.kind) {
            let afterDot = position > 0 && inside[position - 1].kind == .punctuation(.dot)
            if afterDot || (position == 0 && evaluatedRoot) { found.append(token.range) }
        }
        return found.count >= count ? Array(found.suffix(count)) : Array(repeating: range, count: count)
    }

    /// The string literals inside `range`, with the range of their text between the quotes
    /// (nil for one written with escapes, whose text is not the source's).
    func strings(in range: Range<Int>) -> [(text: String, range: Range<Int>?)] {
        tokens.compactMap { token in
            guard case .string(let text) = token.kind, range.contains(token.range.lowerBound) else { return nil }
            let inner = (token.range.lowerBound + 1)..<(token.range.upperBound - 1)
            return (text, inner.count == text.utf8.count ? inner : nil)
        }
    }

    private static func isComponent(_ kind: Token.Kind) -> Bool {
        switch kind {
        case .identifier, .collectionOperator, .keyword(.first), .keyword(.last), .keyword(.size): true
        default: false
        }
    }
}
