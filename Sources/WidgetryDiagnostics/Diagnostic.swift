/// One located diagnostic, the shape every problem takes when it reaches a person or a program:
/// a stable code (`screen.unknown-key`, `unresolved-outlet`), how serious it is, where it is
/// (file, range, JSON Pointer), what is wrong in words, how to fix it when there is something
/// to say, notes that explain why it applies, and the edits that answer it (``FixIt``).
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

    /// The edit type of ``fixIts``, by its former name.
    public typealias FixIt = WidgetryDiagnostics.FixIt

    /// The stable id of the problem or rule (`schema.required`, `unresolved-outlet`).
    public var code: DiagnosticCode
    public var severity: Severity
    /// Where the finding is.
    public var place: DiagnosticLocation
    public var message: String
    public var hint: String?
    /// Why the finding applies, outermost first (which alternative of a `oneOf` came closest).
    public var notes: [String]
    /// The changes that answer the finding, surest first.
    public var fixIts: [FixIt]

    public init(code: DiagnosticCode, severity: Severity, place: DiagnosticLocation, message: String, hint: String? = nil,
                notes: [String] = [], fixIts: [FixIt] = []) {
        self.code = code
        self.severity = severity
        self.place = place
        self.message = message
        self.hint = hint
        self.notes = notes
        self.fixIts = fixIts
    }

    /// The file, as reports print it (relative to where the command runs when possible).
    public var file: String {
        get { place.file }
        set { place.file = newValue }
    }

    /// Where the finding starts; nil for a finding about a whole file.
    public var location: SourceLocation? {
        get { place.start }
        set { place.start = newValue }
    }

    /// How many Unicode scalars from `location` the finding covers (a caret run); at least 1.
    public var length: Int {
        get { place.length }
        set { place.length = max(1, newValue) }
    }

    /// The JSON Pointer of the value the finding is about, as text.
    public var pointer: String? {
        get { place.pointer }
        set { place.pointer = newValue }
    }

    /// The first of ``fixIts``, or none: setting it replaces them all.
    public var fixIt: FixIt? {
        get { fixIts.first }
        set { fixIts = newValue.map { [$0] } ?? [] }
    }

    /// Reports list findings by file, then position, then code, so output is the same on every run.
    public static func < (lhs: Diagnostic, rhs: Diagnostic) -> Bool {
        if lhs.file != rhs.file { return lhs.file < rhs.file }
        let left = lhs.location?.offset ?? -1, right = rhs.location?.offset ?? -1
        if left != right { return left < right }
        if lhs.code != rhs.code { return lhs.code < rhs.code }
        return lhs.message < rhs.message
    }

    /// The finding as ``DiagnosticText`` writes it without a source to quote, without the last
    /// line break.
    public var description: String {
        String(DiagnosticText.block(self).dropLast())
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
