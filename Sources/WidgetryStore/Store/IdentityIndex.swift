import WidgetryExpressions
@_spi(WidgetryInternals) import WidgetryJSON

/// Identity attribute values to objects, for one identity root: what an import looks up for every
/// object it reads, and inserts for every object it creates.
///
/// An open-addressing table (linear probing, deletion by backward shift, so no tombstones) with
/// its own hash of ``Value``: a seeded multiply-fold over a string's UTF-8 bytes, or over a
/// number's integer value. `Dictionary` would hash with SipHash through `Hasher`, several times
/// the cost for the short strings and integers identities are.
///
/// Equal values hash equally under ``Value``'s `==`: numbers by their integer value when they
/// have one (so `1`, `1.0` and `true` meet), otherwise by their bits; strings by the bytes of
/// their NFC form, which for ASCII text (nearly every identity) is the text itself, and through
/// which canonically equivalent strings meet, the Kelvin sign and `K` included. Other kinds hash
/// as `Hashable` says. The seed is random per process, so a response cannot be crafted to make
/// every identity collide.
///
/// A value: copies share storage until one of them is written. Sendable because the storage
/// is never written while shared.
struct IdentityIndex: @unchecked Sendable {
    /// The buckets, shared by copies until one of them writes (``makeUnique()``).
    private var storage = Storage(capacity: 0)

    init() {}

    /// The number of identities.
    var count: Int { storage.count }

    /// The object whose identity is `key`.
    subscript(key: Value) -> ObjectID? {
        get { self[Key(key)] }
        set { self[Key(key)] = newValue }
    }

    /// The object whose identity is `key`.
    subscript(key: Key) -> ObjectID? {
        get {
            guard let bucket = storage.bucket(of: key) else { return nil }
            return storage.id(at: bucket)
        }
        set {
            if let newValue {
                updateValue(newValue, forKey: key)
            } else if storage.bucket(of: key) != nil {
                // Found again after copying: a copy may place keys in other buckets.
                makeUnique()
                storage.remove(at: storage.bucket(of: key)!)
            }
        }
    }

    /// Drops `key` when it is `id`'s (an object's old identity, which another object may have
    /// taken since).
    mutating func removeValue(forKey key: Value, ifItIs id: ObjectID) {
        let key = Key(key)
        if self[key] == id { self[key] = nil }
    }

    /// Sets `key`'s object to `id`; returns the object it had before.
    @discardableResult
    mutating func updateValue(_ id: ObjectID, forKey key: Key) -> ObjectID? {
        makeRoomForOneMore()
        return storage.updateValue(id, forKey: key, replacing: true)
    }

    /// Gives `key` to `id` unless another object has it; returns whether it did.
    mutating func insertIfAbsent(_ id: ObjectID, forKey key: Key) -> Bool {
        makeRoomForOneMore()
        return storage.updateValue(id, forKey: key, replacing: false) == nil
    }

    /// A storage of its own with a free bucket to spare (one copy when both are needed).
    private mutating func makeRoomForOneMore() {
        if !isKnownUniquelyReferenced(&storage) || (storage.count + 1) * 4 > storage.capacity * 3 {
            storage = storage.resized(toHold: storage.count + 1)
        }
    }

