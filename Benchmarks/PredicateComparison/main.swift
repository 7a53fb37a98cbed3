// Measures Widgetry's predicates, the same tests written by hand in Swift (HandWritten.swift) and
// GNUstep's NSPredicate on the same workload in one run and prints them side by side with the
// ratios Widgetry time / hand-written time (1 is as fast as hand-written code) and GNUstep time /
// Widgetry time (above 1 means Widgetry is faster). The GNUstep side is the Objective-C harness in
// ../GNUstep, run as a subprocess; it builds the same records and reports its own medians as JSON.
//
//   swift run -c release PredicateComparison --gnustep PATH [--records N] [--rounds R] [--parse-iterations P]
//   swift run -c release PredicateComparison --widgetry-only NAME     (one case, Widgetry alone: for profiling)
//   swift run -c release PredicateComparison --hand-written-only NAME (one case, hand-written alone: for profiling)
//
// Exits 1 when the implementations disagree on how many records a predicate matches.
import Foundation
import Measuring
import WidgetryExpressions
import WidgetryJSON

struct Workload {
    var records = 100_000
    var rounds = 7
    var parseIterations = 20_000
    var gnustep: String?
    /// Measure only Widgetry, only the named case (for profiling).
    var only: String?
    /// Measure only the hand-written version of the named case (for profiling).
    var handWrittenOnly: String?

    init(arguments: [String]) {
        var iterator = arguments.dropFirst().makeIterator()
        while let argument = iterator.next() {
            let value = iterator.next() ?? ""
            switch argument {
            case "--records": records = Int(value) ?? records
            case "--rounds": rounds = Int(value) ?? rounds
            case "--parse-iterations": parseIterations = Int(value) ?? parseIterations
            case "--gnustep": gnustep = value
            case "--widgetry-only": only = value
            case "--hand-written-only": handWrittenOnly = value
            default:
                FileHandle.standardError.write(Data("unknown option \(argument)\n".utf8))
                exit(2)
            }
        }
    }
}

struct Measurement {
    var name: String
    var predicate: String
    var parseNanoseconds: Double
    var evaluateNanosecondsPerRecord: Double
    var matches: Int
    /// The hand-written version's time and count (Widgetry's measurements only; NaN and -1
    /// otherwise).
    var handWrittenNanosecondsPerRecord = Double.nan
    var handWrittenMatches = -1
}

let cases: [(name: String, predicate: String)] = [
    ("count-gt", "favoritesCount > 50"),
    ("contains-cd-and", "text CONTAINS[cd] 'SWIFT' AND favoritesCount >= 10"),
    ("keypath-beginswith", "author.name BEGINSWITH 'user 1'"),
    ("matches", "text MATCHES '.*number [0-9]+ about.*'"),
]

/// The records PredicateBench.m builds, value for value.
func makeRecords(_ count: Int) -> [Value] {
    let topics = ["Swift", "Linux", "widgets", "swift concurrency", "JSON"]
    return (0..<count).map { i in
        [
            "favoritesCount": .int(Int64((i * 7919) % 100)),
            "text": .string("Post number \(i) about \(topics[i % 5])"),
            "timestamp": .date(Date(timeIntervalSinceReferenceDate: 600_000_000 + Double(i) * 60)),
            "author": ["name": .string("user \(i % 1000)")],
        ]
    }
}

/// One round of the case `name`: Widgetry's parse and evaluate times and, unless measuring
/// Widgetry alone, the hand-written version's, with the match counts.
func measureRound(_ name: String, _ format: String, _ workload: Workload, records: [Value],
                  handWritten: HandWritten?) throws -> Measurement {
    let parse = try cpuNanoseconds {
        for _ in 0..<workload.parseIterations { _ = try Predicate(format: format) }
    }
    let predicate = try Predicate(format: format)
    var count = 0
    let evaluate = try cpuNanoseconds {
        for record in records where try predicate.evaluate(with: record) { count += 1 }
    }
    var sample = Measurement(name: name, predicate: format, parseNanoseconds: parse / Double(workload.parseIterations),
                             evaluateNanosecondsPerRecord: evaluate / Double(records.count), matches: count)
    if let handWritten {
        var handMatches = -1
        let hand = try cpuNanoseconds { handMatches = try handWritten.count(name, in: records) }
        sample.handWrittenNanosecondsPerRecord = hand / Double(records.count)
        sample.handWrittenMatches = handMatches
    }
    return sample
}

/// The medians of one side's rounds of a case; a match count that changes between rounds is a bug.
func summarize(_ samples: [Measurement]) -> Measurement {
    let first = samples[0]
    for sample in samples where sample.matches != first.matches || sample.handWrittenMatches != first.handWrittenMatches {
        fatalError("\(first.name): match count changed between rounds")
    }
    return Measurement(name: first.name, predicate: first.predicate, parseNanoseconds: median(samples.map(\.parseNanoseconds)),
                       evaluateNanosecondsPerRecord: median(samples.map(\.evaluateNanosecondsPerRecord)),
                       matches: first.matches,
                       handWrittenNanosecondsPerRecord: median(samples.map(\.handWrittenNanosecondsPerRecord)),
                       handWrittenMatches: first.handWrittenMatches)
}

