import Foundation
import NIOConcurrencyHelpers
public import NIOCore
import NIOHTTP1
import NIOPosix

/// A request the test server received.
public struct TestRequest: Sendable {
    public var method: String
    public var uri: String
    public var headers: [(name: String, value: String)]
    public var body: [UInt8] = []

    /// The first value of header `name` (case-insensitive).
    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }
}

/// What the test server answers, including deliberate misbehaviour.
public struct TestResponse: Sendable {
    public enum Behaviour: Sendable {
        /// Send the whole response at once.
        case normal
        /// Wait before sending anything.
        case delayHead(TimeAmount)
        /// Announce the full Content-Length, send only `bytes` of the body, then close.
        case truncate(after: Int)
        /// Send the body `chunkSize` bytes at a time, `interval` apart.
        case drip(chunkSize: Int, interval: TimeAmount)
    }

    public var status: Int
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]
    public var behaviour: Behaviour

    public init(status: Int = 200, headers: [(name: String, value: String)] = [], body: [UInt8] = [], behaviour: Behaviour = .normal) {
        self.status = status
        self.headers = headers
        self.body = body
        self.behaviour = behaviour
    }

    public static func redirect(to location: String) -> TestResponse {
        TestResponse(status: 302, headers: [("Location", location)])
    }
}

/// A real HTTP/1.1 server on 127.0.0.1 and an OS-chosen port, for tests. Every request is
/// recorded; the handler decides each answer. Call ``stop()`` when done.
public final class TestHTTPServer: Sendable {
    public typealias Handler = @Sendable (TestRequest) -> TestResponse

    public let port: Int
    private let channel: any Channel
    private let recorded: NIOLockedValueBox<[TestRequest]>
    /// The server's own event loop: a server that streams gigabytes (the gzip bomb) cannot
    /// starve the servers of tests running beside it.
    private let group: MultiThreadedEventLoopGroup

    private init(port: Int, channel: any Channel, recorded: NIOLockedValueBox<[TestRequest]>, group: MultiThreadedEventLoopGroup) {
        self.port = port
        self.channel = channel
        self.recorded = recorded
        self.group = group
    }

    /// `http://127.0.0.1:<port>`
    public var baseURL: String { "http://127.0.0.1:\(port)" }

    /// The requests received so far, in order.
    public var requests: [TestRequest] { recorded.withLockedValue { $0 } }

    public static func start(_ handler: @escaping Handler) async throws -> TestHTTPServer {
        let recorded = NIOLockedValueBox<[TestRequest]>([])
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let bound: any Channel
        do {
            bound = try await ServerBootstrap(group: group)
                .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
                .childChannelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.configureHTTPServerPipeline(withErrorHandling: true)
                        try channel.pipeline.syncOperations.addHandler(RequestHandler(handler: handler, recorded: recorded))
                    }
                }
                .bind(host: "127.0.0.1", port: 0)
                .get()
        } catch {
            try? await group.shutdownGracefully()
            throw error
        }
        let channel = bound
        guard let port = channel.localAddress?.port else {
            try await channel.close()
            try await group.shutdownGracefully()
            throw TestServerError.noPort
        }
        return TestHTTPServer(port: port, channel: channel, recorded: recorded, group: group)
    }

    /// Runs `body` with a started server and stops the server afterwards, whatever happens.
    public static func with<Result>(_ handler: @escaping Handler, _ body: (TestHTTPServer) async throws -> Result) async throws -> Result {
        let server = try await start(handler)
        do {
            let result = try await body(server)
            try await server.stop()
            return result
        } catch {
            try? await server.stop()
            throw error
        }
    }

    public func stop() async throws {
        try await channel.close()
        try await group.shutdownGracefully()
    }
}

enum TestServerError: Error {
    case noPort
}

private final class RequestHandler: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let handler: TestHTTPServer.Handler
    private let recorded: NIOLockedValueBox<[TestRequest]>
    private var head: HTTPRequestHead?
    private var body: [UInt8] = []

    init(handler: @escaping TestHTTPServer.Handler, recorded: NIOLockedValueBox<[TestRequest]>) {
        self.handler = handler
        self.recorded = recorded
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            self.head = head
            body = []
        case .body(let buffer):
            body.append(contentsOf: buffer.readableBytesView)
        case .end:
            guard let head else { return }
            let request = TestRequest(method: head.method.rawValue, uri: head.uri, headers: head.headers.map { ($0.name, $0.value) }, body: body)
            recorded.withLockedValue { $0.append(request) }
            respond(handler(request), context: context)
        }
    }

    private func respond(_ response: TestResponse, context: ChannelHandlerContext) {
        var headers = HTTPHeaders(response.headers.map { ($0.name, $0.value) })
        // A chunked response (a `Transfer-Encoding` header given) announces no length.
        if !headers.contains(name: "Content-Length"), !headers.contains(name: "Transfer-Encoding") {
            headers.add(name: "Content-Length", value: String(response.body.count))
        }
        let head = HTTPResponseHead(version: .http1_1, status: HTTPResponseStatus(statusCode: response.status), headers: headers)
        let loop = context.eventLoop.assumeIsolated()
        switch response.behaviour {
        case .normal:
            send(head: head, body: response.body[...], context: context, end: true)
        case .delayHead(let delay):
            loop.scheduleTask(in: delay) {
                self.send(head: head, body: response.body[...], context: context, end: true)
            }
        case .truncate(let count):
            send(head: head, body: response.body.prefix(count), context: context, end: false)
            context.close(promise: nil)
        case .drip(let chunkSize, let interval):
            context.write(wrapOutboundOut(.head(head)), promise: nil)
            context.flush()
            drip(response.body[...], chunkSize: chunkSize, interval: interval, context: context)
        }
    }

    private func send(head: HTTPResponseHead, body: ArraySlice<UInt8>, context: ChannelHandlerContext, end: Bool) {
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        if !body.isEmpty {
            context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: body)))), promise: nil)
        }
        if end {
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        } else {
            context.flush()
        }
    }

    private func drip(_ remaining: ArraySlice<UInt8>, chunkSize: Int, interval: TimeAmount, context: ChannelHandlerContext) {
        guard context.channel.isActive else { return }
        guard !remaining.isEmpty else {
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
            return
        }
        let chunk = remaining.prefix(chunkSize)
        context.writeAndFlush(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: chunk)))), promise: nil)
        context.eventLoop.assumeIsolated().scheduleTask(in: interval) {
            self.drip(remaining.dropFirst(chunkSize), chunkSize: chunkSize, interval: interval, context: context)
        }
    }
}
