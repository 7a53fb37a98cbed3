// Loading upstream's shipped WidgetDemo bundle (the zip: compiled storyboard `.storyboardc`
// nibs, compiled model `Model.mom`, binary Info.plist) against loading the same bundle from its
// sources (Main.storyboard XML, Model.xcdatamodeld, XML Info.plist), side by side in one run.
// A load is what a run does before it shows anything, for every screen: the bundle read by
// `BundleLoader` (for the zip: extracted with libarchive first), its model decoded
// (`BundleModel.load`), its stub service's transformers, its storyboard decoded
// (`ScreenSource.storyboard`) and every screen joined and compiled (`ScreenSource.document`,
// `ScreenCompiler.compile`), the screens lint and `WidgetRun` open.
//
// Four paths, interleaved round by round (the order rotates each round): the zip, the source
// folder, the zip's files extracted once beforehand (compiled files, no extraction), and the
// source folder packed into a zip (`BundlePacker`), so that each form is also measured as it
// travels. Prints each path's median per phase and the ratios compiled / source: zip against
// folder, zip against zip, and folder against folder.
//
// Needs ../shared/upstream/WidgetDemo.zip and WidgetDemo-source/ beside the checkout (never
// copied into the repository); fails when they are missing. Everything is written under
// NSTemporaryDirectory() (TMPDIR), where a host extracts bundles too: the file system there
// decides most of the extraction's time.
//
//   swift run -c release CompiledLoading [--rounds N] [--upstream DIR]
import Foundation
import Measuring
import WidgetryBundle
import WidgetryBundleFetch
import WidgetryModel
import WidgetryScreen
import WidgetryServiceConfiguration
import WidgetryExpressions

var rounds = 41
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
var upstream = URL(fileURLWithPath: packageRoot + "/../shared/upstream").standardizedFileURL.path
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let argument = arguments.next() {
    switch argument {
    case "--rounds":
        guard let value = arguments.next().flatMap({ Int($0) }), value > 0 else {
            FileHandle.standardError.write(Data("--rounds takes a positive number\n".utf8))
            exit(2)
        }
        rounds = value
    case "--upstream":
        guard let value = arguments.next() else {
            FileHandle.standardError.write(Data("--upstream takes a folder\n".utf8))
            exit(2)
        }
        upstream = value
    default:
        FileHandle.standardError.write(Data("unknown option \(argument)\n".utf8))
        exit(2)
    }
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("CompiledLoading: \(message)\n".utf8))
    exit(1)
}

let zipPath = upstream + "/WidgetDemo.zip"
let sourcePath = upstream + "/WidgetDemo-source"
for path in [zipPath, sourcePath] where !FileManager.default.fileExists(atPath: path) {
    fail("\(path) is missing: this benchmark needs upstream's WidgetDemo.zip and WidgetDemo-source/ in ../shared/upstream beside the checkout (or --upstream DIR)")
}

/// Xcode's build settings in the sources' Info.plist, replaced by what the shipped bundle's holds
/// (as Tests/WidgetryRuntimeTests/UpstreamWidgetDemo.swift does).
let buildSettings = ["DEVELOPMENT_LANGUAGE": "en", "EXECUTABLE_NAME": "WidgetDemo",
                     "PRODUCT_BUNDLE_IDENTIFIER": "mobi.favio.WidgetDemo", "PRODUCT_NAME": "WidgetDemo"]

/// What one load measured, in nanoseconds per phase, and what it built.
struct Load {
    var read = 0.0, model = 0.0, storyboard = 0.0, documents = 0.0, compile = 0.0
    var total: Double { read + model + storyboard + documents + compile }
    /// Each screen's name with its number of elements and segues, in the order built.
    var built: [String] = []
    var names: [String] = []
}

enum Path: Int, CaseIterable {
    case zip, source, extracted, sourceZip
    var label: String {
        switch self {
        case .zip: "compiled: the zip (extract + load)"
        case .source: "source: the folder"
        case .extracted: "compiled: the extracted folder"
        case .sourceZip: "source: zipped (extract + load)"
        }
    }
}

