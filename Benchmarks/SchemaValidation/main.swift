// `widgetry validate`'s work on a generated bundle of 1,000 screens (the Feed sample's three
// screens, copied under new names, with its manifest, model, stub service and scenarios), in
// process with the schemas compiled once, against Python's jsonschema doing the same work on the
// same files in the same run, and jsonschema-rs (Rust) driven from Python with orjson and with
// json. Prints the medians and the ratios (peer / Widgetry).
//
//   swift run -c release SchemaValidation [--screens N] [--rounds N] [--python-rounds N] [--no-python] [--no-lint]
import Foundation
import GeneratedBundle
import Measuring
import WidgetryJSON
import WidgetryBundle
import WidgetryBundleFetch
import WidgetryLint

var screens = 1_000, rounds = 7, pythonRounds = 5, withPython = true, withLint = true
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let argument = arguments.next() {
    switch argument {
    case "--no-python":
        withPython = false
    case "--no-lint":
        withLint = false
    case "--screens", "--rounds", "--python-rounds":
        guard let value = arguments.next().flatMap({ Int($0) }), value > 0 else {
            FileHandle.standardError.write(Data("\(argument) takes a positive number\n".utf8))
            exit(2)
        }
        if argument == "--screens" { screens = value } else if argument == "--rounds" { rounds = value } else { pythonRounds = value }
    default:
        FileHandle.standardError.write(Data("unknown option \(argument)\n".utf8))
        exit(2)
    }
}

/// The number of findings of every file parsed with locations and validated against its kind's
/// schema, files spread over every core: what validation did before it read tapes.
func treePath(_ bundle: BundleJSONFiles, _ validator: BundleValidator) -> Int {
    let files = bundle.files
    let buffer = UnsafeMutableBufferPointer<Int>.allocate(capacity: files.count)
    defer { buffer.deallocate() }
    // Each iteration writes only its own slot.
    nonisolated(unsafe) let counts = buffer
    DispatchQueue.concurrentPerform(iterations: files.count) { index in
        let file = files[index]
        switch file.parse() {
        case .failure: counts[index] = 1
        case .success(let document):
            counts[index] = file.kind.map { validator.diagnostics(for: document, kind: $0, file: file.displayPath).count } ?? 0
        }
    }
    return counts.reduce(0, +)
}

let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
let feed = packageRoot + "/SampleWidgets/Feed"
let python = packageRoot + "/Benchmarks/Python/validate_bundle.py"

do {
    let directory = NSTemporaryDirectory() + "widgetry-schema-validation-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let bytes = try GeneratedBundle.write(at: directory, screens: screens, feed: feed)

    // The peers first, each in its own process: Python's jsonschema, and jsonschema-rs with
    // orjson and with json.
    let peers = withPython ? [("jsonschema", "json", pythonRounds), ("jsonschema-rs", "orjson", rounds), ("jsonschema-rs", "json", rounds)] : []
    var peerResults: [JSONValue] = []
    for (engine, reader, peerRounds) in peers {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", python, directory, packageRoot + "/Schemas", String(peerRounds), engine, reader]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let pythonData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            FileHandle.standardError.write(Data("the Python peer \(engine) + \(reader) failed (pip install --user jsonschema jsonschema-rs orjson)\n".utf8))
            exit(1)
        }
        peerResults.append(try JSONParser.parse([UInt8](pythonData), fileName: "python").root)
    }

    let compile = try seconds { _ = try BundleSchemas(files: BundledSchemas.files, compilingAll: true) }
    let validator = BundleValidator(schemas: try BundleSchemas())
    var fullTimes: [Double] = [], readTimes: [Double] = [], validationTimes: [Double] = [], treeTimes: [Double] = []
    var outcome: BundleValidator.Outcome?
    var treeFindings = 0
    for round in 0...rounds {
        let full = try seconds { outcome = try validator.validate(directory: directory) }
        var files: BundleJSONFiles?
        let read = try seconds { files = try BundleJSONFiles(directory: directory) }
        let validation = seconds { _ = files.map { validator.validate($0) } }
        // The path before tapes: every file parsed with locations and validated, on every core.
        let tree = seconds { treeFindings = files.map { treePath($0, validator) } ?? -1 }
        if round > 0 {
            fullTimes.append(full)
            readTimes.append(read)
            validationTimes.append(validation)
            treeTimes.append(read + tree)
        }
    }
    let checked = outcome?.report.files.count ?? 0
    let violations = outcome?.report.diagnostics.count ?? 0
    let widgetry = median(fullTimes)

    print(String(format: "%d screens + %d other files (%.1f MB), median of %d rounds after a warm-up (Python jsonschema: %d), %d cores",
                 screens, checked - screens, Double(bytes) / 1_048_576, rounds, pythonRounds, ProcessInfo.processInfo.activeProcessorCount))
    print(String(format: "Widgetry: compile the %d schemas (once)                 %9.1f ms", BundledSchemas.files.count, compile * 1000))
    print(String(format: "Widgetry: validate the bundle (list, read, parse, check) %7.1f ms   (%d files, %d findings)", widgetry * 1000, checked, violations))
    print(String(format: "Widgetry: of which list, read and tape the files       %9.1f ms", median(readTimes) * 1000))
    print(String(format: "Widgetry: of which check the tapes                     %9.1f ms", median(validationTimes) * 1000))
    print(String(format: "Widgetry, the tree path (read and tape, then parse with locations and validate every file) %.1f ms   (%d findings)   %.2f× the tape path",
                 median(treeTimes) * 1000, treeFindings, median(treeTimes) / widgetry))
    if withLint {
        // The full lint of the same bundle (every screen loaded as the runtime loads it, then the
        // rules across files): reported alone, there is no peer.
        let loadStart = DispatchTime.now().uptimeNanoseconds
        let loaded: LoadedBundle? = try await BundleLoader().load(try BundleSource(argument: directory))
        let load = Double(DispatchTime.now().uptimeNanoseconds - loadStart) / 1e9
        var lintTimes: [Double] = []
        var lintFindings = 0
        if let bundle = loaded?.bundle {
            for round in 0...min(rounds, 3) {
                let time = seconds { lintFindings = Linter().lint(bundle, displayPrefix: "").diagnostics.count }
                if round > 0 { lintTimes.append(time) }
            }
        }
        print(String(format: "Widgetry: load the bundle for lint                     %9.1f ms", load * 1000))
        print(String(format: "Widgetry: lint the bundle (%d rules)                   %9.1f ms   (%d findings, median of %d)",
                     LintRules.all.count, median(lintTimes) * 1000, lintFindings, lintTimes.count))
    }
    var agree = true
    for peer in peerResults {
        let peerSeconds = peer["medianSeconds"]?.doubleValue ?? .nan
        let peerFiles = Int(peer["files"]?.integerValue ?? -1)
        let peerViolations = Int(peer["violations"]?.integerValue ?? -1)
        let name = "\(peer["validator"]?.stringValue ?? "?") \(peer["version"]?.stringValue ?? "?") + \(peer["reader"]?.stringValue ?? "?") \(peer["readerVersion"]?.stringValue ?? "?")"
        print(String(format: "%@ %@ %9.1f ms   (%d files, %d violations)   ratio (peer / Widgetry) %.2f×",
                     name, String(repeating: " ", count: max(0, 40 - name.count)), peerSeconds * 1000, peerFiles, peerViolations,
                     peerSeconds / widgetry))
        if peerFiles != checked || peerViolations != violations {
            print("\(name) and Widgetry disagree on the files checked or the violations found")
            agree = false
        }
    }
    exit(agree && violations == 0 ? 0 : 1)
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(2)
}
