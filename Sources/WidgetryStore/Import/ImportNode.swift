import WidgetryExpressions
import WidgetryJSON

/// A JSON value as the importer reads it. Two kinds of node run the same import rules: the
/// parsed tree (``JSONValue``, which places errors with a pointer and a line and column) and
/// ``LazyJSONNode`` (a view over the document's bytes that reads only what the model maps).
protocol ImportNode {
    var isNull: Bool { get }
    /// The node ready for several lookups (a lazy node scans its members once).
    var prepared: Self { get }
    var isObject: Bool { get }
    /// The value at a key path of an object; nil when a step is missing.
    func member(at path: ImportPath) -> Self?
    /// Calls `body` with each element of an array in order; false, without calling it, for
    /// anything else.
    func forEachElement<Failure: Error>(_ body: (Self) throws(Failure) -> Void) throws(Failure) -> Bool
    /// The value as the expression language holds it.
    var expressionValue: Value { get }
    /// `body` over a string value's UTF-8 bytes, when the node holds them as they are (ASCII
    /// without escapes); nil otherwise, and for anything but a string.
    func withPlainStringBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result?) -> Result?
    /// The JSON type name (`object`, `string`, …), for messages.
    var typeName: String { get }
    /// The value as JSON text, for messages.
    var jsonText: String { get }
    /// The error for a problem with this value.
    func importError(_ code: ImportError.Code, _ message: String, hint: String?) -> ImportError
    /// Whether this value is certainly the same JSON as `other` (kinds, keys and scalars); false
    /// when the node cannot tell cheaply.
    func hasSameContent(as other: Self) -> Bool
}

extension JSONValue: ImportNode {
    func member(at path: ImportPath) -> JSONValue? {
        var current = self
        for position in path.keys.indices {
            guard case .object(let object) = current.kind, let next = object[path.text(position)] else { return nil }
            current = next
        }
        return current
    }

    var prepared: JSONValue { self }

    var isObject: Bool {
        if case .object = kind { return true }
        return false
    }

    func forEachElement<Failure: Error>(_ body: (JSONValue) throws(Failure) -> Void) throws(Failure) -> Bool {
        guard case .array(let elements) = kind else { return false }
        for element in elements { try body(element) }
        return true
    }

    var expressionValue: WidgetryExpressions.Value { WidgetryExpressions.Value(json: self) }

    /// A parsed tree holds its strings decoded.
    func withPlainStringBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result?) -> Result? { nil }

    var jsonText: String { serialized() }

    func importError(_ code: ImportError.Code, _ message: String, hint: String?) -> ImportError {
        ImportError(code, message, at: self, hint: hint)
    }

    /// A parsed tree is not read in bulk, so it does not look for repeats.
    func hasSameContent(as other: JSONValue) -> Bool { false }
}
