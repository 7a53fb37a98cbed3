import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A plain TCP connection to 127.0.0.1, for tests that speak to a server as no HTTP client
/// would: headers sent half, a body that stops, a socket that stays silent. Close it when done.
///
/// Waiting for an answer blocks a thread of its own, never one of the cooperative pool's, so a
/// server in the same process goes on answering meanwhile.
public final class RawConnection: @unchecked Sendable {
    private let descriptor: Int32

    public struct Failure: Error, CustomStringConvertible {
        public let description: String

        public init(description: String) {
            self.description = description
        }
    }

    /// Connects to 127.0.0.1:`port`.
    public init(port: Int) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw Failure(description: "socket: \(String(cString: strerror(errno)))") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            let reason = String(cString: strerror(errno))
            Glibc.close(descriptor)
            throw Failure(description: "connect: \(reason)")
        }
    }

    /// Sends `text` as it is.
    public func send(_ text: String) throws {
        let bytes = Array(text.utf8)
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { throw Failure(description: "send: \(String(cString: strerror(errno)))") }
            sent += count
        }
    }

    /// What the server sent until it closed the connection, or until `seconds` passed with
    /// nothing more arriving (then `closed` is false).
    public func receive(waitingAtMost seconds: Int) async -> (text: String, closed: Bool) {
        await offThePool { self.receiveBlocking(waitingAtMost: seconds) }
    }

    /// The first response's head and as much of its body as arrives within `seconds`: stops
    /// once `marker` has arrived.
    public func receive(until marker: String, waitingAtMost seconds: Int) async -> String {
        await offThePool { self.receiveBlocking(until: marker, waitingAtMost: seconds) }
    }

    private func offThePool<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: work()) }
        }
    }

    private func receiveBlocking(waitingAtMost seconds: Int) -> (text: String, closed: Bool) {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4_096)
        while true {
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, Int32(seconds * 1_000)) > 0 else { return (String(decoding: received, as: UTF8.self), false) }
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count <= 0 { return (String(decoding: received, as: UTF8.self), true) }
            received += buffer[..<count]
        }
    }

    private func receiveBlocking(until marker: String, waitingAtMost seconds: Int) -> String {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4_096)
        while !String(decoding: received, as: UTF8.self).contains(marker) {
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, Int32(seconds * 1_000)) > 0 else { break }
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            received += buffer[..<count]
        }
        return String(decoding: received, as: UTF8.self)
    }

    public func close() {
        Glibc.close(descriptor)
    }
}
