/// The members of a JSON object, in document order.
///
/// Lookups by key are linear for small objects and go through a hash index once an object has
/// more than ``indexThreshold`` members, so both the common small objects of a bundle and large
/// generated documents stay fast.
public struct JSONObject: Sendable, Equatable, Sequence {
    /// One `"key": value` pair.
    public struct Member: Sendable {
        public var key: String
        /// Where the key's opening quote is; nil for members built in code.
        public var keyLocation: SourceLocation?
        public var value: JSONValue

        public init(key: String, keyLocation: SourceLocation? = nil, value: JSONValue) {
            self.key = key
            self.keyLocation = keyLocation
            self.value = value
        }
    }

    /// Objects with more members than this keep a hash index. Below it, comparing the keys one by
    /// one costs less than hashing one key: on records of 14 members, lookups were faster by a
    /// quarter and parsing (which no longer builds the index) by a tenth than with a threshold of 8.
    public static let indexThreshold = 16

    /// The members in document order. Keys are unique.
    public private(set) var members: [Member]
    private var index: [String: Int]?

    public init() {
        members = []
    }

    /// Builds an object from members whose keys are already known to be unique.
    init(uniqueMembers: [Member], index: [String: Int]?) {
        self.members = uniqueMembers
        self.index = index ?? JSONObject.makeIndex(uniqueMembers)
    }

    public var count: Int { members.count }
    public var isEmpty: Bool { members.isEmpty }
    public var keys: [String] { members.map(\.key) }

    /// The position of `key` in ``members``.
    public func position(of key: String) -> Int? {
        if let index { return index[key] }
        return members.firstIndex { $0.key == key }
    }

    /// The member named `key`, with its key location.
    public func member(_ key: String) -> Member? {
        position(of: key).map { members[$0] }
    }

    /// The value of `key`. Setting a new key appends it; setting nil removes it.
    public subscript(key: String) -> JSONValue? {
        get { position(of: key).map { members[$0].value } }
        set {
            if let position = position(of: key) {
                if let newValue {
                    members[position].value = newValue
                } else {
                    members.remove(at: position)
                    index = JSONObject.makeIndex(members)
                }
            } else if let newValue {
                members.append(Member(key: key, value: newValue))
                if index != nil {
                    index?[key] = members.count - 1
                } else if members.count > JSONObject.indexThreshold {
                    index = JSONObject.makeIndex(members)
                }
            }
        }
    }

    public func makeIterator() -> IndexingIterator<[Member]> {
        members.makeIterator()
    }

    /// Same keys with equal values, in any order.
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        guard lhs.count == rhs.count else { return false }
        for member in lhs.members {
            guard let other = rhs[member.key], other == member.value else { return false }
        }
        return true
    }

    static func makeIndex(_ members: [Member]) -> [String: Int]? {
        guard members.count > indexThreshold else { return nil }
        var index = [String: Int](minimumCapacity: members.count)
        for (position, member) in members.enumerated() {
            index[member.key] = position
        }
        return index
    }
}
