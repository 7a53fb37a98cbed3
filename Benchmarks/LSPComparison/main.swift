// `widgetry lsp` over pipes, the real binary, on the 1,000-screen bundle of the schema benchmark
// (GeneratedBundle): diagnostics after a one-character edit of a screen (from didChange to the
// publishDiagnostics of that file), the dependent screens' diagnostics after a one-character
// edit of the stub service and of the model, completion (again and right after an edit) and
// hover; side by side, alternating, the server's re-check after an edit against `widgetry lint`
// on the bundle as a process; and the server's resident size after the first hundred edits
// against after all of them.
//
//   swift run -c release LSPComparison --widgetry PATH [--screens N] [--rounds N] [--edits N]
import Foundation
import GeneratedBundle
import Measuring

var widgetry = "", screens = 1_000, rounds = 40, edits = 10_000
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let argument = arguments.next() {
    switch argument {
    case "--widgetry":
        widgetry = arguments.next() ?? ""
    case "--screens", "--rounds", "--edits":
        guard let value = arguments.next().flatMap({ Int($0) }), value > 0 else {
            FileHandle.standardError.write(Data("\(argument) takes a positive number\n".utf8))
            exit(2)
        }
        if argument == "--screens" { screens = value } else if argument == "--rounds" { rounds = value } else { edits = value }
    default:
        FileHandle.standardError.write(Data("unknown option \(argument)\n".utf8))
        exit(2)
    }
}
guard FileManager.default.isExecutableFile(atPath: widgetry) else {
    FileHandle.standardError.write(Data("--widgetry names no program: \(widgetry)\n".utf8))
    exit(2)
}

/// The `p`-th percentile (nearest rank) of `values`.
func percentile(_ values: [Double], _ p: Double) -> Double {
    let sorted = values.sorted()
    return sorted[min(sorted.count - 1, max(0, Int((p / 100 * Double(sorted.count)).rounded(.up)) - 1))]
}

func report(_ name: String, _ values: [Double], goal: Double) {
    let p95 = percentile(values, 95)
    print(String(format: "%-58@ p50 %7.1f ms   p95 %7.1f ms   (goal p95 ≤ %3.0f ms: %@)", name as NSString, median(values) * 1000, p95 * 1000, goal, p95 * 1000 <= goal ? "met" : "missed"))
}

/// A file of the bundle open in the server, edited one character at a time: `word`'s
/// character at `index` swapped with `other` and back, each edit a new version.
final class EditedFile {
    let uri: String
    let text: String
    let position: [String: Int]
    let original: String, changed: String
    var version = 1
    var isChanged = false

    init(path: String, word: String, index: Int, other: Character) throws {
        uri = URL(fileURLWithPath: path).absoluteString
        text = try String(contentsOfFile: path, encoding: .utf8)
        guard let range = text.range(of: word) else { throw CocoaError(.fileReadCorruptFile) }
        let at = text.index(range.lowerBound, offsetBy: index)
        let before = text[..<at]
        let line = before.split(separator: "\n", omittingEmptySubsequences: false)
        position = ["line": line.count - 1, "character": line.last?.utf16.count ?? 0]
        original = String(text[at])
        changed = String(other)
    }

    /// A position `offset` UTF-16 units after the edited character, on its line.
    func position(plus offset: Int) -> [String: Int] {
        ["line": position["line"]!, "character": position["character"]! + offset]
    }

    func open(_ client: LSPClient) throws {
        try client.notify("textDocument/didOpen", ["textDocument": ["uri": uri, "languageId": "json", "version": version, "text": text]])
    }

    /// Sends the next edit; its version.
    func edit(_ client: LSPClient) throws -> Int {
        version += 1
        isChanged.toggle()
        let end = ["line": position["line"]!, "character": position["character"]! + 1]
        try client.notify("textDocument/didChange", [
            "textDocument": ["uri": uri, "version": version],
            "contentChanges": [["range": ["start": position, "end": end], "text": isChanged ? changed : original]],
        ])
        return version
    }
}

/// After an edit, asks the server something cheap, which it answers only after the edit's
/// diagnostics (a change is linted before the next message is taken): the publications before it.
func publications(_ client: LSPClient) throws -> [LSPClient.Message] {
    try client.request("workspace/symbol", ["query": "#"]).before.filter { $0.method == "textDocument/publishDiagnostics" }
}

/// Seconds from `start` to the publication of `uri` at `version`.
func screenEdit(_ client: LSPClient, _ file: EditedFile) throws -> Double {
    let start = LSPClient.now()
    let version = try file.edit(client)
    guard let published = try publications(client).last(where: { $0.params?["uri"] as? String == file.uri && $0.params?["version"] as? Int == version }) else {
        FileHandle.standardError.write(Data("no diagnostics were published for \(file.uri) after version \(version)\n".utf8))
        exit(1)
    }
    return Double(published.time - start) / 1e9
}

/// Seconds from `start` to the last publication of a file other than `file`; how many there were.
func crossFileEdit(_ client: LSPClient, _ file: EditedFile) throws -> (Double, Int) {
    let start = LSPClient.now()
    _ = try file.edit(client)
    let others = try publications(client).filter { $0.params?["uri"] as? String != file.uri }
    guard let last = others.last else {
        FileHandle.standardError.write(Data("an edit of \(file.uri) published no other file's diagnostics\n".utf8))
        exit(1)
    }
    return (Double(last.time - start) / 1e9, others.count)
}

let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
let directory = NSTemporaryDirectory() + "widgetry-lsp-\(UUID().uuidString)"
defer { try? FileManager.default.removeItem(atPath: directory) }
let bytes = try GeneratedBundle.write(at: directory, screens: screens, feed: packageRoot + "/SampleWidgets/Feed")

