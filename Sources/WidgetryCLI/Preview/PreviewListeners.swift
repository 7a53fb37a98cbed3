import Foundation
import Synchronization

/// Who hears of new states: the page's event streams, and `/state`, which answers with the
/// state announced last at once.
final class PreviewListeners: Sendable {
    private let streams = Mutex<[UUID: AsyncStream<Int>.Continuation]>([:])
    private let published = Mutex<PreviewState?>(nil)

    /// The state announced last; nil before the first.
    var latest: PreviewState? { published.withLock { $0 } }

    /// A stream of the versions to come (only the newest kept when a reader lags).
    func subscribe() -> AsyncStream<Int> {
        let (stream, continuation) = AsyncStream.makeStream(of: Int.self, bufferingPolicy: .bufferingNewest(1))
        let id = UUID()
        streams.withLock { $0[id] = continuation }
        continuation.onTermination = { [weak self] _ in _ = self?.streams.withLock { $0.removeValue(forKey: id) } }
        return stream
    }

    func announce(_ state: PreviewState) {
        published.withLock { $0 = state }
        let version = state.version
        for stream in streams.withLock({ Array($0.values) }) { stream.yield(version) }
    }

    func finishAll() {
        for stream in streams.withLock({ Array($0.values) }) { stream.finish() }
    }
}
