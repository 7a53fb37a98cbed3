import Foundation

/// The object graph of an `NSKeyedArchiver` property list, walked by hand: `$objects` is a
/// flat table, containers refer to entries by UID, `$class` entries name classes. Nothing is
/// ever instantiated; the reader only looks things up, with every UID checked against the table.
///
/// Foundation returns UIDs as an opaque `_NSKeyedArchiverUID` (`__NSCFKeyedArchiverUID` on
/// Apple platforms) with no public accessor, so ``uid(_:)`` reads its number by reflection (its
/// stored `value`), or from its description (`{value = 3}`) where reflection shows nothing.
struct KeyedArchive {
    /// Bounds on the archive, checked before the graph is walked.
    struct Limits: Sendable {
        var maxBytes: Int
        var maxObjects: Int
        /// The most items one dictionary or array may have.
        var maxItems: Int
    }

    /// A problem found in the graph, turned into a `ModelError` by the reader.
    struct Problem: Error {
        var message: String
    }

    let objects: [Any]
    let root: Int

    init(_ bytes: [UInt8], limits: Limits) throws(Problem) {
        guard bytes.count <= limits.maxBytes else {
            throw Problem(message: "the file has \(bytes.count) bytes, more than the limit of \(limits.maxBytes)")
        }
        guard bytes.starts(with: Array("bplist00".utf8)) else {
            throw Problem(message: "the file is not a binary property list (it does not start with bplist00)")
        }
        let plist: Any
        do {
            plist = try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil)
        } catch {
            throw Problem(message: "the property list cannot be read (\(error.localizedDescription))")
        }
        guard let top = plist as? [String: Any] else { throw Problem(message: "the property list is not a dictionary") }
        guard top["$archiver"] as? String == "NSKeyedArchiver" else {
            throw Problem(message: "the property list is not a keyed archive ($archiver is not NSKeyedArchiver)")
        }
        guard let objects = top["$objects"] as? [Any] else { throw Problem(message: "the archive has no $objects array") }
        guard objects.count <= limits.maxObjects else {
            throw Problem(message: "the archive has \(objects.count) objects, more than the limit of \(limits.maxObjects)")
        }
        guard let anchors = top["$top"] as? [String: Any], let rootValue = anchors["root"], let root = Self.uid(rootValue) else {
            throw Problem(message: "the archive has no $top root")
        }
        self.objects = objects
        self.root = root
        self.maxItems = limits.maxItems
        guard objects.indices.contains(root) else { throw Problem(message: "the root refers to object \(root), outside $objects") }
    }

    private let maxItems: Int

    /// The number inside a UID, or nil when `value` is not one.
    static func uid(_ value: Any) -> Int? {
        let object = value as AnyObject
        let typeName = String(describing: type(of: object))
        guard typeName.contains("KeyedArchiverUID") else { return nil }
        for child in Mirror(reflecting: value).children where child.label == "value" {
            if let number = child.value as? any BinaryInteger { return Int(exactly: number) }
        }
        let description = String(describing: value)
        guard let range = description.range(of: "value = ") else { return nil }
        let digits = description[range.upperBound...].prefix { $0.isNumber }
        return Int(digits)
    }

    /// The object a UID refers to; nil for `$null` (UID 0).
    func resolve(_ value: Any?, _ what: String) throws(Problem) -> Any? {
        guard let value else { return nil }
        guard let index = Self.uid(value) else { throw Problem(message: "\(what) is not a reference") }
        guard objects.indices.contains(index) else {
            throw Problem(message: "\(what) refers to object \(index), but there are \(objects.count)")
        }
        let object = objects[index]
        if index == 0 || (object as? String) == "$null" { return nil }
        return object
    }

    /// The index a UID refers to, checked.
    func index(_ value: Any?, _ what: String) throws(Problem) -> Int? {
        guard let value else { return nil }
        guard let index = Self.uid(value) else { throw Problem(message: "\(what) is not a reference") }
        guard objects.indices.contains(index) else {
            throw Problem(message: "\(what) refers to object \(index), but there are \(objects.count)")
        }
        return index == 0 ? nil : index
    }

    /// An archived object (a dictionary of keys with a `$class`).
    func instance(_ index: Int, _ what: String) throws(Problem) -> [String: Any] {
        guard let instance = objects[index] as? [String: Any] else { throw Problem(message: "\(what) is not an archived object") }
        return instance
    }

    /// The class name of an archived object, from its `$class` entry.
    func className(of instance: [String: Any], _ what: String) throws(Problem) -> String {
        guard let classIndex = try index(instance["$class"], "the class of \(what)"),
              let description = objects[classIndex] as? [String: Any],
              let name = description["$classname"] as? String else {
            throw Problem(message: "\(what) has no class name")
        }
        return name
    }

    /// A string referred to by `value`: a plain string, or an `NSString` archived with `NS.string`.
    func string(_ value: Any?, _ what: String) throws(Problem) -> String? {
        guard let object = try resolve(value, what) else { return nil }
        if let text = object as? String { return text }
        if let instance = object as? [String: Any], let text = instance["NS.string"] as? String { return text }
        throw Problem(message: "\(what) is not a string")
    }

    /// The entries of an archived `NSDictionary` (`NS.keys`, `NS.objects`), keys as strings,
    /// values as UIDs (unresolved), in archive order.
    func dictionary(_ value: Any?, _ what: String) throws(Problem) -> [(key: String, value: Any)] {
        guard let index = try index(value, what) else { return [] }
        let instance = try instance(index, what)
        guard let keys = instance["NS.keys"] as? [Any], let values = instance["NS.objects"] as? [Any] else {
            throw Problem(message: "\(what) is not a dictionary")
        }
        guard keys.count == values.count else {
            throw Problem(message: "\(what) has \(keys.count) keys but \(values.count) values")
        }
        guard keys.count <= maxItems else {
            throw Problem(message: "\(what) has \(keys.count) entries, more than the limit of \(maxItems)")
        }
        var result: [(key: String, value: Any)] = []
        for (position, key) in keys.enumerated() {
            guard let text = try string(key, "key \(position) of \(what)") else {
                throw Problem(message: "key \(position) of \(what) is nil")
            }
            result.append((text, values[position]))
        }
        return result
    }
}
