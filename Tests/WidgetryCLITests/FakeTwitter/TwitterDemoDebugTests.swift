import Foundation
import Testing

struct TwitterDemoDebugTests {
    @Test(.enabled(if: ProcessInfo.processInfo.environment["FAKE_TWITTER_DEBUG"] != nil)) func serve() async throws {
        let session = try await TwitterDemoSession.start()
        try "\(session.profile) \(session.bundle)\n".write(toFile: "/tmp/fake-session.txt", atomically: true, encoding: .utf8)
        try await Task.sleep(nanoseconds: 600_000_000_000)
        try await session.stop()
    }
}
