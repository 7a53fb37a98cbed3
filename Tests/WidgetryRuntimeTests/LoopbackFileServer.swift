import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A small HTTP/1.1 server on 127.0.0.1 and an OS-chosen port that answers `GET` with fixed
/// bodies by path (404 for any other path), one connection at a time, closing each after its
/// response: enough to serve a bundle archive to the host's downloader. (The fuller test server
/// is in WidgetryTestSupport, which this test target does not depend on.) Call ``stop()``.
final class LoopbackFileServer: Sendable {
    let port: Int
    private let listener: Int32
    private let served = Mutex<[String]>([])
    private let finished = Mutex<Bool>(false)

    /// `http://127.0.0.1:<port>`
    var baseURL: String { "http://127.0.0.1:\(port)" }

    /// The paths requested so far, in order.
    var requests: [String] { served.withLock { $0 } }

    struct StartError: Error, CustomStringConvertible {
        var description: String
    }

    private init(port: Int, listener: Int32) {
        self.port = port
        self.listener = listener
    }

    static func start(files: [String: [UInt8]]) throws -> LoopbackFileServer {
        #if canImport(Glibc)
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let listener = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard listener >= 0 else { throw StartError(description: "socket() failed: errno \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                bind(listener, socketAddress, length) == 0 && listen(listener, 16) == 0 && getsockname(listener, socketAddress, &length) == 0
            }
        }
        guard bound else {
            close(listener)
            throw StartError(description: "cannot listen on 127.0.0.1: errno \(errno)")
        }
        let server = LoopbackFileServer(port: Int(UInt16(bigEndian: address.sin_port)), listener: listener)
        Thread { server.serve(files) }.start()
        return server
    }

    /// Stops accepting connections and waits until the serving thread has ended.
    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        while !finished.withLock({ $0 }) { usleep(1_000) }
        close(listener)
    }

    private func serve(_ files: [String: [UInt8]]) {
        defer { finished.withLock { $0 = true } }
        while true {
            let connection = accept(listener, nil, nil)
            if connection < 0 {
                if errno == EINTR { continue }
                return
            }
            let path = Self.requestPath(readingFrom: connection)
            served.withLock { $0.append(path) }
            let body = files[path]
            let payload = body ?? Array("no such file\n".utf8)
            let head = "HTTP/1.1 \(body == nil ? "404 Not Found" : "200 OK")\r\nContent-Length: \(payload.count)\r\n"
                + "Content-Type: application/octet-stream\r\nConnection: close\r\n\r\n"
            Self.write(Array(head.utf8) + payload, to: connection)
            close(connection)
        }
    }

    /// The path of the request line, after reading the request's head.
    private static func requestPath(readingFrom connection: Int32) -> String {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        let end = Array("\r\n\r\n".utf8)
        while received.count < 65_536, !received.ends(with: end) {
            let count = recv(connection, &buffer, buffer.count, 0)
            guard count > 0 else { break }
            received += buffer[0..<count]
        }
        let requestLine = String(decoding: received.prefix { $0 != UInt8(ascii: "\r") }, as: UTF8.self)
        let parts = requestLine.split(separator: " ")
        return parts.count >= 2 ? String(parts[1]) : ""
    }

    private static func write(_ bytes: [UInt8], to connection: Int32) {
        var offset = 0
        while offset < bytes.count {
            #if canImport(Glibc)
            let flags = Int32(MSG_NOSIGNAL)
            #else
            let flags: Int32 = 0
            #endif
            let sent = bytes[offset...].withUnsafeBytes { send(connection, $0.baseAddress, $0.count, flags) }
            guard sent > 0 else { return }
            offset += sent
        }
    }
}

extension Array where Element == UInt8 {
    fileprivate func ends(with suffix: [UInt8]) -> Bool {
        count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix
    }
}
