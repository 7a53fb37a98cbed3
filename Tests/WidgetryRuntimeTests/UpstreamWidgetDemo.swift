import Foundation
import WidgetryBundleFetch
import WidgetryTestSupport

/// Upstream's shipped bundle, `../shared/upstream/WidgetDemo.zip`, extracted once per test run
/// with the project's own extractor, and its sources, `WidgetDemo-source/`, which are a bundle
/// in the original layout as they are. Tests that need them are skipped when the shared folder
/// is not beside the checkout.
enum UpstreamWidgetDemo {
    static let upstream = URL(fileURLWithPath: Samples.upstream())

    static let zipPath = upstream.appendingPathComponent("WidgetDemo.zip").path
    static let sourcePath = upstream.appendingPathComponent("WidgetDemo-source").path

    static var isAvailable: Bool {
        FileManager.default.fileExists(atPath: zipPath) && FileManager.default.fileExists(atPath: sourcePath)
    }

    /// The extracted `WidgetDemo.bundle` folder, or nil when the zip is missing or fails to extract.
    static let bundlePath: String? = {
        guard isAvailable, let folder = try? TemporaryDirectory() else { return nil }
        let destination = folder.file("WidgetDemo")
        guard (try? ArchiveExtractor().extract(archiveAt: zipPath, to: destination)) != nil else { return nil }
        return destination + "/WidgetDemo.bundle"
    }()

    /// The sources as a bundle, the way Xcode builds one from them: a copy of the folder whose
    /// Info.plist has its build settings (`$(PRODUCT_BUNDLE_IDENTIFIER)`…) replaced by the values
    /// the shipped bundle's Info.plist holds. Nil when the folder is missing or cannot be copied.
    static let sourceBundlePath: String? = {
        guard isAvailable, let folder = try? TemporaryDirectory() else { return nil }
        let destination = folder.file("WidgetDemo-source")
        let plist = destination + "/Info.plist"
        guard (try? FileManager.default.copyItem(atPath: sourcePath, toPath: destination)) != nil,
              var text = try? String(contentsOfFile: plist, encoding: .utf8) else { return nil }
        for (setting, value) in buildSettings { text = text.replacingOccurrences(of: "$(\(setting))", with: value) }
        guard (try? text.write(toFile: plist, atomically: true, encoding: .utf8)) != nil else { return nil }
        return destination
    }()

    static let buildSettings = ["DEVELOPMENT_LANGUAGE": "en", "EXECUTABLE_NAME": "WidgetDemo",
                                "PRODUCT_BUNDLE_IDENTIFIER": "mobi.favio.WidgetDemo", "PRODUCT_NAME": "WidgetDemo"]

}
