public import WidgetryJSON

/// A transformer definition in a service file (`options.transformers`) that cannot be used.
///
/// `description` is the one-line form tools print, e.g.
/// `14:22: date transformer 'day': dateStyle 'tiny' is not a style [transformer.unknown-style]`.
public struct TransformerConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Code: String, Sendable, CaseIterable {
        /// `transformers`, its `date` member or a transformer definition is not a JSON object.
        case notAnObject = "transformer.not-an-object"
        /// `format`, `dateStyle`, `timeStyle` or `locale` is not a string.
        case notAString = "transformer.not-a-string"
        /// `dateStyle` or `timeStyle` is not one of the style names.
        case unknownStyle = "transformer.unknown-style"
    }

    public var code: Code
    /// What is wrong, in words, without the location.
    public var message: String
    /// The transformer whose definition is wrong; nil when an enclosing object is.
    public var transformerName: String?
    /// The key whose value is wrong; nil when a whole object is.
    public var key: String?
    /// How to fix it, when there is something to say.
    public var hint: String?
    /// Where the bad value sits in its document.
    public var pointer: JSONPointer
    /// Where the bad value starts in its file; nil for JSON built in code.
    public var location: SourceLocation?

    public init(
        _ code: Code, _ message: String, transformerName: String? = nil, key: String? = nil, hint: String? = nil,
        at value: JSONValue
    ) {
        self.code = code
        self.message = message
        self.transformerName = transformerName
        self.key = key
        self.hint = hint
        self.pointer = value.pointer
        self.location = value.location
    }

    public var description: String {
        (location.map { "\($0): " } ?? "") + "\(message) [\(code.rawValue)]"
    }
}
