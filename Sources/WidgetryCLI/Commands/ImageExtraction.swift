import Foundation
import WidgetryAssets
import WidgetryBundle

/// `widgetry inspect BUNDLE --extract-images DIR`: every image of the bundle's asset catalogue
/// written as a PNG, `<name>.png` or `<name>@<scale>x.png` as UIKit names scaled images.
///
/// Image names are data: one that is not a plain file name is refused (`assets.unsafe-name`)
/// before anything is written, so nothing is created outside `DIR`. The files are written into
/// a staging folder inside `DIR` (removed afterwards), then each is hard-linked to its name
/// in `DIR`, which fails rather than replace a file that exists there (`io.unwritable-file`),
/// even one made after the check that comes first; nothing half-written is left in `DIR`.
enum ImageExtraction {
    struct Result {
        /// The files written, relative to the folder, sorted.
        var written: [String] = []
        /// Images the catalogue holds in a form this reader does not decode, or over the
        /// decode budget, with why.
        var skipped: [AssetError] = []
    }

    /// Extracts every image, the catalogues read with `limits` (whose run budget, when given,
    /// bounds what all of them decode together).
    static func extract(from bundle: WidgetBundle, to directory: String, limits: AssetLimits = AssetLimits()) throws -> Result {
        let catalogues = bundle.resources.filter { $0.hasSuffix(".car") && !$0.contains("/") }
        guard !catalogues.isEmpty else {
            throw CommandFailure(.missingPart, "the bundle has no asset catalogue (Assets.car) to extract images from",
                                 hint: "a bundle made from sources keeps its images as files (an .xcassets folder), which need no extracting")
        }
        var result = Result()
        var files: [(name: String, bytes: [UInt8])] = []
        var names: Set<String> = []
        for path in catalogues {
            let catalogue = try AssetCatalog(contentsOf: bundle.rootPath + "/" + path, file: path, limits: limits)
            let imageNames = Set(catalogue.imageNames).sorted()
            // Every name is checked before any image is decoded.
            for name in imageNames { _ = try catalogue.fileName(forImage: name, scale: 1) }
            for name in imageNames {
                let image: AssetImage, png: [UInt8]
                do throws(AssetError) {
                    image = try catalogue.image(named: name)
                    png = try image.png()
                } catch {
                    result.skipped.append(error)
                    continue
                }
                let fileName = try catalogue.fileName(forImage: name, scale: image.scale)
                guard names.insert(fileName).inserted else {
                    throw CommandFailure(.unwritableFile, "two asset catalogues of the bundle hold \(fileName)",
                                         hint: "extract from a bundle with one Assets.car, or rename the image in one of them")
                }
                files.append((fileName, png))
            }
        }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        for file in files where exists(directory + "/" + file.name) {
            throw CommandFailure(.unwritableFile, "\(directory)/\(file.name) exists already", hint: "extract into an empty folder")
        }
        let staging = try stagingFolder(in: directory)
        defer { try? FileManager.default.removeItem(atPath: staging) }
        for file in files { try writeNew(file.bytes, to: staging + "/" + file.name) }
        for file in files {
            let target = directory + "/" + file.name
            guard link(staging + "/" + file.name, target) == 0 else {
                if errno == EEXIST {
                    throw CommandFailure(.unwritableFile, "\(target) exists already", hint: "extract into an empty folder")
                }
                throw CommandFailure(.unwritableFile, "\(target) cannot be written: \(String(cString: strerror(errno)))")
            }
            unlink(staging + "/" + file.name)
            result.written.append(file.name)
        }
        result.written.sort()
        return result
    }

    /// Whether anything, a dangling symbolic link included, has that path.
    private static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    /// A new folder of this process's own inside `directory` (`.widgetry-images-XXXXXX`).
    private static func stagingFolder(in directory: String) throws(CommandFailure) -> String {
        var template = Array((directory + "/.widgetry-images-XXXXXX").utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ buffer in buffer.baseAddress.flatMap { mkdtemp($0) } }) else {
            throw CommandFailure(.unwritableFile, "\(directory) cannot hold a staging folder: \(String(cString: strerror(errno)))")
        }
        return String(cString: made)
    }

    /// Writes `bytes` to a file that must not exist yet (nor be a symbolic link).
    private static func writeNew(_ bytes: [UInt8], to path: String) throws(CommandFailure) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw CommandFailure(.unwritableFile, "\(path) cannot be written: \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        var offset = 0
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else {
                if count < 0, errno == EINTR { continue }
                throw CommandFailure(.unwritableFile, "\(path) cannot be written: \(String(cString: strerror(errno)))")
            }
            offset += count
        }
    }
}
