import Foundation

/// Limits on the XML of a bundle's Xcode sources (the storyboard and the model's `contents`),
/// which come from wherever the bundle came from.
public struct XMLLimits: Sendable, Equatable {
    /// The largest document read, in bytes.
    public var maxBytes: Int
    /// The deepest nesting of elements. The reader's tree is built and freed recursively, so a
    /// limit in the tens of thousands could exhaust a thread's stack.
    public var maxDepth: Int

    public init(maxBytes: Int = 64 << 20, maxDepth: Int = 512) {
        self.maxBytes = maxBytes
        self.maxDepth = maxDepth
    }

    /// 64 MiB, 512 levels: ten times the largest storyboards and models Xcode projects have.
    public static let `default` = XMLLimits()

    /// The bytes of the file at `path`, reading at most one byte more than ``maxBytes``; throws
    /// the reason when the file cannot be read or is larger.
    package func readFile(atPath path: String) throws(XMLSyntaxError) -> [UInt8] {
        let data: Data
        do {
            let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
            defer { try? handle.close() }
            data = try handle.read(upToCount: maxBytes + 1) ?? Data()
        } catch {
            throw XMLSyntaxError(message: error.localizedDescription, location: nil)
        }
        guard data.count <= maxBytes else { throw tooLarge }
        return [UInt8](data)
    }

    /// The error for a document over ``maxBytes``.
    var tooLarge: XMLSyntaxError {
        XMLSyntaxError(message: "the document is larger than \(maxBytes) bytes (XMLLimits.maxBytes)", location: nil)
    }
}
