import Foundation
import Testing
import WidgetryBundleFetch
import WidgetryTestSupport

/// The real compiled bundle upstream shipped, `../shared/upstream/WidgetDemo.zip`, extracted
/// once per test run with the project's own extractor. Tests that need it are skipped when the
/// shared folder is not beside the checkout.
enum WidgetDemoSample {
    static let upstream = URL(fileURLWithPath: Samples.upstream())

    static let zipPath = upstream.appendingPathComponent("WidgetDemo.zip").path
    static let sourcePath = upstream.appendingPathComponent("WidgetDemo-source").path

    static var isAvailable: Bool { FileManager.default.fileExists(atPath: zipPath) }

    /// The extracted `WidgetDemo.bundle` folder, or nil when the zip is missing or fails to extract.
    static let bundlePath: String? = {
        guard isAvailable, let folder = try? TemporaryDirectory() else { return nil }
        let destination = folder.file("WidgetDemo")
        guard (try? ArchiveExtractor().extract(archiveAt: zipPath, to: destination)) != nil else { return nil }
        return destination + "/WidgetDemo.bundle"
    }()

    static var storyboardcPath: String? { bundlePath.map { $0 + "/Base.lproj/Main.storyboardc" } }

    /// The compiled storyboard's nib files, by name, sorted.
    static func nibNames() -> [String] {
        guard let folder = storyboardcPath,
              let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        return names.filter { $0.hasSuffix(".nib") }.sorted()
    }

    static func bytes(ofNib name: String) throws -> [UInt8] {
        let folder = try #require(storyboardcPath)
        return Array(try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name)))
    }
}
