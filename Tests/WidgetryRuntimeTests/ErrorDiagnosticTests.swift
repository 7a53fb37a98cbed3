import Testing
import WidgetryBundle
import WidgetryBundleFetch
import WidgetryJSON
import WidgetryRuntime
import WidgetryTestSupport

/// Interaction and host errors reach a person as diagnostics: the code they print, a place when
/// they have one, words and a hint.
struct ErrorDiagnosticTests {
    @Test func anInteractionErrorConvertsWithItsCode() async throws {
        let loaded = try await BundleLoader().load(try BundleSource(argument: Samples.widget("Feed")))
        let run = try WidgetRun(bundle: loaded.bundle, options: WidgetRun.Options(now: FeedAcceptanceTests.now))
        await run.run()
        let error = try #require(throws: InteractionError.self) { try run.screen.tap("noSuchButton") }
        let diagnostic = try #require(error.diagnostics.first)
        #expect(error.diagnostics.count == 1)
        #expect(diagnostic.code == "interaction.failed")
        #expect(diagnostic.message == error.message)
        #expect(diagnostic.hint != nil)
        let limit = InteractionError("too many events", code: InteractionError.eventLimit)
        #expect(limit.diagnostics.map(\.code) == ["interaction.event-limit"])
    }

    @Test func aHostErrorConvertsWithItsCodeAndTheCauseItsPlace() async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let broken = try scratch.copy(of: Samples.widget("Feed"), as: "Feed", editing: [(file: "Model.json", text: "\"entities\": {", replacement: "\"entities\" {")])
        let host = WidgetHost(options: WidgetHostTests.options)
        let errors = await host.load([(identifier: "broken", source: broken)])
        let error = try #require(errors.first)
        let diagnostic = try #require(error.diagnostics.first)
        #expect(diagnostic.code.description == error.code)
        #expect(diagnostic.code == "host.load-failed")
        #expect(diagnostic.message == error.message)
        #expect(diagnostic.file.hasSuffix("Model.json"), "\(diagnostic)")
        #expect(diagnostic.location?.line == 5, "\(diagnostic)")
        let unknown = try await #require(throws: WidgetHostError.self) { try await host.snapshotText("nobody") }
        #expect(unknown.diagnostics.map(\.code) == ["host.unknown-widget"])
        #expect(unknown.diagnostics.first?.hint == unknown.hint)
        await host.shutdown()
    }
}
