public import WidgetryDiagnostics

extension RegexSyntaxError: DiagnosticConvertible {
    /// The stable code of every pattern that does not compile.
    public static let code: DiagnosticCode = "regex.syntax"

    /// The error as a finding in `file` about `pattern`, the text it was compiled from: placed
    /// at the problem's line and column in the pattern.
    public func diagnostic(file: String, pattern: String) -> Diagnostic {
        let bytes = Array(pattern.utf8)
        let location = bytes.withUnsafeBufferPointer { SourceLocation(offset: min(max(offset, 0), bytes.count), in: $0) }
        return diagnostic(place: DiagnosticLocation(file: file, start: location))
    }

    /// The error as a finding in `<pattern>`, placed at its byte offset on the first line (the
    /// pattern's text is not kept: ``diagnostic(file:pattern:)`` counts columns in it).
    public var diagnostics: [Diagnostic] {
        [diagnostic(place: DiagnosticLocation(file: "<pattern>", start: SourceLocation(offset: offset, line: 1, column: offset + 1)))]
    }

    private func diagnostic(place: DiagnosticLocation) -> Diagnostic {
        Diagnostic(code: Self.code, severity: .error, place: place, message: "invalid regular expression: \(message)",
                   hint: "write the pattern in ICU syntax; escape a literal metacharacter with a backslash")
    }
}
