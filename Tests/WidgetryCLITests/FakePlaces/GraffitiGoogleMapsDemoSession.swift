import Foundation
import WidgetryTestSupport

/// Graffiti's GoogleMapsDemo as shipped (`../shared/upstream/graffiti`), run by the `widgetry`
/// executable against a ``FakePlaces``. The profile is
/// `Examples/Profiles/GraffitiGoogleMapsDemo.profile.json` with its hosts pointed at the fake,
/// and the API key is the test's own, given through the environment (the key the sample embeds
/// is never read, sent or printed).
struct GraffitiGoogleMapsDemoSession: FakeServiceSession {
    static let source = Samples.upstream("graffiti/GoogleMapsDemo/GoogleMapsDemo")
    static let profileTemplate = Samples.file("Examples/Profiles/GraffitiGoogleMapsDemo.profile.json")
    static let fixtures = Samples.file("Tests/Fixtures/GraffitiGoogleMapsDemo")
    static var isAvailable: Bool { FileManager.default.fileExists(atPath: source + "/Info.plist") }
    static let key = "test-places-key"

    let fake: FakePlaces
    /// A scratch folder holding the profile aimed at the fake, and a copy of the bundle.
    let scratch: String
    var profile: String { scratch + "/GraffitiGoogleMapsDemo.profile.json" }
    /// The bundle's files as shipped, with the scenarios of `Tests/Fixtures/GraffitiGoogleMapsDemo`
    /// in a `Tests` folder (the port in their goldens written as the fake's).
    var bundle: String { scratch + "/GoogleMapsDemo" }

    /// Starts a fake of its own and writes the example profile with its hosts pointed at it;
    /// the bundle's copy holds every scenario and golden of the fixtures.
    static func start() async throws -> GraffitiGoogleMapsDemoSession {
        let fake = try await FakePlaces.start(key: key)
        let scratch = try TemporaryDirectory().path
        let text = try String(contentsOfFile: profileTemplate, encoding: .utf8).replacingOccurrences(of: "http://127.0.0.1:8080", with: fake.baseURL)
        try text.write(toFile: scratch + "/GraffitiGoogleMapsDemo.profile.json", atomically: true, encoding: .utf8)
        let session = GraffitiGoogleMapsDemoSession(fake: fake, scratch: scratch)
        try FileManager.default.copyItem(atPath: source, toPath: session.bundle)
        try FileManager.default.createDirectory(atPath: session.bundle + "/Tests/goldens", withIntermediateDirectories: true)
        for scenario in scenarios {
            try FileManager.default.copyItem(atPath: fixtures + "/" + scenario, toPath: session.bundle + "/Tests/" + scenario)
        }
        let goldens = (try? FileManager.default.contentsOfDirectory(atPath: fixtures + "/goldens")) ?? []
        for golden in goldens where golden.hasSuffix(".txt") {
            try session.ported(String(contentsOfFile: fixtures + "/goldens/" + golden, encoding: .utf8))
                .write(toFile: session.bundle + "/Tests/goldens/" + golden, atomically: true, encoding: .utf8)
        }
        return session
    }

    var port: Int { fake.port }
    var environment: [String: String] { ["GOOGLE_PLACES_API_KEY": Self.key] }
    func stopFake() async throws { try await fake.stop() }
}
