import Foundation

/// Reading a file that came with a bundle, with a cap on its size: the bundle's JSON and
/// manifest, and the storyboard and model XML, are all read this one way.
package enum BoundedFile {
    /// Why a file was not read.
    package enum Failure: Error, Equatable {
        /// The system's reason (`strerror`).
        case cannotOpen(String)
        /// The file holds more than the limit.
        case tooLarge(limit: Int)
        /// The system's reason (`strerror`).
        case readFailed(String)
    }

    /// The bytes of the file at `path`, read straight into the array (the file's size in memory,
    /// not twice it); a file larger than `limit` is refused before more than `limit` bytes are read.
    package static func bytes(of path: String, limit: Int) throws(Failure) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .cannotOpen(String(cString: strerror(errno))) }
        defer { close(descriptor) }
        var status = stat()
        if fstat(descriptor, &status) == 0, status.st_size > limit { throw .tooLarge(limit: limit) }
        // The size fstat gives, and one byte more to see the end: a file that grew meanwhile
        // is read on in chunks.
        let expected = min(max(Int(status.st_size), 0), limit) + 1
        var reachedEnd = false
        var failure: Failure?
        var bytes = [UInt8](unsafeUninitializedCapacity: expected) { buffer, count in
            while count < expected {
                let received = read(descriptor, buffer.baseAddress! + count, expected - count)
                if received == 0 {
                    reachedEnd = true
                    return
                }
                guard received > 0 else {
                    if errno == EINTR { continue }
                    failure = .readFailed(String(cString: strerror(errno)))
                    return
                }
                count += received
            }
        }
        if let failure { throw failure }
        if reachedEnd { return bytes }
        guard bytes.count <= limit else { throw .tooLarge(limit: limit) }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { return bytes }
            guard count > 0 else {
                if errno == EINTR { continue }
                throw .readFailed(String(cString: strerror(errno)))
            }
            guard bytes.count + count <= limit else { throw .tooLarge(limit: limit) }
            bytes.append(contentsOf: chunk[..<count])
        }
    }
}
