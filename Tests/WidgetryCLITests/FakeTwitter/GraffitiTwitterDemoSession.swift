import Foundation
import WidgetryService
import WidgetryTestSupport

/// Graffiti's TwitterDemo as shipped (`../shared/upstream/graffiti`), run by the `widgetry`
/// executable against a ``FakeTwitter`` that holds no user token: the user signs in through the
/// service file's `auth` flow. The profile is `Examples/Profiles/GraffitiTwitterDemo.profile.json`
/// with its hosts pointed at the fake, and the consumer is the test's own, given through the
/// environment (the sample's embedded key is never read).
struct GraffitiTwitterDemoSession: FakeServiceSession {
    static let source = Samples.upstream("graffiti/TwitterDemo/TwitterDemo")
    static let profileTemplate = Samples.file("Examples/Profiles/GraffitiTwitterDemo.profile.json")
    static let fixtures = Samples.file("Tests/Fixtures/GraffitiTwitterDemo")
    static var isAvailable: Bool { FileManager.default.fileExists(atPath: source + "/Info.plist") }

    static let secrets = ["TWITTER_CONSUMER_KEY": "consumer-key", "TWITTER_CONSUMER_SECRET": "consumer-secret"]
    static let consumer = OAuth1Signer(consumerKey: "consumer-key", consumerSecret: "consumer-secret")

    let fake: FakeTwitter
    /// A scratch folder holding the profile aimed at the fake, and a copy of the bundle.
    let scratch: String
    var profile: String { scratch + "/GraffitiTwitterDemo.profile.json" }
    /// The bundle's files as shipped, with the scenarios of `Tests/Fixtures/GraffitiTwitterDemo`
    /// in a `Tests` folder (the port in their goldens written as the fake's).
    var bundle: String { scratch + "/TwitterDemo" }

    /// Starts a fake of its own and writes the example profile with its hosts pointed at it;
    /// the bundle's copy holds `scenario`.
    static func start(scenario: String) async throws -> GraffitiTwitterDemoSession {
        let fake = try await FakeTwitter.start(signer: consumer)
        let scratch = try TemporaryDirectory().path
        let text = try String(contentsOfFile: profileTemplate, encoding: .utf8).replacingOccurrences(of: "http://127.0.0.1:8080", with: fake.baseURL)
        try text.write(toFile: scratch + "/GraffitiTwitterDemo.profile.json", atomically: true, encoding: .utf8)
        let session = GraffitiTwitterDemoSession(fake: fake, scratch: scratch)
        try FileManager.default.copyItem(atPath: source, toPath: session.bundle)
        try FileManager.default.createDirectory(atPath: session.bundle + "/Tests/goldens", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: fixtures + "/" + scenario, toPath: session.bundle + "/Tests/" + scenario)
        for golden in try goldens(of: scenario) where FileManager.default.fileExists(atPath: fixtures + "/" + golden) {
            try session.ported(String(contentsOfFile: fixtures + "/" + golden, encoding: .utf8))
                .write(toFile: session.bundle + "/Tests/" + golden, atomically: true, encoding: .utf8)
        }
        return session
    }

    var port: Int { fake.port }
    var environment: [String: String] { Self.secrets }
    func stopFake() async throws { try await fake.stop() }
}
