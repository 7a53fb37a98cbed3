import Foundation

/// The normal form of predicates and expressions, as `predicateFormat` prints them: keywords in
/// capitals, `==` for equality, strings in double quotes, `TRUE`/`FALSE`/`nil`, one space around
/// operators, and parentheses only where precedence needs them (plus around an `AND` inside an
/// `OR`, for the reader). Parsing the printed text gives the same tree.
///
/// Constants that the language cannot write (dictionaries, data, objects, non-finite numbers,
/// sets — all of which only format arguments can bring in) print as their description and do not
/// round-trip.
extension PredicateSyntax {
    public var canonicalText: String {
        var printer = CanonicalPrinter()
        printer.write(self)
        return printer.text
    }
}

extension ExpressionSyntax {
    public var canonicalText: String {
        var printer = CanonicalPrinter()
        printer.write(self, minimumPrecedence: 0)
        return printer.text
    }
}

struct CanonicalPrinter {
    var text = ""

    mutating func write(_ predicate: PredicateSyntax) {
        switch predicate.kind {
        case .constant(let value):
            text += value ? "TRUEPREDICATE" : "FALSEPREDICATE"
        case .not(let operand):
            text += "NOT "
            writeOperand(operand, parenthesized: isCompound(operand))
        case .and(let operands):
            for (position, operand) in operands.enumerated() {
                if position > 0 { text += " AND " }
                writeOperand(operand, parenthesized: isCompound(operand))
            }
        case .or(let operands):
            for (position, operand) in operands.enumerated() {
                if position > 0 { text += " OR " }
                writeOperand(operand, parenthesized: isCompound(operand))
            }
        case .comparison(let comparison):
            if comparison.modifier != .direct { text += comparison.modifier.rawValue + " " }
            write(comparison.left, minimumPrecedence: 0)
            text += " " + comparison.comparison.rawValue
            if !comparison.options.isEmpty { text += "[" + comparison.options.letters + "]" }
            text += " "
            write(comparison.right, minimumPrecedence: 0)
        }
    }

    private func isCompound(_ predicate: PredicateSyntax) -> Bool {
        switch predicate.kind {
        case .and, .or: true
        default: false
        }
    }

    private mutating func writeOperand(_ predicate: PredicateSyntax, parenthesized: Bool) {
        if parenthesized { text += "(" }
        write(predicate)
        if parenthesized { text += ")" }
    }

    // MARK: Expressions

    /// Binding strength: set operations 1, `+ -` 2, `* /` 3, `**` 4, unary minus 5, postfix 6, primary 7.
    private static func precedence(_ expression: ExpressionSyntax) -> Int {
        switch expression.kind {
        case .setOperation: 1
        case .arithmetic(.add, _, _), .arithmetic(.subtract, _, _): 2
        case .arithmetic(.multiply, _, _), .arithmetic(.divide, _, _): 3
        case .arithmetic(.power, _, _): 4
        case .negate: 5
        case .constant(let value):
            switch value {
            case .int(let number) where number < 0: 5
            case .double(let number) where number < 0 || number.sign == .minus: 5
            default: 7
            }
        case .keyPath(let operand, _): operand.kind == .evaluatedObject ? 7 : 6
        case .subscripted: 6
        default: 7
        }
    }

