import Foundation

/// Where a bundle comes from: a folder, an archive file, or an http(s) URL.
public enum BundleSource: Sendable, Equatable, CustomStringConvertible {
    case directory(String)
    /// A `.zip`, `.tar`, `.tar.gz` (or other tar compression) file.
    case archive(String)
    case remote(String)

    /// Reads a command-line argument: a URL when it starts with `http://` or `https://`,
    /// otherwise a path that must exist.
    public init(argument: String) throws(BundleError) {
        let lowered = argument.lowercased()
        if lowered.hasPrefix("https://") || lowered.hasPrefix("http://") {
            self = .remote(argument)
            return
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory) else {
            throw .notFound(path: argument)
        }
        self = isDirectory.boolValue ? .directory(argument) : .archive(argument)
    }

    public var description: String {
        switch self {
        case .directory(let path), .archive(let path), .remote(let path): path
        }
    }
}
