// Parses the generated ~20 MB document (the `JSONParsing` benchmark's) with WidgetryJSON's
// JSONParser and with Foundation's JSONSerialization, alternating the two round by round so that
// a shared machine's slow spells fall on both; prints the medians of the thread's CPU time and of
// the wall clock, and the ratio JSONSerialization / WidgetryJSON for each.
//   ./compare-parsing [--megabytes N] [--rounds N]
import Foundation
import Measuring
import ParsingDocument
import WidgetryJSON

var megabytes = 20
var rounds = 15
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let argument = arguments.next() {
    let value = arguments.next().flatMap { Int($0) }
    switch (argument, value) {
    case ("--megabytes", let count?) where count > 0: megabytes = count
    case ("--rounds", let count?) where count > 0: rounds = count
    default:
        FileHandle.standardError.write(Data("usage: compare-parsing [--megabytes N] [--rounds N]\n".utf8))
        exit(2)
    }
}

let document = GeneratedDocument.make(targetBytes: megabytes << 20)
let data = Data(document.bytes)

// Both parsers must see the same records before anything is timed.
let widgetryRecords = try JSONParser.parse(document.bytes).root.arrayValue?.count
let foundationRecords = (try JSONSerialization.jsonObject(with: data) as? [Any])?.count
guard widgetryRecords == document.recordCount, foundationRecords == document.recordCount else {
    FileHandle.standardError.write(Data("the parsers disagree: WidgetryJSON \(String(describing: widgetryRecords)), JSONSerialization \(String(describing: foundationRecords)) records, generated \(document.recordCount)\n".utf8))
    exit(1)
}

/// One parse and the release of its result, timed both ways.
struct Timing {
    var cpu: [Double] = []
    var wall: [Double] = []

    mutating func measure(_ parse: () throws -> Void) rethrows {
        var cpuTime = 0.0
        let wallTime = try nanoseconds {
            cpuTime = try cpuNanoseconds(parse)
        }
        cpu.append(cpuTime / 1e6)
        wall.append(wallTime / 1e6)
    }
}

var widgetry = Timing()
var foundation = Timing()
let parseWithWidgetry = { _ = try JSONParser.parse(document.bytes) }
let parseWithFoundation = { _ = try JSONSerialization.jsonObject(with: data) }
// A warm-up of each, then the rounds, each starting with the other parser than the last.
try parseWithWidgetry()
try parseWithFoundation()
for round in 0..<rounds {
    if round % 2 == 0 {
        try widgetry.measure(parseWithWidgetry)
        try foundation.measure(parseWithFoundation)
    } else {
        try foundation.measure(parseWithFoundation)
        try widgetry.measure(parseWithWidgetry)
    }
}

print(String(format: "%.1f MB of JSON, %d records; medians of %d alternating rounds, each a parse and the release of its result\n",
             Double(document.bytes.count) / 1_048_576, document.recordCount, rounds))
print("parser                 | CPU (ms) | wall (ms)")
print("-----------------------|----------|----------")
print(String(format: "WidgetryJSON           | %8.1f | %9.1f", median(widgetry.cpu), median(widgetry.wall)))
print(String(format: "JSONSerialization      | %8.1f | %9.1f", median(foundation.cpu), median(foundation.wall)))
print(String(format: "\nratio (JSONSerialization / WidgetryJSON): %.2f× CPU, %.2f× wall",
             median(foundation.cpu) / median(widgetry.cpu), median(foundation.wall) / median(widgetry.wall)))
