#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Synchronization
import WidgetryJSON

/// The pass that reads a document's bytes into a ``LazyJSONDocument``'s entries, and how far it
/// has come. It runs before the import, or on a thread of its own while the import reads each
/// top-level element of a root array as soon as the element is complete (``waitForEntry(_:)``):
/// on two cores the import then costs about what its slower half costs.
///
/// Nothing is shared that moves: the entries are reserved up front for the most a document of
/// this size can hold (pages never written are never made resident), and decoded strings live in
/// chunks that stay put. The reader writes entries and then publishes their count with release
/// ordering; the import reads the count with acquire ordering and only entries before it.
final class DocumentReading: @unchecked Sendable {
    typealias Entry = LazyJSONDocument.Entry

    let bytes: UnsafeBufferPointer<UInt8>
    let entries: UnsafeMutablePointer<Entry>
    let strings: DecodedStrings
    private let capacity: Int
    private let reservedBytes: Int
    /// Entries before this index are final (an open container's `next` aside): the root, then
    /// whole top-level elements.
    private let readyEntries = Atomic<Int>(0)
    private static let reading = 0, read = 1, failed = 2
    private let outcome = Atomic<Int>(DocumentReading.reading)
    /// Set before the outcome says `failed`.
    private var failure: JSONStreamError?
    /// The root container's `next`, kept here by the reader and written into the root's entry by
    /// ``finish()``: once published, an entry is never written again while the import may read it.
    private var rootEnd: Int32 = 0
    private var thread: pthread_t?

    /// Reserves the memory for reading `bytes` (which must outlive this object); nil when it
    /// cannot be reserved. A value takes at least two bytes with its separator (the root one),
    /// so a document holds at most `count / 2 + 1` values; and a string at least its two quotes,
    /// so no more strings, keys included.
    init?(_ bytes: UnsafeBufferPointer<UInt8>) {
        capacity = bytes.count / 2 + 2
        reservedBytes = capacity * MemoryLayout<Entry>.stride
        let memory = mmap(nil, reservedBytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0)
        guard let memory, memory != MAP_FAILED else { return nil }
        self.bytes = bytes
        entries = memory.bindMemory(to: Entry.self, capacity: capacity)
        strings = DecodedStrings(capacity: capacity)
    }

    deinit {
        _ = finish()
        munmap(entries, reservedBytes)
    }

    /// Reads the document: on a thread of its own when `concurrently` (and the thread can be
    /// made), otherwise before returning.
    func start(concurrently: Bool) {
        if concurrently {
            var thread = pthread_t()
            // Unretained: `deinit` joins the thread before anything it reads goes away.
            let context = Unmanaged.passUnretained(self).toOpaque()
            if pthread_create(&thread, nil, { context in
                Unmanaged<DocumentReading>.fromOpaque(context!).takeUnretainedValue().run()
                return nil
            }, context) == 0 {
                self.thread = thread
                return
            }
        }
        run()
        completeRoot()
    }

    /// Waits until entry `index` is final; false when the document ended, or failed, before it.
    ///
    /// The import costs at least what the reading does, so it waits mostly at the start, where a
    /// short spin is enough. When the reading thread falls behind for longer (it was descheduled
    /// on a busy machine), the import sleeps instead of spinning, leaving the processor to the
    /// reader or whoever needs it: a spinning import would burn as much time as it waits.
    func waitForEntry(_ index: Int) -> Bool {
        var spins = 0
        while true {
            if readyEntries.load(ordering: .acquiring) > index { return true }
            if outcome.load(ordering: .acquiring) != DocumentReading.reading {
                return readyEntries.load(ordering: .acquiring) > index
            }
            spins += 1
            if spins > 200 {
                var pause = timespec(tv_sec: 0, tv_nsec: 20_000)
                nanosleep(&pause, nil)
            } else if spins > 100 {
                sched_yield()
            }
        }
    }

    /// Waits for the whole document; returns where it is malformed, or nil when it is JSON (and
    /// then every entry is complete, the root's included).
    func finish() -> JSONStreamError? {
        if let thread {
            pthread_join(thread, nil)
            self.thread = nil
        }
        guard outcome.load(ordering: .acquiring) != DocumentReading.failed else { return failure }
        completeRoot()
        return nil
    }

    /// Writes the root container's `next`, once nothing reads the entries on another thread.
    private func completeRoot() {
        if rootEnd > 0 { entries[0].next = rootEnd }
    }

    private func run() {
        var count = 0
        do throws(JSONStreamError) {
            try read(count: &count)
            readyEntries.store(count, ordering: .releasing)
            outcome.store(DocumentReading.read, ordering: .releasing)
        } catch {
            failure = error
            outcome.store(DocumentReading.failed, ordering: .releasing)
        }
    }

    private func read(count: inout Int) throws(JSONStreamError) {
        let options = JSONParserOptions()
        var reader = JSONStreamReader(bytes, options: options)
        // The open containers' entries: the reader refuses to nest deeper than its limit.
        let open = UnsafeMutablePointer<Int>.allocate(capacity: options.maxDepth + 1)
        defer { open.deallocate() }
        var depth = 0
        var keyStart: Int32 = -1, keyEnd: Int32 = -1
        func append(_ entry: Entry) throws(JSONStreamError) {
            guard count < capacity else { throw JSONStreamError(offset: Int(entry.start)) }
            (entries + count).initialize(to: entry)
            count += 1
        }
        while true {
            let token = try reader.next()
            var entry = Entry(kind: .null, keyStart: keyStart, keyEnd: keyEnd, start: Int32(reader.tokenOffset))
            keyStart = -1
            keyEnd = -1
            switch token {
            case .key:
                if reader.lastStringIsPlain, reader.lastStringRange.count <= Entry.maxPlainKeyBytes {
                    keyStart = Int32(reader.lastStringRange.lowerBound)
                    keyEnd = Int32(reader.lastStringRange.upperBound)
                } else {
                    keyStart = Int32(strings.append(reader.stringValue))
                    keyEnd = -2
                }
                continue
            case .beginObject, .beginArray:
                if case .beginObject = token { entry.kind = .object } else { entry.kind = .array }
                open[depth] = count
                depth += 1
                try append(entry)
                // The root container itself is ready to look at once it is open.
                if depth == 1 { readyEntries.store(count, ordering: .releasing) }
                continue
            case .endObject, .endArray:
                depth -= 1
                let index = open[depth]
                if index == 0 {
                    rootEnd = Int32(count)
                } else {
                    entries[index].next = Int32(count)
                }
                if depth == 1 { readyEntries.store(count, ordering: .releasing) }
                continue
            case .endOfDocument:
                return
            case .null:
                entry.kind = .null
            case .bool(let flag):
                entry.kind = .bool
                entry.payload = flag ? 1 : 0
            case .number:
                let number = reader.lastNumberBits
                entry.kind = number.isInteger ? .integer : .double
                entry.payload = number.bits
            case .string:
                entry.kind = .string
                if reader.lastStringIsPlain {
                    entry.isPlainString = true
                    entry.payload = UInt64(reader.lastStringRange.lowerBound) << 32 | UInt64(reader.lastStringRange.upperBound)
                } else {
                    entry.payload = UInt64(strings.append(reader.stringValue))
                }
            }
            entry.next = Int32(count + 1)
            try append(entry)
            if depth == 1 { readyEntries.store(count, ordering: .releasing) }
        }
    }
}