    private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.resized(toHold: storage.count) }
    }

    /// One bucket: the key's tag (0 when empty, otherwise its hash with the top bit set), the
    /// object, and the key (`.null` when empty). Together, so that a probe reads one place.
    private struct Bucket {
        var tag: UInt64 = 0
        var id = ObjectID(rawValue: 0)
        var key = Value.null
    }

    /// A power of two of buckets (or none) in memory of their own.
    private final class Storage {
        let capacity: Int
        let buckets: UnsafeMutablePointer<Bucket>
        var count = 0

        init(capacity: Int) {
            self.capacity = capacity
            buckets = .allocate(capacity: capacity)
            buckets.initialize(repeating: Bucket(), count: capacity)
        }

        deinit {
            buckets.deinitialize(count: capacity)
            buckets.deallocate()
        }

        /// The bucket holding `key`, or the free bucket where it would go. Needs a free bucket.
        private func probe(_ key: Key) -> (found: Bool, bucket: Int) {
            let mask = capacity - 1
            var bucket = Int(truncatingIfNeeded: key.tag) & mask
            while buckets[bucket].tag != 0 {
                if buckets[bucket].tag == key.tag, buckets[bucket].key == key.value { return (true, bucket) }
                bucket = (bucket + 1) & mask
            }
            return (false, bucket)
        }

        func bucket(of key: Key) -> Int? {
            guard count > 0, case (true, let bucket) = probe(key) else { return nil }
            return bucket
        }

        func id(at bucket: Int) -> ObjectID { buckets[bucket].id }

        /// Gives `key` to `id` (a key already present only when `replacing`); returns the
        /// object the key had. Needs a free bucket.
        func updateValue(_ id: ObjectID, forKey key: Key, replacing: Bool) -> ObjectID? {
            let (found, bucket) = probe(key)
            if found {
                defer { if replacing { buckets[bucket].id = id } }
                return buckets[bucket].id
            }
            buckets[bucket] = Bucket(tag: key.tag, id: id, key: key.value)
            count += 1
            return nil
        }

        /// Empties `bucket`, moving later keys of its run back so that every key stays reachable
        /// from its home bucket without a gap.
        func remove(at bucket: Int) {
            let mask = capacity - 1
            var hole = bucket, next = (bucket + 1) & mask
            while buckets[next].tag != 0 {
                let home = Int(truncatingIfNeeded: buckets[next].tag) & mask
                // The key at `next` may fill the hole when its home is not between the hole and it.
                if (next - home) & mask >= (next - hole) & mask {
                    swap(&buckets[hole], &buckets[next])
                    hole = next
                }
                next = (next + 1) & mask
            }
            buckets[hole] = Bucket()
            count -= 1
        }

        /// A copy in a power of two of buckets that holds `needed` keys at most three quarters
        /// full; the stored tags place the keys without hashing them again.
        func resized(toHold needed: Int) -> Storage {
            var size = max(16, capacity)
            while needed * 4 > size * 3 { size *= 2 }
            let copy = Storage(capacity: size)
            let mask = size - 1
            for old in 0..<capacity where buckets[old].tag != 0 {
                var bucket = Int(truncatingIfNeeded: buckets[old].tag) & mask
                while copy.buckets[bucket].tag != 0 { bucket = (bucket + 1) & mask }
                copy.buckets[bucket] = buckets[old]
            }
            copy.count = count
            return copy
        }
    }

    /// Random per process, so that a response cannot be crafted to make its identities collide.
    fileprivate static let seed = UInt64.random(in: .min ... .max)
}

extension IdentityIndex {
    /// An identity with its hash, computed once for the lookup and the insert that may follow it.
    struct Key {
        let value: Value
        /// The hash with its top bit set (never 0, the empty bucket's tag).
        let tag: UInt64

        init(_ value: Value) {
            self.value = value
            tag = Key.hash(of: value, seed: IdentityIndex.seed) | 1 << 63
        }

        private static func hash(of key: Value, seed: UInt64) -> UInt64 {
            switch key {
            case .string(let text):
                if let hash = text.utf8.withContiguousStorageIfAvailable({ hashIfASCII($0, seed: seed) }) ?? nil {
                    return hash
                }
                // Not ASCII: the bytes of the canonical composition, which equivalent strings share.
                return text._nfcCodeUnits.withUnsafeBufferPointer { hashIfASCII($0, seed: seed, orNot: true)! }
            case .int(let number):
                return mix(UInt64(bitPattern: number) ^ seed, 0x9E37_79B9_7F4A_7C15)
            case .bool, .double:
                if let integer = key.integerValue { return mix(UInt64(bitPattern: integer) ^ seed, 0x9E37_79B9_7F4A_7C15) }
                return mix((key.doubleValue ?? 0).bitPattern ^ seed, 0xC2B2_AE3D_27D4_EB4F)
            default:
                return UInt64(UInt(bitPattern: key.hashValue))
            }
        }

        /// A seeded multiply-fold over the bytes, 16 at a time; nil when a byte is not ASCII,
        /// unless `orNot`.
        private static func hashIfASCII(_ bytes: UnsafeBufferPointer<UInt8>, seed: UInt64, orNot: Bool = false) -> UInt64? {
            guard let start = bytes.baseAddress, !bytes.isEmpty else { return mix(seed, 0xA076_1D64_78BD_642F) }
            var state = seed ^ (UInt64(bytes.count) &* 0xA076_1D64_78BD_642F)
            var highBits: UInt64 = 0
            var offset = 0
            repeat {
                let count = min(16, bytes.count - offset)
                let words = ShortKeyWords.load(start + offset, count: count, readable: bytes.count - offset)
                highBits |= words.0 | words.1
                state = mix(words.0 ^ state ^ 0xE703_7ED1_A0B4_28DB, words.1 ^ 0x8EBC_6AF0_9C88_C6E3)
                offset += count
            } while offset < bytes.count
            guard orNot || highBits & 0x8080_8080_8080_8080 == 0 else { return nil }
            return mix(state, 0x5899_65CC_7537_4CC3)
        }

        /// The two halves of the full product, folded together.
        @inline(__always)
        private static func mix(_ a: UInt64, _ b: UInt64) -> UInt64 {
            let product = a.multipliedFullWidth(by: b)
            return product.high ^ product.low
        }
    }
}
