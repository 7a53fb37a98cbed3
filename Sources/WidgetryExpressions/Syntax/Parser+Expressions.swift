import Foundation

/// Expressions: set operations, arithmetic by precedence, unary minus, postfix key paths and
/// subscripts, primaries and format arguments.
extension Parser {
    mutating func parseExpression(after token: Token? = nil) throws(PredicateSyntaxError) -> ExpressionSyntax {
        try enter()
        defer { depth -= 1 }
        if tokens[index].kind == .end {
            let what = token.map { "after '\(source($0.range))'" } ?? "here"
            throw error(.unexpectedEnd, "expected an expression \(what), but the text ends", at: current.range)
        }
        return try parseBinary(level: 0, first: nil)
    }

    /// Goes on parsing an expression whose first operand (a parenthesised group) is known.
    mutating func parseExpression(continuing first: ExpressionSyntax) throws(PredicateSyntaxError) -> ExpressionSyntax {
        try parseBinary(level: 0, first: first)
    }

    /// The binary operator levels, loosest first (by raw value); every level is left-associative.
    private enum BinaryLevel: Int {
        case setOperation, additive, multiplicative, power

        /// The operation of the token `kind` when it is one of this level's operators.
        func operation(_ kind: Token.Kind) -> BinaryOperation? {
            switch (self, kind) {
            case (.setOperation, .keyword(.union)): .set(.union)
            case (.setOperation, .keyword(.intersect)): .set(.intersect)
            case (.setOperation, .keyword(.minus)): .set(.minus)
            case (.additive, .operator(.plus)): .arithmetic(.add)
            case (.additive, .operator(.minus)): .arithmetic(.subtract)
            case (.multiplicative, .operator(.times)): .arithmetic(.multiply)
            case (.multiplicative, .operator(.divide)): .arithmetic(.divide)
            case (.power, .operator(.power)): .arithmetic(.power)
            default: nil
            }
        }
    }

    private enum BinaryOperation {
        case set(SetOperator)
        case arithmetic(ArithmeticOperator)

        func node(_ left: ExpressionSyntax, _ right: ExpressionSyntax) -> ExpressionSyntax {
            let range = left.range.lowerBound..<right.range.upperBound
            return switch self {
            case .set(let op): ExpressionSyntax(.setOperation(op, left, right), range: range)
            case .arithmetic(let op): ExpressionSyntax(.arithmetic(op, left, right), range: range)
            }
        }
    }

    /// One binary level: operands of the next tighter level joined by this level's operators.
    /// Each operator nests the chain one level deeper (`1+1+1` is `(1+1)+1`), so each counts
    /// towards ``ParseOptions/maxDepth``: every later stage walks the tree by recursion.
    mutating func parseBinary(level: Int, first: ExpressionSyntax?, after token: Token? = nil) throws(PredicateSyntaxError) -> ExpressionSyntax {
        guard let binaryLevel = BinaryLevel(rawValue: level) else { return try parseUnary(first: first, after: token) }
        var left = try parseBinary(level: level + 1, first: first, after: token)
        var levels = 0
        defer { depth -= levels }
        while let operation = binaryLevel.operation(tokens[index].kind) {
            let operatorToken = current
            try enter()
            levels += 1
            index += 1
            left = operation.node(left, try parseBinary(level: level + 1, first: nil, after: operatorToken))
        }
        return left
    }

    mutating func parseUnary(first: ExpressionSyntax?, after token: Token?) throws(PredicateSyntaxError) -> ExpressionSyntax {
        if let first { return try parsePostfix(first) }
        if tokens[index].kind == .operator(.minus) {
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

    /// `.key`, `.@count` and `[index]` after a primary. A subscript, a key after anything but
    /// a key path, and every collection operator but the first of a path wrap what comes before
    /// in one more level (`a.@max.@max.x` is `@max` over `@max.x`), and each counts towards
    /// ``ParseOptions/maxDepth`` as a parenthesis does: every later stage walks those levels by
    /// recursion. Keys of one path are gathered in one array, so a long path costs linear time.
    mutating func parsePostfix(_ primary: ExpressionSyntax) throws(PredicateSyntaxError) -> ExpressionSyntax {
        var expression = primary
        var levels = 0
        defer { depth -= levels }
        /// Keys read after `expression`, not yet made into a key path node.
        var components: [String] = []
        var sawOperator = false
        var start = primary.range.lowerBound
        func gathered(end: Int) -> ExpressionSyntax {
            guard !components.isEmpty else { return expression }
            defer { components = [] }
            return ExpressionSyntax(.keyPath(operand: expression, components: components), range: start..<end)
        }
        if case .keyPath(let operand, let existing) = primary.kind {
            expression = operand
            components = existing
            sawOperator = existing.contains { $0.hasPrefix("@") }
        }
        var extended = false
        while true {
            switch tokens[index].kind {
            case .punctuation(.dot):
                extended = true
                if components.isEmpty {
                    start = expression.range.lowerBound
                    try enter()
                    levels += 1
                }
                index += 1
                if case .collectionOperator(let name) = tokens[index].kind {
                    try checkCollectionOperator(name, token: current)
                    if sawOperator {
                        try enter()
                        levels += 1
                    }
                    sawOperator = true
                }
                guard let component = keyPathComponent(tokens[index].kind) else {
                    throw error(tokens[index].kind == .end ? .unexpectedEnd : .unexpectedToken,
                                "expected a key after '.', found \(describe(current))", at: current.range)
                }
                index += 1
                components.append(component)
            case .punctuation(.leftBracket):
                extended = true
                expression = gathered(end: previousEnd)
                sawOperator = false
                let open = current
                try enter()
                levels += 1
                index += 1
                let subscriptIndex: SubscriptIndex
                switch tokens[index].kind {
                case .keyword(.first): subscriptIndex = .first; index += 1
                case .keyword(.last): subscriptIndex = .last; index += 1
                case .keyword(.size): subscriptIndex = .size; index += 1
                default: subscriptIndex = .expression(try parseExpression(after: open))
                }
                try expectClosing(.rightBracket, opener: open)
                expression = ExpressionSyntax(.subscripted(collection: expression, index: subscriptIndex),
                                              range: expression.range.lowerBound..<previousEnd)
            default:
                return extended ? gathered(end: previousEnd) : primary
            }
        }
    }

    func keyPathComponent(_ kind: Token.Kind) -> String? {
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

    func checkCollectionOperator(_ name: String, token: Token) throws(PredicateSyntaxError) {
        guard CollectionOperator(rawValue: name) == nil else { return }
        throw error(.unknownFunction, "unknown collection operator @\(name)", at: token.range,
                    hint: "the operators are " + CollectionOperator.allCases.map { "@" + $0.rawValue }.joined(separator: ", "))
    }

    mutating func parsePrimary(after previous: Token?) throws(PredicateSyntaxError) -> ExpressionSyntax {
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
            if tokens[index].kind == .punctuation(.colon) || tokens[index].kind == .punctuation(.leftParen) {
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

    func plainKeyPath(_ components: [String], range: Range<Int>) -> ExpressionSyntax {
        ExpressionSyntax(.keyPath(operand: ExpressionSyntax(.evaluatedObject, range: range.lowerBound..<range.lowerBound), components: components),
                         range: range)
    }

    func reservedWordHint(_ token: Token) -> String? {
        guard case .keyword(let keyword) = token.kind else { return nil }
        return "'\(source(token.range))' is a reserved word; to use it as a key, write #\(keyword.rawValue.lowercased())"
    }

    mutating func formatArgument(_ letter: Character, token: Token) throws(PredicateSyntaxError) -> ExpressionSyntax {
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
}
