// swift-tools-version:6.1
import PackageDescription

// libFuzzer targets for Widgetry, kept in their own package so the main package is built without
// sanitizers. Each executable exports `LLVMFuzzerTestOneInput`; build and run them with
// scripts/fuzz (see README.md).
let package = Package(
    name: "WidgetryFuzz",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "Widgetry", path: ".."),
    ],
    targets: [
        // JSONParser on the bytes, and JSONStreamReader agreeing with it.
        .executableTarget(
            name: "FuzzJSON",
            dependencies: [.product(name: "WidgetryJSON", package: "Widgetry")],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        // The bytes as a predicate and as an expression, evaluated against a fixed object graph.
        .executableTarget(
            name: "FuzzPredicate",
            dependencies: [.product(name: "WidgetryExpressions", package: "Widgetry")],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        // The storyboard reader on the bytes.
        .executableTarget(
            name: "FuzzStoryboard",
            dependencies: [.product(name: "WidgetryRuntime", package: "Widgetry")],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        // The .xcdatamodel `contents` reader on the bytes.
        .executableTarget(
            name: "FuzzXcdatamodel",
            dependencies: [.product(name: "WidgetryStore", package: "Widgetry")],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        // ArchiveExtractor on the bytes as an archive file, with small limits.
        .executableTarget(
            name: "FuzzArchive",
            dependencies: [.product(name: "WidgetryBundle", package: "Widgetry")],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
    ]
)
