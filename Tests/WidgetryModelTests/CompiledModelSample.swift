import Foundation
import WidgetryBundleFetch
import WidgetryTestSupport

/// The real compiled bundle upstream shipped and its sources, from `../shared/upstream`, found
/// beside the checkout; tests that need them are skipped when the folder is not there.
enum CompiledModelSample {
    static let upstream = URL(fileURLWithPath: Samples.upstream())

    static let zipPath = upstream.appendingPathComponent("WidgetDemo.zip").path
    static let sourceModelPath = upstream.appendingPathComponent("WidgetDemo-source/Model.xcdatamodeld/Model.xcdatamodel/contents").path

    static var isAvailable: Bool {
        FileManager.default.fileExists(atPath: zipPath) && FileManager.default.fileExists(atPath: sourceModelPath)
    }

    /// The bytes of `WidgetDemo.bundle/Model.momd/Model.mom`, extracted from the zip with the
    /// project's extractor once per run.
    static let compiledModel: [UInt8]? = {
        guard isAvailable, let folder = try? TemporaryDirectory() else { return nil }
        defer { folder.remove() }
        let destination = folder.file("WidgetDemo")
        guard (try? ArchiveExtractor().extract(archiveAt: zipPath, to: destination)) != nil,
              let data = FileManager.default.contents(atPath: destination + "/WidgetDemo.bundle/Model.momd/Model.mom") else { return nil }
        return [UInt8](data)
    }()
}