let client = try LSPClient(executable: widgetry, arguments: ["lsp"])
let folder = URL(fileURLWithPath: directory).absoluteString
let initialize = try client.request("initialize", ["processId": Int(ProcessInfo.processInfo.processIdentifier), "rootUri": folder,
                                                   "capabilities": [String: Any](), "workspaceFolders": [["uri": folder, "name": "bundle"]]])
try client.notify("initialized", [:])
_ = try publications(client)
// Screen0000 is the feed: a predicate names favoritesCount, a binding a key path of a post.
let screen = try EditedFile(path: directory + "/Screen0000.json", word: "favoritesCount > 0", index: 5, other: "x")
let service = try EditedFile(path: directory + "/StubService.json", word: "\"homeFeed\": {", index: 5, other: "x")
let model = try EditedFile(path: directory + "/Model.json", word: "\"favoritesCount\"", index: 5, other: "x")
for file in [screen, service, model] { try file.open(client) }
_ = try publications(client)
print(String(format: "%d screens + the Feed's other files (%.1f MB), %d rounds after two warm-up edits, load average %@, %d cores",
             screens, Double(bytes) / 1_048_576, rounds, (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").prefix(3).joined(separator: " ") ?? "?",
             ProcessInfo.processInfo.activeProcessorCount))
_ = initialize

// A screen edit, alternating with `widgetry lint` on the bundle as a process.
var screenTimes: [Double] = [], lintTimes: [Double] = []
for round in -2..<rounds {
    let edit = try screenEdit(client, screen)
    let lint = try seconds {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: widgetry)
        process.arguments = ["lint", directory]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
    }
    if round >= 0 { screenTimes.append(edit); lintTimes.append(lint) }
}
var serviceTimes: [Double] = [], serviceCounts: Set<Int> = []
for round in -2..<rounds {
    let (time, count) = try crossFileEdit(client, service)
    if round >= 0 { serviceTimes.append(time); serviceCounts.insert(count) }
}
var modelTimes: [Double] = [], modelCounts: Set<Int> = []
for round in -2..<rounds {
    let (time, count) = try crossFileEdit(client, model)
    if round >= 0 { modelTimes.append(time); modelCounts.insert(count) }
}
// Completion inside the predicate's key path, hover over it and over the key that holds it.
var completionTimes: [Double] = [], hoverTimes: [Double] = [], keyHoverTimes: [Double] = []
let document = ["uri": screen.uri]
if screen.isChanged { _ = try screenEdit(client, screen) }
/// The time of a request, which must have a result (not null, not an error).
@MainActor func answered(_ method: String, plus offset: Int) throws -> Double {
    let (_, answer, nanoseconds) = try client.request(method, ["textDocument": document, "position": screen.position(plus: offset)])
    guard let result = answer.json["result"], !(result is NSNull) else {
        FileHandle.standardError.write(Data("\(method) at \(screen.position(plus: offset)) of \(screen.uri) had no result: \(answer.json)\n".utf8))
        exit(1)
    }
    return Double(nanoseconds) / 1e9
}
for round in -2..<rounds {
    let completion = try answered("textDocument/completion", plus: 0)
    let hover = try answered("textDocument/hover", plus: 2)
    let keyHover = try answered("textDocument/hover", plus: -12)
    if round >= 0 { completionTimes.append(completion); hoverTimes.append(hover); keyHoverTimes.append(keyHover) }
}
// Completion as an editor asks for it: right after an edit, once its diagnostics are in.
var editedCompletionTimes: [Double] = []
for round in -2..<rounds {
    _ = try screenEdit(client, screen)
    let completion = try answered("textDocument/completion", plus: 0)
    if round >= 0 { editedCompletionTimes.append(completion) }
}
if screen.isChanged { _ = try screenEdit(client, screen) }

report("diagnostics after a one-character edit of a screen", screenTimes, goal: 50)
report("dependent screens' diagnostics after an edit of the service (\(serviceCounts.sorted().map(String.init).joined(separator: "/")) files)", serviceTimes, goal: 250)
report("dependent screens' diagnostics after an edit of the model (\(modelCounts.sorted().map(String.init).joined(separator: "/")) files)", modelTimes, goal: 250)
report("completion in a predicate's key path", completionTimes, goal: 20)
report("completion right after an edit of the screen", editedCompletionTimes, goal: 20)
report("hover over a predicate's key path", hoverTimes, goal: 20)
report("hover over a key", keyHoverTimes, goal: 20)
let ratio = median(lintTimes) / median(screenTimes)
print(String(format: "re-check after an edit: server %.1f ms, widgetry lint as a process %.1f ms (medians, alternating): %.1f× (goal ≥ 10×: %@)",
             median(screenTimes) * 1000, median(lintTimes) * 1000, ratio, ratio >= 10 ? "met" : "missed"))

// Memory: the resident size after the first hundred edits against after all of them.
var afterHundred = 0
let memoryStart = LSPClient.now()
for index in 1...edits {
    _ = try screenEdit(client, screen)
    if index == min(100, edits) { afterHundred = client.residentKilobytes() }
}
let atEnd = client.residentKilobytes()
let growth = Double(atEnd - afterHundred) / Double(max(afterHundred, 1)) * 100
print(String(format: "resident size: %.1f MB after 100 edits, %.1f MB after %d (%+.1f%%; goal within 10%%: %@), %.0f s",
             Double(afterHundred) / 1024, Double(atEnd) / 1024, edits, growth, abs(growth) <= 10 ? "met" : "missed", Double(LSPClient.now() - memoryStart) / 1e9))

_ = try client.request("shutdown", [:])
try client.notify("exit", [:])
client.process.waitUntilExit()
