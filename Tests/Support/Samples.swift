public import Foundation

/// Where the tests find the project's own files and the material beside the checkout: the one
/// place that works out paths from a source file's location.
///
/// The package root is found from this file's path, symbolic links resolved first (so a package
/// that links the test folders in finds the same place): `Tests/Support/Samples.swift` → the
/// root. `../shared` is the folder laid beside the checkout (upstream's sources and shipped
/// bundle, the JSON Schema test suite); tests that need it are skipped when it is not there.
public enum Samples {
    /// The package root, the folder of `Package.swift`.
    public static let packageRoot: String = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    /// The package root as a file URL.
    public static var packageRootURL: URL { URL(fileURLWithPath: packageRoot) }

    /// A path in the package, given relative to its root (`docs/FORMAT.md`, `Schemas`).
    public static func file(_ relative: String) -> String {
        packageRoot + "/" + relative
    }

    /// The folder of the sample bundles, `SampleWidgets`.
    public static var widgetsFolder: String { file("SampleWidgets") }

    /// The sample bundle `SampleWidgets/<name>` (`Feed`, `Hello`, …), or a file in it
    /// (`Feed/Model.json`).
    public static func widget(_ name: String) -> String {
        widgetsFolder + "/" + name
    }

    /// The names of the sample bundles, sorted.
    public static var widgetNames: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: widgetsFolder)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
    }

    /// `../shared`, beside the checkout.
    public static let sharedFolder: String = URL(fileURLWithPath: packageRoot).deletingLastPathComponent().appendingPathComponent("shared").path

    /// Whether `../shared` is there.
    public static var sharedExists: Bool {
        FileManager.default.fileExists(atPath: sharedFolder)
    }

    /// A path under `../shared` (`conformance/json-schema-test-suite`).
    public static func shared(_ relative: String) -> String {
        sharedFolder + "/" + relative
    }

    /// A path under `../shared/upstream`, upstream's sources and shipped bundle
    /// (`WidgetDemo.zip`, `WidgetDemo-source`); the folder itself when `relative` is empty.
    public static func upstream(_ relative: String = "") -> String {
        relative.isEmpty ? shared("upstream") : shared("upstream/" + relative)
    }
}
