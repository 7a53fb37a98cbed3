import Foundation
import WidgetryBundleFetch
import WidgetryTestSupport

/// The real compiled bundle's `Assets.car` and the source catalogue it was built from, from
/// `../shared/upstream`; tests that need them are skipped when the folder is not there.
enum AssetsSample {
    static let upstream = URL(fileURLWithPath: Samples.upstream())

    static let zipPath = upstream.appendingPathComponent("WidgetDemo.zip").path
    static let sourceCatalogue = upstream.appendingPathComponent("WidgetDemo-source/Assets.xcassets").path

    static var isAvailable: Bool {
        FileManager.default.fileExists(atPath: zipPath) && FileManager.default.fileExists(atPath: sourceCatalogue)
    }

    /// The bytes of `WidgetDemo.bundle/Assets.car`, extracted with the project's extractor once.
    static let car: [UInt8]? = {
        guard isAvailable, let folder = try? TemporaryDirectory() else { return nil }
        defer { folder.remove() }
        let destination = folder.file("WidgetDemo")
        guard (try? ArchiveExtractor().extract(archiveAt: zipPath, to: destination)) != nil,
              let data = FileManager.default.contents(atPath: destination + "/WidgetDemo.bundle/Assets.car") else { return nil }
        return [UInt8](data)
    }()

    /// The source catalogue's image sets and app icon sets, by name, with their folder.
    static func sourceSets() -> [String: String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: sourceCatalogue)) ?? []
        var sets: [String: String] = [:]
        for name in names where name.hasSuffix(".imageset") || name.hasSuffix(".appiconset") {
            sets[String(name.prefix { $0 != "." })] = sourceCatalogue + "/" + name
        }
        return sets
    }
}
