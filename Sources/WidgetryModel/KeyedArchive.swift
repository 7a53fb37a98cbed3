/// The object graph of an `NSKeyedArchiver` property list, walked by hand: `$objects` is a
/// flat table, containers refer to entries by UID, `$class` entries name classes. Nothing is
/// ever instantiated; the reader only looks things up, with every UID checked against the table.
/// The property list itself is read by ``BinaryPropertyList``.
struct KeyedArchive {
    typealias Object = BinaryPropertyList.Object

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

    /// An archived object: its keys and their (unresolved) values.
    typealias Instance = [String: Object]

    private let plist: BinaryPropertyList
    /// `$objects`: plist object indexes, by UID.
    private let table: [Int]
    private let maxItems: Int
    /// The UID of the root object.
    let root: Int

    init(_ bytes: [UInt8], limits: Limits) throws(Problem) {
        guard bytes.count <= limits.maxBytes else {
            throw Problem(message: "the file has \(bytes.count) bytes, more than the limit of \(limits.maxBytes)")
        }
        do {
            plist = try BinaryPropertyList(bytes, maxObjects: limits.maxObjects)
        } catch {
            throw Problem(message: error.message)
        }
        maxItems = limits.maxItems
        let top = try Self.members(plist, plist.topObject, "the property list", maxItems: limits.maxItems)
        guard case .string("NSKeyedArchiver")? = try top["$archiver"].map(Self.reference(plist)) else {
            throw Problem(message: "the property list is not a keyed archive ($archiver is not NSKeyedArchiver)")
        }
        guard case .array(let table)? = try top["$objects"].map(Self.reference(plist)) else {
            throw Problem(message: "the archive has no $objects array")
        }
        guard let anchorsIndex = top["$top"] else { throw Problem(message: "the archive has no $top") }
        let anchors = try Self.members(plist, anchorsIndex, "$top", maxItems: limits.maxItems)
        guard let rootReference = anchors["root"], case .uid(let root) = try Self.reference(plist)(rootReference) else {
            throw Problem(message: "the archive has no $top root")
        }
        guard table.indices.contains(root) else { throw Problem(message: "the root refers to object \(root), outside $objects") }
        self.table = table
        self.root = root
    }

    private static func reference(_ plist: BinaryPropertyList) -> (Int) throws(Problem) -> Object {
        { (index: Int) throws(Problem) -> Object in
            do {
                return try plist.object(index)
            } catch let failure as BinaryPropertyList.Failure {
                throw Problem(message: failure.message)
            } catch {
                throw Problem(message: "the property list cannot be read")
            }
        }
    }

    /// A plist dictionary with string keys, its values as plist object indexes.
    private static func members(_ plist: BinaryPropertyList, _ index: Int, _ what: String, maxItems: Int) throws(Problem) -> [String: Int] {
        guard case .dictionary(let keys, let values) = try reference(plist)(index) else { throw Problem(message: "\(what) is not a dictionary") }
        guard keys.count <= maxItems else { throw Problem(message: "\(what) has \(keys.count) entries, more than the limit of \(maxItems)") }
        var result: [String: Int] = [:]
        for (key, value) in zip(keys, values) {
            guard case .string(let name) = try reference(plist)(key) else { throw Problem(message: "a key of \(what) is not a string") }
            result[name] = value
        }
        return result
    }

    /// The `$objects` entry with UID `uid`.
    func entry(_ uid: Int, _ what: String) throws(Problem) -> Object {
        guard table.indices.contains(uid) else {
            throw Problem(message: "\(what) refers to object \(uid), but there are \(table.count)")
        }
        return try Self.reference(plist)(table[uid])
    }

    /// The UID `value` holds; nil for `$null` (UID 0) or a missing value.
    func index(_ value: Object?, _ what: String) throws(Problem) -> Int? {
        guard let value else { return nil }
        guard case .uid(let uid) = value else { throw Problem(message: "\(what) is not a reference") }
        guard table.indices.contains(uid) else {
            throw Problem(message: "\(what) refers to object \(uid), but there are \(table.count)")
        }
        return uid == 0 ? nil : uid
    }

    /// The object a reference points at; nil for `$null` or a missing value.
    func resolve(_ value: Object?, _ what: String) throws(Problem) -> Object? {
        guard let uid = try index(value, what) else { return nil }
        let object = try entry(uid, what)
        if case .string("$null") = object { return nil }
        return object
    }

    /// An archived object (a dictionary of keys with a `$class`), its values unresolved.
    func instance(_ uid: Int, _ what: String) throws(Problem) -> Instance {
        guard case .dictionary(let keys, let values) = try entry(uid, what) else {
            throw Problem(message: "\(what) is not an archived object")
        }
        guard keys.count <= maxItems else { throw Problem(message: "\(what) has \(keys.count) keys, more than the limit of \(maxItems)") }
        var result: Instance = [:]
        for (key, value) in zip(keys, values) {
            guard case .string(let name) = try Self.reference(plist)(key) else { throw Problem(message: "a key of \(what) is not a string") }
            result[name] = try Self.reference(plist)(value)
        }
        return result
    }

    /// The class name of an archived object, from its `$class` entry.
    func className(of instance: Instance, _ what: String) throws(Problem) -> String {
        guard let classUID = try index(instance["$class"], "the class of \(what)"),
              case .dictionary = try entry(classUID, "the class of \(what)"),
              case .string(let name)? = try self.instance(classUID, "the class of \(what)")["$classname"] else {
            throw Problem(message: "\(what) has no class name")
        }
        return name
    }

    /// A string referred to by `value`: a plain string, or an `NSString` archived with `NS.string`.
    func string(_ value: Object?, _ what: String) throws(Problem) -> String? {
        guard let uid = try index(value, what) else { return nil }
        switch try entry(uid, what) {
        case .string(let text):
            return text == "$null" ? nil : text
        case .dictionary:
            if case .string(let text)? = try instance(uid, what)["NS.string"] { return text }
            throw Problem(message: "\(what) is not a string")
        default:
            throw Problem(message: "\(what) is not a string")
        }
    }

    /// The entries of an archived `NSDictionary` (`NS.keys`, `NS.objects`), keys as strings,
    /// values unresolved, in archive order.
    func dictionary(_ value: Object?, _ what: String) throws(Problem) -> [(key: String, value: Object)] {
        guard let uid = try index(value, what) else { return [] }
        let instance = try instance(uid, what)
        guard case .array(let keys)? = instance["NS.keys"], case .array(let values)? = instance["NS.objects"] else {
            throw Problem(message: "\(what) is not a dictionary")
        }
        guard keys.count == values.count else {
            throw Problem(message: "\(what) has \(keys.count) keys but \(values.count) values")
        }
        guard keys.count <= maxItems else {
            throw Problem(message: "\(what) has \(keys.count) entries, more than the limit of \(maxItems)")
        }
        var result: [(key: String, value: Object)] = []
        for (position, key) in keys.enumerated() {
            let keyObject = try Self.reference(plist)(key)
            guard let text = try string(keyObject, "key \(position) of \(what)") else {
                throw Problem(message: "key \(position) of \(what) is nil")
            }
            result.append((text, try Self.reference(plist)(values[position])))
        }
        return result
    }
}
