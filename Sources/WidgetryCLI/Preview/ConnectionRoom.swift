import NIOCore
import NIOHTTPTypes
import Synchronization

/// Keeps at most a number of the preview's connections open, making room rather than refusing:
/// when one more arrives, the connection that has been idle longest (connected or answered, and
/// no request under way since) is closed for it; only when every open connection is busy (a
/// request being answered, an event stream the page listens to) is the newcomer closed. So
/// hundreds of silent sockets cost at most the cap in descriptors and never keep the page out.
final class ConnectionRoom: Sendable {
    private struct Entry {
        let channel: any Channel
        /// When the connection last fell idle, in the room's order; nil while a request is under way.
        var idleSince: UInt64?
    }

    private struct State {
        var open: [ObjectIdentifier: Entry] = [:]
        var clock: UInt64 = 0
    }

    /// The most connections open at once.
    let limit: Int
    private let state = Mutex(State())

    init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// How many connections are open.
    var count: Int { state.withLock { $0.open.count } }

    /// Lets `channel` in, closing the connection idle longest when the room is full, or
    /// `channel` itself when no open connection is idle.
    func admit(_ channel: any Channel) {
        let closing: (any Channel)? = state.withLock { state in
            state.clock += 1
            var evicted: (any Channel)?
            if state.open.count >= limit {
                let oldest = state.open.filter { $0.value.idleSince != nil }.min { $0.value.idleSince! < $1.value.idleSince! }
                guard let oldest else { return channel }
                state.open[oldest.key] = nil
                evicted = oldest.value.channel
            }
            state.open[ObjectIdentifier(channel)] = Entry(channel: channel, idleSince: state.clock)
            return evicted
        }
        closing?.close(promise: nil)
    }

    /// A request began on `channel`: it is busy until its answer ends.
    func busy(_ channel: any Channel) {
        state.withLock { $0.open[ObjectIdentifier(channel)]?.idleSince = nil }
    }

    /// `channel`'s answer ended: it is idle from now.
    func idle(_ channel: any Channel) {
        state.withLock { state in
            state.clock += 1
            state.open[ObjectIdentifier(channel)]?.idleSince = state.clock
        }
    }

    /// `channel` closed.
    func left(_ channel: any Channel) {
        _ = state.withLock { $0.open.removeValue(forKey: ObjectIdentifier(channel)) }
    }
}

/// The handler each connection of the preview carries, after HTTP decoding: it tells the
/// ``ConnectionRoom`` when the connection arrives, starts and ends answering, and leaves.
final class ConnectionRoomHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let room: ConnectionRoom

    init(room: ConnectionRoom) {
        self.room = room
    }

    func handlerAdded(context: ChannelHandlerContext) {
        room.admit(context.channel)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        room.left(context.channel)
    }

    func channelInactive(context: ChannelHandlerContext) {
        room.left(context.channel)
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .head = unwrapInboundIn(data) { room.busy(context.channel) }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) { room.idle(context.channel) }
        context.write(data, promise: promise)
    }
}
