import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A TCP socket listening on 127.0.0.1 at a free port: a port in use to offer a command, or the
/// listener of a test's own server. Close it when done.
public struct ListeningSocket: Sendable {
    public let port: Int
    /// The socket, for a server that accepts on it.
    public let descriptor: Int32

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Listens with room for `backlog` connections waiting to be accepted.
    public init(backlog: Int32 = 1) throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw Failure(description: "socket: \(String(cString: strerror(errno)))") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) } }
        guard bound == 0, listen(descriptor, backlog) == 0 else {
            Glibc.close(descriptor)
            throw Failure(description: "bind or listen: \(String(cString: strerror(errno)))")
        }
        var actual = sockaddr_in()
        var actualLength = length
        _ = withUnsafeMutablePointer(to: &actual) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &actualLength) } }
        self.descriptor = descriptor
        port = Int(UInt16(bigEndian: actual.sin_port))
    }

    public func close() {
        Glibc.close(descriptor)
    }
}
