import Foundation
import Testing
import WidgetryTestSupport

/// Graffiti's TwitterDemo, unmodified, with only its host profile, from signed-out state: the
/// user signs in through the service file's `auth` section (the three-legged OAuth 1.0a flow)
/// against a fake Twitter that checks every signature, then its scenarios
/// (`Tests/Fixtures/GraffitiTwitterDemo`) go on. `WIDGETRY_UPDATE_GOLDENS=1 swift test --filter
/// GraffitiTwitterDemo` rewrites the goldens.
@Suite("Graffiti's TwitterDemo against a fake Twitter", .enabled(if: GraffitiTwitterDemoSession.isAvailable, "needs ../shared/upstream/graffiti"))
struct GraffitiTwitterDemoTests {
    /// Each scenario against a fake of its own, which knows no user token until the flow gives one.
    @Test(arguments: GraffitiTwitterDemoSession.scenarios)
    func theScenarioPassesSignedInThroughTheAuthFlow(_ scenario: String) async throws {
        let session = try await GraffitiTwitterDemoSession.start(scenario: scenario)
        do {
            let update = ProcessInfo.processInfo.environment["WIDGETRY_UPDATE_GOLDENS"] == "1"
            let outcome = try session.widgetry(["test", session.bundle] + (update ? ["--update"] : []))
            #expect(outcome.status == 0, "\(session.portless(outcome.stdout))\(outcome.stderr)")
            if update { try session.keepUpdatedGoldens(of: scenario) }
            let paths = session.fake.received.map(\.path)
            #expect(Array(paths.prefix(5)) == ["/1.1/account/verify_credentials.json", "/oauth/request_token", "/oauth/authorize",
                                               "/oauth/access_token", "/1.1/account/verify_credentials.json"])
            let refused = session.fake.received.enumerated().filter { !$0.element.validSignature }.map(\.offset)
            #expect(refused == [0], "only the signed-out user's first call is refused: \(session.fake.received)")
        } catch {
            try await session.stop()
            throw error
        }
        try await session.stop()
    }

    /// A user who does not authorise the app stays signed out, and the run says why, at the
    /// profile's step, and goes on.
    @Test func aDeniedAuthorisationLeavesTheUserSignedOutWithALocatedWarning() async throws {
        let session = try await GraffitiTwitterDemoSession.start(scenario: "1-sign-in.scenario.json")
        do {
            session.fake.denyAuthorization()
            let scenario = session.scratch + "/denied.scenario.json"
            try #"{"settings": {"now": "2018-06-20T19:00:00Z", "service": "prod"}, "steps": [{"tap": "signInButton"}]}"#
                .write(toFile: scenario, atomically: true, encoding: .utf8)
            let outcome = try session.widgetry(["run", session.bundle, "--scenario", scenario])
            #expect(outcome.status == 0, "\(outcome.stderr)")
            let last = try #require(outcome.stdout.components(separatedBy: "== step").last)
            #expect(last.contains("signInButton (UIBarButtonItem): title=\"Sign in...\""), "\(last)")
            #expect(last.contains("loginError sender=signInButton error=the user did not authorise the app (denied token 'request-1') [action.sign-in]"), "\(last)")
            #expect(last.contains("host action login, step oauth1SignIn: the user did not authorise the app (denied token 'request-1') [action.sign-in]"), "\(last)")
            #expect(!session.fake.received.contains { $0.path == "/oauth/access_token" })
        } catch {
            try await session.stop()
            throw error
        }
        try await session.stop()
    }

    /// Without the host's consumer, or answering from a stub file, the sign-in cannot start: the
    /// run says why at the profile's step, sends nothing for it, and the user stays signed out.
    @Test func aSignInWithoutAConsumerOrFromTheStubSaysWhy() async throws {
        let session = try await GraffitiTwitterDemoSession.start(scenario: "1-sign-in.scenario.json")
        do {
            let scenario = session.scratch + "/tap.scenario.json"
            try #"{"settings": {"now": "2018-06-20T19:00:00Z", "service": "prod"}, "steps": [{"tap": "signInButton"}]}"#
                .write(toFile: scenario, atomically: true, encoding: .utf8)
            let profile = try String(contentsOfFile: session.profile, encoding: .utf8)
            let consumerless = profile.replacingOccurrences(of: #"(?s)"oauth1": \{.*?\}\s*\}"#, with: #""headers": {"X-Client": "widgetry"}"#,
                                                            options: .regularExpression)
            #expect(consumerless != profile)
            try consumerless.write(toFile: session.profile, atomically: true, encoding: .utf8)
            let withoutConsumer = try session.widgetry(["run", session.bundle, "--scenario", scenario])
            let last = try #require(withoutConsumer.stdout.components(separatedBy: "== step").last, "\(withoutConsumer.stderr)")
            #expect(last.contains("host action login, step oauth1SignIn: the OAuth 1.0a sign-in needs the consumer's key and secret, and the host gave none [action.missing-credentials]"),
                    "\(last)")
            #expect(last.contains("signInButton (UIBarButtonItem): title=\"Sign in...\""))

            try FileManager.default.copyItem(atPath: session.bundle + "/Service.json", toPath: session.bundle + "/StubService.json")
            try profile.write(toFile: session.profile, atomically: true, encoding: .utf8)
            try String(contentsOfFile: scenario, encoding: .utf8).replacingOccurrences(of: "\"prod\"", with: "\"stub\"")
                .write(toFile: scenario, atomically: true, encoding: .utf8)
            let stubbed = try session.widgetry(["run", session.bundle, "--scenario", scenario])
            let stubLast = try #require(stubbed.stdout.components(separatedBy: "== step").last, "\(stubbed.stderr)")
            #expect(stubLast.contains("host action login, step oauth1SignIn: the login sign-in talks to the service, and this run answers from the stub file [action.sign-in]"),
                    "\(stubLast)")
            #expect(!session.fake.received.contains { $0.path.hasPrefix("/oauth/") })
        } catch {
            try await session.stop()
            throw error
        }
        try await session.stop()
    }
}
