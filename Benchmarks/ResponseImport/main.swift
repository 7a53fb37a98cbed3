// A typed action's response, end to end, at several sizes: served over HTTP on 127.0.0.1 (by
// Python's http.server), received by HTTPTransport and imported by the ActionEngine, the path
// every response takes; side by side with the same bytes parsed to a tree and imported from it,
// the path responses took before. Each size and path runs in a process of its own, so the peak
// resident memory it reports is that run's alone, given as a multiple of the response's size.
// Time per megabyte staying flat across sizes is what linear means.
//
//   swift run -c release ResponseImport [--posts 25000,50000,100000,200000] [--rounds N]
import Foundation
import Measuring
import WidgetryExpressions
import WidgetryJSON
import WidgetryModel
import WidgetryService
import WidgetryServiceConfiguration
import WidgetryStore

let modelJSON = """
    {"entities": {
      "User": {"identityAttribute": "userId",
        "attributes": {"userId": {"type": "String", "JSONKeyPath": "id_str"}, "name": {"type": "String", "optional": true, "JSONKeyPath": "name"},
                       "nickname": {"type": "String", "optional": true, "JSONKeyPath": "screen_name"}},
        "relationships": {"posts": {"destination": "Post", "toMany": true, "inverse": "author", "deleteRule": "cascade"}}},
      "Post": {"identityAttribute": "postId", "ownerRelationship": "author",
        "attributes": {"postId": {"type": "String", "JSONKeyPath": "id_str"},
                       "favoritesCount": {"type": "Integer 32", "default": 0, "JSONKeyPath": "favorite_count"},
                       "text": {"type": "String", "optional": true, "JSONKeyPath": "text"}},
        "relationships": {"author": {"destination": "User", "inverse": "posts", "JSONKeyPath": "user"}}}}}
    """

/// `posts` posts by 1,000 authors, under `data` (the action reads them at `resultKeyPath`).
func generate(posts: Int) -> String {
    var text = "{\"data\": [\n"
    text.reserveCapacity(posts * 250)
    for i in 0..<posts {
        let author = i % 1_000
        text += #"{"id_str": "p\#(i)", "text": "Post number \#(i), with a few more words to make it a realistic length", "#
            + #""favorite_count": \#((i * 7919) % 100), "retweeted": false, "entities": {"hashtags": [], "urls": []}, "#
            + #""user": {"id_str": "u\#(author)", "name": "User \#(author)", "screen_name": "user\#(author)"}}"#
        text += i + 1 < posts ? ",\n" : "\n"
    }
    return text + "]}\n"
}

/// One measured run, as the child process prints it.
struct Measurement: Codable {
    var seconds: [Double]
    var peakKilobytes: Int
    var baselineKilobytes: Int
    var objects: Int
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("ResponseImport: \(message)\n".utf8))
    exit(1)
}

/// The child: imports `url` by `path` (`engine` or `tree`) `rounds` times after a first import
/// (whose peak memory it reports; it is not timed), each into a fresh store, and prints a ``Measurement``.
func child(path: String, url: String, rounds: Int) async throws {
    let model = try ModelJSONReader.read(JSONParser.parse(modelJSON, fileName: "model"), file: "model")
    let importer = JSONImporter(transformerContext: TransformerContext(now: Date(timeIntervalSince1970: 1_600_000_000)))
    let transport = HTTPTransport(options: HTTPTransportOptions(maxResponseBytes: 1 << 30))
    let slash = url.range(of: "/", options: .backwards)!.lowerBound
    let base = String(url[...slash]), file = String(url[url.index(after: slash)...])
    let action = ServiceAction(name: "feed", path: file, resultType: .array(entity: "Post"), resultKeyPath: "data")
    let configuration = ServiceConfiguration(file: "Service.json", defaults: ServiceDefaults(baseURL: base), actions: [action])
    var times: [Double] = [], objects = 0
    resetPeakResident()  // the peak starts again from what is resident now
    let baseline = peakResidentKilobytes()
    var peak = 0
    for round in 0...rounds {
        let store = ObjectStore(model: model)
        let start = ContinuousClock.now
        switch path {
        case "engine":
            let timeline = Timeline(clock: .real)
            let engine = ActionEngine(configuration: configuration, backend: .network(transport), timeline: timeline, store: store,
                                      importer: importer, options: .init(widgetIdentifier: "bench"))
            engine.perform("feed")
            await timeline.run()
            guard engine.events.last?.kind == .success else { fail("the engine did not import: \(engine.events)") }
        default:
            let request = ServiceRequest(action: "feed", method: .get, url: url)
            guard case .success(let response) = await transport.send(request) else { fail("the request failed") }
            let document = try JSONParser.parse(response.body, fileName: file)
            guard let data = document.root.objectValue?["data"] else { fail("no data") }
            try store.perform { (transaction: inout StoreTransaction) throws(ImportError) in
                _ = try importer.importJSON(data, into: "Post", in: &transaction)
            }
        }
        let elapsed = ContinuousClock.now - start
        if round > 0 { times.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18) }
        objects = store.objects(of: "Post").count
        // The peak of the first import, in a fresh process: later rounds reuse what malloc kept.
        if round == 0 { peak = peakResidentKilobytes() }
    }
    try await transport.shutdown()
    let measurement = Measurement(seconds: times, peakKilobytes: peak, baselineKilobytes: baseline, objects: objects)
    FileHandle.standardOutput.write(try JSONEncoder().encode(measurement))
}

