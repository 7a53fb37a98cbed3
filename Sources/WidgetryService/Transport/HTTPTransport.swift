import Synchronization
import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOHTTPCompression
import WidgetryJSON
import WidgetryServiceConfiguration

/// Limits for ``HTTPTransport``. A time-out past ``NumericPolicy/maximumSeconds`` counts as that
/// maximum, and a negative one as 0.
public struct HTTPTransportOptions: Sendable {
    /// Seconds to establish a connection (TLS included).
    public var connectTimeout: Double
    /// Seconds without receiving anything before giving up.
    public var readTimeout: Double
    /// Seconds for the whole exchange.
    public var totalTimeout: Double
    /// Most redirects followed for one request.
    public var maxRedirects: Int
    /// Largest response body accepted, in bytes; a compressed body is held to it as it inflates.
    public var maxResponseBytes: Int
    /// Whether plain http may go to hosts that are not loopback (``PlainHTTPPolicy``), for the
    /// request and its redirects; never from https to http either way.
    public var allowsPlainHTTP: Bool

    public init(connectTimeout: Double = 10, readTimeout: Double = 30, totalTimeout: Double = 60, maxRedirects: Int = 5,
                maxResponseBytes: Int = 32 << 20, allowsPlainHTTP: Bool = false) {
        self.connectTimeout = connectTimeout
        self.readTimeout = readTimeout
        self.totalTimeout = totalTimeout
        self.maxRedirects = maxRedirects
        self.maxResponseBytes = maxResponseBytes
        self.allowsPlainHTTP = allowsPlainHTTP
    }
}

/// Real HTTP(S) through AsyncHTTPClient, with connect, read and total timeouts, a redirect limit
/// and a response size limit; TLS as the system provides it. One client per transport: call
/// ``shutdown()`` when done.
public final class HTTPTransport: ServiceTransport {
    public let options: HTTPTransportOptions
    private let client: HTTPClient

    public init(options: HTTPTransportOptions = HTTPTransportOptions()) {
        self.options = options
        var configuration = HTTPClient.Configuration()
        // Redirects are followed by ``RedirectHop``, so each hop meets the plain-http policy.
        configuration.redirectConfiguration = .disallow
        configuration.timeout = .init(connect: HTTPTransport.amount(options.connectTimeout), read: HTTPTransport.amount(options.readTimeout))
        configuration.decompression = .enabled(limit: .size(options.maxResponseBytes))
        client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }

    public func shutdown() async throws {
        guard markClosed() else { return }
        try await client.shutdown()
    }

    /// Closes the client from synchronous code, without waiting and from any thread: a setup
    /// that fails after making the transport must not leave an open client behind. The closing
    /// callback holds the client until it is done.
    public func shutdownNow() {
        guard markClosed() else { return }
        let client = client
        client.shutdown(queue: .global()) { _ in _ = client }
    }

    /// Whether the client was closed; a transport dropped without it closes it on the way out,
    /// since an open client left behind stops the process.
    private let closed = Mutex(false)

    /// Marks the client closed; whether it was open until now (only the first caller closes it).
    private func markClosed() -> Bool {
        closed.withLock { closed in
            defer { closed = true }
            return !closed
        }
    }

    deinit {
        shutdownNow()
    }

    public func send(_ request: ServiceRequest) async -> Result<ServiceResponse, ActionError> {
        await send(request, progress: nil)
    }

    /// Reports progress each time another whole percent of a body of known length has arrived,
    /// from the first chunk that leaves some of it to come (a body that arrives at once reports none).
    public func send(_ request: ServiceRequest, progress: @escaping @Sendable (Double) -> Void) async -> Result<ServiceResponse, ActionError> {
        await send(request, progress: .some(progress))
    }

