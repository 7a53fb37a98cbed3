public import WidgetryJSON

/// Predicate or expression text that could not be parsed.
///
/// Carries a stable ``code``, the byte range of the problem in the text, and a message that says
/// what was expected; ``location`` and ``snippet`` turn the range into a line, a column and a
/// caret line for people.
public struct PredicateSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Code: String, Sendable, CaseIterable {
        case unexpectedCharacter = "predicate.unexpected-character"
        case unterminatedString = "predicate.unterminated-string"
        case invalidEscape = "predicate.invalid-escape"
        case invalidNumber = "predicate.invalid-number"
        case invalidVariable = "predicate.invalid-variable"
        case unexpectedToken = "predicate.unexpected-token"
        case unexpectedEnd = "predicate.unexpected-end"
        case unbalanced = "predicate.unbalanced"
        case unknownFunction = "predicate.unknown-function"
        case argumentCount = "predicate.argument-count"
        case invalidRegex = "predicate.invalid-regex"
        case invalidOption = "predicate.invalid-option"
        case notAPredicate = "predicate.not-a-predicate"
        case unsupported = "predicate.unsupported"
        case formatArgument = "predicate.format-argument"
        case invalidOperand = "predicate.invalid-operand"
        case depthLimit = "predicate.depth-limit"
        case lengthLimit = "predicate.length-limit"
    }

    public var code: Code
    public var message: String
    /// UTF-8 byte range of the problem in ``text``.
    public var range: Range<Int>
    /// The whole predicate or expression text.
    public var text: String
    /// What to do about it, when there is something to say.
    public var hint: String?

    public init(_ code: Code, _ message: String, range: Range<Int>, text: String, hint: String? = nil) {
        self.code = code
        self.message = message
        self.range = range
        self.text = text
        self.hint = hint
    }

    /// Line and column (in Unicode scalars) of the start of ``range`` in ``text``.
    public var location: SourceLocation { PredicateText.location(ofOffset: range.lowerBound, in: text) }

    /// The line of the text with a caret under the problem.
    public var snippet: String { PredicateText.snippet(range, in: text) }

    /// `column N: message [code]`.
    public var description: String {
        "column \(location.column): \(message) [\(code.rawValue)]"
    }
}

/// Positions in predicate and expression text, for messages.
package enum PredicateText {
    /// Line and column (1-based, in Unicode scalars) of a UTF-8 byte offset.
    public static func location(ofOffset offset: Int, in text: String) -> SourceLocation {
        var line = 1
        var column = 1
        var consumed = 0
        for scalar in text.unicodeScalars {
            if consumed >= offset { break }
            consumed += UTF8.width(scalar)
            if scalar == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return SourceLocation(offset: offset, line: line, column: column)
    }

    /// The line holding `range` with a caret line under it.
    public static func snippet(_ range: Range<Int>, in text: String) -> String {
        SourceText(fileName: nil, bytes: Array(text.utf8)).snippet(at: location(ofOffset: range.lowerBound, in: text),
                                                                   length: scalarCount(of: range, in: text))
    }

    /// How many Unicode scalars the UTF-8 byte `range` of `text` covers; at least 1.
    public static func scalarCount(of range: Range<Int>, in text: String) -> Int {
        let bytes = Array(text.utf8)
        let lower = min(max(range.lowerBound, 0), bytes.count), upper = min(max(range.upperBound, lower), bytes.count)
        return max(1, String(decoding: bytes[lower..<upper], as: UTF8.self).unicodeScalars.count)
    }
}

extension PredicateSyntaxError: DiagnosticConvertible {
    /// The error as a finding in `file` (`<predicate>`, or the file the text was written in),
    /// its caret run covering the problem's characters on their line.
    public func diagnostic(file: String) -> Diagnostic {
        Diagnostic(code: code.rawValue, severity: .error, file: file, location: location,
                   length: PredicateText.scalarCount(of: range, in: text), pointer: nil, message: message, hint: hint)
    }

    public var diagnostics: [Diagnostic] { [diagnostic(file: "<predicate>")] }
}