/// Runs this executable as a child and reads its measurement.
func measure(path: String, url: String, rounds: Int) throws -> Measurement {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
    process.arguments = ["--child", path, url, String(rounds)]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { fail("the \(path) child failed") }
    return try JSONDecoder().decode(Measurement.self, from: data)
}

/// Python's http.server over `directory` on 127.0.0.1, port 0; returns the process and its port.
func startServer(in directory: String) throws -> (Process, Int) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", """
        import functools, http.server, sys
        handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=sys.argv[1])
        handler.func.log_message = lambda *args: None
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        print(server.server_address[1], flush=True)
        server.serve_forever()
        """, directory]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    var line = Data()
    while !line.contains(UInt8(ascii: "\n")) {
        let chunk = output.fileHandleForReading.availableData
        guard !chunk.isEmpty else { fail("the HTTP server did not start") }
        line.append(chunk)
    }
    guard let port = Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) else { fail("no port") }
    return (process, port)
}

var arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--child", arguments.count == 4 {
    try await child(path: arguments[1], url: arguments[2], rounds: Int(arguments[3]) ?? 3)
    exit(0)
}
var sizes = [25_000, 50_000, 100_000, 200_000], rounds = 3
while !arguments.isEmpty {
    let option = arguments.removeFirst(), value = arguments.isEmpty ? "" : arguments.removeFirst()
    switch option {
    case "--posts": sizes = value.split(separator: ",").compactMap { Int($0) }
    case "--rounds": rounds = Int(value) ?? rounds
    default: fail("unknown option \(option)")
    }
}

let directory = NSTemporaryDirectory() + "widgetry-response-import-\(getpid())"
try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(atPath: directory) }
let (server, port) = try startServer(in: directory)
defer { server.terminate() }

print("A typed action's response over HTTP, imported: the engine's path (from the bytes) against parse-then-import (a tree).")
print("Median of \(rounds) rounds after a first import; peak = the first import's peak resident set minus the resident set before it,")
print("over the response size (the imported objects included).\n")
print("posts    MB | engine s  s/MB  peak×  | tree s  s/MB  peak×  | tree/engine time  peak")
for posts in sizes {
    let name = "feed-\(posts).json"
    let body = generate(posts: posts)
    try Data(body.utf8).write(to: URL(fileURLWithPath: directory + "/" + name))
    let megabytes = Double(body.utf8.count) / 1_048_576
    let url = "http://127.0.0.1:\(port)/\(name)"
    let engine = try measure(path: "engine", url: url, rounds: rounds)
    let tree = try measure(path: "tree", url: url, rounds: rounds)
    guard engine.objects == posts, tree.objects == posts else { fail("imported \(engine.objects) and \(tree.objects) of \(posts) posts") }
    func peak(_ run: Measurement) -> Double { Double(run.peakKilobytes - run.baselineKilobytes) / 1024 / megabytes }
    let engineTime = median(engine.seconds), treeTime = median(tree.seconds)
    print(String(format: "%-7d %5.1f | %7.2f  %5.3f %5.1f  | %6.2f  %5.3f %5.1f  | %6.2f×  %6.2f×", posts, megabytes,
                 engineTime, engineTime / megabytes, peak(engine), treeTime, treeTime / megabytes, peak(tree),
                 treeTime / engineTime, peak(tree) / peak(engine)))
    try FileManager.default.removeItem(atPath: directory + "/" + name)
}
