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
    }

    public var code: Code
    public var message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { "\(message) [\(code.rawValue)]" }
}
