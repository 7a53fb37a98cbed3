// swift-tools-version:6.1
import PackageDescription

// Benchmarks for Widgetry, kept in their own package so the main package does not depend on
// ordo-one/benchmark (and its malloc interposer). Run with ./run from this directory.
let package = Package(
    name: "WidgetryBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
        .package(name: "Widgetry", path: ".."),
    ],
    targets: [
        // Timing, medians and peak memory, shared by the side-by-side benchmarks.
        .target(name: "Measuring", path: "Measuring", swiftSettings: [.swiftLanguageMode(.v6)]),
        // The 1,000-screen bundle made from the Feed sample, for ./compare-schemas and ./compare-lsp.
        .target(
            name: "GeneratedBundle",
            dependencies: [.product(name: "WidgetryJSON", package: "Widgetry")],
            path: "GeneratedBundle",
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        // `widgetry lsp` over pipes on that bundle: diagnostics after edits, completion, hover,
        // memory over many edits, and the re-check against `widgetry lint` (run ./compare-lsp).
        .executableTarget(
            name: "LSPComparison",
            dependencies: ["Measuring", "GeneratedBundle"],
            path: "LSPComparison",
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        // Widgetry's predicates against hand-written Swift and GNUstep's NSPredicate, side by side
        // (run ./compare-gnustep).
        .executableTarget(
            name: "PredicateComparison",
            dependencies: [
                "Measuring",
                .product(name: "WidgetryExpressions", package: "Widgetry"),
                .product(name: "WidgetryRegex", package: "Widgetry"),
                .product(name: "WidgetryJSON", package: "Widgetry"),
            ],
            path: "PredicateComparison",
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        // Widgetry's store import against the same work in Python (run ./compare-python).
        .executableTarget(
            name: "StoreImport",
            dependencies: [
                "Measuring",
                .product(name: "WidgetryStore", package: "Widgetry"),
                .product(name: "WidgetryModel", package: "Widgetry"),
                .product(name: "WidgetryExpressions", package: "Widgetry"),
                .product(name: "WidgetryJSON", package: "Widgetry"),
            ],
            path: "StoreImport",
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        // A typed action's response over HTTP through the action engine, against parse-then-import
        // (run ./compare-responses).
        .executableTarget(
            name: "ResponseImport",
            dependencies: [
                "Measuring",
                .product(name: "WidgetryService", package: "Widgetry"),
                .product(name: "WidgetryServiceConfiguration", package: "Widgetry"),
                .product(name: "WidgetryStore", package: "Widgetry"),
                .product(name: "WidgetryModel", package: "Widgetry"),
                .product(name: "WidgetryExpressions", package: "Widgetry"),
                .product(name: "WidgetryJSON", package: "Widgetry"),
            ],
            path: "ResponseImport",
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        // One render pass of a 10,000-row table against evaluating the same bindings directly
        // (run ./compare-render).
        .executableTarget(
            name: "RenderPass",
            dependencies: [
                "Measuring",
                .product(name: "WidgetryRuntime", package: "Widgetry"),
                .product(name: "WidgetryScreen", package: "Widgetry"),
                .product(name: "WidgetryBundle", package: "Widgetry"),
                .product(name: "WidgetryBundleFetch", package: "Widgetry"),
                .product(name: "WidgetryStore", package: "Widgetry"),
                .product(name: "WidgetryExpressions", package: "Widgetry"),
                .product(name: "WidgetryJSON", package: "Widgetry"),
            ],
            path: "RenderPass",
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        // `widgetry validate` on a bundle of 1,000 screens against Python's jsonschema on the
        // same files (run ./compare-schemas).
        .executableTarget(
            name: "SchemaValidation",
            dependencies: [
                "Measuring",
                "GeneratedBundle",
                .product(name: "WidgetryLint", package: "Widgetry"),
                .product(name: "WidgetryJSON", package: "Widgetry"),
                .product(name: "WidgetryBundle", package: "Widgetry"),
                .product(name: "WidgetryBundleFetch", package: "Widgetry"),
            ],
            path: "SchemaValidation",
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        // Upstream's shipped WidgetDemo.zip (compiled storyboard and model) loaded and every screen
        // built, against the same bundle from its sources (run ./compare-compiled).
        .executableTarget(
            name: "CompiledLoading",
            dependencies: [
                "Measuring",
                .product(name: "WidgetryBundle", package: "Widgetry"),
                .product(name: "WidgetryBundleFetch", package: "Widgetry"),
                .product(name: "WidgetryModel", package: "Widgetry"),
                .product(name: "WidgetryScreen", package: "Widgetry"),
                .product(name: "WidgetryServiceConfiguration", package: "Widgetry"),
                .product(name: "WidgetryExpressions", package: "Widgetry"),
            ],
            path: "CompiledLoading",
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        // PNG pictures of the samples' scenario steps through one Chromium, against Playwright
        // taking screenshots of the same HTML (run ./compare-pictures).
        .executableTarget(
            name: "PictureComparison",
            dependencies: [
                "Measuring",
                .product(name: "WidgetryRender", package: "Widgetry"),
            ],
            path: "PictureComparison",
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        // The generated document both parsing benchmarks read.
        .target(name: "ParsingDocument", path: "ParsingDocument", swiftSettings: [.swiftLanguageMode(.v6)]),
        // WidgetryJSON's parser against JSONSerialization, alternating round by round (run
        // ./compare-parsing).
        .executableTarget(
            name: "ParseComparison",
            dependencies: [
                "Measuring",
                "ParsingDocument",
                .product(name: "WidgetryJSON", package: "Widgetry"),
            ],
            path: "ParseComparison",
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .executableTarget(
            name: "JSONParsing",
            dependencies: [
                "ParsingDocument",
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "WidgetryJSON", package: "Widgetry"),
            ],
            path: "Benchmarks/JSONParsing",
            swiftSettings: [.swiftLanguageMode(.v6)],
            plugins: [
                .plugin(name: "BenchmarkPlugin", package: "benchmark"),
            ]
        ),
    ]
)
