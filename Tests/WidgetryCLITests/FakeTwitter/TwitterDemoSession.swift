import Foundation
import WidgetryService
import WidgetryTestSupport

/// Upstream's TwitterDemo as shipped, run by the `widgetry` executable against ``FakeTwitter``
/// with the project's example host profile (`Examples/Profiles/TwitterDemo.profile.json`), its
/// hosts pointed at the fake and its secrets given through the environment.
struct TwitterDemoSession: FakeServiceSession {
    static let source = Samples.upstream("TwitterDemo-source")
    static let profileTemplate = Samples.file("Examples/Profiles/TwitterDemo.profile.json")
    static let fixtures = Samples.file("Tests/Fixtures/TwitterDemo")
    static var isAvailable: Bool { FileManager.default.fileExists(atPath: source + "/Info.plist") }

    static let secrets = ["TWITTER_CONSUMER_KEY": "consumer-key", "TWITTER_CONSUMER_SECRET": "consumer-secret",
                          "TWITTER_TOKEN": "user-token", "TWITTER_TOKEN_SECRET": "user-token-secret"]
    static let signer = OAuth1Signer(consumerKey: "consumer-key", consumerSecret: "consumer-secret", token: "user-token", tokenSecret: "user-token-secret")

    let fake: FakeTwitter
    /// A scratch folder holding the profile aimed at the fake, and a copy of the bundle.
    let scratch: String
    var profile: String { scratch + "/TwitterDemo.profile.json" }
    /// The bundle's files as shipped, with scenarios of `Tests/Fixtures/TwitterDemo` in a
    /// `Tests` folder (the port in their goldens written as the fake's).
    var bundle: String { scratch + "/TwitterDemo" }

    /// Starts a fake of its own and writes the example profile with its hosts pointed at it;
    /// the bundle's copy holds `scenario` (every scenario when nil).
    static func start(scenario: String? = nil) async throws -> TwitterDemoSession {
        let fake = try await FakeTwitter.start(signer: signer)
        let scratch = try TemporaryDirectory().path
        let text = try String(contentsOfFile: profileTemplate, encoding: .utf8)
            .replacingOccurrences(of: "http://127.0.0.1:8080", with: fake.baseURL)
            .replacingOccurrences(of: "\"$schema\": \"../../Schemas/host-profile.schema.json\",", with: "")
        try text.write(toFile: scratch + "/TwitterDemo.profile.json", atomically: true, encoding: .utf8)
        let session = TwitterDemoSession(fake: fake, scratch: scratch)
        try FileManager.default.copyItem(atPath: source, toPath: session.bundle)
        try FileManager.default.copyItem(atPath: fixtures, toPath: session.bundle + "/Tests")
        for other in scenarios where scenario != nil && other != scenario {
            try FileManager.default.removeItem(atPath: session.bundle + "/Tests/" + other)
        }
        for golden in try session.goldens() {
            let path = session.bundle + "/Tests/" + golden
            try session.ported(String(contentsOfFile: path, encoding: .utf8)).write(toFile: path, atomically: true, encoding: .utf8)
        }
        return session
    }

    /// The golden files of the scenarios, relative to `Tests`.
    func goldens() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: bundle + "/Tests/goldens").filter { $0.hasSuffix(".txt") }.sorted().map { "goldens/" + $0 }
    }

    var port: Int { fake.port }
    var environment: [String: String] { Self.secrets }
    func stopFake() async throws { try await fake.stop() }
}
