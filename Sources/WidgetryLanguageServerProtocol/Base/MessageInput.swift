import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The bytes of a file descriptor (standard input, a pipe) as an asynchronous sequence of chunks,
/// read on a thread of its own so that a blocking `read` never holds one of the concurrency
/// pool's few threads. It reads a chunk only after the previous one was taken, so a client that
/// writes faster than the server reads fills the pipe, not the server's memory. It ends at end
/// of file, and fails with the `errno` of a failed read.
public struct FileDescriptorInput: AsyncSequence, Sendable {
    public typealias Element = [UInt8]

    private let descriptor: Int32
    private let chunkSize: Int

    /// Reads `descriptor`, which the caller keeps open while the sequence is iterated.
    public init(descriptor: Int32, chunkSize: Int = 64 << 10) {
        self.descriptor = descriptor
        self.chunkSize = chunkSize
    }

    /// Takes the chunks the reading thread yields, letting it read the next one. When the
    /// last copy of an iterator goes, the thread stops at its next chunk.
    public struct Iterator: AsyncIteratorProtocol {
        fileprivate var base: AsyncThrowingStream<[UInt8], any Error>.Iterator
        fileprivate let taken: DispatchSemaphore
        fileprivate let stop: Stop

        public mutating func next() async throws -> [UInt8]? {
            let chunk = try await base.next()
            if chunk != nil { taken.signal() }
            return chunk
        }
    }

    public func makeAsyncIterator() -> Iterator {
        let (stream, continuation) = AsyncThrowingStream<[UInt8], any Error>.makeStream(bufferingPolicy: .unbounded)
        let taken = DispatchSemaphore(value: 0)
        let descriptor = descriptor, chunkSize = chunkSize
        continuation.onTermination = { _ in taken.signal() }
        let thread = Thread {
            var buffer = [UInt8](repeating: 0, count: chunkSize)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, chunkSize) }
                if count < 0, errno == EINTR { continue }
                if count < 0 {
                    continuation.finish(throwing: POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO))
                    return
                }
                if count == 0 {
                    continuation.finish()
                    return
                }
                if case .terminated = continuation.yield(Array(buffer[..<count])) { return }
                taken.wait()
            }
        }
        thread.name = "lsp-input"
        thread.start()
        return Iterator(base: stream.makeAsyncIterator(), taken: taken, stop: Stop(continuation))
    }
}

/// Ends the stream of chunks when the iterators reading it are gone, so that the reading thread
/// is not left waiting for a taker.
private final class Stop: Sendable {
    private let continuation: AsyncThrowingStream<[UInt8], any Error>.Continuation

    init(_ continuation: AsyncThrowingStream<[UInt8], any Error>.Continuation) {
        self.continuation = continuation
    }

    deinit {
        continuation.finish()
    }
}
