import WidgetryRegex
import Foundation

/// Recursive-descent parser for Apple's predicate format syntax.
///
/// Precedence, loosest first: `OR`, `AND`, `NOT`, comparison; in expressions `UNION`/`INTERSECT`/
/// `MINUS`, `+ -`, `* /`, `**`, unary `-`, then postfix `.key` and `[index]`. Every binary
/// operator is left-associative (`2 ** 3 ** 2` is 64, as the reference implementations parse it)
/// and unary minus binds tighter than `**` (`-2 ** 2` is 4). Every loop consumes a token or
/// stops, and nesting is bounded by ``ParseOptions/maxDepth``, so no input spins or overflows.
struct Parser {
    let text: String
    let tokens: [Token]
    let options: ParseOptions
    var index = 0
    var depth = 0
    var arguments: [Value]
    var argumentIndex = 0

    /// Either side of a parenthesised group: `(a > 1)` is a predicate, `(a + 1)` an expression.
    enum Parsed {
        case predicate(PredicateSyntax)
        case expression(ExpressionSyntax)
    }

    init(text: String, arguments: [Value], options: ParseOptions) throws(PredicateSyntaxError) {
        guard text.utf8.count <= options.maxLength else {
            throw PredicateSyntaxError(.lengthLimit, "the text is \(text.utf8.count) bytes long; the limit is \(options.maxLength)",
                                       range: 0..<0, text: text)
        }
        // Every stored property is set after the last `try`: a throwing initializer that set some
        // before would copy the whole parser.
        let tokens = try Lexer.tokenize(text)
        self.text = text
        self.tokens = tokens
        self.options = options
        self.arguments = arguments
    }

    static func parsePredicate(_ text: String, arguments: [Value] = [], options: ParseOptions = .default) throws(PredicateSyntaxError) -> PredicateSyntax {
        var parser = try Parser(text: text, arguments: arguments, options: options)
        let predicate = try parser.parsePredicate()
        try parser.expectEnd(after: "the predicate")
        return predicate
    }

    static func parseExpression(_ text: String, arguments: [Value] = [], options: ParseOptions = .default) throws(PredicateSyntaxError) -> ExpressionSyntax {
        var parser = try Parser(text: text, arguments: arguments, options: options)
        let expression = try parser.parseExpression()
        try parser.expectEnd(after: "the expression")
        return expression
    }

    // MARK: Predicates

    mutating func parsePredicate() throws(PredicateSyntaxError) -> PredicateSyntax {
        try requirePredicate(parseOr(allowExpression: false))
    }

    mutating func parseOr(allowExpression: Bool) throws(PredicateSyntaxError) -> Parsed {
        try enter()
        defer { depth -= 1 }
        let first = try parseAnd(allowExpression: allowExpression)
        guard isOr(current) else { return first }
        var operands = try flatten(requirePredicate(first), or: true)
        while isOr(current) {
            index += 1
            operands += try flatten(requirePredicate(parseAnd(allowExpression: false)), or: true)
        }
        return .predicate(PredicateSyntax(.or(operands), range: operands[0].range.lowerBound..<operands[operands.count - 1].range.upperBound))
    }

    mutating func parseAnd(allowExpression: Bool) throws(PredicateSyntaxError) -> Parsed {
        let first = try parseNot(allowExpression: allowExpression)
        guard isAnd(current) else { return first }
        var operands = try flatten(requirePredicate(first), or: false)
        while isAnd(current) {
            index += 1
            operands += try flatten(requirePredicate(parseNot(allowExpression: false)), or: false)
        }
        return .predicate(PredicateSyntax(.and(operands), range: operands[0].range.lowerBound..<operands[operands.count - 1].range.upperBound))
    }

    mutating func parseNot(allowExpression: Bool) throws(PredicateSyntaxError) -> Parsed {
        let token = current
        if token.kind == .keyword(.not) || token.kind == .operator(.not) {
            index += 1
            try enter()
            defer { depth -= 1 }
            let operand = try requirePredicate(parseNot(allowExpression: false))
            return .predicate(PredicateSyntax(.not(operand), range: token.range.lowerBound..<operand.range.upperBound))
        }
        return try parseComparison(allowExpression: allowExpression)
    }

