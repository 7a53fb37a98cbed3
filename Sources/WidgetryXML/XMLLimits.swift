package import WidgetryJSON

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

    /// The bytes of the file at `path` (``BoundedFile``, through `fileSystem`), refused before
    /// more than ``maxBytes`` are read; throws the reason when the file cannot be read or is larger.
    package func readFile(atPath path: String, in fileSystem: BundleFileSystem = .disk) throws(XMLSyntaxError) -> [UInt8] {
        do throws(BoundedFile.Failure) {
            return try fileSystem.bytes(of: path, limit: maxBytes)
        } catch {
            switch error {
            case .cannotOpen(let reason): throw XMLSyntaxError(message: "cannot open the file: \(reason)", location: nil)
            case .tooLarge: throw tooLarge
            case .readFailed(let reason): throw XMLSyntaxError(message: reason, location: nil)
            }
        }
    }

    /// The error for a document over ``maxBytes``.
    var tooLarge: XMLSyntaxError {
        XMLSyntaxError(message: "the document is larger than \(maxBytes) bytes (XMLLimits.maxBytes)", location: nil)
    }
}
