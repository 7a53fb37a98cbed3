import Foundation
import WidgetryAssets
import WidgetryBundle
public import WidgetryJSON

/// The images of a bundle as PNG or JPEG bytes, by the names `UIImage(named:)` finds them under:
/// an image set of an `.xcassets` folder (its 2x file first, then 1x, then 3x), a loose image
/// file (`logo@2x.png` is `logo`), or a rendition of a compiled catalogue (`Assets.car`).
///
/// Reading is lazy and each name is read once. A name that no file gives, or a file that cannot
/// be read, is nil: the picture then draws the image view's placeholder box.
///
/// Only files of the bundle's listing are read (it leaves symbolic links out), each through
/// ``ConfinedPath`` just before reading: an image set whose `Contents.json` names a file with
/// `..`, an absolute path, or a link out of the bundle draws the placeholder and leaves a
/// warning (`bundle.path-escape`) in ``warnings``.
public final class ImageLibrary: @unchecked Sendable {
    /// An image's bytes and media type, for a data URI.
    public struct Image: Sendable, Equatable {
        public var bytes: [UInt8]
        public var mediaType: String
    }

    private let root: String
    private let files: [String]
    private let listed: Set<String>
    private let lock = NSLock()
    private var cache: [String: Image?] = [:]
    private var catalogues: [String: AssetCatalog?] = [:]
    private var refused: [Diagnostic] = []
    /// What all the library's compiled catalogues may decode together (each also has its own
    /// ``AssetLimits/maxDecodedBytes``): a bundle of several catalogues is bounded as a whole.
    private let decodeBudget = DecodeBudget()

    /// The images of the bundle at `root`, whose files (paths relative to it, as its listing
    /// gives them) are `files`.
    public init(root: String, files: [String]) {
        self.root = root
        self.files = files.sorted()
        self.listed = Set(files)
    }

    /// The names the images read so far refused, as warnings at the name in the image set's
    /// `Contents.json` (a path relative to the bundle), in the order they were met.
    public var warnings: [Diagnostic] {
        lock.withLock { refused }
    }

    /// The image called `name`; nil when the bundle has none that can be read.
    public func image(named name: String) -> Image? {
        lock.lock()
        defer { lock.unlock() }
        if let known = cache[name] { return known }
        let found = imageSet(name) ?? looseFile(name) ?? compiled(name)
        cache[name] = found
        return found
    }

    private func imageSet(_ name: String) -> Image? {
        guard let folder = files.lazy.compactMap({ path -> String? in
            let components = path.split(separator: "/")
            guard let set = components.firstIndex(of: "\(name).imageset"[...]),
                  components[..<set].contains(where: { $0.hasSuffix(".xcassets") }) else { return nil }
            return components[...set].joined(separator: "/")
        }).first,
            let contents = readListed(folder + "/Contents.json"),
            let json = try? JSONParser.parse(contents, fileName: folder + "/Contents.json").root,
            let entries = json["images"]?.arrayValue else { return nil }
        let named = entries.compactMap { entry -> (scale: String, file: JSONValue)? in
            guard let file = entry["filename"], file.stringValue != nil else { return nil }
            return (entry["scale"]?.stringValue ?? "1x", file)
        }
        for scale in ["2x", "1x", "3x"] {
            guard let entry = named.first(where: { $0.scale == scale }), let name = entry.file.stringValue else { continue }
            switch ImageSetFiles.resolve(name, inSet: folder, root: root, listed: listed) {
            case .file(let path):
                if let image = Self.image(at: path, named: name) { return image }
            case .missing:
                continue
            case .escape(let escape):
                refused.append(ImageSetFiles.diagnostic(escape, file: folder + "/Contents.json", at: entry.file, severity: .warning))
            }
        }
        return nil
    }

    /// A loose image file: `name@2x.png` first, then `name.png`, then `name@3x.png` (any image
    /// extension, in any folder outside an asset catalogue).
    private func looseFile(_ name: String) -> Image? {
        var byStem: [String: String] = [:]
        for path in files where !path.contains(".xcassets/") {
            guard let file = path.split(separator: "/").last else { continue }
            let stem = String(file.prefix { $0 != "." })
            if byStem[stem] == nil { byStem[stem] = path }
        }
        for stem in ["\(name)@2x", name, "\(name)@3x"] {
            if let path = byStem[stem], let image = read(path) { return image }
        }
        return nil
    }

    private func compiled(_ name: String) -> Image? {
        for path in files where path.hasSuffix(".car") && !path.contains("/") {
            if catalogues[path] == nil {
                catalogues[path] = .some(confined(path).flatMap { try? AssetCatalog(contentsOf: $0, file: path, limits: AssetLimits(runBudget: decodeBudget)) })
            }
            guard let catalogue = catalogues[path] ?? nil, let image = try? catalogue.image(named: name),
                  let png = try? image.png() else { continue }
            return Image(bytes: png, mediaType: "image/png")
        }
        return nil
    }

    /// The largest image file read: 16 MiB.
    static let largestFile = 16 << 20

    /// The real path of the listed file `path`, checked to be inside the bundle just before it
    /// is read; nil for a file the listing does not hold or that leads out.
    private func confined(_ path: String) -> String? {
        guard listed.contains(path) else { return nil }
        return try? ConfinedPath(path, in: root).resolved()
    }

    /// The bytes of the listed file `path`.
    private func readListed(_ path: String) -> [UInt8]? {
        confined(path).flatMap { try? BoundedFile.bytes(of: $0, limit: Self.largestFile) }
    }

    /// The listed file `path` as an image.
    private func read(_ path: String) -> Image? {
        confined(path).flatMap { Self.image(at: $0, named: path) }
    }

    /// The image file at `path` (checked), of the media type the extension of `name` says.
    private static func image(at path: String, named name: String) -> Image? {
        let lowered = name.lowercased()
        let mediaType: String
        if lowered.hasSuffix(".png") {
            mediaType = "image/png"
        } else if lowered.hasSuffix(".jpg") || lowered.hasSuffix(".jpeg") {
            mediaType = "image/jpeg"
        } else if lowered.hasSuffix(".gif") {
            mediaType = "image/gif"
        } else {
            return nil
        }
        guard let bytes = try? BoundedFile.bytes(of: path, limit: largestFile) else { return nil }
        return Image(bytes: bytes, mediaType: mediaType)
    }
}
