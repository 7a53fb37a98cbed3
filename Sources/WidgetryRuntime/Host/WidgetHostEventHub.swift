import Synchronization

/// Where a host's events go: its delegate, then its event stream. Widgets' runs and loads call
/// ``emit(_:)`` from their own tasks; each widget emits from one task at a time, so its events
/// keep their order.
final class WidgetHostEventHub: Sendable {
    let stream: AsyncStream<WidgetHostEvent>
    private let continuation: AsyncStream<WidgetHostEvent>.Continuation
    private let delegate: Mutex<(any WidgetHostDelegate)?>

    init(delegate: (any WidgetHostDelegate)?) {
        (stream, continuation) = AsyncStream.makeStream(bufferingPolicy: .unbounded)
        self.delegate = Mutex(delegate)
    }

    func setDelegate(_ delegate: (any WidgetHostDelegate)?) {
        self.delegate.withLock { $0 = delegate }
    }

    func emit(_ event: WidgetHostEvent) {
        delegate.withLock { $0 }?.deliver(event)
        continuation.yield(event)
    }

    /// Ends the stream; later events still reach the delegate.
    func finish() {
        continuation.finish()
    }
}
