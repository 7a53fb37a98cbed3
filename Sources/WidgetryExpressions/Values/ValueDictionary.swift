/// The members of a ``Value/dictionary``, in insertion order.
///
/// Built for the evaluator's hot path. The members live inline in one storage object (keys and
/// values side by side, tail-allocated), so copying a dictionary value costs one reference count
/// and a lookup touches one block of memory: a scan of the keys for small dictionaries (the
/// usual JSON record), a hash index for larger ones. Mutation copies the storage first when it
/// is shared.
///
/// Sendable because the storage is never mutated while shared (copy on write), the same
/// argument the standard library's collections rest on.
public struct ValueDictionary: @unchecked Sendable, Sequence, ExpressibleByDictionaryLiteral {
    /// Dictionaries with more members than this keep a hash index.
    static let indexThreshold = 8

    private var storage: DictionaryStorage

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

    public var count: Int { storage.header.count }
    public var isEmpty: Bool { count == 0 }
    public var keys: [String] { map(\.key) }
    public var values: [Value] { map(\.value) }

    /// The position of `key` among the members.
    public func position(of key: String) -> Int? {
        storage.position(of: DictionaryKey(key))
    }

    /// The value of a key prepared once (what compiled key paths use).
    public subscript(key: DictionaryKey) -> Value? {
        @inline(__always) get { storage.value(forKey: key) }
    }

    /// The value of `key`. Setting a new key appends it; setting nil removes it.
    public subscript(key: String) -> Value? {
        @inline(__always) get { storage.value(forKey: DictionaryKey(key)) }
        set {
            if let position = storage.position(of: DictionaryKey(key)) {
                makeUnique(capacity: count)
                if let newValue {
                    storage.withUnsafeMutablePointerToElements { $0[position].value = newValue }
                } else {
                    storage.remove(at: position)
                }
            } else if let newValue {
                makeUnique(capacity: count + 1)
                storage.append(DictionaryStorage.Member(key: key, value: newValue))
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
            guard position < storage.header.count else { return nil }
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
        if !isKnownUniquelyReferenced(&storage) || storage.capacity < capacity {
            storage = storage.copy(capacity: Swift.max(capacity, storage.capacity < capacity ? storage.capacity * 2 : storage.capacity))
        }
    }
}

/// Header of a dictionary's storage: how many members it holds and, past the threshold, a
/// hash index from key to position.
struct DictionaryHeader {
    var count: Int
    var index: [String: Int]?
}

/// The storage of a ``ValueDictionary``: a header and the members, inline.
///
/// Mutated only while uniquely referenced (``ValueDictionary`` copies it first otherwise).
final class DictionaryStorage: ManagedBuffer<DictionaryHeader, DictionaryStorage.Member> {
    struct Member {
        var key: String
        var value: Value
        /// ``DictionaryKey/fingerprint`` of `key`: compared before the key itself, so a scan
        /// neither copies nor compares the text of keys that differ.
        var fingerprint: UInt64

        init(key: String, value: Value) {
            self.key = key
            self.value = value
            fingerprint = DictionaryKey.fingerprint(of: key)
        }
    }

    static func make(capacity: Int) -> DictionaryStorage {
        let buffer = create(minimumCapacity: capacity) { _ in DictionaryHeader(count: 0, index: nil) }
        return unsafeDowncast(buffer, to: DictionaryStorage.self)
    }

    deinit {
        withUnsafeMutablePointers { header, members in
            _ = members.deinitialize(count: header.pointee.count)
        }
    }

    func position(of key: DictionaryKey) -> Int? {
        withUnsafeMutablePointers { header, members in
            if let index = header.pointee.index { return index[key.string] }
            for position in 0..<header.pointee.count
            where members[position].fingerprint == key.fingerprint && members[position].key == key.string {
                return position
            }
            return nil
        }
    }

    @inline(__always)
    func value(forKey key: DictionaryKey) -> Value? {
        withUnsafeMutablePointers { header, members in
            if let index = header.pointee.index {
                return index[key.string].map { members[$0].value }
            }
            for position in 0..<header.pointee.count
            where members[position].fingerprint == key.fingerprint && members[position].key == key.string {
                return members[position].value
            }
            return nil
        }
    }

    /// Appends a member; the capacity must allow it.
    func append(_ member: Member) {
        withUnsafeMutablePointers { header, members in
            let position = header.pointee.count
            (members + position).initialize(to: member)
            header.pointee.count += 1
            if header.pointee.index != nil {
                header.pointee.index?[member.key] = position
            } else if header.pointee.count > ValueDictionary.indexThreshold {
                header.pointee.index = DictionaryStorage.makeIndex(members, count: header.pointee.count)
            }
        }
    }

    func remove(at position: Int) {
        withUnsafeMutablePointers { header, members in
            let count = header.pointee.count
            (members + position).deinitialize(count: 1)
            (members + position).moveInitialize(from: members + position + 1, count: count - position - 1)
            header.pointee.count = count - 1
            header.pointee.index = DictionaryStorage.makeIndex(members, count: count - 1)
        }
    }

    /// A new storage with the same members and room for `capacity`.
    func copy(capacity: Int) -> DictionaryStorage {
        let copy = DictionaryStorage.make(capacity: capacity)
        withUnsafeMutablePointers { header, members in
            copy.withUnsafeMutablePointers { copyHeader, copyMembers in
                copyMembers.initialize(from: members, count: header.pointee.count)
                copyHeader.pointee = header.pointee
            }
        }
        return copy
    }

    private static func makeIndex(_ members: UnsafeMutablePointer<Member>, count: Int) -> [String: Int]? {
        guard count > ValueDictionary.indexThreshold else { return nil }
        var index = [String: Int](minimumCapacity: count)
        for position in 0..<count { index[members[position].key] = position }
        return index
    }
}

/// A dictionary key with its fingerprint computed once, for repeated lookups.
public struct DictionaryKey: Sendable, Hashable {
    public let string: String
    /// FNV-1a of the key's UTF-8 bytes.
    let fingerprint: UInt64

    public init(_ string: String) {
        self.string = string
        fingerprint = DictionaryKey.fingerprint(of: string)
    }

    static func fingerprint(of string: String) -> UInt64 {
        var string = string
        return string.withUTF8 { bytes in
            var hash: UInt64 = 0xCBF2_9CE4_8422_2325
            for byte in bytes {
                hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
            }
            return hash
        }
    }
}