/// One round of GNUstep's harness, in a process of its own (it warms up first, then measures
/// once): each case's parse and evaluate times.
func runGNUstepRound(_ workload: Workload) throws -> (implementation: String, results: [String: Measurement]) {
    guard let path = workload.gnustep else { throw Failure("give --gnustep PATH (build it with ../GNUstep/build)") }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = ["--records", String(workload.records), "--rounds", "1",
                         "--parse-iterations", String(workload.parseIterations)]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { throw Failure("\(path) exited with status \(process.terminationStatus)") }
    let root = try JSONParser.parse([UInt8](data), fileName: path).root
    var results: [String: Measurement] = [:]
    for entry in root["results"]?.arrayValue ?? [] {
        guard let name = entry["name"]?.stringValue else { continue }
        results[name] = Measurement(
            name: name, predicate: entry["predicate"]?.stringValue ?? "",
            parseNanoseconds: entry["parseNanoseconds"]?.doubleValue ?? .nan,
            evaluateNanosecondsPerRecord: entry["evaluateNanosecondsPerRecord"]?.doubleValue ?? .nan,
            matches: Int(entry["matches"]?.integerValue ?? -1))
    }
    return (root["implementation"]?.stringValue ?? "GNUstep", results)
}

struct Failure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

func format(_ value: Double) -> String {
    value >= 100 ? String(format: "%.0f", value) : String(format: "%.1f", value)
}

func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
}

do {
    let workload = Workload(arguments: CommandLine.arguments)
    if let name = workload.handWrittenOnly {
        let records = makeRecords(workload.records), handWritten = try HandWritten()
        var times: [Double] = [], matches = 0
        for round in 0...workload.rounds {
            let time = try cpuNanoseconds { matches = try handWritten.count(name, in: records) }
            if round > 0 { times.append(time / Double(records.count)) }
        }
        print("\(name), hand-written: evaluate \(format(median(times))) ns/record, \(matches) matches")
        exit(0)
    }
    if let only = workload.only {
        guard let predicate = cases.first(where: { $0.name == only })?.predicate else { throw Failure("no case named \(only)") }
        let records = makeRecords(workload.records)
        let samples = try (0...workload.rounds).map { _ in
            try measureRound(only, predicate, workload, records: records, handWritten: nil)
        }.dropFirst() // round 0 warms up
        let measurement = summarize(Array(samples))
        print("\(only): parse \(format(measurement.parseNanoseconds)) ns, evaluate \(format(measurement.evaluateNanosecondsPerRecord)) ns/record, \(measurement.matches) matches")
        exit(0)
    }
    // The rounds alternate: GNUstep's harness, then every case on Widgetry's side, so that both
    // meet the same load on a shared machine. Within a round each side warms up on a case before
    // it measures it, as the harness does in its process.
    let records = makeRecords(workload.records)
    let handWritten = try HandWritten()
    var implementation = "GNUstep"
    var gnustepSamples: [String: [Measurement]] = [:]
    var widgetrySamples: [String: [Measurement]] = [:]
    for _ in 0..<workload.rounds {
        let round = try runGNUstepRound(workload)
        implementation = round.implementation
        for (name, measurement) in round.results { gnustepSamples[name, default: []].append(measurement) }
        for (name, format) in cases {
            _ = try measureRound(name, format, workload, records: records, handWritten: handWritten)
            widgetrySamples[name, default: []].append(
                try measureRound(name, format, workload, records: records, handWritten: handWritten))
        }
    }
    let gnustep = gnustepSamples.mapValues(summarize)
    let widgetry = cases.map { summarize(widgetrySamples[$0.name] ?? []) }
    print("\(workload.records) records, \(workload.rounds) rounds (medians), \(workload.parseIterations) parses per round")
    print("GNUstep: \(implementation), one process per round, alternating with Widgetry's rounds; CPU time of the measuring thread in ns (parse: per parse; evaluate: per record)")
    print("ratios: GNUstep / Widgetry (above 1: Widgetry faster); Widgetry / hand-written (1: as fast as hand-written Swift)")
    print("")
    print("benchmark           | GNUstep parse | Widgetry parse | ratio  | GNUstep eval | Widgetry eval | ratio  | hand eval | W/hand | matches")
    print("--------------------|---------------|----------------|--------|--------------|---------------|--------|-----------|--------|--------")
    var agree = true
    for measurement in widgetry {
        guard let peer = gnustep[measurement.name] else { throw Failure("GNUstep has no result for \(measurement.name)") }
        let parseRatio = peer.parseNanoseconds / measurement.parseNanoseconds
        let evaluateRatio = peer.evaluateNanosecondsPerRecord / measurement.evaluateNanosecondsPerRecord
        let handRatio = measurement.evaluateNanosecondsPerRecord / measurement.handWrittenNanosecondsPerRecord
        let same = peer.matches == measurement.matches && measurement.handWrittenMatches == measurement.matches
        let matches = same ? "\(measurement.matches)"
            : "DIFFER: GNUstep \(peer.matches), Widgetry \(measurement.matches), hand-written \(measurement.handWrittenMatches)"
        agree = agree && same
        print(measurement.name.padding(toLength: 20, withPad: " ", startingAt: 0) + "|"
              + pad(format(peer.parseNanoseconds), 14) + " |" + pad(format(measurement.parseNanoseconds), 15) + " |"
              + pad(String(format: "%.1f×", parseRatio), 7) + " |" + pad(format(peer.evaluateNanosecondsPerRecord), 13) + " |"
              + pad(format(measurement.evaluateNanosecondsPerRecord), 14) + " |" + pad(String(format: "%.1f×", evaluateRatio), 7)
              + " |" + pad(format(measurement.handWrittenNanosecondsPerRecord), 10) + " |" + pad(String(format: "%.2f×", handRatio), 7)
              + " | " + matches)
    }
    exit(agree ? 0 : 1)
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(2)
}
