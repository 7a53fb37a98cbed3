import Foundation
import Testing
import WidgetryJSON
import WidgetryRuntime
import WidgetryTestSupport

/// The Library sample in a host: its `openPresentation` is a host action, answered by the host's
/// command, whose outcome the widget's status controllers follow as they follow a response.
struct LibraryHostTests {
    static let library = Samples.widget("Library")

    /// Signs Ada in, opens the first presentation of Fabrikam Energy, downloads it and taps Open;
    /// returns what the screen shows afterwards.
    private func openThePresentation(in host: WidgetHost) async throws -> (opened: Bool, failed: Bool, alerts: [String]) {
        try await host.withRun("library") { run in
            do {
                for interaction: Interaction in [.tap("signInButton"), .type(text: "ada@example.com", into: "emailField", interval: nil),
                                                 .type(text: "correct horse", into: "passwordField", interval: nil), .tap("signInButton"),
                                                 .tapRow(table: "presentationsTable", section: 1, row: 0), .tap("downloadButton"), .tap("openButton")] {
                    try await run.perform(interaction)
                }
            } catch {
                Issue.record("\(error)")
            }
            let status = run.screen.objects.first { $0.id == "openStatus" }
            return (status?.value(forKey: "isSuccess").doubleValue == 1, status?.value(forKey: "isFailure").doubleValue == 1,
                    run.screen.alerts.map(\.message))
        }
    }

    @Test func theHostsCommandOpensADownloadedPresentation() async throws {
        let host = WidgetHost(options: WidgetHost.Options(run: WidgetRun.Options(now: FeedAcceptanceTests.now)))
        let opened = Opened()
        try await host.registerCommand("openPresentation", for: "library") { call in
            opened.append(call.argument.value(forKey: "presentationId").stringValue ?? "?")
            return ["opened": true]
        }
        try await host.load(identifier: "library", source: Self.library)
        let outcome = try await openThePresentation(in: host)
        #expect(opened.values == ["p4"], "the command got the screen's presentation")
        #expect(outcome.opened && !outcome.failed)
        #expect(try await host.withRun("library") { $0.engine.requestLog.map(\.request.action) }.contains("openPresentation") == false)
        await host.shutdown()
    }

    @Test func aCommandsFailureIsTheStatussFailureWithItsMessage() async throws {
        let host = WidgetHost(options: WidgetHost.Options(run: WidgetRun.Options(now: FeedAcceptanceTests.now)))
        try await host.registerCommand("openPresentation") { _ throws(HostCommandError) -> JSONValue in
            throw HostCommandError(code: "presenter.busy", message: "The presenter is showing another deck.")
        }
        try await host.load(identifier: "library", source: Self.library)
        let outcome = try await openThePresentation(in: host)
        #expect(!outcome.opened && outcome.failed)
        #expect(outcome.alerts == ["The presenter could not open it.\n\nThe presenter is showing another deck."])
        await host.shutdown()
        var failures: [String] = []
        for await event in host.events {
            if case .actionFailed(_, let action, _, _, let error) = event { failures.append("\(action) \(error.code)") }
        }
        #expect(failures == ["openPresentation presenter.busy"])
    }
}

/// The presentations a host command was asked to open, across its task.
private final class Opened: @unchecked Sendable {
    private let lock = NSLock()
    private var opened: [String] = []

    func append(_ value: String) { lock.withLock { opened.append(value) } }
    var values: [String] { lock.withLock { opened } }
}
