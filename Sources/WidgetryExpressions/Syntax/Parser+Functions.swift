import WidgetryJSON
import Foundation

/// Function-like forms: `name:(args)`, `FUNCTION`, `TERNARY`, `CAST`, `SUBQUERY` and argument lists.
extension Parser {
    /// `name:(args)`, `name:part:(args)` or `name(args)`; `count(tags)` is `count:(tags)`.
    mutating func parseFunction(name first: String, start: Token) throws(PredicateSyntaxError) -> ExpressionSyntax {
        var name = first
        while tokens[index].kind == .punctuation(.colon) {
            index += 1
            name += ":"
            if case .identifier(let part) = tokens[index].kind, peek(1).kind == .punctuation(.colon) {
                name += part
                index += 1
            }
        }
        guard tokens[index].kind == .punctuation(.leftParen) else {
            throw error(.unexpectedToken, "expected '(' and the arguments of \(name), found \(describe(current))", at: current.range)
        }
        let open = current
        index += 1
        try enter()
        defer { depth -= 1 }
        let arguments = try parseList(closing: .rightParen, opener: open)
        let range = start.range.lowerBound..<previousEnd
        if FunctionCatalog.unsupported.contains(name) {
            throw error(.unsupported, "\(name) is not supported headless", at: start.range.lowerBound..<open.range.lowerBound)
        }
        if let arithmetic = ArithmeticOperator.allCases.first(where: { $0.functionName == name }) {
            try checkArgumentCount(name, expected: 2, found: arguments.count, range: range)
            return ExpressionSyntax(.arithmetic(arithmetic, arguments[0], arguments[1]), range: range)
        }
        guard let builtIn = options.functions.builtIn(named: name, argumentCount: arguments.count) else {
            let nearest = Suggestion.nearest(to: name, among: options.functions.builtIns.keys.sorted()).map { "did you mean \($0)? " } ?? ""
            throw error(.unknownFunction, "unknown function \(name)", at: start.range.lowerBound..<open.range.lowerBound,
                        hint: nearest + "the functions are NSExpression's built-ins, such as sum:, average:, uppercase: and now")
        }
        try checkArgumentCount(builtIn.name, expected: builtIn.argumentCount, found: arguments.count, range: range)
        return ExpressionSyntax(.function(name: builtIn.name, arguments: arguments), range: range)
    }

    /// `FUNCTION(receiver, 'selector', args…)`.
    mutating func parseFunctionCall() throws(PredicateSyntaxError) -> ExpressionSyntax {
        let keyword = current
        let (arguments, range) = try parseKeywordArguments(keyword)
        guard arguments.count >= 2 else {
            throw error(.argumentCount, "FUNCTION needs a receiver and a selector: FUNCTION(receiver, 'selector', arguments…)", at: range)
        }
        guard case .constant(.string(let selector)) = arguments[1].kind else {
            throw error(.invalidOperand, "the selector of FUNCTION must be a string literal", at: arguments[1].range)
        }
        guard let expected = options.functions.selectors[selector]?.argumentCount else {
            let nearest = options.functions.nearestSelector(to: selector).map { "the nearest allowed selector is '\($0)'; " } ?? ""
            throw error(.unknownFunction, "FUNCTION selector '\(selector)' is not on the allow-list", at: arguments[1].range,
                        hint: nearest + "FUNCTION calls only the selectors listed in docs/EXPRESSIONS.md and those the host registers")
        }
        try checkArgumentCount(selector, expected: expected, found: arguments.count - 2, range: range)
        return ExpressionSyntax(.call(receiver: arguments[0], selector: selector, arguments: Array(arguments[2...])), range: range)
    }

    /// `TERNARY(predicate, ifTrue, ifFalse)`.
    mutating func parseTernary() throws(PredicateSyntaxError) -> ExpressionSyntax {
        let keyword = current
        index += 1
        let open = try expectOpening(after: keyword)
        try enter()
        defer { depth -= 1 }
        let condition = try parsePredicate()
        try expectComma(in: "TERNARY(predicate, ifTrue, ifFalse)", opener: open)
        let ifTrue = try parseExpression()
        try expectComma(in: "TERNARY(predicate, ifTrue, ifFalse)", opener: open)
        let ifFalse = try parseExpression()
        try expectClosing(.rightParen, opener: open, argumentsOf: "TERNARY")
        return ExpressionSyntax(.ternary(condition, ifTrue, ifFalse), range: keyword.range.lowerBound..<previousEnd)
    }

    /// `CAST(value, 'type')`.
    mutating func parseCast() throws(PredicateSyntaxError) -> ExpressionSyntax {
        let keyword = current
        let (arguments, range) = try parseKeywordArguments(keyword)
        try checkArgumentCount("CAST", expected: 2, found: arguments.count, range: range)
        guard case .constant(.string(let name)) = arguments[1].kind, let type = CastType(rawValue: name) else {
            throw error(.invalidOperand, "CAST converts to 'NSNumber', 'NSString' or 'NSDate'", at: arguments[1].range)
        }
        // A date written as CAST(seconds, 'NSDate') is a date constant; the printer writes date constants so.
        // Out of range, it stays a cast, which evaluation refuses with eval.out-of-range.
        if type == .date, case .constant(let value) = arguments[0].kind, let seconds = value.doubleValue, value.isNumber,
           Casting.isDate(sinceReferenceDate: seconds) {
            return ExpressionSyntax(.constant(.date(Date(timeIntervalSinceReferenceDate: seconds))), range: range)
        }
        return ExpressionSyntax(.cast(arguments[0], type), range: range)
    }

    /// `SUBQUERY(collection, $variable, predicate)`.
    mutating func parseSubquery() throws(PredicateSyntaxError) -> ExpressionSyntax {
        let keyword = current
        index += 1
        let open = try expectOpening(after: keyword)
        try enter()
        defer { depth -= 1 }
        let collection = try parseExpression()
        try expectComma(in: "SUBQUERY(collection, $variable, predicate)", opener: open)
        guard case .variable(let variable) = tokens[index].kind else {
            throw error(.invalidOperand, "the second argument of SUBQUERY must be a variable such as $x, found \(describe(current))",
                        at: current.range)
        }
        index += 1
        try expectComma(in: "SUBQUERY(collection, $variable, predicate)", opener: open)
        let predicate = try parsePredicate()
        try expectClosing(.rightParen, opener: open, argumentsOf: "SUBQUERY")
        return ExpressionSyntax(.subquery(collection: collection, variable: variable, predicate: predicate),
                                range: keyword.range.lowerBound..<previousEnd)
    }

    mutating func parseKeywordArguments(_ keyword: Token) throws(PredicateSyntaxError) -> ([ExpressionSyntax], Range<Int>) {
        index += 1
        let open = try expectOpening(after: keyword)
        try enter()
        defer { depth -= 1 }
        let arguments = try parseList(closing: .rightParen, opener: open)
        return (arguments, keyword.range.lowerBound..<previousEnd)
    }

    /// Comma-separated expressions up to the closing bracket (which it consumes).
    mutating func parseList(closing: Punctuation, opener: Token) throws(PredicateSyntaxError) -> [ExpressionSyntax] {
        var elements: [ExpressionSyntax] = []
        if tokens[index].kind == .punctuation(closing) {
            index += 1
            return elements
        }
        while true {
            elements.append(try parseExpression())
            if tokens[index].kind == .punctuation(.comma) {
                index += 1
                continue
            }
            try expectClosing(closing, opener: opener)
            return elements
        }
    }
}
