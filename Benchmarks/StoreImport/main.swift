// Imports generated posts (100,000 posts by 1,000 authors, ~25 MB of JSON) into Widgetry's
// in-memory store and, side by side in the same run, has Python/import_posts.py do the same work;
// prints both medians with the ratio (Python time / Widgetry time), then times a fetch of the
// imported posts. Times are wall-clock medians (Widgetry reads a large document on a second
// thread while it imports, so wall-clock time is what a host waits for) with the process's CPU
// time beside them (every thread's, on both sides: the work done). The two alternate round by
// round (Python in a process of its own each round, after its own warm-up), so that slow spells
// of this shared machine fall on both. Peak memory is each process's maximum resident set.
//
//   swift run -c release StoreImport [--posts N] [--authors N] [--rounds N] [--python PATH] [--only-bytes [no-python]]
import Foundation
import Measuring
import WidgetryExpressions
import WidgetryJSON
import WidgetryStore
import WidgetryModel

var posts = 100_000, authors = 1_000, rounds = 5, withTree = true, withPython = true
var python = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Python/import_posts.py").path
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let argument = arguments.next() {
    let value = arguments.next() ?? ""
    switch argument {
    case "--posts": posts = Int(value) ?? posts
    case "--authors": authors = Int(value) ?? authors
    case "--rounds": rounds = Int(value) ?? rounds
    case "--python": python = value
    case "--only-bytes": withTree = false; withPython = value != "no-python"  // for profiling: `--only-bytes no-python`
    default:
        FileHandle.standardError.write(Data("unknown option \(argument)\n".utf8))
        exit(2)
    }
}

let modelJSON = """
    {"entities": {
      "User": {"identityAttribute": "userId",
        "attributes": {"userId": {"type": "String", "JSONKeyPath": "id_str"}, "name": {"type": "String", "optional": true, "JSONKeyPath": "name"},
                       "nickname": {"type": "String", "optional": true, "JSONKeyPath": "screen_name"},
                       "imageName": {"type": "String", "optional": true, "JSONKeyPath": "image_name"}},
        "relationships": {"posts": {"destination": "Post", "toMany": true, "inverse": "author", "deleteRule": "cascade"}}},
      "Post": {"identityAttribute": "postId", "ownerRelationship": "author",
        "attributes": {"postId": {"type": "String", "JSONKeyPath": "id_str"},
                       "favoritesCount": {"type": "Integer 32", "default": 0, "JSONKeyPath": "favorite_count"},
                       "repostCount": {"type": "Integer 32", "default": 0, "JSONKeyPath": "repost_count"},
                       "text": {"type": "String", "optional": true, "JSONKeyPath": "text"},
                       "timestamp": {"type": "Date", "optional": true, "JSONKeyPath": "created_at"}},
        "relationships": {"author": {"destination": "User", "inverse": "posts", "JSONKeyPath": "user"}}}}}
    """

/// The posts, deterministically: post i by author i % authors, one minute apart.
func generate(posts: Int, authors: Int) -> String {
    let topics = ["Swift", "Linux", "widgets", "swift concurrency", "JSON"]
    let formatter = ISO8601DateFormatter()
    var text = "[\n"
    text.reserveCapacity(posts * 260)
    for i in 0..<posts {
        let author = i % authors
        let seconds = 1_529_517_600 + i * 60
        let date = formatter.string(from: Date(timeIntervalSince1970: Double(seconds)))
        text += #"{"id_str": "p\#(i)", "created_at": "\#(date)", "text": "Post number \#(i) about \#(topics[i % 5]), with a few more words to make it a realistic length", "favorite_count": \#((i * 7919) % 100), "repost_count": \#(i % 17), "user": {"id_str": "u\#(author)", "name": "User \#(author)", "screen_name": "user\#(author)", "image_name": "avatar\#(author)"}}"#
        text += i + 1 < posts ? ",\n" : "\n"
    }
    return text + "]\n"
}

