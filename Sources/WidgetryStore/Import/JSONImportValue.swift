public import WidgetryJSON

/// A value of a JSON document read for import straight from its bytes, without a tree (the path
/// a large response takes: the document's memory is its bytes and about 40 bytes per value).
/// Made by ``JSONImporter/withDocument(_:_:)`` and valid only inside its closure.
public struct JSONImportValue {
    let node: LazyJSONNode

    /// The JSON type name as JSON Schema spells it (`object`, `array`, `string`, …).
    public var typeName: String { node.typeName }

    /// Whether the value is an object.
    public var isObject: Bool { node.isObject }

    /// Whether the value is an array whose elements are all objects or null.
    public var isArrayOfObjectsOrNulls: Bool {
        var allObjectsOrNulls = true
        let isArray = node.forEachElement { allObjectsOrNulls = allObjectsOrNulls && ($0.isNull || $0.isObject) }
        return isArray && allObjectsOrNulls
    }

    /// The member `key` of an object; nil when the value is not an object or has no such member.
    public func member(_ key: String) -> JSONImportValue? {
        let keys = ImportKeys([[key]])
        return withExtendedLifetime(keys) { node.member(at: keys.paths[0]).map(JSONImportValue.init) }
    }
}

extension JSONImporter {
    /// Reads `bytes` as one JSON document without building a tree and calls `body` with its root.
    /// Returns nil, without calling `body`, when the bytes are not JSON (parse them to learn where)
    /// or too large to index (2 GiB and up). The values must not leave the closure.
    public static func withDocument<R>(_ bytes: [UInt8], _ body: (JSONImportValue) -> R) -> R? {
        guard bytes.count < Int(Int32.max) else { return nil }
        return bytes.withUnsafeBufferPointer { buffer -> R? in
            guard let document = try? LazyJSONDocument.read(buffer) else { return nil }
            return withExtendedLifetime(document) { body(JSONImportValue(node: document.root)) }
        }
    }

    /// Imports `value` as ``importJSON(_:into:options:in:)`` imports a parsed value: the same
    /// rules, the same errors, placed by line, column and pointer in the document.
    public func importJSON(_ value: JSONImportValue, into entity: String, options: ImportOptions = ImportOptions(),
                           in transaction: inout StoreTransaction) throws(ImportError) -> [ObjectID] {
        try importRoot(value.node, into: entity, options: options, in: &transaction)
    }
}
