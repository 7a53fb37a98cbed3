#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Knows how much of the current thread's stack is left, so that evaluation, which recurses
/// once per subschema, stops with an error on deeply nested data instead of overflowing a small
/// stack (secondary threads may have as little as 512 KiB).
struct StackGuard {
    /// The address below which evaluation must not go; nil where the stack's bounds are unknown,
    /// which leaves ``SchemaOptions/maxEvaluationDepth`` as the only limit.
    private let limit: UInt?

    /// A guard for the calling thread, keeping a quarter of its stack (at most 256 KiB) in
    /// reserve for what runs above the deepest schema: reporting, matching patterns.
    init() {
        limit = StackGuard.threadLimit()
    }

    /// The calling thread's limit, found once per thread: on Linux, finding the main thread's
    /// stack reads `/proc/self/maps`, which costs more than validating a small document.
    private static func threadLimit() -> UInt? {
        #if !canImport(Darwin) && (canImport(Glibc) || canImport(Musl))
        if let cached = pthread_getspecific(limitKey) {
            let stored = cached.load(as: UInt.self)
            return stored == 0 ? nil : stored
        }
        let limit = computedLimit()
        if let storage = malloc(MemoryLayout<UInt>.size) {
            storage.storeBytes(of: limit ?? 0, as: UInt.self)
            if pthread_setspecific(limitKey, storage) != 0 { free(storage) }
        }
        return limit
        #else
        return computedLimit()
        #endif
    }

    private static func computedLimit() -> UInt? {
        guard let (lowest, size) = StackGuard.currentStack() else { return nil }
        return lowest + min(256 << 10, size / 4)
    }

    /// Whether the stack has room for one more level of evaluation.
    @inline(__always)
    func hasRoom() -> Bool {
        guard let limit else { return true }
        var marker: UInt8 = 0
        return withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) } > limit
    }

    /// The lowest address and the size of the calling thread's stack.
    private static func currentStack() -> (lowest: UInt, size: UInt)? {
        #if canImport(Darwin)
        let thread = pthread_self()
        let size = UInt(pthread_get_stacksize_np(thread))
        let top = UInt(bitPattern: pthread_get_stackaddr_np(thread))
        return (top - size, size)
        #elseif canImport(Glibc) || canImport(Musl)
        guard let getAttributes = threadAttributes else { return nil }
        var attributes = pthread_attr_t()
        guard getAttributes(pthread_self(), &attributes) == 0 else { return nil }
        defer { pthread_attr_destroy(&attributes) }
        var address: UnsafeMutableRawPointer?
        var size = 0
        guard pthread_attr_getstack(&attributes, &address, &size) == 0, let address else { return nil }
        return (UInt(bitPattern: address), UInt(size))
        #else
        return nil
        #endif
    }

    #if !canImport(Darwin) && (canImport(Glibc) || canImport(Musl))
    /// The key under which each thread keeps its limit (0 when its stack is unknown); the
    /// storage is freed when the thread ends.
    private static let limitKey: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { storage in free(storage) }
        return key
    }()

    private typealias GetThreadAttributes = @convention(c) (pthread_t, UnsafeMutablePointer<pthread_attr_t>) -> Int32

    /// `pthread_getattr_np`, the one call that reports a thread's stack bounds on Linux. The C
    /// library exports it, but its header declares it only for GNU builds, which the Swift
    /// module for the C library is not, so it is looked up by name once.
    private static let threadAttributes: GetThreadAttributes? = {
        guard let library = dlopen(nil, RTLD_NOW), let symbol = dlsym(library, "pthread_getattr_np") else { return nil }
        return unsafeBitCast(symbol, to: GetThreadAttributes.self)
    }()
    #endif
}
