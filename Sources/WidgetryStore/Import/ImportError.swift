public import WidgetryJSON

/// JSON that could not be imported, with the JSON Pointer (and, for parsed documents, the line
/// and column) of the value at fault. The import it belonged to is rolled back whole.
public typealias ImportError = PlacedProblem<ImportErrorCode>

/// The codes of ``ImportError``.
public enum ImportErrorCode: String, DomainCode, CaseIterable {
    case shapeMismatch = "import.shape-mismatch"
    case conversion = "import.conversion"
    case unknownTransformer = "import.unknown-transformer"
    case store = "import.store"
    /// An inserted object lacks a non-optional attribute (its identity included).
    case missingValue = "import.missing-value"
}

extension PlacedProblem: StoreErrorRepresentable where C == ImportErrorCode {
    /// A store failure outside any JSON value (saving the import's transaction).
    public init(_ storeError: StoreError) {
        self.init(.store, storeError.message, location: nil, pointer: .root, hint: storeError.hint)
    }
}

/// Why importing a JSON document's bytes failed: the document is not JSON, or its content does
/// not import. Either carries the place (line, column, pointer) and a stable code.
public enum JSONImportError: StoreErrorRepresentable, Sendable, Equatable, CustomStringConvertible {
    case syntax(JSONParseError)
    case content(ImportError)

    public init(_ storeError: StoreError) {
        self = .content(ImportError(storeError))
    }

    public var description: String {
        switch self {
        case .syntax(let error): error.description
        case .content(let error): error.description
        }
    }
}
