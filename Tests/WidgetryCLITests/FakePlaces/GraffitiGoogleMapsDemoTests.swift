import Foundation
import Testing
import WidgetryTestSupport

/// Graffiti's GoogleMapsDemo, unmodified, with only its host profile, against a fake places
/// service: the profile's provider request asks it for the places the search names, and its
/// scenarios (`Tests/Fixtures/GraffitiGoogleMapsDemo`) check what the screen then shows.
/// `WIDGETRY_UPDATE_GOLDENS=1 swift test --filter GraffitiGoogleMapsDemo` rewrites the goldens.
@Suite("Graffiti's GoogleMapsDemo against a fake places service", .enabled(if: GraffitiGoogleMapsDemoSession.isAvailable, "needs ../shared/upstream/graffiti"))
struct GraffitiGoogleMapsDemoTests {
    /// The sample's key, which must never leave the machine nor be printed.
    static let embeddedKey = "AIzaSy"

    @Test func theScenariosPassAgainstTheFakePlacesService() async throws {
        let session = try await GraffitiGoogleMapsDemoSession.start()
        do {
            let update = ProcessInfo.processInfo.environment["WIDGETRY_UPDATE_GOLDENS"] == "1"
            let outcome = try session.widgetry(["test", session.bundle] + (update ? ["--update"] : []))
            #expect(outcome.status == 0, "\(session.portless(outcome.stdout))\(outcome.stderr)")
            if update { for scenario in GraffitiGoogleMapsDemoSession.scenarios { try session.keepUpdatedGoldens(of: scenario) } }
            let requests = session.fake.requests
            #expect(!requests.isEmpty)
            #expect(requests.allSatisfy { $0.uri.contains("key=\(GraffitiGoogleMapsDemoSession.key)") && !$0.uri.contains(Self.embeddedKey) }, "\(requests.map(\.uri))")
            #expect(!outcome.stdout.contains(GraffitiGoogleMapsDemoSession.key) && !outcome.stdout.contains(Self.embeddedKey))
        } catch {
            try await session.stop()
            throw error
        }
        try await session.stop()
    }

    /// A key the service refuses leaves the provider empty, and the run says why, at the screen,
    /// and goes on.
    @Test func aRefusedRequestIsALocatedProblemAndTheRunGoesOn() async throws {
        let session = try await GraffitiGoogleMapsDemoSession.start()
        do {
            let scenario = session.scratch + "/search.scenario.json"
            try #"{"settings": {"now": "2018-06-20T19:00:00Z", "service": "prod"}, "steps": [{"type": "café", "into": "inputView", "for": 1}]}"#
                .write(toFile: scenario, atomically: true, encoding: .utf8)
            let outcome = try CommandRunner.run(["run", session.bundle, "--scenario", scenario, "--profile", session.profile],
                                                environment: ["GOOGLE_PLACES_API_KEY": "wrong-key"])
            #expect(outcome.status == 0, "\(outcome.stderr)")
            let last = try #require(outcome.stdout.components(separatedBy: "== step").last)
            #expect(last.contains("placesProvider: placesProvider failed: The provided API key is invalid. [action.server]"), "\(last)")
            #expect(!last.contains("wrong-key"), "\(last)")
        } catch {
            try await session.stop()
            throw error
        }
        try await session.stop()
    }
}
