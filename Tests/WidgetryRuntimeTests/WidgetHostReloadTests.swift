import Foundation
import Testing
import WidgetryBundleFetch
import WidgetryRuntime
import WidgetryTestSupport

/// `WidgetHost.reload`: a widget started anew from its source, in its place among its
/// requests, on the screen it showed; another service file; a failed reload that leaves the
/// widget loaded without a run. A copy of the Feed sample, so its files can change.
struct WidgetHostReloadTests {
    /// A copy of the Feed sample in `scratch`.
    private func feedCopy(in scratch: TemporaryDirectory) throws -> String {
        let folder = scratch.file("Feed")
        try FileManager.default.copyItem(atPath: WidgetHostTests.feed, toPath: folder)
        return folder
    }

    /// The screen on top of widget `identifier`.
    private func screen(of host: WidgetHost, _ identifier: String) async throws -> String {
        try await host.withRun(identifier) { run in run.screen.document.name }
    }

    @Test func aReloadReadsTheEditedBundleAndStaysOnTheScreenShown() async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let folder = try feedCopy(in: scratch)
        let host = WidgetHost(options: WidgetHostTests.options)
        try await host.load(identifier: "feed", source: folder)
        let tapped = try await host.withRun("feed") { run in (try? await run.perform(.tap("addButton"))) != nil }
        #expect(tapped)
        #expect(try await screen(of: host, "feed") == "NewPostViewController")
        let file = folder + "/NewPostViewController.json"
        let original = try String(contentsOfFile: file, encoding: .utf8)
        try original.replacingOccurrences(of: "\"Cancel\"", with: "\"Dismiss\"").write(toFile: file, atomically: true, encoding: .utf8)

        try await host.reload("feed")
        #expect(try await screen(of: host, "feed") == "NewPostViewController", "the screen that was on top")
        #expect(try await host.snapshotText("feed").contains("\"Dismiss\""), "the edited file")
        await host.shutdown()
        var loads: [String] = []
        for await event in host.events {
            if case .loaded(_, let screen, _, _) = event { loads.append(screen) }
        }
        #expect(loads == ["FeedViewController", "NewPostViewController"], "each start reported with the screen it starts on")
    }

    @Test func aFailedReloadLeavesTheWidgetWithoutARunUntilAReloadSucceeds() async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let folder = try feedCopy(in: scratch)
        let host = WidgetHost(options: WidgetHostTests.options)
        try await host.load(identifier: "feed", source: folder)

        // The Feed sample has no Service.dev.json.
        do {
            try await host.reload("feed", service: .dev)
            Issue.record("the widget started without its service file")
        } catch {
            #expect(error.code == "host.load-failed")
        }
        do {
            _ = try await host.snapshotText("feed")
            Issue.record("a widget whose reload failed answered")
        } catch {
            #expect(error.code == "host.not-running")
            #expect(error.identifier == "feed")
            guard case .notRunning(_, .run) = error else {
                Issue.record("got \(error)")
                return
            }
        }
        #expect(await host.identifiers == ["feed"], "the widget stays loaded")
        await #expect(throws: WidgetHostError.self, "the service chosen stays for later reloads") {
            try await host.reload("feed")
        }

        try await host.reload("feed", service: .stub)
        #expect(try await host.withRun("feed") { run in run.options.service } == .stub)
        #expect(try await host.snapshotText("feed").contains("FeedViewController"))
        await host.shutdown()
    }
}