    mutating func parseComparison(allowExpression: Bool) throws(PredicateSyntaxError) -> Parsed {
        let start = current
        switch start.kind {
        case .keyword(.truePredicate), .keyword(.falsePredicate):
            index += 1
            return .predicate(PredicateSyntax(.constant(start.kind == .keyword(.truePredicate)), range: start.range))
        default: break
        }
        let modifier = parseModifier()
        let left: ExpressionSyntax
        if modifier == .direct, tokens[index].kind == .punctuation(.leftParen) {
            switch try parseGroup() {
            case .predicate(let predicate): return .predicate(predicate)
            case .expression(let expression): left = try parseExpression(continuing: expression)
            }
        } else {
            left = try parseExpression()
        }
        guard let comparison = comparisonOperator(tokens[index].kind) else {
            if allowExpression, modifier == .direct { return .expression(left) }
            let endsOperand = tokens[index].kind == .end || isAnd(current) || isOr(current)
                || [.punctuation(.rightParen), .punctuation(.comma), .punctuation(.rightBracket), .punctuation(.rightBrace)].contains(tokens[index].kind)
            throw error(endsOperand ? .notAPredicate : .unexpectedToken,
                        "expected a comparison operator such as '==' after \(describe(left.range)), found \(describe(current))",
                        at: current.range, hint: "a predicate compares two values, e.g. 'name == \"x\"' or 'count > 0'")
        }
        let operatorToken = current
        index += 1
        let options = try parseComparisonOptions()
        let right = try parseExpression(after: operatorToken)
        if comparison == .between {
            let count: Int? = switch right.kind {
            case .aggregate(let bounds): bounds.count
            case .constant(let value): value.elements?.count ?? 1
            default: nil
            }
            if let count, count != 2 {
                throw error(.invalidOperand, "BETWEEN needs two bounds, {low, high}; found \(count)", at: right.range)
            }
        }
        if comparison == .matches, case .constant(.string(let pattern)) = right.kind {
            do {
                try RegularExpression.validate(pattern, options: options.contains(.caseInsensitive) ? .caseInsensitive : [])
            } catch let regexError {
                throw error(.invalidRegex, "invalid regular expression: \(regexError.message)", at: right.range)
            }
        }
        let syntax = ComparisonSyntax(modifier: modifier, left: left, comparison: comparison, options: options, right: right)
        return .predicate(PredicateSyntax(.comparison(syntax), range: start.range.lowerBound..<right.range.upperBound))
    }

    mutating func parseModifier() -> ComparisonModifier {
        let modifier: ComparisonModifier
        switch tokens[index].kind {
        case .keyword(.any), .keyword(.some): modifier = .any
        case .keyword(.all): modifier = .all
        case .keyword(.none): modifier = .none
        default: return .direct
        }
        index += 1
        return modifier
    }

    /// `( … )` where a comparison's left side may start: a predicate, or an expression that
    /// continues (`(a + b) * 2 > 3`).
    mutating func parseGroup() throws(PredicateSyntaxError) -> Parsed {
        let open = current
        index += 1
        let inner = try parseOr(allowExpression: true)
        try expectClosing(.rightParen, opener: open)
        switch inner {
        case .predicate(var predicate):
            predicate.range = open.range.lowerBound..<previousEnd
            return .predicate(predicate)
        case .expression(var expression):
            expression.range = open.range.lowerBound..<previousEnd
            return .expression(expression)
        }
    }

    func comparisonOperator(_ kind: Token.Kind) -> ComparisonOperator? {
        switch kind {
        case .operator(.equal): .equal
        case .operator(.notEqual): .notEqual
        case .operator(.less): .less
        case .operator(.lessOrEqual): .lessOrEqual
        case .operator(.greater): .greater
        case .operator(.greaterOrEqual): .greaterOrEqual
        case .keyword(.matches): .matches
        case .keyword(.like): .like
        case .keyword(.beginsWith): .beginsWith
        case .keyword(.endsWith): .endsWith
        case .keyword(.in): .in
        case .keyword(.contains): .contains
        case .keyword(.between): .between
        default: nil
        }
    }

    /// `[cd]` after an operator.
    mutating func parseComparisonOptions() throws(PredicateSyntaxError) -> ComparisonOptions {
        guard tokens[index].kind == .punctuation(.leftBracket) else { return [] }
        let open = current
        index += 1
        guard case .identifier(let letters) = tokens[index].kind else {
            throw error(.invalidOption, "expected comparison options such as [c], [d] or [cd]", at: current.range)
        }
        var options: ComparisonOptions = []
        for letter in letters {
            switch letter {
            case "c", "C": options.insert(.caseInsensitive)
            case "d", "D": options.insert(.diacriticInsensitive)
            case "n", "N": options.insert(.normalized)
            case "l", "L": options.insert(.localeSensitive)
            default:
                throw error(.invalidOption, "unknown comparison option '\(letter)'", at: current.range,
                            hint: "the options are c (case-insensitive), d (diacritic-insensitive), n (no normalisation) and l (locale)")
            }
        }
        index += 1
        try expectClosing(.rightBracket, opener: open)
        return options
    }
}
