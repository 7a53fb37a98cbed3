import Foundation
import WidgetryAssets
import WidgetryJSON

/// The images of a bundle as PNG or JPEG bytes, by the names `UIImage(named:)` finds them under:
/// an image set of an `.xcassets` folder (its 2x file first, then 1x, then 3x), a loose image
/// file (`logo@2x.png` is `logo`), or a rendition of a compiled catalogue (`Assets.car`).
///
/// Reading is lazy and each name is read once. A name that no file gives, or a file that cannot
/// be read, is nil: the picture then draws the image view's placeholder box.
public final class ImageLibrary: @unchecked Sendable {
    /// An image's bytes and media type, for a data URI.
    public struct Image: Sendable, Equatable {
        public var bytes: [UInt8]
        public var mediaType: String
    }

    private let root: String
    private let files: [String]
    private let lock = NSLock()
    private var cache: [String: Image?] = [:]
    private var catalogues: [String: AssetCatalog?] = [:]

    /// The images of the bundle at `root`, whose files (paths relative to it) are `files`.
    public init(root: String, files: [String]) {
        self.root = root
        self.files = files.sorted()
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
            return components[...set].joined(separator: "/") + "/"
        }).first,
            let contents = Self.bytes(root + "/" + folder + "Contents.json"),
            let json = try? JSONParser.parse(contents).root,
            let entries = json["images"]?.arrayValue else { return nil }
        let named = entries.compactMap { entry -> (scale: String, file: String)? in
            guard let file = entry["filename"]?.stringValue else { return nil }
            return (entry["scale"]?.stringValue ?? "1x", file)
        }
        for scale in ["2x", "1x", "3x"] {
            if let entry = named.first(where: { $0.scale == scale }), let image = read(folder + entry.file) { return image }
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
                catalogues[path] = .some(try? AssetCatalog(contentsOf: root + "/" + path, file: path))
            }
            guard let catalogue = catalogues[path] ?? nil, let image = try? catalogue.image(named: name),
                  let png = try? image.png() else { continue }
            return Image(bytes: png, mediaType: "image/png")
        }
        return nil
    }

    /// The largest image file read: 16 MiB.
    static let largestFile = 16 << 20

    private static func bytes(_ path: String) -> [UInt8]? {
        try? BoundedFile.bytes(of: path, limit: largestFile)
    }

    private func read(_ path: String) -> Image? {
        let lowered = path.lowercased()
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
        guard let bytes = Self.bytes(root + "/" + path) else { return nil }
        return Image(bytes: bytes, mediaType: mediaType)
    }
}
