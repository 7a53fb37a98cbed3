/// One located diagnostic, the shape every problem takes when it reaches a person or a program:
/// a stable code (`screen.unknown-key`, `unresolved-outlet`), how serious it is, where it is
/// (file, line and column, JSON Pointer), what is wrong in words, how to fix it when there is
/// something to say, and notes that explain why it applies.
///
/// Every module's errors convert to it (``DiagnosticConvertible``), and every reporter prints
/// it, so `run`, `lint`, `validate` and the rest report problems in one format.
public struct Diagnostic: Error, Sendable, Hashable, Comparable, CustomStringConvertible {
    /// How serious a finding is. Findings that make a widget misbehave at run time are errors;
    /// hygiene is a warning.
    public enum Severity: String, Sendable, CaseIterable, Comparable {
        case note
        case warning
        case error

        public static func < (lhs: Severity, rhs: Severity) -> Bool {
            (allCases.firstIndex(of: lhs) ?? 0) < (allCases.firstIndex(of: rhs) ?? 0)
        }
    }

    /// The stable id of the problem or rule (`schema.required`, `unresolved-outlet`).
    public var code: String
    public var severity: Severity
    /// The file, as reports print it (relative to where the command runs when possible).
    public var file: String
    /// Where the finding starts; nil for a finding about a whole file.
    public var location: SourceLocation?
    /// How many Unicode scalars from `location` the finding covers (a caret run); at least 1.
    public var length: Int
    /// The JSON value the finding is about.
    public var pointer: JSONPointer?
    public var message: String
    public var hint: String?
    /// Why the finding applies, outermost first (which alternative of a `oneOf` came closest).
    public var notes: [String]
    /// The edit that answers the finding, when one is certain (``FixIt``).
    public var fixIt: FixIt?

    public init(code: String, severity: Severity, file: String, location: SourceLocation?, length: Int = 1,
                pointer: JSONPointer?, message: String, hint: String? = nil, notes: [String] = [], fixIt: FixIt? = nil) {
        self.code = code
        self.severity = severity
        self.file = file
        self.location = location
        self.length = max(1, length)
        self.pointer = pointer
        self.message = message
        self.hint = hint
        self.notes = notes
        self.fixIt = fixIt
    }

    /// Reports list findings by file, then position, then code, so output is the same on every run.
    public static func < (lhs: Diagnostic, rhs: Diagnostic) -> Bool {
        if lhs.file != rhs.file { return lhs.file < rhs.file }
        let left = lhs.location?.offset ?? -1, right = rhs.location?.offset ?? -1
        if left != right { return left < right }
        if lhs.code != rhs.code { return lhs.code < rhs.code }
        return lhs.message < rhs.message
    }

    /// `file:line:column: severity: message [code]`, then the notes and the hint, each on a line
    /// of its own: the text reporter's form without the quoted source line, for places that
    /// have no source at hand.
    public var description: String {
        var place = file
        if let location { place += ":\(location.line):\(location.column)" }
        var text = (place.isEmpty ? "" : place + ": ") + "\(severity.rawValue): \(message) [\(code)]"
        for note in notes { text += "\n  note: \(note)" }
        if let hint { text += "\n  hint: \(hint)" }
        return text
    }

    /// The same finding in another file name (a bundle-relative name placed under the folder
    /// the bundle was named by).
    public func inFile(_ file: String) -> Diagnostic {
        var moved = self
        moved.file = file
        return moved
    }

    /// The same finding at another severity (a warning a strict run refuses as an error).
    public func with(severity: Severity) -> Diagnostic {
        var copy = self
        copy.severity = severity
        return copy
    }
}

extension Diagnostic: DiagnosticConvertible {
    public var diagnostics: [Diagnostic] { [self] }
}
