// swift-tools-version:6.1
import PackageDescription

/// A libFuzzer target: an executable that exports `LLVMFuzzerTestOneInput`, over libraries of the
/// main package.
func fuzzTarget(_ name: String, fuzzing libraries: String...) -> Target {
    .executableTarget(
        name: name,
        dependencies: libraries.map { .product(name: $0, package: "Widgetry") },
        swiftSettings: [.swiftLanguageMode(.v6)]
    )
}

// libFuzzer targets for Widgetry, kept in their own package so the main package is built without
// sanitizers. Build and run them with scripts/fuzz (see README.md).
let package = Package(
    name: "WidgetryFuzz",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "Widgetry", path: ".."),
    ],
    targets: [
        // JSONParser on the bytes, and JSONStreamReader agreeing with it.
        fuzzTarget("FuzzJSON", fuzzing: "WidgetryJSON"),
        // The bytes as a predicate and as an expression, evaluated against a fixed object graph.
        fuzzTarget("FuzzPredicate", fuzzing: "WidgetryExpressions"),
        // The storyboard reader on the bytes.
        fuzzTarget("FuzzStoryboard", fuzzing: "WidgetryScreen"),
        // The .xcdatamodel `contents` reader on the bytes.
        fuzzTarget("FuzzXcdatamodel", fuzzing: "WidgetryModel"),
        // ArchiveExtractor on the bytes as an archive file, with small limits.
        fuzzTarget("FuzzArchive", fuzzing: "WidgetryBundleFetch"),
        // NIBArchive decoding and every accessor, nested archives included.
        fuzzTarget("FuzzNIB", fuzzing: "WidgetryNIB"),
        // The compiled model reader (Model.mom) on the bytes.
        fuzzTarget("FuzzCompiledModel", fuzzing: "WidgetryModel"),
        // The asset catalogue reader, every rendition to PNG, and LZFSE on the bytes.
        fuzzTarget("FuzzAssets", fuzzing: "WidgetryAssets"),
        // The bytes (after the first, which picks a sample bundle) as a scenario file, run.
        fuzzTarget("FuzzScenario", fuzzing: "WidgetryScenario", "WidgetryBundle", "WidgetryJSON"),
        // HostProfileReader on the bytes, with and without an environment; the patches it reads, applied.
        fuzzTarget("FuzzHostProfile", fuzzing: "WidgetryHostProfile", "WidgetryJSON"),
    ]
)
