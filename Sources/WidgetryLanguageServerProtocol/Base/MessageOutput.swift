import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the connection writes its framed messages. The connection writes one whole message per
/// call, from one actor, so writes never interleave.
public protocol MessageOutput: Sendable {
    /// Writes all of `bytes`, or throws.
    func write(_ bytes: [UInt8]) throws
}

/// Writes to a file descriptor (standard output, a pipe) that the caller keeps open.
///
/// A process whose client may go away first should ignore `SIGPIPE`, so that writing to the
/// closed pipe fails with `EPIPE` rather than ending the process.
public struct FileDescriptorOutput: MessageOutput {
    private let descriptor: Int32

    public init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    public func write(_ bytes: [UInt8]) throws {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                systemWrite(descriptor, buffer.baseAddress! + written, bytes.count - written)
            }
            if count < 0, errno == EINTR { continue }
            if count <= 0 { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
            written += count
        }
    }
}

/// The system's `write(2)`, under a name the method above does not shadow.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
