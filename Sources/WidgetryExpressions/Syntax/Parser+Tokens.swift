/// Token access, expectations and error messages.
extension Parser {
    var current: Token { tokens[index] }

    func peek(_ ahead: Int) -> Token {
        tokens[min(index + ahead, tokens.count - 1)]
    }

    /// End offset of the token just consumed.
    var previousEnd: Int { index > 0 ? tokens[index - 1].range.upperBound : 0 }

    func isOr(_ token: Token) -> Bool { token.kind == .keyword(.or) || token.kind == .operator(.or) }
    func isAnd(_ token: Token) -> Bool { token.kind == .keyword(.and) || token.kind == .operator(.and) }

    func flatten(_ predicate: PredicateSyntax, or: Bool) -> [PredicateSyntax] {
        switch predicate.kind {
        case .or(let operands) where or: operands
        case .and(let operands) where !or: operands
        default: [predicate]
        }
    }

    func requirePredicate(_ parsed: Parsed) throws(PredicateSyntaxError) -> PredicateSyntax {
        switch parsed {
        case .predicate(let predicate): return predicate
        case .expression(let expression):
            throw error(.notAPredicate, "\(describe(expression.range)) is a value, not a predicate", at: expression.range,
                        hint: "compare it with something, e.g. '\(source(expression.range)) == TRUE'")
        }
    }

    mutating func enter() throws(PredicateSyntaxError) {
        depth += 1
        guard depth <= options.maxDepth else {
            throw error(.depthLimit, "nesting is deeper than \(options.maxDepth) levels", at: current.range)
        }
    }

    mutating func expectOpening(after keyword: Token) throws(PredicateSyntaxError) -> Token {
        guard tokens[index].kind == .punctuation(.leftParen) else {
            throw error(tokens[index].kind == .end ? .unexpectedEnd : .unexpectedToken,
                        "expected '(' after \(source(keyword.range).uppercased()), found \(describe(current))", at: current.range)
        }
        let open = current
        index += 1
        return open
    }

    mutating func expectComma(in form: String, opener: Token) throws(PredicateSyntaxError) {
        if tokens[index].kind == .punctuation(.comma) {
            index += 1
            return
        }
        if tokens[index].kind == .punctuation(.rightParen) {
            throw error(.argumentCount, "too few arguments: the form is \(form)", at: current.range)
        }
        throw error(tokens[index].kind == .end ? .unbalanced : .unexpectedToken,
                    "expected ',' in \(form), found \(describe(current))", at: current.range)
    }

    mutating func expectClosing(_ closing: Punctuation, opener: Token, argumentsOf name: String? = nil) throws(PredicateSyntaxError) {
        if tokens[index].kind == .punctuation(closing) {
            index += 1
            return
        }
        let column = PredicateText.location(ofOffset: opener.range.lowerBound, in: text).column
        let opening = source(opener.range)
        if let name, tokens[index].kind == .punctuation(.comma) {
            throw error(.argumentCount, "too many arguments to \(name)", at: current.range)
        }
        if tokens[index].kind == .end {
            throw error(.unbalanced, "expected '\(closing.rawValue)' to close '\(opening)' opened at column \(column), but the text ends",
                        at: current.range)
        }
        throw error(.unbalanced, "expected '\(closing.rawValue)' to close '\(opening)' opened at column \(column), found \(describe(current))",
                    at: current.range)
    }

    func expectEnd(after what: String) throws(PredicateSyntaxError) {
        switch tokens[index].kind {
        case .end: return
        case .punctuation(.rightParen), .punctuation(.rightBracket), .punctuation(.rightBrace):
            throw error(.unbalanced, "'\(source(current.range))' has no matching opening bracket", at: current.range)
        default:
            throw error(.unexpectedToken, "expected the end of \(what) or an operator such as AND, found \(describe(current))",
                        at: current.range, hint: reservedWordHint(current))
        }
    }

    func checkArgumentCount(_ name: String, expected: Int, found: Int, range: Range<Int>) throws(PredicateSyntaxError) {
        guard expected != found else { return }
        throw error(.argumentCount, "\(name) takes \(expected) argument\(expected == 1 ? "" : "s"), found \(found)", at: range)
    }

    // MARK: Messages

    func source(_ range: Range<Int>) -> String {
        let bytes = Array(text.utf8)
        return String(decoding: bytes[min(range.lowerBound, bytes.count)..<min(range.upperBound, bytes.count)], as: UTF8.self)
    }

    func describe(_ range: Range<Int>) -> String {
        let shown = source(range)
        return shown.count > 40 ? "'\(shown.prefix(37))…'" : "'\(shown)'"
    }

    func describe(_ token: Token) -> String {
        token.kind == .end ? "the end of the text" : describe(token.range)
    }

    func error(_ code: PredicateSyntaxError.Code, _ message: String, at range: Range<Int>, hint: String? = nil) -> PredicateSyntaxError {
        PredicateSyntaxError(code, message, range: range, text: text, hint: hint)
    }
}
