public import WidgetryJSON

/// One finding of `widgetry validate` or `widgetry lint`: what rule found it, how serious it
/// is, where it is (file, line and column, JSON Pointer), what is wrong in words and, where one
/// helps, how to fix it. Every reporter prints this one model.
public struct Diagnostic: Sendable, Equatable, Comparable {
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

    /// The stable id of the rule (`unresolved-outlet`, `schema.required`).
    public var rule: String
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

    public init(rule: String, severity: Severity, file: String, location: SourceLocation?, length: Int = 1,
                pointer: JSONPointer?, message: String, hint: String? = nil) {
        self.rule = rule
        self.severity = severity
        self.file = file
        self.location = location
        self.length = max(1, length)
        self.pointer = pointer
        self.message = message
        self.hint = hint
    }

    /// Reports list findings by file, then position, then rule, so output is the same on every run.
    public static func < (lhs: Diagnostic, rhs: Diagnostic) -> Bool {
        if lhs.file != rhs.file { return lhs.file < rhs.file }
        let left = lhs.location?.offset ?? -1, right = rhs.location?.offset ?? -1
        if left != right { return left < right }
        if lhs.rule != rhs.rule { return lhs.rule < rhs.rule }
        return lhs.message < rhs.message
    }
}
