public import WidgetryJSON

/// JSON that could not be imported, with the JSON Pointer (and, for parsed documents, the line
/// and column) of the value at fault. The import it belonged to is rolled back whole.
public struct ImportError: StoreErrorRepresentable, Sendable, Equatable, CustomStringConvertible {
    public enum Code: String, Sendable, CaseIterable {
        case shapeMismatch = "import.shape-mismatch"
        case conversion = "import.conversion"
        case unknownTransformer = "import.unknown-transformer"
        case store = "import.store"
    }

    public var code: Code
    public var message: String
    public var pointer: JSONPointer
    public var location: SourceLocation?
    public var hint: String?

    public init(_ code: Code, _ message: String, at value: JSONValue, hint: String? = nil) {
        self.code = code
        self.message = message
        pointer = value.pointer
        location = value.location
        self.hint = hint
    }

    /// A store failure outside any JSON value (saving the import's transaction).
    public init(_ storeError: StoreError) {
        code = .store
        message = storeError.message
        pointer = .root
        location = nil
        hint = storeError.hint
    }

    public var description: String {
        var text = location.map { "\($0.line):\($0.column): " } ?? ""
        text += "\(message) [\(code.rawValue)]"
        if !pointer.description.isEmpty { text += " at \(pointer)" }
        if let hint { text += "; \(hint)" }
        return text
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
