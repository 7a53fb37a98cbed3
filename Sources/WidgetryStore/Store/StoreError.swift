public import WidgetryJSON

/// A change the store refused. The transaction that made it is rolled back whole.
public struct StoreError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Code: String, Sendable, CaseIterable {
        case unknownEntity = "store.unknown-entity"
        case unknownKey = "store.unknown-key"
        case typeMismatch = "store.type-mismatch"
        case missingValue = "store.missing-value"
        case deletedObject = "store.deleted-object"
        case deleteDenied = "store.delete-denied"
        case duplicateIdentity = "store.duplicate-identity"
        /// The store file could not be opened, read or written.
        case persistence = "store.persistence"
        /// The store file was written for a different model.
        case incompatibleFile = "store.incompatible-file"
        /// The store file holds something Widgetry never writes (an id out of range, a value of
        /// the wrong type, a target that is not there): the message names table, row and column.
        case corruptFile = "store.corrupt-file"
    }

    public var code: Code
    public var message: String
    public var hint: String?
    /// The store file the error is about, when it is one file's (it cannot be opened).
    public var file: String

    public init(_ code: Code, _ message: String, hint: String? = nil, file: String = "") {
        self.code = code
        self.message = message
        self.hint = hint
        self.file = file
    }

    public var description: String { "\(message) [\(code.rawValue)]" + (hint.map { "; \($0)" } ?? "") }
}

/// An error type a transaction body may throw, which can also carry the store's own failure to
/// save the transaction (``ObjectStore/perform(_:)`` throws the body's error type).
public protocol StoreErrorRepresentable: Error {
    init(_ storeError: StoreError)
}

extension StoreError: DiagnosticConvertible {
    /// The refusal as one diagnostic, about the store file when it is one file's.
    public var diagnostics: [Diagnostic] {
        [Diagnostic(code: code.rawValue, severity: .error, file: file, location: nil, pointer: nil, message: message, hint: hint)]
    }
}

extension StoreError: StoreErrorRepresentable {
    public init(_ storeError: StoreError) {
        self = storeError
    }
}
