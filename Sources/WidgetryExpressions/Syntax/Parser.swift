import Foundation

/// Recursive-descent parser for Apple's predicate format syntax.
///
/// Precedence, loosest first: `OR`, `AND`, `NOT`, comparison; in expressions `UNION`/`INTERSECT`/
/// `MINUS`, `+ -`, `* /`, `**`, unary `-`, then postfix `.key` and `[index]`. Every binary
/// operator is left-associative (`2 ** 3 ** 2` is 64, as the reference implementations parse it)
/// and unary minus binds tighter than `**` (`-2 ** 2` is 4). Every loop consumes a token or
/// stops, and nesting is bounded by ``ParseOptions/maxDepth``, so no input spins or overflows.
struct Parser {
    private let text: String
    private let tokens: [Token]
    private let options: ParseOptions
    private var index = 0
    private var depth = 0
    private var arguments: [Value]
    private var argumentIndex = 0

    /// Either side of a parenthesised group: `(a > 1)` is a predicate, `(a + 1)` an expression.
    private enum Parsed {
        case predicate(PredicateSyntax)
        case expression(ExpressionSyntax)
    }

    private init(text: String, arguments: [Value], options: ParseOptions) throws(PredicateSyntaxError) {
        guard text.utf8.count <= options.maxLength else {
            throw PredicateSyntaxError(.lengthLimit, "the text is \(text.utf8.count) bytes long; the limit is \(options.maxLength)",
                                       range: 0..<0, text: text)
        }
        self.text = text
        self.tokens = try Lexer.tokenize(text)
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

    private mutating func parsePredicate() throws(PredicateSyntaxError) -> PredicateSyntax {
        try requirePredicate(parseOr(allowExpression: false))
    }

    private mutating func parseOr(allowExpression: Bool) throws(PredicateSyntaxError) -> Parsed {
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

    private mutating func parseAnd(allowExpression: Bool) throws(PredicateSyntaxError) -> Parsed {
        let first = try parseNot(allowExpression: allowExpression)
        guard isAnd(current) else { return first }
        var operands = try flatten(requirePredicate(first), or: false)
        while isAnd(current) {
            index += 1
            operands += try flatten(requirePredicate(parseNot(allowExpression: false)), or: false)
        }
        return .predicate(PredicateSyntax(.and(operands), range: operands[0].range.lowerBound..<operands[operands.count - 1].range.upperBound))
    }

    private mutating func parseNot(allowExpression: Bool) throws(PredicateSyntaxError) -> Parsed {
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

    private mutating func parseComparison(allowExpression: Bool) throws(PredicateSyntaxError) -> Parsed {
        let start = current
        switch start.kind {
        case .keyword(.truePredicate), .keyword(.falsePredicate):
            index += 1
            return .predicate(PredicateSyntax(.constant(start.kind == .keyword(.truePredicate)), range: start.range))
        default: break
        }
        let modifier = parseModifier()
        let left: ExpressionSyntax
        if modifier == .direct, current.kind == .punctuation(.leftParen) {
            switch try parseGroup() {
            case .predicate(let predicate): return .predicate(predicate)
            case .expression(let expression): left = try parseExpression(continuing: expression)
            }
        } else {
            left = try parseExpression()
        }
        guard let comparison = comparisonOperator(current.kind) else {
            if allowExpression, modifier == .direct { return .expression(left) }
            let endsOperand = current.kind == .end || isAnd(current) || isOr(current)
                || [.punctuation(.rightParen), .punctuation(.comma), .punctuation(.rightBracket), .punctuation(.rightBrace)].contains(current.kind)
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
                _ = try RegularExpression(pattern, options: options.contains(.caseInsensitive) ? .caseInsensitive : [])
            } catch let regexError {
                throw error(.invalidRegex, "invalid regular expression: \(regexError.message)", at: right.range)
            }
        }
        let syntax = ComparisonSyntax(modifier: modifier, left: left, comparison: comparison, options: options, right: right)
        return .predicate(PredicateSyntax(.comparison(syntax), range: start.range.lowerBound..<right.range.upperBound))
    }

    private mutating func parseModifier() -> ComparisonModifier {
        let modifier: ComparisonModifier
        switch current.kind {
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
    private mutating func parseGroup() throws(PredicateSyntaxError) -> Parsed {
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

    private func comparisonOperator(_ kind: Token.Kind) -> ComparisonOperator? {
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
    private mutating func parseComparisonOptions() throws(PredicateSyntaxError) -> ComparisonOptions {
        guard current.kind == .punctuation(.leftBracket) else { return [] }
        let open = current
        index += 1
        guard case .identifier(let letters) = current.kind else {
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

    // MARK: Expressions

    private mutating func parseExpression(after token: Token? = nil) throws(PredicateSyntaxError) -> ExpressionSyntax {
        try enter()
        defer { depth -= 1 }
        if current.kind == .end {
            let what = token.map { "after '\(source($0.range))'" } ?? "here"
            throw error(.unexpectedEnd, "expected an expression \(what), but the text ends", at: current.range)
        }
        return try parseSetOperation(first: nil)
    }

    /// Goes on parsing an expression whose first operand (a parenthesised group) is known.
    private mutating func parseExpression(continuing first: ExpressionSyntax) throws(PredicateSyntaxError) -> ExpressionSyntax {
        try parseSetOperation(first: first)
    }

    private mutating func parseSetOperation(first: ExpressionSyntax?) throws(PredicateSyntaxError) -> ExpressionSyntax {
        var left = try parseAdditive(first: first)
        while let setOperator = setOperator(current.kind) {
            let token = current
            index += 1
            let right = try parseAdditive(first: nil, after: token)
            left = ExpressionSyntax(.setOperation(setOperator, left, right), range: left.range.lowerBound..<right.range.upperBound)
        }
        return left
    }

    private func setOperator(_ kind: Token.Kind) -> SetOperator? {
        switch kind {
        case .keyword(.union): .union
        case .keyword(.intersect): .intersect
        case .keyword(.minus): .minus
        default: nil
        }
    }

    private mutating func parseAdditive(first: ExpressionSyntax?, after token: Token? = nil) throws(PredicateSyntaxError) -> ExpressionSyntax {
        var left = try parseMultiplicative(first: first, after: token)
        while current.kind == .operator(.plus) || current.kind == .operator(.minus) {
            let token = current
            index += 1
            let right = try parseMultiplicative(first: nil, after: token)
            left = ExpressionSyntax(.arithmetic(token.kind == .operator(.plus) ? .add : .subtract, left, right),
                                    range: left.range.lowerBound..<right.range.upperBound)
        }
        return left
    }

    private mutating func parseMultiplicative(first: ExpressionSyntax?, after token: Token?) throws(PredicateSyntaxError) -> ExpressionSyntax {
        var left = try parsePower(first: first, after: token)
        while current.kind == .operator(.times) || current.kind == .operator(.divide) {
            let token = current
            index += 1
            let right = try parsePower(first: nil, after: token)
            left = ExpressionSyntax(.arithmetic(token.kind == .operator(.times) ? .multiply : .divide, left, right),
                                    range: left.range.lowerBound..<right.range.upperBound)
        }
        return left
    }

    private mutating func parsePower(first: ExpressionSyntax?, after token: Token?) throws(PredicateSyntaxError) -> ExpressionSyntax {
        var left = try parseUnary(first: first, after: token)
        while current.kind == .operator(.power) {
            let token = current
            index += 1
            let right = try parseUnary(first: nil, after: token)
            left = ExpressionSyntax(.arithmetic(.power, left, right), range: left.range.lowerBound..<right.range.upperBound)
        }
        return left
    }

    private mutating func parseUnary(first: ExpressionSyntax?, after token: Token?) throws(PredicateSyntaxError) -> ExpressionSyntax {
        if let first { return try parsePostfix(first) }
        if current.kind == .operator(.minus) {
            let minus = current
            index += 1
            try enter()
            defer { depth -= 1 }
            let operand = try parseUnary(first: nil, after: minus)
            let range = minus.range.lowerBound..<operand.range.upperBound
            switch operand.kind {
            case .constant(.int(let value)) where value != .min: return ExpressionSyntax(.constant(.int(-value)), range: range)
            case .constant(.double(let value)): return ExpressionSyntax(.constant(.double(-value)), range: range)
            default: return ExpressionSyntax(.negate(operand), range: range)
            }
        }
        return try parsePostfix(parsePrimary(after: token))
    }

    /// `.key`, `.@count` and `[index]` after a primary.
    private mutating func parsePostfix(_ primary: ExpressionSyntax) throws(PredicateSyntaxError) -> ExpressionSyntax {
        var expression = primary
        while true {
            switch current.kind {
            case .punctuation(.dot):
                index += 1
                if case .collectionOperator(let name) = current.kind { try checkCollectionOperator(name, token: current) }
                guard let component = keyPathComponent(current.kind) else {
                    throw error(current.kind == .end ? .unexpectedEnd : .unexpectedToken,
                                "expected a key after '.', found \(describe(current))", at: current.range)
                }
                index += 1
                expression = appending(component, to: expression, end: previousEnd)
            case .punctuation(.leftBracket):
                let open = current
                index += 1
                let subscriptIndex: SubscriptIndex
                switch current.kind {
                case .keyword(.first): subscriptIndex = .first; index += 1
                case .keyword(.last): subscriptIndex = .last; index += 1
                case .keyword(.size): subscriptIndex = .size; index += 1
                default: subscriptIndex = .expression(try parseExpression(after: open))
                }
                try expectClosing(.rightBracket, opener: open)
                expression = ExpressionSyntax(.subscripted(collection: expression, index: subscriptIndex),
                                              range: expression.range.lowerBound..<previousEnd)
            default:
                return expression
            }
        }
    }

    private func keyPathComponent(_ kind: Token.Kind) -> String? {
        switch kind {
        case .identifier(let name): name
        case .collectionOperator(let name): "@" + name
        // FIRST, LAST and SIZE are reserved only inside subscripts.
        case .keyword(.first): "first"
        case .keyword(.last): "last"
        case .keyword(.size): "size"
        default: nil
        }
    }

    private func checkCollectionOperator(_ name: String, token: Token) throws(PredicateSyntaxError) {
        guard CollectionOperator(rawValue: name) == nil else { return }
        throw error(.unknownFunction, "unknown collection operator @\(name)", at: token.range,
                    hint: "the operators are " + CollectionOperator.allCases.map { "@" + $0.rawValue }.joined(separator: ", "))
    }

    private func appending(_ component: String, to expression: ExpressionSyntax, end: Int) -> ExpressionSyntax {
        let range = expression.range.lowerBound..<end
        if case .keyPath(let operand, let components) = expression.kind {
            return ExpressionSyntax(.keyPath(operand: operand, components: components + [component]), range: range)
        }
        return ExpressionSyntax(.keyPath(operand: expression, components: [component]), range: range)
    }

    private mutating func parsePrimary(after previous: Token?) throws(PredicateSyntaxError) -> ExpressionSyntax {
        let token = current
        switch token.kind {
        case .integer(let value): index += 1; return ExpressionSyntax(.constant(.int(value)), range: token.range)
        case .double(let value): index += 1; return ExpressionSyntax(.constant(.double(value)), range: token.range)
        case .string(let value): index += 1; return ExpressionSyntax(.constant(.string(value)), range: token.range)
        case .keyword(.null), .keyword(.nil): index += 1; return ExpressionSyntax(.constant(.null), range: token.range)
        case .keyword(.true), .keyword(.yes): index += 1; return ExpressionSyntax(.constant(.bool(true)), range: token.range)
        case .keyword(.false), .keyword(.no): index += 1; return ExpressionSyntax(.constant(.bool(false)), range: token.range)
        case .keyword(.self): index += 1; return ExpressionSyntax(.evaluatedObject, range: token.range)
        case .variable(let name): index += 1; return ExpressionSyntax(.variable(name), range: token.range)
        case .formatArgument(let letter): index += 1; return try formatArgument(letter, token: token)
        case .collectionOperator(let name):
            index += 1
            try checkCollectionOperator(name, token: token)
            return ExpressionSyntax(.keyPath(operand: ExpressionSyntax(.evaluatedObject, range: token.range.lowerBound..<token.range.lowerBound),
                                             components: ["@" + name]), range: token.range)
        case .identifier(let name):
            index += 1
            if current.kind == .punctuation(.colon) || current.kind == .punctuation(.leftParen) {
                return try parseFunction(name: name, start: token)
            }
            return plainKeyPath([name], range: token.range)
        case .keyword(.first), .keyword(.last), .keyword(.size):
            index += 1
            return plainKeyPath([keyPathComponent(token.kind) ?? ""], range: token.range)
        case .punctuation(.leftParen):
            index += 1
            try enter()
            defer { depth -= 1 }
            var inner = try parseExpression(after: token)
            try expectClosing(.rightParen, opener: token)
            inner.range = token.range.lowerBound..<previousEnd
            return inner
        case .punctuation(.leftBrace):
            index += 1
            try enter()
            defer { depth -= 1 }
            let elements = try parseList(closing: .rightBrace, opener: token)
            let range = token.range.lowerBound..<previousEnd
            // A literal of constants is a constant array (what the printer writes array constants as).
            var constants: [Value] = []
            for element in elements {
                guard case .constant(let value) = element.kind else {
                    return ExpressionSyntax(.aggregate(elements), range: range)
                }
                constants.append(value)
            }
            return ExpressionSyntax(.constant(.array(constants)), range: range)
        case .keyword(.function): return try parseFunctionCall()
        case .keyword(.ternary): return try parseTernary()
        case .keyword(.cast): return try parseCast()
        case .keyword(.subquery): return try parseSubquery()
        case .keyword(.fetch), .keyword(.anyKey):
            throw error(.unsupported, "\(source(token.range).uppercased()) is not supported: it needs a Core Data store or Spotlight", at: token.range)
        case .end:
            let what = previous.map { "after '\(source($0.range))'" } ?? "here"
            throw error(.unexpectedEnd, "expected an expression \(what), but the text ends", at: token.range)
        case .punctuation(.rightParen), .punctuation(.rightBracket), .punctuation(.rightBrace):
            throw error(.unexpectedToken, "expected an expression, found \(describe(token))", at: token.range)
        default:
            throw error(.unexpectedToken, "expected an expression, found \(describe(token))", at: token.range,
                        hint: reservedWordHint(token))
        }
    }

    private func plainKeyPath(_ components: [String], range: Range<Int>) -> ExpressionSyntax {
        ExpressionSyntax(.keyPath(operand: ExpressionSyntax(.evaluatedObject, range: range.lowerBound..<range.lowerBound), components: components),
                         range: range)
    }

    private func reservedWordHint(_ token: Token) -> String? {
        guard case .keyword(let keyword) = token.kind else { return nil }
        return "'\(source(token.range))' is a reserved word; to use it as a key, write #\(keyword.rawValue.lowercased())"
    }

    /// `name:(args)`, `name:part:(args)` or `name(args)`.
    private mutating func parseFunction(name first: String, start: Token) throws(PredicateSyntaxError) -> ExpressionSyntax {
        var name = first
        while current.kind == .punctuation(.colon) {
            index += 1
            name += ":"
            if case .identifier(let part) = current.kind, peek(1).kind == .punctuation(.colon) {
                name += part
                index += 1
            }
        }
        guard current.kind == .punctuation(.leftParen) else {
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
        guard let expected = options.functions.builtIns[name] else {
            throw error(.unknownFunction, "unknown function \(name)", at: start.range.lowerBound..<open.range.lowerBound,
                        hint: "the functions are NSExpression's built-ins, such as sum:, average:, uppercase: and now")
        }
        try checkArgumentCount(name, expected: expected, found: arguments.count, range: range)
        return ExpressionSyntax(.function(name: name, arguments: arguments), range: range)
    }

    /// `FUNCTION(receiver, 'selector', args…)`.
    private mutating func parseFunctionCall() throws(PredicateSyntaxError) -> ExpressionSyntax {
        let keyword = current
        let (arguments, range) = try parseKeywordArguments(keyword)
        guard arguments.count >= 2 else {
            throw error(.argumentCount, "FUNCTION needs a receiver and a selector: FUNCTION(receiver, 'selector', arguments…)", at: range)
        }
        guard case .constant(.string(let selector)) = arguments[1].kind else {
            throw error(.invalidOperand, "the selector of FUNCTION must be a string literal", at: arguments[1].range)
        }
        guard let expected = options.functions.selectors[selector]?.argumentCount else {
            throw error(.unknownFunction, "FUNCTION selector '\(selector)' is not on the allow-list", at: arguments[1].range,
                        hint: "allowed: " + options.functions.selectors.keys.sorted().joined(separator: ", "))
        }
        try checkArgumentCount(selector, expected: expected, found: arguments.count - 2, range: range)
        return ExpressionSyntax(.call(receiver: arguments[0], selector: selector, arguments: Array(arguments[2...])), range: range)
    }

    /// `TERNARY(predicate, ifTrue, ifFalse)`.
    private mutating func parseTernary() throws(PredicateSyntaxError) -> ExpressionSyntax {
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
    private mutating func parseCast() throws(PredicateSyntaxError) -> ExpressionSyntax {
        let keyword = current
        let (arguments, range) = try parseKeywordArguments(keyword)
        try checkArgumentCount("CAST", expected: 2, found: arguments.count, range: range)
        guard case .constant(.string(let name)) = arguments[1].kind, let type = CastType(rawValue: name) else {
            throw error(.invalidOperand, "CAST converts to 'NSNumber', 'NSString' or 'NSDate'", at: arguments[1].range)
        }
        // A date written as CAST(seconds, 'NSDate') is a date constant; the printer writes date constants so.
        if type == .date, case .constant(let value) = arguments[0].kind, let seconds = value.doubleValue, value.isNumber {
            return ExpressionSyntax(.constant(.date(Date(timeIntervalSinceReferenceDate: seconds))), range: range)
        }
        return ExpressionSyntax(.cast(arguments[0], type), range: range)
    }

    /// `SUBQUERY(collection, $variable, predicate)`.
    private mutating func parseSubquery() throws(PredicateSyntaxError) -> ExpressionSyntax {
        let keyword = current
        index += 1
        let open = try expectOpening(after: keyword)
        try enter()
        defer { depth -= 1 }
        let collection = try parseExpression()
        try expectComma(in: "SUBQUERY(collection, $variable, predicate)", opener: open)
        guard case .variable(let variable) = current.kind else {
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

    private mutating func parseKeywordArguments(_ keyword: Token) throws(PredicateSyntaxError) -> ([ExpressionSyntax], Range<Int>) {
        index += 1
        let open = try expectOpening(after: keyword)
        try enter()
        defer { depth -= 1 }
        let arguments = try parseList(closing: .rightParen, opener: open)
        return (arguments, keyword.range.lowerBound..<previousEnd)
    }

    /// Comma-separated expressions up to the closing bracket (which it consumes).
    private mutating func parseList(closing: Punctuation, opener: Token) throws(PredicateSyntaxError) -> [ExpressionSyntax] {
        var elements: [ExpressionSyntax] = []
        if current.kind == .punctuation(closing) {
            index += 1
            return elements
        }
        while true {
            elements.append(try parseExpression())
            if current.kind == .punctuation(.comma) {
                index += 1
                continue
            }
            try expectClosing(closing, opener: opener)
            return elements
        }
    }

    private mutating func formatArgument(_ letter: Character, token: Token) throws(PredicateSyntaxError) -> ExpressionSyntax {
        guard argumentIndex < arguments.count else {
            throw error(.formatArgument, "%\(letter) has no argument: the format has more placeholders than the \(arguments.count) argument(s) given",
                        at: token.range)
        }
        let argument = arguments[argumentIndex]
        argumentIndex += 1
        switch letter {
        case "K":
            guard case .string(let keyPath) = argument, !keyPath.isEmpty else {
                throw error(.formatArgument, "%K takes a key path string, not \(argument.typeName)", at: token.range)
            }
            return plainKeyPath(keyPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init), range: token.range)
        case "d", "i", "D":
            guard let integer = argument.integerValue else {
                throw error(.formatArgument, "%\(letter) takes an integer, not \(argument.typeName)", at: token.range)
            }
            return ExpressionSyntax(.constant(.int(integer)), range: token.range)
        case "f":
            guard let double = argument.doubleValue else {
                throw error(.formatArgument, "%f takes a number, not \(argument.typeName)", at: token.range)
            }
            return ExpressionSyntax(.constant(.double(double)), range: token.range)
        case "s":
            guard case .string = argument else {
                throw error(.formatArgument, "%s takes a string, not \(argument.typeName)", at: token.range)
            }
            return ExpressionSyntax(.constant(argument), range: token.range)
        default:
            return ExpressionSyntax(.constant(argument), range: token.range)
        }
    }

    // MARK: Tokens

    private var current: Token { tokens[index] }

    private func peek(_ ahead: Int) -> Token {
        tokens[min(index + ahead, tokens.count - 1)]
    }

    /// End offset of the token just consumed.
    private var previousEnd: Int { index > 0 ? tokens[index - 1].range.upperBound : 0 }

    private func isOr(_ token: Token) -> Bool { token.kind == .keyword(.or) || token.kind == .operator(.or) }
    private func isAnd(_ token: Token) -> Bool { token.kind == .keyword(.and) || token.kind == .operator(.and) }

    private func flatten(_ predicate: PredicateSyntax, or: Bool) -> [PredicateSyntax] {
        switch predicate.kind {
        case .or(let operands) where or: operands
        case .and(let operands) where !or: operands
        default: [predicate]
        }
    }

    private func requirePredicate(_ parsed: Parsed) throws(PredicateSyntaxError) -> PredicateSyntax {
        switch parsed {
        case .predicate(let predicate): return predicate
        case .expression(let expression):
            throw error(.notAPredicate, "\(describe(expression.range)) is a value, not a predicate", at: expression.range,
                        hint: "compare it with something, e.g. '\(source(expression.range)) == TRUE'")
        }
    }

    private mutating func enter() throws(PredicateSyntaxError) {
        depth += 1
        guard depth <= options.maxDepth else {
            throw error(.depthLimit, "nesting is deeper than \(options.maxDepth) levels", at: current.range)
        }
    }

    private mutating func expectOpening(after keyword: Token) throws(PredicateSyntaxError) -> Token {
        guard current.kind == .punctuation(.leftParen) else {
            throw error(current.kind == .end ? .unexpectedEnd : .unexpectedToken,
                        "expected '(' after \(source(keyword.range).uppercased()), found \(describe(current))", at: current.range)
        }
        let open = current
        index += 1
        return open
    }

    private mutating func expectComma(in form: String, opener: Token) throws(PredicateSyntaxError) {
        if current.kind == .punctuation(.comma) {
            index += 1
            return
        }
        if current.kind == .punctuation(.rightParen) {
            throw error(.argumentCount, "too few arguments: the form is \(form)", at: current.range)
        }
        throw error(current.kind == .end ? .unbalanced : .unexpectedToken,
                    "expected ',' in \(form), found \(describe(current))", at: current.range)
    }

    private mutating func expectClosing(_ closing: Punctuation, opener: Token, argumentsOf name: String? = nil) throws(PredicateSyntaxError) {
        if current.kind == .punctuation(closing) {
            index += 1
            return
        }
        let column = PredicateText.location(ofOffset: opener.range.lowerBound, in: text).column
        let opening = source(opener.range)
        if let name, current.kind == .punctuation(.comma) {
            throw error(.argumentCount, "too many arguments to \(name)", at: current.range)
        }
        if current.kind == .end {
            throw error(.unbalanced, "expected '\(closing.rawValue)' to close '\(opening)' opened at column \(column), but the text ends",
                        at: current.range)
        }
        throw error(.unbalanced, "expected '\(closing.rawValue)' to close '\(opening)' opened at column \(column), found \(describe(current))",
                    at: current.range)
    }

    private func expectEnd(after what: String) throws(PredicateSyntaxError) {
        switch current.kind {
        case .end: return
        case .punctuation(.rightParen), .punctuation(.rightBracket), .punctuation(.rightBrace):
            throw error(.unbalanced, "'\(source(current.range))' has no matching opening bracket", at: current.range)
        default:
            throw error(.unexpectedToken, "expected the end of \(what) or an operator such as AND, found \(describe(current))",
                        at: current.range, hint: reservedWordHint(current))
        }
    }

    private func checkArgumentCount(_ name: String, expected: Int, found: Int, range: Range<Int>) throws(PredicateSyntaxError) {
        guard expected != found else { return }
        throw error(.argumentCount, "\(name) takes \(expected) argument\(expected == 1 ? "" : "s"), found \(found)", at: range)
    }

    // MARK: Messages

    private func source(_ range: Range<Int>) -> String {
        let bytes = Array(text.utf8)
        return String(decoding: bytes[min(range.lowerBound, bytes.count)..<min(range.upperBound, bytes.count)], as: UTF8.self)
    }

    private func describe(_ range: Range<Int>) -> String {
        let shown = source(range)
        return shown.count > 40 ? "'\(shown.prefix(37))…'" : "'\(shown)'"
    }

    private func describe(_ token: Token) -> String {
        token.kind == .end ? "the end of the text" : describe(token.range)
    }

    private func error(_ code: PredicateSyntaxError.Code, _ message: String, at range: Range<Int>, hint: String? = nil) -> PredicateSyntaxError {
        PredicateSyntaxError(code, message, range: range, text: text, hint: hint)
    }
}
