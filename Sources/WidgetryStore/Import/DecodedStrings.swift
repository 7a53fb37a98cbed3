/// The strings and keys of a document that are not plain ASCII without escapes, decoded once
/// while it is read. Appended by the reading pass and read by the import, possibly on another
/// thread at the same time: the strings live in chunks that never move, listed in a table sized
/// for the most strings the document can hold, so a read never meets memory being reallocated.
/// An index is read only after the reader has published the entry that holds it.
final class DecodedStrings: @unchecked Sendable {
    private static let chunkSize = 1024
    private let chunks: UnsafeMutablePointer<UnsafeMutablePointer<String>?>
    private let chunkCount: Int
    /// Written by the reading pass alone.
    private var count = 0

    /// Room for `capacity` strings.
    init(capacity: Int) {
        chunkCount = capacity / DecodedStrings.chunkSize + 1
        chunks = .allocate(capacity: chunkCount)
        chunks.initialize(repeating: nil, count: chunkCount)
    }

    deinit {
        for chunk in 0..<chunkCount {
            guard let strings = chunks[chunk] else { break }
            strings.deinitialize(count: min(DecodedStrings.chunkSize, count - chunk * DecodedStrings.chunkSize))
            strings.deallocate()
        }
        chunks.deallocate()
    }

    /// Stores `text`; returns its index.
    func append(_ text: String) -> Int {
        let chunk = count / DecodedStrings.chunkSize, offset = count % DecodedStrings.chunkSize
        if offset == 0 { chunks[chunk] = .allocate(capacity: DecodedStrings.chunkSize) }
        (chunks[chunk]! + offset).initialize(to: text)
        count += 1
        return count - 1
    }

    subscript(index: Int) -> String {
        chunks[index / DecodedStrings.chunkSize]![index % DecodedStrings.chunkSize]
    }
}
