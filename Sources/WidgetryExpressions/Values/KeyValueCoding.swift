/// What the expression language needs from an object: read a key, write a key.
///
/// Store objects, mediating controllers, elements and the screen all conform, so a key path such
/// as `homeFeedStatus.inProgress` or `content.author.name` walks through them with no reflection.
/// A key an object does not have reads as ``Value/null``; it is never an error.
public protocol KeyValueCoding: AnyObject, Sendable {
    /// The value at `key`, or `.null` when there is none.
    func value(forKey key: String) -> Value

    /// Writes `value` at `key`.
    func setValue(_ value: Value, forKey key: String) throws(KeyValueError)

    /// The type name messages print, e.g. the entity name of a store object.
    var keyValueTypeName: String { get }

    /// The text `$key` substitution and `toString` produce for the object.
    var keyValueDescription: String { get }

    /// Whether `other` is the same object. Identity (`===`) by default; handles that stand for
    /// an object held elsewhere (a store object) compare what they stand for.
    func isSameObject(as other: any KeyValueCoding) -> Bool

    /// Feeds what ``isSameObject(as:)`` compares into `hasher`.
    func hashIdentity(into hasher: inout Hasher)
}

extension KeyValueCoding {
    public func setValue(_ value: Value, forKey key: String) throws(KeyValueError) {
        throw KeyValueError(key: key, typeName: keyValueTypeName, reason: .readOnly)
    }

    public var keyValueTypeName: String { String(describing: type(of: self)) }

    public var keyValueDescription: String { "<\(keyValueTypeName)>" }

    public func isSameObject(as other: any KeyValueCoding) -> Bool { self === other }

    public func hashIdentity(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// A key-value write that could not be done.
public struct KeyValueError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Reason: Sendable, Equatable {
        /// The object has no such key.
        case unknownKey
        /// The key exists but cannot be written.
        case readOnly
        /// The key takes another type of value (e.g. null into a boolean).
        case typeMismatch(expected: String, found: String)
    }

    public var key: String
    public var typeName: String
    public var reason: Reason

    public init(key: String, typeName: String, reason: Reason) {
        self.key = key
        self.typeName = typeName
        self.reason = reason
    }

    public var description: String {
        switch reason {
        case .unknownKey: "\(typeName) has no key '\(key)'"
        case .readOnly: "key '\(key)' of \(typeName) cannot be written"
        case .typeMismatch(let expected, let found): "key '\(key)' of \(typeName) takes \(expected), not \(found)"
        }
    }
}