/// Loads the bundle at `source` and builds every screen, timing each phase.
func load(_ source: BundleSource, work: String) async throws -> Load {
    var result = Load()
    let loader = BundleLoader(options: BundleLoader.Options(workDirectory: work))
    var start = DispatchTime.now().uptimeNanoseconds
    func lap() -> Double {
        let now = DispatchTime.now().uptimeNanoseconds
        defer { start = now }
        return Double(now - start)
    }
    let loaded = try await loader.load(source)
    result.read = lap()
    defer { loaded.removeExtractedFiles() }
    let bundle = loaded.bundle

    var model: EntityModel?
    if let source = bundle.model { model = try BundleModel.load(source, bundleRoot: bundle.rootPath) }
    var transformers = BindingTransformerRegistry()
    if let stub = bundle.stubService {
        transformers = try ServiceConfigurationReader.read(stub.document, file: stub.path, kind: .stub).transformers()
    }
    result.model = lap()

    // The storyboard read once to find the entry screen (`WidgetRun`) and the scenes.
    let storyboard = try ScreenSource.storyboard(in: bundle)
    result.storyboard = lap()

    let context = ScreenCompiler.Context(model: model, transformers: transformers, jsonFiles: Set(bundle.otherJSONFiles.map(\.path)))
    var names = bundle.screens.map(\.name)
    names += (storyboard?.scenes ?? []).filter { $0.kind != .navigationController }.map(\.name).filter { !names.contains($0) }
    var built: [String] = []
    for name in names {
        // As `WidgetRun` opens a screen: the storyboard read again, joined with the screen file, compiled.
        let document = try ScreenSource.document(named: name, in: bundle)
        result.documents += lap()
        let compiled = try ScreenCompiler.compile(document, in: context)
        result.compile += lap()
        built.append("\(name) (\(compiled.document.elements.count) elements, \(compiled.document.segues.count) segues)")
        _ = lap()
    }
    result.built = built
    result.names = names
    return result
}

