import Foundation
import WidgetryAssets
import WidgetryBundle

/// `widgetry inspect BUNDLE --extract-images DIR`: every image of the bundle's asset catalogue
/// written as a PNG, `<name>.png` or `<name>@<scale>x.png` as UIKit names scaled images.
///
/// The files are written into a staging folder beside `DIR`, then moved in one by one once all
/// are written, so nothing half-written is left in `DIR`; a file that exists there already is
/// not overwritten (`io.unwritable-file`).
enum ImageExtraction {
    struct Result {
        /// The files written, relative to the folder, sorted.
        var written: [String] = []
        /// Images the catalogue holds in a form this reader does not decode, with why.
        var skipped: [AssetError] = []
    }

    static func extract(from bundle: WidgetBundle, to directory: String) throws -> Result {
        let catalogues = bundle.resources.filter { $0.hasSuffix(".car") && !$0.contains("/") }
        guard !catalogues.isEmpty else {
            throw CommandFailure(.missingPart, "the bundle has no asset catalogue (Assets.car) to extract images from",
                                 hint: "a bundle made from sources keeps its images as files (an .xcassets folder), which need no extracting")
        }
        var result = Result()
        var files: [(name: String, bytes: [UInt8])] = []
        for path in catalogues {
            let catalogue = try AssetCatalog(contentsOf: bundle.rootPath + "/" + path, file: path)
            for name in Set(catalogue.imageNames).sorted() {
                do throws(AssetError) {
                    let image = try catalogue.image(named: name)
                    files.append((image.scale > 1 ? "\(name)@\(image.scale)x.png" : "\(name).png", try image.png()))
                } catch {
                    result.skipped.append(error)
                }
            }
        }
        let manager = FileManager.default
        try manager.createDirectory(atPath: directory, withIntermediateDirectories: true)
        for file in files where manager.fileExists(atPath: directory + "/" + file.name) {
            throw CommandFailure(.unwritableFile, "\(directory)/\(file.name) exists already", hint: "extract into an empty folder")
        }
        let staging = directory + "/.widgetry-images-\(UUID().uuidString)"
        try manager.createDirectory(atPath: staging, withIntermediateDirectories: false)
        defer { try? manager.removeItem(atPath: staging) }
        for file in files { try Data(file.bytes).write(to: URL(fileURLWithPath: staging + "/" + file.name)) }
        for file in files {
            guard rename(staging + "/" + file.name, directory + "/" + file.name) == 0 else {
                throw CommandFailure(.unwritableFile, "\(directory)/\(file.name) cannot be written: \(String(cString: strerror(errno)))")
            }
            result.written.append(file.name)
        }
        result.written.sort()
        return result
    }
}
