import Foundation
import Synchronization
import Testing
import WidgetryRender
import WidgetryTestSupport

/// One Chromium for a command's pictures: several pictures through one browser process, the
/// same bytes for the same page, and no process left behind by a closed session or a picture past
/// its timeout. An interrupted command (``ChromiumSession/stopAll()`` from its signal handler) is
/// tested on a `widgetry` process of its own (`PreviewPictureTests`): called here, it would stop
/// the browsers of every test running beside it in this process.
@Suite("Render: one Chromium for many pictures")
struct ChromiumSessionTests {
    /// A page of one colour.
    private static func page(_ colour: String) -> String {
        #"<!DOCTYPE html><html><body style="margin:0;background:\#(colour)"><p style="font:14px sans-serif">\#(colour)</p></body></html>"#
    }

    private static func size(of png: [UInt8]) -> (Int, Int) {
        (png[16...19].reduce(0) { $0 << 8 | Int($1) }, png[20...23].reduce(0) { $0 << 8 | Int($1) })
    }

    @Test(.enabled(if: ChromiumScreenshot.executable() != nil, "needs Debian's chromium (scripts/browser-test installs it)"))
    func severalPicturesAreTakenThroughOneBrowser() async throws {
        let session = try ChromiumSession()
        let red = try await session.png(of: Self.page("#ff0000"), width: 120, height: 80)
        let pid = try #require(await session.browserProcess)
        let blue = try await session.png(of: Self.page("#0000ff"), width: 200, height: 100)
        let redAgain = try await session.png(of: Self.page("#ff0000"), width: 120, height: 80)
        #expect(await session.browserProcess == pid, "the same Chromium drew every picture")
        #expect(await session.browsersStarted == 1)
        #expect(Self.size(of: red) == (120, 80) && Self.size(of: blue) == (200, 100))
        #expect(red == redAgain, "the same page gives the same bytes")
        #expect(red != blue)
        let alone = try ChromiumScreenshot.png(of: Self.page("#ff0000"), width: 120, height: 80)
        #expect(alone == red, "a browser of its own draws the same bytes")
        await session.close()
        #expect(!ProcessGroups.exists(pid), "Chromium and its helpers ended with the session")
        #expect(await session.browserProcess == nil)
    }

    /// A fake Chromium that writes its process id to `pids`, starts a helper in its group, and
    /// never answers.
    private static func silentChromium(in scratch: TemporaryDirectory) throws -> (path: String, pids: String) {
        let path = scratch.file("chromium"), pids = scratch.file("pids")
        try Data("#!/bin/sh\necho $$ >> '\(pids)'\nsleep 60 &\nexec sleep 60\n".utf8).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        return (path, pids)
    }

    private static func started(_ pids: String) -> [Int32] {
        ((try? String(contentsOfFile: pids, encoding: .utf8)) ?? "").split(separator: "\n").compactMap { Int32($0) }
    }

    /// As many sessions as the machine has cores wait on a browser that never answers; a task
    /// that sleeps a tenth of a second still wakes long before they give up, since the sessions
    /// wait on queues of their own and hold none of the threads tasks share.
    @Test func aPictureBeingDrawnHoldsNoneOfTheSharedThreads() async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let (chromium, _) = try Self.silentChromium(in: scratch)
        let sessions = try (0..<max(2, ProcessInfo.processInfo.activeProcessorCount)).map { _ in
            try ChromiumSession(timeout: 5, environment: ["WIDGETRY_CHROMIUM": chromium])
        }
        let order = Order()
        await withTaskGroup(of: Void.self) { group in
            for session in sessions {
                group.addTask {
                    _ = try? await session.png(of: Self.page("#fff"), width: 10, height: 10)
                    order.append("picture")
                }
            }
            group.addTask {
                try? await Task.sleep(for: .milliseconds(100))
                order.append("other work")
            }
        }
        #expect(order.events.first == "other work", "\(order.events)")
    }

    /// What happened, in order, from any task.
    private final class Order: Sendable {
        private let list = Mutex<[String]>([])
        func append(_ event: String) { list.withLock { $0.append(event) } }
        var events: [String] { list.withLock { $0 } }
    }

    @Test func aPicturePastItsTimeoutLeavesNoProcessAndTheNextStartsAnew() async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let (chromium, pids) = try Self.silentChromium(in: scratch)
        let session = try ChromiumSession(timeout: 0.5, environment: ["WIDGETRY_CHROMIUM": chromium])
        for attempt in 1...2 {
            await #expect(throws: ChromiumScreenshot.Failure.timedOut(seconds: 0.5)) {
                try await session.png(of: Self.page("#fff"), width: 10, height: 10)
            }
            #expect(await session.browsersStarted == attempt, "a stopped browser is started again for the next picture")
        }
        let groups = Self.started(pids)
        #expect(groups.count == 2)
        for group in groups { #expect(!ProcessGroups.exists(group), "browser \(group) and its helper were stopped") }
    }
}
