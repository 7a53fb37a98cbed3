/// The members of a ``Value/dictionary``, in insertion order.
///
/// Built for the evaluator's hot path, which reads records far more often than anything writes
/// them. The members live inline in one storage object, keys and values side by side, with the
/// count as the only header: the first member of a record shares the storage's first cache line,
/// so reading it costs one memory access, and copying a dictionary value costs one reference
/// count. Small dictionaries (the usual JSON record) are scanned; from ``indexThreshold``
/// members on, a hash index kept beside the storage finds keys. Mutation copies the storage
/// first when it is shared.
///
/// Sendable because the storage is never mutated while shared (copy on write), the argument the
/// standard library's collections rest on.
public struct ValueDictionary: @unchecked Sendable, Sequence, ExpressibleByDictionaryLiteral {
    /// Dictionaries with more members than this keep a hash index.
    static let indexThreshold = 8

    private var storage: DictionaryStorage
    private var index: DictionaryIndex?

    public init() {
        self.init(minimumCapacity: 0)
    }

    public init(minimumCapacity: Int) {
        storage = DictionaryStorage.make(capacity: minimumCapacity)
    }

    /// A later duplicate key replaces the earlier value and keeps its position.
    public init(dictionaryLiteral elements: (String, Value)...) {
        self.init(minimumCapacity: elements.count)
        for (key, value) in elements { self[key] = value }
    }

    public var count: Int { storage.header }
    public var isEmpty: Bool { count == 0 }
    public var keys: [String] { map(\.key) }
    public var values: [Value] { map(\.value) }

    /// The position of `key` among the members.
    public func position(of key: String) -> Int? {
        if let index { return index.positions[key] }
        return storage.position(of: key)
    }

    /// The value of a key prepared once (what compiled key paths use).
    public subscript(key: DictionaryKey) -> Value? {
        @inline(__always) get { self[key.string] }
    }

    /// The value of `key`. Setting a new key appends it; setting nil removes it.
    public subscript(key: String) -> Value? {
        @inline(__always) get {
            guard let position = position(of: key) else { return nil }
            return storage.withUnsafeMutablePointerToElements { $0[position].value }
        }
        set {
            if let position = position(of: key) {
                makeUnique(capacity: count)
                if let newValue {
                    storage.withUnsafeMutablePointerToElements { $0[position].value = newValue }
                } else {
                    storage.remove(at: position)
                    index = DictionaryIndex.make(storage)
                }
            } else if let newValue {
                makeUnique(capacity: count + 1)
                storage.append(DictionaryStorage.Member(key: key, value: newValue))
                if count > ValueDictionary.indexThreshold { index = DictionaryIndex.make(storage) }
            }
        }
    }

    public struct Iterator: IteratorProtocol {
        private let storage: DictionaryStorage
        private var position = 0

        fileprivate init(storage: DictionaryStorage) {
            self.storage = storage
        }

        public mutating func next() -> (key: String, value: Value)? {
            guard position < storage.header else { return nil }
            let member = storage.withUnsafeMutablePointerToElements { $0[position] }
            position += 1
            return (member.key, member.value)
        }
    }

    public func makeIterator() -> Iterator {
        Iterator(storage: storage)
    }

    /// Makes the storage unshared and able to hold `capacity` members.
    private mutating func makeUnique(capacity: Int) {
        let current = storage.capacity
        if !isKnownUniquelyReferenced(&storage) || current < capacity {
            storage = storage.copy(capacity: current < capacity ? Swift.max(capacity, current * 2) : current)
        }
    }
}

/// The members of a ``ValueDictionary``, inline after their count.
///
/// Mutated only while uniquely referenced (``ValueDictionary`` copies it first otherwise).
final class DictionaryStorage: ManagedBuffer<Int, DictionaryStorage.Member> {
    struct Member {
        var key: String
        var value: Value
    }

    static func make(capacity: Int) -> DictionaryStorage {
        unsafeDowncast(create(minimumCapacity: capacity) { _ in 0 }, to: DictionaryStorage.self)
    }

    deinit {
        withUnsafeMutablePointers { count, members in
            _ = members.deinitialize(count: count.pointee)
        }
    }

    /// The position of `key`, by a scan.
    @inline(__always)
    func position(of key: String) -> Int? {
        withUnsafeMutablePointers { count, members in
            for position in 0..<count.pointee where members[position].key == key { return position }
            return nil
        }
    }

    /// Appends a member; the capacity must allow it.
    func append(_ member: Member) {
        withUnsafeMutablePointers { count, members in
            (members + count.pointee).initialize(to: member)
            count.pointee += 1
        }
    }

    func remove(at position: Int) {
        withUnsafeMutablePointers { count, members in
            (members + position).deinitialize(count: 1)
            (members + position).moveInitialize(from: members + position + 1, count: count.pointee - position - 1)
            count.pointee -= 1
        }
    }

    /// A new storage with the same members and room for `capacity`.
    func copy(capacity: Int) -> DictionaryStorage {
        let copy = DictionaryStorage.make(capacity: capacity)
        withUnsafeMutablePointers { count, members in
            copy.withUnsafeMutablePointers { copyCount, copyMembers in
                copyMembers.initialize(from: members, count: count.pointee)
                copyCount.pointee = count.pointee
            }
        }
        return copy
    }
}

/// Key → position for dictionaries past ``ValueDictionary/indexThreshold`` members; immutable,
/// rebuilt when the keys change.
final class DictionaryIndex: Sendable {
    let positions: [String: Int]

    private init(positions: [String: Int]) {
        self.positions = positions
    }

    static func make(_ storage: DictionaryStorage) -> DictionaryIndex? {
        storage.withUnsafeMutablePointers { count, members in
            guard count.pointee > ValueDictionary.indexThreshold else { return nil }
            var positions = [String: Int](minimumCapacity: count.pointee)
            for position in 0..<count.pointee { positions[members[position].key] = position }
            return DictionaryIndex(positions: positions)
        }
    }
}

/// A dictionary key prepared once, for repeated lookups by compiled key paths.
public struct DictionaryKey: Sendable, Hashable {
    public let string: String

    public init(_ string: String) {
        self.string = string
    }
}
