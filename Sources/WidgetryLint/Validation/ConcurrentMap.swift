import Dispatch

extension Array where Element: Sendable {
    /// `map(transform)` with the elements spread over every core: the results come back in the
    /// elements' order, whatever order the work finished in, so the output does not depend on
    /// scheduling.
    func concurrentMap<Result: Sendable>(_ transform: (Element) -> Result) -> [Result] {
        guard count > 1 else { return map(transform) }
        return withoutActuallyEscaping(transform) { transform in
            let results = UnsafeMutableBufferPointer<Result?>.allocate(capacity: count)
            results.initialize(repeating: nil)
            defer {
                results.deinitialize()
                results.deallocate()
            }
            // Each iteration writes only its own slot, and concurrentPerform returns after all
            // of them, so the buffer is never written from two threads at once.
            nonisolated(unsafe) let slots = results
            nonisolated(unsafe) let work = transform
            DispatchQueue.concurrentPerform(iterations: count) { index in
                slots[index] = work(self[index])
            }
            return results.map { $0! }
        }
    }
}
