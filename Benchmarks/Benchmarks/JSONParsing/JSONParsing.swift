// Parses the same deterministic ~20 MB JSON document with WidgetryJSON's JSONParser and with
// Foundation's JSONSerialization, so the two can be read side by side in one run.
//
// The document is generated once per process, outside the measured region (in each benchmark's
// setup closure), from a fixed seed: every run and every machine parses the same bytes.

import Benchmark
import Foundation
import ParsingDocument
import WidgetryJSON

// MARK: - Configuration

/// Size the generator aims for; it stops at the first record boundary past it.
let targetDocumentBytes = 20 * 1_024 * 1_024

// MARK: - The document

/// The generated document and the number of records in its top-level array. A global `let` is
/// initialized once, lazily and thread-safely, on first use, which is always a setup closure.
let document: GeneratedDocument = GeneratedDocument.make(targetBytes: targetDocumentBytes)

// MARK: - Cross-check

/// Parses the document once with both parsers (outside any measurement) and stops the run unless
/// both see the generated number of top-level records.
func verifyParsersAgree() throws {
    let widgetryCount: Int
    do {
        let parsed = try JSONParser.parse(document.bytes)
        guard let records = parsed.root.arrayValue else {
            fatalError("JSONParsing: WidgetryJSON did not parse the document's root as an array")
        }
        widgetryCount = records.count
    } catch {
        fatalError("JSONParsing: WidgetryJSON failed to parse the generated document: \(error)")
    }
    let foundationObject = try JSONSerialization.jsonObject(with: Data(document.bytes))
    guard let foundationRecords = foundationObject as? [Any] else {
        fatalError("JSONParsing: JSONSerialization did not parse the document's root as an array")
    }
    let foundationCount = foundationRecords.count
    guard widgetryCount == foundationCount, widgetryCount == document.recordCount else {
        fatalError(
            "JSONParsing: parsers disagree on the number of top-level records: WidgetryJSON \(widgetryCount), "
                + "JSONSerialization \(foundationCount), generated \(document.recordCount)")
    }
    print(
        "JSONParsing: document is \(document.bytes.count) bytes, \(document.recordCount) records; "
            + "WidgetryJSON and JSONSerialization agree")
}

// MARK: - Benchmarks

let benchmarks: @Sendable () -> Void = {
    // Built here rather than as globals: Benchmark.Configuration is not Sendable.
    let parseConfiguration = Benchmark.Configuration(
        metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .peakMemoryResident],
        timeUnits: .milliseconds,
        warmupIterations: 1,
        scalingFactor: .one,
        maxDuration: .seconds(20),
        maxIterations: 15
    )

    Benchmark(
        "WidgetryJSON parse 20MB",
        configuration: parseConfiguration
    ) { (benchmark: Benchmark, bytes: [UInt8]) throws in
        for _ in benchmark.scaledIterations {
            blackHole(try JSONParser.parse(bytes))
        }
    } setup: {
        try verifyParsersAgree()
        return document.bytes
    }

    Benchmark(
        "Foundation JSONSerialization 20MB",
        configuration: parseConfiguration
    ) { (benchmark: Benchmark, data: Data) throws in
        for _ in benchmark.scaledIterations {
            blackHole(try JSONSerialization.jsonObject(with: data))
        }
    } setup: {
        Data(document.bytes)
    }
}
