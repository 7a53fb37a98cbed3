// One full render pass of a screen whose table shows 10,000 rows with 4 bindings per cell,
// against evaluating the same 40,000 compiled bindings directly on the same objects, side by
// side in one run; prints both medians and the ratio (render / bare evaluation).
//
//   swift run -c release RenderPass [--rows N] [--rounds N]
import Foundation
import Measuring
import WidgetryBundle
import WidgetryBundleFetch
import WidgetryExpressions
import WidgetryJSON
import WidgetryRuntime
import WidgetryScreen
import WidgetryStore

var rows = 10_000, rounds = 15
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let argument = arguments.next() {
    let value = arguments.next() ?? ""
    switch argument {
    case "--rows": rows = Int(value) ?? rows
    case "--rounds": rounds = Int(value) ?? rounds
    default:
        FileHandle.standardError.write(Data("unknown option \(argument)\n".utf8))
        exit(2)
    }
}

let bindings = [
    #"{"from": "content.title"}"#,
    #"{"from": "content.count", "format": "%@ likes"}"#,
    #"{"to": "wx_visible", "from": "content", "predicateFormat": "count > 10"}"#,
    #"{"from": "content.created", "transformer": "ago"}"#,
]

func write(_ text: String, to path: String) throws {
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
}

/// A bundle: an Item entity, a screen with a table of Items whose Cell has four bound labels.
func makeBundle(at directory: String) throws {
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    try write(#"{"identifier": "bench.render", "entryScreen": "Items", "formatVersion": 1}"#, to: directory + "/Info.json")
    try write(#"""
        {"entities": {"Item": {"identityAttribute": "key", "attributes": {
          "key": {"type": "String", "JSONKeyPath": "key"}, "title": {"type": "String", "JSONKeyPath": "title"},
          "count": {"type": "Integer 64", "JSONKeyPath": "count"}, "created": {"type": "Date", "JSONKeyPath": "created"}}}}}
        """#, to: directory + "/Model.json")
    try write(#"{"actions": {}}"#, to: directory + "/StubService.json")
    try write("""
        {"Items": {
          "objects": {
            "items": {"type": "ManagedObjectsProvider", "attrs": {"entityName": "Item", "sortByFields": "key"}},
            "table": {"type": "TableDisplayController", "outlets": {"mainContentProvider": "items", "tableView": "tableView"}}},
          "elements": {
            "a": {"bindings": [\(bindings[0])]}, "b": {"bindings": [\(bindings[1])]},
            "c": {"bindings": [\(bindings[2])]}, "d": {"bindings": [\(bindings[3])]}},
          "views": {"type": "UIView", "children": [{"id": "tableView", "type": "UITableView", "prototypes": [{"reuseIdentifier": "Cell", "children": [
            {"id": "a", "type": "UILabel"}, {"id": "b", "type": "UILabel"}, {"id": "c", "type": "UILabel"}, {"id": "d", "type": "UILabel"}]}]}]}}}
        """, to: directory + "/Items.json")
}

do {
    let directory = NSTemporaryDirectory() + "widgetry-render-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try makeBundle(at: directory)
    let loaded = try await BundleLoader().load(try BundleSource(argument: directory))
    let now = Date(timeIntervalSince1970: 1_600_000_000)
    let run = try WidgetRun(bundle: loaded.bundle, options: WidgetRun.Options(now: now))
    guard let store = run.store else { throw CocoaError(.featureUnsupported) }
    let items = (0..<rows).map { #"{"key": "k\#(String(format: "%06d", $0))", "title": "Item \#($0)", "count": \#($0 % 50), "created": "2020-09-13T10:\#(String(format: "%02d", $0 % 60)):00Z"}"# }
    let json = try JSONParser.parse("[" + items.joined(separator: ",") + "]").root
    try store.perform { (transaction: inout StoreTransaction) throws(ImportError) in
        _ = try JSONImporter(transformerContext: TransformerContext(now: now)).importJSON(json, into: "Item", in: &transaction)
    }

    // The same bindings, compiled once, evaluated directly in a scope per object.
    let compiled = try bindings.map { text in
        let spec = try JSONParser.parse(text).root
        return try CompiledBinding(BindingSpec(to: spec["to"]?.stringValue ?? "wx_value", from: spec["from"]?.stringValue,
                                               predicateFormat: spec["predicateFormat"]?.stringValue, transformer: spec["transformer"]?.stringValue,
                                               format: spec["format"]?.stringValue), transformers: BindingTransformerRegistry())
    }
    let objects = store.objects(of: "Item").sorted { ($0.value(forKey: "key").stringValue ?? "") < ($1.value(forKey: "key").stringValue ?? "") }
    let context = EvaluationContext(now: now), transformerContext = TransformerContext(now: now)
    var renderTimes: [Double] = [], bareTimes: [Double] = []
    var rendered = 0, evaluated = 0
    for round in 0...rounds {
        let render = cpuSeconds { run.screen.render() }
        rendered = run.screen.tables["table"]?.sections.first?.rows.count ?? 0
        let bare = try cpuSeconds {
            evaluated = 0
            for object in objects {
                let scope = Value.dictionary(["content": .object(object)])
                for binding in compiled {
                    _ = try binding.evaluate(in: scope, context: context, transformerContext: transformerContext)
                    evaluated += 1
                }
            }
        }
        if round > 0 {
            renderTimes.append(render)
            bareTimes.append(bare)
        }
    }
    let problems = run.screen.problems
    print("\(rows) rows × \(bindings.count) bindings, median of \(rounds) rounds after a warm-up (CPU time of the thread)")
    print(String(format: "render pass (fetch, cells, bindings): %8.1f ms   (%d rows)", median(renderTimes) * 1000, rendered))
    print(String(format: "bare evaluation of the bindings:      %8.1f ms   (%d evaluations)", median(bareTimes) * 1000, evaluated))
    print(String(format: "ratio (render / bare): %.2f×", median(renderTimes) / median(bareTimes)))
    // Each round measures both passes back to back, so the ratio within a round shares the
    // machine's state; its spread over the rounds shows how much the load moved the figure.
    let paired = zip(renderTimes, bareTimes).map { $0 / $1 }.sorted()
    print(String(format: "per round: median %.2f×, middle half %.2f–%.2f×", median(paired), paired[paired.count / 4],
                 paired[(paired.count * 3) / 4]))
    if !problems.isEmpty { print("problems: \(problems.prefix(3))") }
    exit(rendered == rows && evaluated == rows * bindings.count && problems.isEmpty ? 0 : 1)
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(2)
}