    private func send(_ request: ServiceRequest, progress: (@Sendable (Double) -> Void)?) async -> Result<ServiceResponse, ActionError> {
        if !options.allowsPlainHTTP, PlainHTTPPolicy.isPlainHTTPOffLoopback(request.url) {
            return .failure(ActionError(.insecureURL, "\(request.method) \(request.url): plain http to a host that is not this machine is refused",
                                        hint: "use https, or allow plain http (--allow-http, HTTPTransportOptions.allowsPlainHTTP) for a service you trust"))
        }
        // The client's time-out ends when the head arrives; the body is held to the same
        // deadline here, checked as each chunk arrives (a stalled body meets the read time-out).
        let deadline = ContinuousClock.now.advanced(by: .nanoseconds(HTTPTransport.nanoseconds(options.totalTimeout)))
        let headDeadline = NIODeadline.now() + HTTPTransport.amount(options.totalTimeout)
        do {
            var hop = RedirectHop(request: request, maxRedirects: options.maxRedirects, allowsPlainHTTP: options.allowsPlainHTTP)
            var response = try await client.execute(hop.outgoing, deadline: headDeadline)
            while let location = RedirectHop.location(of: response), !request.isCallback(location) {
                if let refusal = hop.follow(status: Int(response.status.code), location: location) { return .failure(refusal) }
                response = try await client.execute(hop.outgoing, deadline: headDeadline)
            }
            let length = response.headers.first(name: "Content-Length").flatMap(Int.init)
            if let length, length > options.maxResponseBytes { return .failure(tooLarge(request)) }
            var body: [UInt8] = []
            // A declared length (already held to the limit) is reserved: growing by doubling would
            // briefly hold up to twice the body.
            if let length, length > 0 { body.reserveCapacity(length) }
            var reportedPercent = 0
            for try await buffer in response.body {
                guard body.count + buffer.readableBytes <= options.maxResponseBytes else { return .failure(tooLarge(request)) }
                guard ContinuousClock.now <= deadline else {
                    return .failure(ActionError(.timeout, "\(request.method) \(request.url): the response took longer than \(options.totalTimeout) s",
                                                hint: "raise the request time-out (--request-timeout) if the service is slow"))
                }
                body.append(contentsOf: buffer.readableBytesView)
                if let progress, let length, length > 0 {
                    let percent = min(100, body.count * 100 / length)
                    if percent > reportedPercent, percent < 100 || reportedPercent > 0 {
                        reportedPercent = percent
                        progress(Double(percent) / 100)
                    }
                }
            }
            return .success(ServiceResponse(status: Int(response.status.code), headers: response.headers.map { HeaderField($0.name, $0.value) },
                                            body: body))
        } catch {
            return .failure(HTTPTransport.map(error, request: request))
        }
    }

    private static func amount(_ seconds: Double) -> TimeAmount {
        .nanoseconds(nanoseconds(seconds))
    }

    /// A time-out in nanoseconds: negative and NaN count as 0, and anything past
    /// ``NumericPolicy/maximumSeconds`` (infinity included) as that maximum.
    private static func nanoseconds(_ seconds: Double) -> Int64 {
        NumericPolicy.nanoseconds(min(seconds, NumericPolicy.maximumSeconds))
    }

    private func tooLarge(_ request: ServiceRequest) -> ActionError {
        ActionError(.responseTooLarge, "the response to \(request.method) \(request.url) is over \(options.maxResponseBytes) bytes",
                    hint: "raise HTTPTransportOptions.maxResponseBytes if the service is trusted")
    }

    static func map(_ error: any Error, request: ServiceRequest) -> ActionError {
        let target = "\(request.method) \(request.url)"
        if error is CancellationError { return ActionError(.cancelled, "\(target) was cancelled") }
        if let client = error as? HTTPClientError {
            switch client {
            case .readTimeout, .deadlineExceeded, .connectTimeout:
                return ActionError(.timeout, "\(target) timed out")
            case .cancelled:
                return ActionError(.cancelled, "\(target) was cancelled")
            case .remoteConnectionClosed:
                return ActionError(.connection, "\(target): the server closed the connection before the end of the response")
            case .redirectLimitReached, .redirectCycleDetected:
                return ActionError(.tooManyRedirects, "\(target): too many redirects, or a redirect loop",
                                   hint: "raise HTTPTransportOptions.maxRedirects if the service is trusted")
            default:
                return ActionError(.connection, "\(target) failed: \(client)")
            }
        }
        if let decompression = error as? NIOHTTPDecompression.DecompressionError, decompression == .limit {
            return ActionError(.responseTooLarge, "the response to \(target) inflates to more than the response size limit",
                               hint: "raise HTTPTransportOptions.maxResponseBytes if the service is trusted")
        }
        if let parser = error as? HTTPParserError, parser == .invalidEOFState {
            return ActionError(.connection, "\(target): the server closed the connection before the end of the response")
        }
        if error is HTTPParserError { return ActionError(.connection, "\(target): the response is not valid HTTP (\(error))") }
        if let channel = error as? ChannelError, case .connectTimeout = channel { return ActionError(.timeout, "\(target): connecting timed out") }
        return ActionError(.connection, "\(target) failed: \(error)")
    }
}
