import Foundation
import WidgetryTestSupport

/// Graffiti's GoogleMapsDemo as shipped (`../shared/upstream/graffiti`), run by the `widgetry`
/// executable against a ``FakePlaces``. The profile is
/// `Examples/Profiles/GraffitiGoogleMapsDemo.profile.json` with its hosts pointed at the fake,
/// and the API key is the test's own, given through the environment (the key the sample embeds
/// is never read, sent or printed).
struct GraffitiGoogleMapsDemoSession {
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

    /// The scenario files of the fixtures, sorted.
    static var scenarios: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: fixtures)) ?? []).filter { $0.hasSuffix(".scenario.json") }.sorted()
    }

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
            try String(contentsOfFile: fixtures + "/goldens/" + golden, encoding: .utf8).replacingOccurrences(of: "127.0.0.1:PORT", with: "127.0.0.1:\(fake.port)")
                .write(toFile: session.bundle + "/Tests/goldens/" + golden, atomically: true, encoding: .utf8)
        }
        return session
    }

    /// Copies the goldens `widgetry test --update` wrote back to the fixtures, port-free.
    func keepUpdatedGoldens() throws {
        for golden in try FileManager.default.contentsOfDirectory(atPath: bundle + "/Tests/goldens") where golden.hasSuffix(".txt") {
            let written = try String(contentsOfFile: bundle + "/Tests/goldens/" + golden, encoding: .utf8)
            try portless(written).write(toFile: Self.fixtures + "/goldens/" + golden, atomically: true, encoding: .utf8)
        }
    }

    func stop() async throws {
        try? FileManager.default.removeItem(atPath: scratch)
        try await fake.stop()
    }

    /// Runs `widgetry` with the profile and the test's API key.
    func widgetry(_ arguments: [String]) throws -> CommandRunner.Outcome {
        try CommandRunner.run(arguments + ["--profile", profile], environment: ["GOOGLE_PLACES_API_KEY": Self.key])
    }

    /// `text` with the fake's port written as `PORT`, so goldens do not depend on it.
    func portless(_ text: String) -> String {
        text.replacingOccurrences(of: "127.0.0.1:\(fake.port)", with: "127.0.0.1:PORT")
    }
}
