// swift-tools-version:6.1
import PackageDescription

let strictSwift6: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "Widgetry",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "WidgetryDiagnostics", targets: ["WidgetryDiagnostics"]),
        .library(name: "WidgetryJSON", targets: ["WidgetryJSON"]),
        .library(name: "WidgetryRegex", targets: ["WidgetryRegex"]),
        .library(name: "WidgetryLayout", targets: ["WidgetryLayout"]),
        .library(name: "WidgetryXML", targets: ["WidgetryXML"]),
        .library(name: "WidgetryExpressions", targets: ["WidgetryExpressions"]),
        .library(name: "WidgetryModel", targets: ["WidgetryModel"]),
        .library(name: "WidgetryStore", targets: ["WidgetryStore"]),
        .library(name: "WidgetryBundle", targets: ["WidgetryBundle"]),
        .library(name: "WidgetryBundleFetch", targets: ["WidgetryBundleFetch"]),
        .library(name: "WidgetryServiceConfiguration", targets: ["WidgetryServiceConfiguration"]),
        .library(name: "WidgetryService", targets: ["WidgetryService"]),
        .library(name: "WidgetryScreen", targets: ["WidgetryScreen"]),
        .library(name: "WidgetryRuntime", targets: ["WidgetryRuntime"]),
        .library(name: "WidgetryScenario", targets: ["WidgetryScenario"]),
        .library(name: "WidgetrySchema", targets: ["WidgetrySchema"]),
        .library(name: "WidgetryLint", targets: ["WidgetryLint"]),
        .library(name: "WidgetryReporting", targets: ["WidgetryReporting"]),
        .library(name: "WidgetryNIB", targets: ["WidgetryNIB"]),
        .library(name: "WidgetryAssets", targets: ["WidgetryAssets"]),
        .library(name: "WidgetryHostProfile", targets: ["WidgetryHostProfile"]),
        .library(name: "WidgetryRender", targets: ["WidgetryRender"]),
        .library(name: "WidgetryLanguageServerProtocol", targets: ["WidgetryLanguageServerProtocol"]),
        .library(name: "WidgetryLanguageServer", targets: ["WidgetryLanguageServer"]),
        .executable(name: "widgetry", targets: ["widgetry"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.35.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-crypto.git", "3.12.3"..<"5.0.0"),
        // Tests only: reading the CI examples and the pre-commit hooks (docs/CI.md).
        .package(url: "https://github.com/jpsim/Yams.git", from: "6.2.2"),
    ],
    targets: [
        .systemLibrary(
            name: "CArchive",
            pkgConfig: "libarchive",
            providers: [.apt(["libarchive-dev"])]
        ),
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        .target(
            name: "WidgetryDiagnostics",
            swiftSettings: strictSwift6
        ),
        .target(
            name: "WidgetryJSON",
            dependencies: ["WidgetryDiagnostics"],
            swiftSettings: strictSwift6
        ),
        .target(
            name: "WidgetryLanguageServerProtocol",
            dependencies: ["WidgetryDiagnostics"],
            swiftSettings: strictSwift6
        ),
        .target(
            name: "WidgetryRegex",
            dependencies: ["WidgetryDiagnostics"],
            swiftSettings: strictSwift6
        ),
        .target(
            name: "WidgetryLayout",
            dependencies: ["WidgetryDiagnostics"],
            swiftSettings: strictSwift6
        ),
        .target(
            name: "WidgetryNIB",
            dependencies: ["WidgetryJSON"],
            swiftSettings: strictSwift6
        ),
        .target(
            name: "WidgetryAssets",
            dependencies: ["WidgetryJSON", "CZlib"],
            swiftSettings: strictSwift6
        ),
        .target(
            name: "WidgetryXML",
            dependencies: ["WidgetryJSON"],
            swiftSettings: strictSwift6
        ),
        .target(
            name: "WidgetryExpressions",
            dependencies: ["WidgetryJSON", "WidgetryRegex"],
            swiftSettings: strictSwift6
        ),
        .target(
            name: "WidgetrySchema",
            dependencies: ["WidgetryJSON", "WidgetryRegex"],
            swiftSettings: strictSwift6
        ),
        .target(
            name: "WidgetryModel",
            dependencies: ["WidgetryJSON", "WidgetryXML", "WidgetryExpressions", "WidgetryBundle"],
            swiftSettings: strictSwift6
        ),
        .target(
            name: "WidgetryServiceConfiguration",
            dependencies: ["WidgetryJSON", "WidgetryExpressions"],
            swiftSettings: strictSwift6
        ),
        .target(
            name: "WidgetryScreen",
            dependencies: ["WidgetryJSON", "WidgetryXML", "WidgetryNIB", "WidgetryExpressions", "WidgetryModel", "WidgetryBundle"],
            swiftSettings: strictSwift6
        ),
        .target(
            name: "WidgetryStore",
            dependencies: [
                "WidgetryJSON",
                "WidgetryExpressions",
                "WidgetryModel",
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            swiftSettings: strictSwift6
        ),
        .target(
            name: "WidgetryService",
            dependencies: [
                "WidgetryJSON",
                "WidgetryExpressions",
                "WidgetryStore",
                "WidgetryServiceConfiguration",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTPCompression", package: "swift-nio-extras"),
            ],
            swiftSettings: strictSwift6
        ),
        .target(
            name: "WidgetryRuntime",
            dependencies: [
                "WidgetryDiagnostics", "WidgetryJSON", "WidgetryXML", "WidgetryExpressions", "WidgetryModel", "WidgetryStore", "WidgetryServiceConfiguration", "WidgetryService",
                "WidgetryBundle", "WidgetryScreen", "WidgetryHostProfile",
            ],
            swiftSettings: strictSwift6
        ),
        .target(
            name: "WidgetryRender",
            dependencies: ["WidgetryJSON", "WidgetryExpressions", "WidgetryBundle", "WidgetryScreen", "WidgetryRuntime", "WidgetryAssets", "WidgetryLayout"],
            swiftSettings: strictSwift6
        ),
        .target(
            name: "WidgetryScenario",
            dependencies: [
                "WidgetryJSON", "WidgetryExpressions", "WidgetryModel", "WidgetryStore", "WidgetryServiceConfiguration", "WidgetryService", "WidgetryBundle",
                "WidgetryScreen", "WidgetryRuntime", "WidgetryHostProfile",
            ],
            swiftSettings: strictSwift6
        ),
        .target(
            name: "WidgetryLint",
            dependencies: ["WidgetryReporting", "WidgetryJSON", "WidgetrySchema", "WidgetryExpressions", "WidgetryModel", "WidgetryBundle", "WidgetryServiceConfiguration", "WidgetryScreen", "WidgetryAssets", "WidgetryHostProfile"],
            swiftSettings: strictSwift6
        ),
        .target(
            name: "WidgetryLanguageServer",
            dependencies: ["WidgetryLanguageServerProtocol", "WidgetryDiagnostics", "WidgetryJSON", "WidgetryBundle", "WidgetryModel", "WidgetryLint",
                           "WidgetryScreen", "WidgetryExpressions", "WidgetryAssets", "WidgetryRuntime"],
            swiftSettings: strictSwift6
        ),
        .target(
            name: "WidgetryReporting",
            dependencies: ["WidgetryDiagnostics", "WidgetryJSON"],
            swiftSettings: strictSwift6
        ),
        .target(
            name: "WidgetryHostProfile",
            dependencies: ["WidgetryJSON"],
            swiftSettings: strictSwift6
        ),
        .target(
            name: "WidgetryBundle",
            dependencies: ["WidgetryJSON"],
            swiftSettings: strictSwift6
        ),
        .target(
            name: "WidgetryBundleFetch",
            dependencies: [
                "WidgetryJSON",
                "WidgetryBundle",
                "CArchive",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            swiftSettings: strictSwift6
        ),
        .target(
            name: "WidgetryCLI",
            dependencies: [
                "WidgetryReporting",
                "WidgetryJSON",
                "WidgetryExpressions",
                "WidgetryStore",
                "WidgetryBundle",
                "WidgetryBundleFetch",
                "WidgetryServiceConfiguration",
                "WidgetryService",
                "WidgetryRuntime",
                "WidgetryScenario",
                "WidgetryLint",
                "WidgetryAssets",
                "WidgetryHostProfile",
                "WidgetryRender",
                "WidgetryLanguageServer",
                "WidgetryLanguageServerProtocol",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            swiftSettings: strictSwift6
        ),
        .executableTarget(
            name: "widgetry",
            dependencies: ["WidgetryCLI"],
            swiftSettings: strictSwift6
        ),
        .executableTarget(
            name: "widgetry-embedding-example",
            dependencies: ["WidgetryRuntime", "WidgetryBundle", "WidgetryBundleFetch"],
            path: "Examples/Embedding",
            swiftSettings: strictSwift6
        ),
        .target(
            name: "WidgetryTestSupport",
            dependencies: [
                "CArchive",
                "WidgetryService",
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            path: "Tests/Support",
            swiftSettings: strictSwift6
        ),
        .testTarget(
            name: "WidgetryJSONTests",
            dependencies: ["WidgetryJSON", "WidgetryTestSupport"],
            swiftSettings: strictSwift6
        ),
        .testTarget(
            name: "WidgetryNIBTests",
            dependencies: ["WidgetryNIB", "WidgetryJSON", "WidgetryBundleFetch", "WidgetryTestSupport"],
            swiftSettings: strictSwift6
        ),
        .testTarget(
            name: "WidgetryAssetsTests",
            dependencies: ["WidgetryAssets", "WidgetryJSON", "WidgetryBundleFetch", "WidgetryTestSupport"],
            swiftSettings: strictSwift6
        ),
        .testTarget(
            name: "WidgetryExpressionsTests",
            dependencies: ["WidgetryExpressions", "WidgetryTestSupport"],
            exclude: ["Corpus"],
            swiftSettings: strictSwift6
        ),
        .testTarget(
            name: "WidgetryArchitectureTests",
            dependencies: ["WidgetryTestSupport"],
            swiftSettings: strictSwift6
        ),
        .testTarget(
            name: "WidgetryLanguageServerProtocolTests",
            dependencies: ["WidgetryLanguageServerProtocol", "WidgetryDiagnostics"],
            swiftSettings: strictSwift6
        ),
        .testTarget(
            name: "WidgetryLanguageServerTests",
            dependencies: ["WidgetryLanguageServer", "WidgetryLanguageServerProtocol", "WidgetryTestSupport"],
            swiftSettings: strictSwift6
        ),
        .testTarget(
            name: "WidgetryRegexTests",
            dependencies: ["WidgetryRegex", "WidgetryDiagnostics"],
            swiftSettings: strictSwift6
        ),
        .testTarget(
            name: "WidgetryLayoutTests",
            dependencies: ["WidgetryLayout", "WidgetryTestSupport"],
            swiftSettings: strictSwift6
        ),
        .testTarget(
            name: "WidgetrySchemaTests",
            dependencies: ["WidgetrySchema", "WidgetryJSON", "WidgetryTestSupport"],
            swiftSettings: strictSwift6
        ),
        .testTarget(
            name: "WidgetryReportingTests",
            dependencies: ["WidgetryReporting", "WidgetryDiagnostics", "WidgetryJSON"],
            swiftSettings: strictSwift6
        ),
        .testTarget(
            name: "WidgetryLintTests",
            dependencies: ["WidgetryLint", "WidgetryReporting", "WidgetrySchema", "WidgetryJSON", "WidgetryBundle", "WidgetryBundleFetch", "WidgetryModel", "WidgetryServiceConfiguration", "WidgetryScreen", "WidgetryRuntime", "WidgetryHostProfile", "WidgetryTestSupport"],
            exclude: ["Goldens", "Examples"],
            swiftSettings: strictSwift6
        ),
        .testTarget(
            name: "WidgetryModelTests",
            dependencies: ["WidgetryModel", "WidgetryJSON", "WidgetryExpressions", "WidgetryBundleFetch", "WidgetryTestSupport"],
            swiftSettings: strictSwift6
        ),
        .testTarget(
            name: "WidgetryScreenTests",
            dependencies: ["WidgetryScreen", "WidgetryJSON", "WidgetryExpressions", "WidgetryBundleFetch", "WidgetryTestSupport"],
            swiftSettings: strictSwift6
        ),
        .testTarget(
            name: "WidgetryStoreTests",
            dependencies: ["WidgetryStore", "WidgetryModel", "WidgetryJSON", "WidgetryBundleFetch", "WidgetryTestSupport",
                           .product(name: "GRDB", package: "GRDB.swift")],
            swiftSettings: strictSwift6
        ),
        .testTarget(
            name: "WidgetryServiceTests",
            dependencies: ["WidgetryService", "WidgetryServiceConfiguration", "WidgetryStore", "WidgetryModel", "WidgetryExpressions", "WidgetryJSON", "WidgetryTestSupport"],
            swiftSettings: strictSwift6
        ),
        .testTarget(
            name: "WidgetryRenderTests",
            dependencies: ["WidgetryRender", "WidgetryRuntime", "WidgetryScreen", "WidgetryBundle", "WidgetryBundleFetch", "WidgetryScenario", "WidgetryJSON", "WidgetryTestSupport"],
            swiftSettings: strictSwift6
        ),
        .testTarget(
            name: "WidgetryRuntimeTests",
            dependencies: ["WidgetryRuntime", "WidgetryScreen", "WidgetryService", "WidgetryServiceConfiguration", "WidgetryStore", "WidgetryModel", "WidgetryExpressions", "WidgetryJSON", "WidgetryXML", "WidgetryBundle", "WidgetryBundleFetch", "WidgetryScenario", "WidgetryTestSupport", "WidgetryHostProfile"],
            swiftSettings: strictSwift6
        ),
        .testTarget(
            name: "WidgetryScenarioTests",
            dependencies: ["WidgetryScenario", "WidgetryRuntime", "WidgetryScreen", "WidgetryJSON", "WidgetryBundle", "WidgetryBundleFetch", "WidgetryTestSupport"],
            swiftSettings: strictSwift6
        ),
        .testTarget(
            name: "WidgetryHostProfileTests",
            dependencies: ["WidgetryHostProfile", "WidgetryJSON"],
            swiftSettings: strictSwift6
        ),
        .testTarget(
            name: "WidgetryBundleTests",
            dependencies: ["WidgetryBundle", "WidgetryTestSupport"],
            swiftSettings: strictSwift6
        ),
        .testTarget(
            name: "WidgetryBundleFetchTests",
            dependencies: ["WidgetryBundleFetch", "WidgetryBundle", "WidgetryTestSupport"],
            swiftSettings: strictSwift6
        ),
        .testTarget(
            name: "WidgetryCLITests",
            dependencies: [
                "WidgetryCLI",
                "WidgetryBundleFetch",
                "WidgetryService",
                "WidgetryServiceConfiguration",
                "WidgetryTestSupport",
                "WidgetryRender",
                "WidgetryRuntime",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Yams", package: "Yams"),
            ],
            swiftSettings: strictSwift6
        ),
    ]
)
