import AsyncHTTPClient
import Foundation
import Testing
import WidgetryAssets
import WidgetryRender
import WidgetryTestSupport
@testable import WidgetryCLI

/// The preview's `/picture.png`: the picture `/picture` shows, drawn by one Chromium for the
/// preview's life, started at the first PNG and ended with the preview; requests that come
/// together are drawn one after another.
@Suite("CLI: the preview's PNGs")
struct PreviewPictureTests {
    /// The status, content type and bytes of `GET path`.
    private static func get(_ path: String, from preview: PreviewHarness) async throws -> (status: Int, type: String, bytes: [UInt8]) {
        let response = try await preview.client.execute(HTTPClientRequest(url: preview.base + path), timeout: .seconds(60))
        let body = try await response.body.collect(upTo: 16 << 20)
        return (Int(response.status.code), response.headers.first(name: "Content-Type") ?? "", Array(body.readableBytesView))
    }

    @Test(.enabled(if: ChromiumScreenshot.executable() != nil, "needs Debian's chromium (scripts/browser-test installs it)"))
    func thePNGIsThePictureDrawnByOneChromiumThatEndsWithThePreview() async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let counting = try CountingChromium(in: scratch)
        let pictures = PreviewPictures(environment: ["WIDGETRY_CHROMIUM": counting.path])
        try await PreviewHarness.with(pictures: pictures) { preview in
            #expect(counting.browsers.isEmpty, "no Chromium before a PNG is asked for")
            async let first = Self.get("/picture.png", from: preview)
            async let second = Self.get("/picture.png", from: preview)
            async let third = Self.get("/picture.png", from: preview)
            let answers = try await [first, second, third]
            for answer in answers {
                #expect(answer.status == 200)
                #expect(answer.type == "image/png")
            }
            #expect(answers[0].bytes == answers[1].bytes && answers[1].bytes == answers[2].bytes)
            let html = try await preview.send("/picture").text
            let alone = try PNGImage.recording([PictureFont.keyword: PictureFont.resolved()], in: ChromiumScreenshot.png(of: html, width: 375, height: 667))
            #expect(answers[0].bytes == alone, "the PNG is /picture drawn as render draws it, its font recorded")

            let opened = try await preview.send("/interact", method: "POST", body: #"{"tapRow": 1, "of": "tableView"}"#)
            #expect(opened.status == 200)
            let details = try await Self.get("/picture.png", from: preview)
            #expect(details.status == 200)
            #expect(details.bytes != answers[0].bytes, "the PNG follows the state")
            #expect(counting.browsers.count == 1, "one Chromium drew every PNG")
        }
        let browsers = counting.browsers
        #expect(browsers.count == 1)
        for browser in browsers { #expect(!ProcessGroups.exists(browser), "Chromium ended with the preview") }
    }

    @Test(.enabled(if: ChromiumScreenshot.executable() != nil, "needs Debian's chromium (scripts/browser-test installs it)"),
          arguments: [SIGINT, SIGTERM])
    func anInterruptedPreviewLeavesNoBrowser(_ signalNumber: Int32) async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let counting = try CountingChromium(in: scratch)
        let log = scratch.file("stderr.txt")
        _ = FileManager.default.createFile(atPath: log, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandRunner.executable)
        process.arguments = ["preview", CommandRunner.feed, "--port", "0", "--now", "2018-06-20T19:00:00Z"]
        process.environment = ProcessInfo.processInfo.environment.merging(["WIDGETRY_CHROMIUM": counting.path]) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle(forWritingAtPath: log)
        try process.run()
        var port: Int?
        while process.isRunning, port == nil {
            let said = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            port = said.firstRange(of: "http://127.0.0.1:").flatMap { Int(said[$0.upperBound...].prefix { $0.isNumber }) }
            if port == nil { try await Task.sleep(for: .milliseconds(20)) }
        }
        let base = try #require(port.map { "http://127.0.0.1:\($0)" }, "the preview started")
        let client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup)
        let response = try await client.execute(HTTPClientRequest(url: base + "/picture.png"), timeout: .seconds(60))
        _ = try await response.body.collect(upTo: 16 << 20)
        try await client.shutdown()
        #expect(response.status.code == 200)
        let browsers = counting.browsers
        #expect(browsers.count == 1)
        kill(process.processIdentifier, signalNumber)
        process.waitUntilExit()
        #expect(process.terminationStatus == 128 + signalNumber)
        for browser in browsers {
            #expect(await ProcessResources.settles(within: 10) { !ProcessGroups.exists(browser) }, "Chromium ended with the preview")
        }
    }

    @Test func withoutChromiumThePNGIsRefusedWithWhatToInstall() async throws {
        let pictures = PreviewPictures(environment: ["WIDGETRY_CHROMIUM": "/nonexistent/chromium"])
        try await PreviewHarness.with(pictures: pictures) { preview in
            let refused = try await preview.send("/picture.png")
            #expect(refused.status == 503)
            let answer = try preview.json(refused.text)
            #expect(answer["code"]?.stringValue == "usage.missing-program", "\(refused.text)")
            #expect(answer["error"]?.stringValue?.contains("apt-get install chromium") == true)
            let posted = try await preview.send("/picture.png", method: "POST", body: "{}")
            #expect(posted.status == 405)
        }
    }
}
