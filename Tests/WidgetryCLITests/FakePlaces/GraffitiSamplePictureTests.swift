import Foundation
import Testing
import WidgetryTestSupport

/// The main screens of Graffiti's samples drawn by `widgetry render` against their fakes:
/// GoogleMapsDemo's search results on its map, TwitterDemo's timeline once signed in.
/// `WIDGETRY_DOC_PICTURES=<folder> swift test --filter GraffitiSamplePictureTests` also writes
/// there the PNGs of widgetry's side of docs/RENDERING.md#graffiti-samples (Chromium needed;
/// `scripts/graffiti-sample-pictures` puts them beside upstream's screenshots).
@Suite("Graffiti's samples drawn", .enabled(if: GraffitiGoogleMapsDemoSession.isAvailable && GraffitiTwitterDemoSession.isAvailable,
                                            "needs ../shared/upstream/graffiti"))
struct GraffitiSamplePictureTests {
    /// The folder the docs' pictures are written to, if asked.
    static var docPictures: String? { ProcessInfo.processInfo.environment["WIDGETRY_DOC_PICTURES"].flatMap { $0.isEmpty ? nil : $0 } }

    /// The arguments that render `scenario`'s last step of `bundle` as HTML.
    static func arguments(_ bundle: String, scenario: String) -> [String] {
        ["render", bundle, "--scenario", bundle + "/Tests/" + scenario]
    }

    /// When asked, writes `<folder>/<name>` as the docs show it (with the status bar) through
    /// `render`, which runs `widgetry` with the arguments it is given in a session of its own (a
    /// fake that has answered a sign-in refuses the same signed requests again).
    static func writeDocPicture(_ name: String, render: ([String]) async throws -> CommandRunner.Outcome) async throws {
        guard let folder = docPictures else { return }
        let outcome = try await render(["--format", "png", "--status-bar", "-o", folder + "/" + name])
        #expect(outcome.status == 0, "\(outcome.stderr)")
    }

    @Test func googleMapsDemosSearchResultsArePinsOnItsMap() async throws {
        let session = try await GraffitiGoogleMapsDemoSession.start()
        do {
            let outcome = try session.widgetry(Self.arguments(session.bundle, scenario: "1-search.scenario.json"))
            #expect(outcome.status == 0, "\(outcome.stderr)")
            let html = outcome.stdout
            #expect(html.contains(#"<div class="v map" data-id="mapContainer""#), "\(html)")
            // Café de Flore (48.854, 2.3325) lies west of and north of Café Procope (48.853, 2.3388).
            let pins = html.matches(of: /left:([0-9.]+)px;top:([0-9.]+)px;width:0;height:0" data-marker>/).map { (Double($0.output.1)!, Double($0.output.2)!) }
            #expect(pins.count == 2)
            if pins.count == 2 { #expect(pins[0].0 < pins[1].0 && pins[0].1 < pins[1].1, "\(pins)") }
            #expect(html.contains(">Café de Flore</div>") && html.contains(">Café Procope</div>"))
            #expect(!html.contains(GraffitiGoogleMapsDemoSession.key) && !html.contains(GraffitiGoogleMapsDemoTests.embeddedKey))
        } catch {
            try await session.stop()
            throw error
        }
        try await session.stop()
        try await Self.writeDocPicture("graffiti-googlemapsdemo.png") { options in
            let session = try await GraffitiGoogleMapsDemoSession.start()
            let outcome = Result { try session.widgetry(Self.arguments(session.bundle, scenario: "1-search.scenario.json") + options) }
            try await session.stop()
            return try outcome.get()
        }
    }

    /// The search field is a `TextInputView`, which keeps the typed text on itself: the text is
    /// drawn by its text view, in the text view's font and colour, and its placeholder label is not.
    @Test func googleMapsDemosTypedSearchIsDrawnInTheInputsTextView() async throws {
        let session = try await GraffitiGoogleMapsDemoSession.start()
        let outcome = Result { try session.widgetry(Self.arguments(session.bundle, scenario: "1-search.scenario.json")) }
        try await session.stop()
        let html = try outcome.get().stdout
        let input = try #require(html.firstMatch(of: /<div class="v( field)?" data-id="inputView"[^>]*>([^\n]*)\n/), "\(html)")
        #expect(input.output.1 == nil && input.output.2.isEmpty, "the input view draws no text or field of its own: \(input.output.0)")
        #expect(html.contains(/data-type="UITextView"[^>]*><div class="t" style="[^"]*font-size:16px;[^"]*color:#424242;[^"]*">café<\/div>/), "\(html)")
        #expect(!html.contains("Place Name or Type"))
    }

    @Test func twitterDemosTimelineIsDrawnOnceSignedIn() async throws {
        let session = try await GraffitiTwitterDemoSession.start(scenario: "1-sign-in.scenario.json")
        do {
            let outcome = try session.widgetry(Self.arguments(session.bundle, scenario: "1-sign-in.scenario.json"))
            #expect(outcome.status == 0, "\(outcome.stderr)")
            #expect(outcome.stdout.contains("Logout m8labs..."), "\(outcome.stdout)")
            #expect(outcome.stdout.contains(#"data-row="tweetsTableView/0/0""#))
        } catch {
            try await session.stop()
            throw error
        }
        try await session.stop()
        try await Self.writeDocPicture("graffiti-twitterdemo.png") { options in
            let session = try await GraffitiTwitterDemoSession.start(scenario: "1-sign-in.scenario.json")
            let outcome = Result { try session.widgetry(Self.arguments(session.bundle, scenario: "1-sign-in.scenario.json") + options) }
            try await session.stop()
            return try outcome.get()
        }
    }
}
