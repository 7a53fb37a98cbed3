/// A stack in memory of its own, for ``JSONStreamReader``'s open containers and keys.
///
/// An array in a struct checks, at every push, that no copy shares its storage (a call into
/// the runtime), and a reader pushes at every key. This stack cannot be copied, so it has
/// nothing to check: a push is a store and a count.
struct ReaderStack<Element: BitwiseCopyable>: ~Copyable {
    private var base: UnsafeMutablePointer<Element>
    private var capacity: Int
    private(set) var count = 0

    init() {
        capacity = 8
        base = .allocate(capacity: capacity)
    }

    deinit {
        base.deallocate()
    }

    var isEmpty: Bool { count == 0 }

    /// The top element; the stack must not be empty.
    var last: Element {
        @inline(__always) get { base[count - 1] }
    }

    subscript(index: Int) -> Element {
        @inline(__always) get { base[index] }
    }

    @inline(__always)
    mutating func push(_ element: Element) {
        if count == capacity { grow() }
        (base + count).initialize(to: element)
        count += 1
    }

    /// Removes and returns the top element; the stack must not be empty.
    @inline(__always)
    mutating func pop() -> Element {
        count -= 1
        return base[count]
    }

    /// Drops the elements from `index` on.
    @inline(__always)
    mutating func removeAll(from index: Int) {
        count = index
    }

    private mutating func grow() {
        let larger = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
        larger.initialize(from: base, count: count)
        base.deallocate()
        base = larger
        capacity *= 2
    }
}
