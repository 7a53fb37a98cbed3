public import WidgetryJSON
public import WidgetrySchema

extension Diagnostic {
    /// A finding for a schema violation in `document`: the rule is the violation's code
    /// (`schema.required`), the place is the offending value (the key, for a property that is
    /// not allowed) and the caret run covers the value's text (a whole string or number; the
    /// opening bracket of an object or array).
    public init(_ violation: SchemaViolation, in document: JSONDocument, file: String, severity: Severity = .error) {
        var location = violation.location
        switch violation.code {
        case .additionalProperty, .unevaluatedProperty, .propertyName:
            location = document.keyLocation(of: violation.instanceLocation) ?? location
        default:
            break
        }
        self.init(code: violation.code.rawValue, severity: severity, file: file, location: location,
                  length: location.map { document.source.tokenLength(at: $0.offset) } ?? 1,
                  pointer: violation.instanceLocation, message: violation.message, hint: violation.hint)
    }

    /// A finding for a file that is not valid JSON; the rule is the parser's code (`json.trailing-comma`),
    /// with the parser's fix-it, underlined in `source` as every command underlines it.
    public init(_ error: JSONParseError, file: String, source: SourceText) {
        self = Diagnostic(code: error.code.rawValue, severity: .error, file: file, location: error.location,
                          pointer: error.pointer, message: error.message, hint: error.hint, fixIt: error.fixIt).underliningToken(in: source)
    }

    /// A finding for a file validation could not finish (data nested too deep for the schema, a
    /// pattern too costly to match), placed at the schema error's place in the data when known.
    public init(_ error: SchemaError, file: String, at location: SourceLocation?) {
        self.init(code: error.code.rawValue, severity: .error, file: file, location: location,
                  pointer: nil, message: "the file could not be validated: \(error.message)", hint: error.hint)
    }
}
