import Foundation
import Testing
import WidgetryTestSupport

/// Upstream's TwitterDemo, unmodified, with only a host profile: lint is clean, and its scenarios
/// (`Tests/Fixtures/TwitterDemo`) pass against a fake Twitter that checks every OAuth 1.0a
/// signature. `WIDGETRY_UPDATE_GOLDENS=1 swift test --filter TwitterDemo` rewrites the goldens.
@Suite("TwitterDemo as shipped", .enabled(if: TwitterDemoSession.isAvailable, "needs ../shared/upstream"))
struct TwitterDemoTests {
    /// Each scenario against a fake of its own, so that none sees what another did.
    @Test(arguments: TwitterDemoSession.scenarios)
    func theScenarioPassesAgainstTheFakeWithEverySignatureValid(_ scenario: String) async throws {
        let session = try await TwitterDemoSession.start(scenario: scenario)
        do {
            let update = ProcessInfo.processInfo.environment["WIDGETRY_UPDATE_GOLDENS"] == "1"
            let outcome = try session.widgetry(["test", session.bundle] + (update ? ["--update"] : []))
            #expect(outcome.status == 0, "\(session.portless(outcome.stdout))\(outcome.stderr)")
            if update { try session.keepUpdatedGoldens(of: scenario) }
            #expect(!session.fake.received.isEmpty)
            let refused = session.fake.received.filter { !$0.validSignature }
            #expect(refused.allSatisfy { $0.path == "/1.1/account/verify_credentials.json" || $0.path.hasPrefix("/1.1/statuses/home_timeline") },
                    "only the signed-out user's calls are refused: \(refused)")
        } catch {
            try await session.stop()
            throw error
        }
        try await session.stop()
    }

    @Test func lintIsCleanWithTheProfileAndFindsTheSetBugWithoutItsPatch() async throws {
        let session = try await TwitterDemoSession.start()
        do {
            let clean = try session.widgetry(["lint", TwitterDemoSession.source])
            #expect(clean.status == 0, "\(clean.stdout)\(clean.stderr)")
            #expect(clean.stdout.hasSuffix("0 errors, 3 warnings in 3 files\n"), "\(clean.stdout)")

            let text = try String(contentsOfFile: session.profile, encoding: .utf8)
            let unpatched = try #require(text.range(of: "\"patches\"")).lowerBound
            let withoutPatch = String(text[..<unpatched]).trimmingCharacters(in: .whitespacesAndNewlines).dropLast() + "\n}\n"
            let plain = session.scratch + "/unpatched.profile.json"
            try withoutPatch.write(toFile: plain, atomically: true, encoding: .utf8)
            let found = try CommandRunner.run(["lint", TwitterDemoSession.source, "--profile", plain])
            #expect(found.status == 1)
            #expect(found.stdout.contains("TwitterDemo-source/Service.json:40:27: error: set writes 'hidden', which Post does not have as an attribute [set-key]"), "\(found.stdout)")
            #expect(found.stdout.contains("hint: did you mean \"isHidden\"?"))
        } catch {
            try await session.stop()
            throw error
        }
        try await session.stop()
    }
}
