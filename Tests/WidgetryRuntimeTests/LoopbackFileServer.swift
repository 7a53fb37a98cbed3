import Foundation
import Synchronization
import WidgetryTestSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A small HTTP/1.1 server on 127.0.0.1 and an OS-chosen port that answers `GET` with fixed
/// bodies by path (404 for any other path), one connection at a time, closing each after its
/// response: enough to serve a bundle archive to the host's downloader. Call ``stop()``.
final class LoopbackFileServer: Sendable {
    let port: Int
    private let listener: Int32
    private let served = Mutex<[String]>([])
    private let finished = Mutex<Bool>(false)

    /// `http://127.0.0.1:<port>`
    var baseURL: String { "http://127.0.0.1:\(port)" }

    /// The paths requested so far, in order.
    var requests: [String] { served.withLock { $0 } }

    private init(port: Int, listener: Int32) {
        self.port = port
        self.listener = listener
    }

    static func start(files: [String: [UInt8]]) throws -> LoopbackFileServer {
        let socket = try ListeningSocket(backlog: 16)
        let server = LoopbackFileServer(port: socket.port, listener: socket.descriptor)
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
