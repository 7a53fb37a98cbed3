/// Why a document could not be parsed, and where.
///
/// `description` is the one-line form tools print:
/// `Feed.json:12:20: missing ',' after object member, before '"' [json.missing-comma]`.
public struct JSONParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A stable identifier for each kind of failure; the raw value is what diagnostics print.
    public enum Code: String, Sendable, Hashable, CaseIterable {
        case emptyDocument = "json.empty-document"
        case unexpectedEndOfInput = "json.unexpected-end"
        case unexpectedCharacter = "json.unexpected-character"
        case trailingComma = "json.trailing-comma"
        case missingComma = "json.missing-comma"
        case trailingContent = "json.trailing-content"
        case invalidLiteral = "json.invalid-literal"
        case invalidNumber = "json.invalid-number"
        case numberOutOfRange = "json.number-out-of-range"
        case invalidEscape = "json.invalid-escape"
        case unpairedSurrogate = "json.unpaired-surrogate"
        case controlCharacterInString = "json.control-character"
        case invalidUTF8 = "json.invalid-utf8"
        case duplicateKey = "json.duplicate-key"
        case depthLimitExceeded = "json.depth-limit"
        case documentTooLarge = "json.document-too-large"
        case stringTooLong = "json.string-too-long"
    }

    public var code: Code
    /// What was wrong, in words, without the location.
    public var message: String
    /// The file the document came from, when known.
    public var fileName: String?
    /// Where the problem is.
    public var location: SourceLocation
    /// The JSON Pointer of the value being read when the problem was found.
    public var pointer: JSONPointer
    /// A second place that matters, such as the first occurrence of a duplicate key.
    public var relatedLocation: SourceLocation?
    /// How to fix it, when there is something to say.
    public var hint: String?
    /// The source line with a caret under the location, filled in by ``JSONParser``.
    public var snippet: String?
    /// The edit that fixes the document, when one is certain (a missing comma inserted, a
    /// trailing one removed).
    public var fixIt: Diagnostic.FixIt?

    public init(
        code: Code, message: String, fileName: String? = nil, location: SourceLocation,
        pointer: JSONPointer = .root, relatedLocation: SourceLocation? = nil, hint: String? = nil, fixIt: Diagnostic.FixIt? = nil
    ) {
        self.code = code
        self.message = message
        self.fileName = fileName
        self.location = location
        self.pointer = pointer
        self.relatedLocation = relatedLocation
        self.hint = hint
        self.fixIt = fixIt
    }

    public var description: String {
        "\(fileName ?? "<input>"):\(location.line):\(location.column): \(message) [\(code.rawValue)]"
    }
}

extension JSONParseError: DiagnosticConvertible {
    public var diagnostics: [Diagnostic] {
        [Diagnostic(code: code.rawValue, severity: .error, file: fileName ?? "<input>", location: location, pointer: pointer,
                    message: message, hint: hint, fixIt: fixIt)]
    }
}
