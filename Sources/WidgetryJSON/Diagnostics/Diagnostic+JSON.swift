public import WidgetryDiagnostics

extension Diagnostic {
    /// A finding of `code` (its written form, `schema.required` or a lint rule's bare id) in
    /// `file` at `location`, over `length` scalars, about the value at `pointer`.
    public init(code: String, severity: Severity, file: String, location: SourceLocation?, length: Int = 1,
                pointer: JSONPointer?, message: String, hint: String? = nil, notes: [String] = [], fixIt: FixIt? = nil) {
        self.init(code: DiagnosticCode(code), severity: severity,
                  place: DiagnosticLocation(file: file, start: location, length: length, pointer: pointer?.description),
                  message: message, hint: hint, notes: notes, fixIts: fixIt.map { [$0] } ?? [])
    }

    /// The pointer of the value the finding is about, as a ``JSONPointer``.
    public var jsonPointer: JSONPointer? {
        pointer.flatMap(JSONPointer.init(parsing:))
    }
}
