// PNG pictures of the samples' scenario steps through widgetry's one Chromium per command
// (`ChromiumSession`, the DevTools protocol over a pipe) against Playwright for Python taking
// screenshots of the same HTML files in one browser (the same Debian Chromium), side by side in
// one run, with the same Chromium flags: rounds alternate between the two, each round every
// picture once. Prints the median time per picture of each, the ratio (Playwright / widgetry),
// and what one picture costs with a Chromium started for it (`ChromiumScreenshot.png`).
//
//   PictureComparison --pictures DIR --python PATH --chromium PATH [--count N] [--rounds N]
//
// DIR is what `widgetry test --pictures DIR` wrote; ./compare-pictures makes it.
import Foundation
import Measuring
import WidgetryRender

var folder = "", python = "", chromium = "", count = 40, rounds = 7
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let argument = arguments.next() {
    let value = arguments.next() ?? ""
    switch argument {
    case "--pictures": folder = value
    case "--python": python = value
    case "--chromium": chromium = value
    case "--count": count = Int(value) ?? count
    case "--rounds": rounds = Int(value) ?? rounds
    default:
        FileHandle.standardError.write(Data("unknown option \(argument)\n".utf8))
        exit(2)
    }
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("compare-pictures: \(message)\n".utf8))
    exit(1)
}

/// One step's picture: its file, its HTML and the size of its screen.
struct Page {
    var path: String
    var html: String
    var width: Int
    var height: Int
}

/// `count` step pictures spread evenly over the sorted list of those in `folder`.
func pages(in folder: String, count: Int) -> [Page] {
    let files = (FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? [])
        .filter { $0.hasSuffix(".html") && !$0.hasSuffix("index.html") }.sorted()
    guard files.count >= count else { fail("\(folder) holds \(files.count) step pictures, fewer than \(count)") }
    let size = try! NSRegularExpression(pattern: #"class="screen"[^>]*style="width:([0-9.]+)px;height:([0-9.]+)px""#)
    return (0..<count).map { index in
        let path = folder + "/" + files[index * files.count / count]
        guard let html = try? String(contentsOfFile: path, encoding: .utf8),
              let match = size.firstMatch(in: html, range: NSRange(html.startIndex..., in: html)),
              let width = Double((html as NSString).substring(with: match.range(at: 1))),
              let height = Double((html as NSString).substring(with: match.range(at: 2))) else { fail("\(path) is no widgetry picture") }
        return Page(path: path, html: html, width: Int(width.rounded(.up)), height: Int(height.rounded(.up)))
    }
}

/// The Playwright side: a Python process that takes a round of screenshots when asked.
final class Playwright {
    private let process = Process()
    private let input = Pipe(), output = Pipe()
    private var buffered = Data()

    init(python: String, chromium: String, pages: [Page]) {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Python/screenshot_pages.py").path
        process.executableURL = URL(fileURLWithPath: python)
        // Widgetry's flags but those Playwright sets itself (headless, its pipe, its profile).
        let flags = ChromiumScreenshot.arguments(profile: "").filter {
            $0.hasPrefix("--") && !["--headless", "--remote-debugging-pipe"].contains($0) && !$0.hasPrefix("--user-data-dir=")
        }
        process.arguments = [script, chromium] + flags
        process.standardInput = input
        process.standardOutput = output
        do { try process.run() } catch { fail("Playwright could not start: \(error)") }
        send(pages.map { "\($0.path)\t\($0.width)\t\($0.height)\n" }.joined() + "\n")
        guard line() == "ready" else { fail("Playwright did not start its browser") }
    }

    private func send(_ text: String) {
        input.fileHandleForWriting.write(Data(text.utf8))
    }

    private func line() -> String {
        while true {
            if let end = buffered.firstIndex(of: UInt8(ascii: "\n")) {
                let text = String(decoding: buffered[..<end], as: UTF8.self)
                buffered = Data(buffered[(end + 1)...])
                return text
            }
            let more = output.fileHandleForReading.availableData
            guard !more.isEmpty else { fail("Playwright ended early") }
            buffered.append(more)
        }
    }

    /// The seconds one round took (as Playwright's process measured it) and the PNGs' sizes.
    func round() -> (seconds: Double, sizes: [Int]) {
        send("round\n")
        let fields = line().split(separator: " ")
        guard fields.count == 2, let seconds = Double(fields[0]) else { fail("Playwright answered no round") }
        return (seconds, fields[1].split(separator: ",").compactMap { Int($0) })
    }

    func close() {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }
}

guard !folder.isEmpty, !python.isEmpty, !chromium.isEmpty else { fail("give --pictures, --python and --chromium") }
let chosen = pages(in: folder, count: count)
let environment = ["WIDGETRY_CHROMIUM": chromium]
let session = try ChromiumSession(environment: environment)
let playwright = Playwright(python: python, chromium: chromium, pages: chosen)

/// One round of widgetry's pictures: the seconds and the PNGs' sizes.
func widgetryRound() async throws -> (seconds: Double, sizes: [Int]) {
    var sizes: [Int] = []
    let start = DispatchTime.now().uptimeNanoseconds
    for page in chosen { sizes.append(try await session.png(of: page.html, width: page.width, height: page.height).count) }
    return (Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9, sizes)
}

// Warm-up: each side's first round, widgetry's first picture starting its browser.
let start = DispatchTime.now().uptimeNanoseconds
_ = try await session.png(of: chosen[0].html, width: chosen[0].width, height: chosen[0].height)
let first = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
let warmed = try await widgetryRound()
let warmedPeer = playwright.round()
var ours: [Double] = [], theirs: [Double] = []
for _ in 0..<rounds {
    ours.append(try await widgetryRound().seconds / Double(chosen.count))
    theirs.append(playwright.round().seconds / Double(chosen.count))
}
await session.close()
playwright.close()
var alone: [Double] = []
for page in chosen.prefix(3) {
    alone.append(try seconds { _ = try ChromiumScreenshot.png(of: page.html, width: page.width, height: page.height, environment: environment) })
}
let sameSize = zip(warmed.sizes, warmedPeer.sizes).filter { $0 == $1 }.count
func ms(_ seconds: Double) -> String { String(format: "%.1f ms", seconds * 1000) }
print("\(chosen.count) step pictures (\(chosen.map(\.height).min()!)–\(chosen.map(\.height).max()!) px tall), \(rounds) rounds alternating, medians per picture:")
print("  widgetry ChromiumSession   \(ms(median(ours)))   (rounds: \(ours.map { ms($0) }.joined(separator: ", ")))")
print("  Playwright (Python)        \(ms(median(theirs)))   (rounds: \(theirs.map { ms($0) }.joined(separator: ", ")))")
print(String(format: "  ratio Playwright / widgetry: %.2f×", median(theirs) / median(ours)))
print("  widgetry's first picture, browser start included: \(ms(first))")
print("  one picture with a Chromium of its own (ChromiumScreenshot.png, median of 3): \(ms(median(alone)))")
print("  PNGs of the same byte count on both sides: \(sameSize) of \(chosen.count)")