do {
    let scratch = NSTemporaryDirectory() + "widgetry-compiled-loading-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: scratch) }
    let manager = FileManager.default
    try manager.createDirectory(atPath: scratch + "/work", withIntermediateDirectories: true)

    // The sources as a loadable bundle: a copy whose Info.plist has its build settings replaced.
    let sourceCopy = scratch + "/WidgetDemo-source"
    try manager.copyItem(atPath: sourcePath, toPath: sourceCopy)
    var plist = try String(contentsOfFile: sourceCopy + "/Info.plist", encoding: .utf8)
    for (setting, value) in buildSettings.sorted(by: { $0.key < $1.key }) { plist = plist.replacingOccurrences(of: "$(\(setting))", with: value) }
    try plist.write(toFile: sourceCopy + "/Info.plist", atomically: true, encoding: .utf8)

    // The zip extracted once, for the compiled path without extraction.
    let extracted = try ArchiveExtractor().extract(archiveAt: zipPath, to: scratch + "/extracted")
    let extractedRoot = try WidgetBundle.locateRoot(in: scratch + "/extracted")

    // The sources packed as a bundle archive, for the like-for-like comparison.
    let sourceZip = scratch + "/WidgetDemo-source.zip"
    _ = try BundlePacker().pack(directory: sourceCopy, to: sourceZip)

    let sources: [Path: BundleSource] = [.zip: .archive(zipPath), .source: .directory(sourceCopy), .extracted: .directory(extractedRoot),
                                         .sourceZip: .archive(sourceZip)]
    var loads: [Path: [Load]] = [:]
    // Round 0 warms up (first touch of the files, caches, lazy globals) and is not counted.
    for round in 0...rounds {
        let order = Path.allCases.indices.map { Path.allCases[($0 + round) % Path.allCases.count] }
        for path in order {
            let measured = try await load(sources[path]!, work: scratch + "/work")
            if round > 0 { loads[path, default: []].append(measured) }
        }
    }

    // Both forms must build the same screens.
    let compiledBuilt = loads[.zip]![0].built, sourceBuilt = loads[.source]![0].built
    let compiledNames = loads[.zip]![0].names, sourceNames = loads[.source]![0].names

    func ms(_ path: Path, _ phase: KeyPath<Load, Double>) -> Double {
        var times: [Double] = []
        for load in loads[path]! { times.append(load[keyPath: phase]) }
        return median(times) / 1e6
    }
    print(String(format: "WidgetDemo: zip %.1f KB (%ld files extracted, %.1f MB), median of %ld interleaved rounds after a warm-up",
                 Double((try manager.attributesOfItem(atPath: zipPath)[.size] as? Int) ?? 0) / 1024, extracted.fileCount,
                 Double(extracted.unpackedBytes) / 1_048_576, rounds))
    print("screens built (compiled): " + compiledBuilt.joined(separator: ", "))
    print("screens built (source):   " + sourceBuilt.joined(separator: ", "))
    print("")
    print("median ms per load                  read files  model+svc  storyboard  screens: join  compile      total")
    for path in Path.allCases {
        print(path.label.padding(toLength: 36, withPad: " ", startingAt: 0) + String(format: "%10.3f %10.3f %11.3f %14.3f %8.3f %10.3f",
                     ms(path, \.read), ms(path, \.model), ms(path, \.storyboard), ms(path, \.documents), ms(path, \.compile), ms(path, \.total)))
    }
    print("read files: the zip's includes extraction with libarchive. storyboard: read once for the entry screen and the")
    print("scenes. join: each screen opened as WidgetRun opens one (the storyboard read again, joined with its screen file).")
    print("total: the median of each round's sum.")
    print(String(format: "extraction alone (zip's read files - extracted folder's): %.3f ms, in %@", ms(.zip, \.read) - ms(.extracted, \.read),
                 NSTemporaryDirectory() as NSString))
    print("")
    let withExtraction = ms(.zip, \.total) / ms(.source, \.total)
    let withoutExtraction = ms(.extracted, \.total) / ms(.source, \.total)
    let zipToZip = ms(.zip, \.total) / ms(.sourceZip, \.total)
    print(String(format: "ratio compiled / source, zip against the source folder:       %5.2f×", withExtraction))
    print(String(format: "ratio compiled / source, zip against the sources zipped:      %5.2f×", zipToZip))
    print(String(format: "ratio compiled / source, from the extracted folder:          %5.2f×", withoutExtraction))
    print(String(format: "  read files (zip: extract + read / folder: read):           %5.2f× / %5.2f×", ms(.zip, \.read) / ms(.source, \.read), ms(.extracted, \.read) / ms(.source, \.read)))
    print(String(format: "  model + service:                                           %5.2f×", ms(.extracted, \.model) / ms(.source, \.model)))
    print(String(format: "  storyboard, read once:                                     %5.2f×", ms(.extracted, \.storyboard) / ms(.source, \.storyboard)))
    print(String(format: "  screens, join:                                             %5.2f×", ms(.extracted, \.documents) / ms(.source, \.documents)))
    print(String(format: "  screens, compile:                                          %5.2f×", ms(.extracted, \.compile) / ms(.source, \.compile)))
    print("target: compiled loading no slower than 1.2× the source path: "
          + "zip against zip " + (zipToZip <= 1.2 ? "met" : "NOT met") + ", folder against folder " + (withoutExtraction <= 1.2 ? "met" : "NOT met")
          + ", zip against folder " + (withExtraction <= 1.2 ? "met" : "NOT met"))
    guard Set(compiledNames) == Set(sourceNames) else { fail("the compiled bundle and the sources build different screens") }
} catch {
    fail("\(error)")
}