do {
    let file = NSTemporaryDirectory() + "widgetry-store-import-\(posts).json"
    let json = generate(posts: posts, authors: authors)
    try Data(json.utf8).write(to: URL(fileURLWithPath: file))
    defer { try? FileManager.default.removeItem(atPath: file) }
    let megabytes = Double(json.utf8.count) / 1_048_576

    /// The Python peer, in a process of its own: `rounds` measured rounds after a warm-up.
    func runPython(rounds: Int) throws -> JSONValue {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", python, file, String(rounds)]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let pythonData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return try JSONParser.parse([UInt8](pythonData), fileName: "python").root
    }
    var peer = JSONValue(.object(JSONObject()))
    var pythonTimes: [Double] = [], pythonWallTimes: [Double] = [], pythonPeak = 0

    let model = try ModelJSONReader.read(JSONParser.parse(modelJSON, fileName: "model"), file: "model")
    let importer = JSONImporter(transformerContext: TransformerContext(now: Date(timeIntervalSince1970: 1_600_000_000)))
    // Both of Widgetry's paths, one after the other so each has its own peak memory: from the
    // bytes (what a host calls), and from a parsed tree.
    var times: [Double] = [], wallTimes: [Double] = [], treeTimes: [Double] = []
    var store = ObjectStore(model: model)
    resetPeakResident()
    for round in 0...rounds {
        // Python's round and Widgetry's alternate, so that this shared machine's slow spells fall on both.
        if withPython, round > 0 {
            peer = try runPython(rounds: 1)
            pythonTimes.append(peer["medianSeconds"]?.doubleValue ?? .nan)
            pythonWallTimes.append(peer["medianWallSeconds"]?.doubleValue ?? .nan)
            pythonPeak = max(pythonPeak, Int(peer["peakRSSKilobytes"]?.integerValue ?? 0))
        }
        // The last round's objects go before this round starts, as Python's do when its import returns.
        store = ObjectStore(model: model)
        var cpu = 0.0
        let wall = try seconds {
            cpu = try processCPUNanoseconds {
                let bytes = try fileBytes(file)
                try store.perform { (transaction: inout StoreTransaction) throws(JSONImportError) in
                    _ = try importer.importJSON(bytes, fileName: file, into: "Post", in: &transaction)
                }
            } / 1e9
        }
        if round > 0 {
            times.append(cpu)
            wallTimes.append(wall)
        }
    }
    let peak = peakResidentKilobytes()
    resetPeakResident()
    for round in 0..<(withTree ? rounds + 1 : 0) {
        let viaTree = ObjectStore(model: model)
        let elapsed = try processCPUNanoseconds {
            let bytes = try fileBytes(file)
            let document = try JSONParser.parse(bytes, fileName: file)
            try viaTree.perform { (transaction: inout StoreTransaction) throws(ImportError) in
                _ = try importer.importJSON(document.root, into: "Post", in: &transaction)
            }
        }
        if round > 0 { treeTimes.append(elapsed / 1e9) }
    }
    let treePeak = peakResidentKilobytes()
    let postCount = store.objects(of: "Post").count, userCount = store.objects(of: "User").count
    let request = FetchRequest(entity: "Post", predicate: try Predicate(format: "favoritesCount > 50 AND text CONTAINS[c] 'swift'"),
                               sortDescriptors: [.init("timestamp", ascending: false)])
    var fetched = 0
    var fetchTimes: [Double] = []
    for _ in 0..<rounds {
        fetchTimes.append(try seconds { fetched = try store.fetch(request).count })
    }

    let pythonSeconds = withPython ? median(pythonTimes) : .nan
    let widgetrySeconds = median(times)
    print(String(format: "%d posts by %d authors, %.1f MB of JSON, median of %d rounds after a warm-up", posts, authors, megabytes, rounds))
    print("")
    let pythonWall = withPython ? median(pythonWallTimes) : .nan, widgetryWall = median(wallTimes)
    print("implementation      | import CPU (s) | wall (s) | posts  | users | peak RSS (MB)")
    print("--------------------|----------------|----------|--------|-------|--------------")
    let peerName = (peer["implementation"]?.stringValue ?? "Python").padding(toLength: 20, withPad: " ", startingAt: 0)
    print(peerName + String(format: "| %14.3f | %8.3f | %6d | %5d | %12.0f", pythonSeconds, pythonWall,
                 Int(peer["posts"]?.integerValue ?? -1), Int(peer["users"]?.integerValue ?? -1), Double(pythonPeak) / 1024))
    print("Widgetry            " + String(format: "| %14.3f | %8.3f | %6d | %5d | %12.0f", widgetrySeconds, widgetryWall, postCount, userCount, Double(peak) / 1024))
    print(String(format: "\nratio (Python / Widgetry): %.1f× in wall-clock time, %.1f× in CPU time (all threads)", pythonWall / widgetryWall, pythonSeconds / widgetrySeconds))
    if withTree {
        print(String(format: "Widgetry from a parsed tree (JSONParser.parse, then import): median %.3f s CPU (all threads), peak RSS %.0f MB",
                     median(treeTimes), Double(treePeak) / 1024))
    }
    print(String(format: "fetch favoritesCount > 50 AND text CONTAINS[c] 'swift', sorted by timestamp descending: %d posts, median %.1f ms",
                 fetched, median(fetchTimes) * 1000))
    let agree = Int(peer["posts"]?.integerValue ?? -1) == postCount && Int(peer["users"]?.integerValue ?? -1) == userCount
    exit(agree || !withPython ? 0 : 1)
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(2)
}
