/// A problem in a file a person wrote, placed so they can find it: the file, the line and
/// column, the JSON Pointer, a stable code (`model.unknown-key`) and, where one helps, a hint.
/// Every reader's errors are of this shape; they print the same way and convert to one
/// ``Diagnostic`` each.
public protocol LocatedError: DiagnosticConvertible, Sendable, CustomStringConvertible {
    associatedtype Code: RawRepresentable<String>
    var code: Code { get }
    var message: String { get }
    var file: String { get }
    var location: SourceLocation? { get }
    var pointer: JSONPointer? { get }
    var hint: String? { get }
    /// Why the problem applies, outermost first; empty for most.
    var notes: [String] { get }
    /// The error as a finding of `severity`.
    func diagnostic(severity: Diagnostic.Severity) -> Diagnostic
}

extension LocatedError {
    public var notes: [String] { [] }

    /// `file:line:column: message [code]`, then the pointer, the notes and the hint when there
    /// are: the error's finding as a list of errors shows it (``DiagnosticText/listed(_:)``).
    public var description: String { DiagnosticText.listed(diagnostic(severity: .error)) }

    /// The error as a finding of `severity`.
    public func diagnostic(severity: Diagnostic.Severity = .error) -> Diagnostic {
        Diagnostic(code: code.rawValue, severity: severity, file: file, location: location, pointer: pointer,
                   message: message, hint: hint, notes: notes)
    }

    // The severity written out, so a conforming type's own `diagnostic(severity:)` is the one called.
    public var diagnostics: [Diagnostic] { [diagnostic(severity: .error)] }
}

/// All the problems found in a file, in the order of the file, reported at once.
public struct LocatedErrors<Element: LocatedError>: Error, Sendable, CustomStringConvertible {
    public var errors: [Element]

    public init(_ errors: [Element]) {
        self.errors = errors
    }

    public var description: String { errors.map(\.description).joined(separator: "\n") }
}

extension LocatedErrors: DiagnosticConvertible {
    public var diagnostics: [Diagnostic] { errors.map { $0.diagnostic(severity: .error) } }
}

/// A problem in a file of one domain, whose codes `C` lists: the one located error that the
/// screen, service, model and scenario readers (and the runtime's problems) share, so none of
/// them declares the located fields again.
public struct Problem<C: DomainCode>: LocatedError, Hashable {
    /// The domain's codes (`ScreenError.Code.unknownKey`).
    public typealias Code = C

    public var code: C
    public var message: String
    public var file: String
    public var location: SourceLocation?
    public var pointer: JSONPointer?
    public var hint: String?
    public var notes: [String]
    /// The code of the error underneath, when this one wraps another (`binding.unknown-transformer`,
    /// `predicate.unexpected-token`): lint reports the finer one.
    public var cause: DiagnosticCode?
    /// The changes that answer the problem (a misspelt name replaced by the one it surely means).
    public var fixIts: [FixIt]

    public init(_ code: C, _ message: String, file: String, location: SourceLocation? = nil, pointer: JSONPointer? = nil,
                hint: String? = nil, notes: [String] = [], cause: DiagnosticCode? = nil, fixIts: [FixIt] = []) {
        self.code = code
        self.message = message
        self.file = file
        self.location = location
        self.pointer = pointer
        self.hint = hint
        self.notes = notes
        self.cause = cause
        self.fixIts = fixIts
    }

    /// The problem placed at `value`.
    public init(_ code: C, _ message: String, file: String, at value: JSONValue, hint: String? = nil) {
        self.init(code, message, file: file, location: value.location, pointer: value.pointer, hint: hint)
    }

    /// The problem with the safe fix-it replacing the misspelt `name`, written as the JSON string
    /// the problem is placed at, by the one name among `candidates` it surely means
    /// (``FixIt/renaming(_:among:quotedAt:)``); unchanged when there is none, or when the file is
    /// not JSON (a storyboard's XML is left for a person).
    public func renaming(_ name: String, among candidates: [String]) -> Problem {
        guard file.hasSuffix(".json"), let location,
              let fixIt = FixIt.renaming(name, among: candidates, quotedAt: location.offset) else { return self }
        var fixed = self
        fixed.fixIts.append(fixIt)
        return fixed
    }

    /// The problem as a finding of `severity`, under the finer code of the error underneath when
    /// it wraps one (whose message names it in brackets, which the finding leaves out): one
    /// finding has one code, whichever command reports it.
    public func diagnostic(severity: Diagnostic.Severity = .error) -> Diagnostic {
        var finding = Diagnostic(code: code.rawValue, severity: severity, file: file, location: location, pointer: pointer,
                                 message: message, hint: hint, notes: notes)
        finding.fixIts = fixIts
        if let cause, message.hasSuffix(" [\(cause)]") {
            finding.code = cause
            finding.message = String(message.dropLast(" [\(cause)]".count))
        }
        return finding
    }
}