    mutating func write(_ expression: ExpressionSyntax, minimumPrecedence: Int) {
        let precedence = CanonicalPrinter.precedence(expression)
        let parenthesized = precedence < minimumPrecedence
        if parenthesized { text += "(" }
        switch expression.kind {
        case .constant(let value): write(value)
        case .evaluatedObject: text += "SELF"
        case .variable(let name): text += "$" + name
        case .keyPath(let operand, let components):
            if operand.kind != .evaluatedObject {
                write(operand, minimumPrecedence: 6)
                text += "."
            }
            let leadsPath = operand.kind == .evaluatedObject
            text += components.enumerated().map { position, key in
                CanonicalPrinter.escapedKey(key, leadsPath: leadsPath && position == 0)
            }.joined(separator: ".")
        case .subscripted(let collection, let index):
            write(collection, minimumPrecedence: 6)
            text += "["
            switch index {
            case .expression(let index): write(index, minimumPrecedence: 0)
            case .first: text += "FIRST"
            case .last: text += "LAST"
            case .size: text += "SIZE"
            }
            text += "]"
        case .aggregate(let elements):
            text += "{"
            writeList(elements)
            text += "}"
        case .arithmetic(let op, let left, let right):
            write(left, minimumPrecedence: precedence)
            text += " " + op.rawValue + " "
            write(right, minimumPrecedence: precedence + 1)
        case .negate(let operand):
            text += "-"
            write(operand, minimumPrecedence: 5)
        case .setOperation(let op, let left, let right):
            write(left, minimumPrecedence: 1)
            text += " " + op.rawValue + " "
            write(right, minimumPrecedence: 2)
        case .function(let name, let arguments):
            text += name + "("
            writeList(arguments)
            text += ")"
        case .call(let receiver, let selector, let arguments):
            text += "FUNCTION("
            write(receiver, minimumPrecedence: 0)
            text += ", " + CanonicalPrinter.quoted(selector)
            for argument in arguments {
                text += ", "
                write(argument, minimumPrecedence: 0)
            }
            text += ")"
        case .ternary(let condition, let ifTrue, let ifFalse):
            text += "TERNARY("
            write(condition)
            text += ", "
            write(ifTrue, minimumPrecedence: 0)
            text += ", "
            write(ifFalse, minimumPrecedence: 0)
            text += ")"
        case .cast(let value, let type):
            text += "CAST("
            write(value, minimumPrecedence: 0)
            text += ", " + CanonicalPrinter.quoted(type.rawValue) + ")"
        case .subquery(let collection, let variable, let predicate):
            text += "SUBQUERY("
            write(collection, minimumPrecedence: 0)
            text += ", $" + variable + ", "
            write(predicate)
            text += ")"
        }
        if parenthesized { text += ")" }
    }

    private mutating func writeList(_ elements: [ExpressionSyntax]) {
        for (position, element) in elements.enumerated() {
            if position > 0 { text += ", " }
            write(element, minimumPrecedence: 0)
        }
    }

    private mutating func write(_ value: Value) {
        switch value {
        case .null: text += "nil"
        case .bool(let flag): text += flag ? "TRUE" : "FALSE"
        case .int(let number): text += String(number)
        case .double(let number):
            text += number.isFinite ? String(number) : CanonicalPrinter.quoted(String(number))
        case .string(let string): text += CanonicalPrinter.quoted(string)
        case .date(let date):
            text += "CAST(" + String(date.timeIntervalSinceReferenceDate) + ", \"NSDate\")"
        case .array(let elements), .set(let elements):
            text += "{"
            for (position, element) in elements.enumerated() {
                if position > 0 { text += ", " }
                write(element)
            }
            text += "}"
        case .data, .dictionary, .object:
            text += CanonicalPrinter.quoted(value.description)
        }
    }

    /// A key, with `#` before reserved words. FIRST, LAST and SIZE after a `.` read back as the keys
    /// `first`, `last` and `size`, so only those spellings stay bare there; a key that starts a
    /// path could be the first word inside `[…]`, where they are indexes, so it is always escaped.
    private static func escapedKey(_ key: String, leadsPath: Bool) -> String {
        guard let keyword = Keyword.lookUp(key) else { return key }
        if !leadsPath, [.first, .last, .size].contains(keyword), key == key.lowercased() { return key }
        return "#" + key
    }

    /// A string literal in double quotes with the escapes the lexer reads.
    static func quoted(_ string: String) -> String {
        var text = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                let hex = String(scalar.value, radix: 16)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: text.unicodeScalars.append(scalar)
            }
        }
        return text + "\""
    }
}
