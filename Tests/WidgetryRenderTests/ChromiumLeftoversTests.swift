import Foundation
import Testing
import WidgetryRender
import WidgetryTestSupport

#if canImport(Glibc)
import Glibc
#endif

/// What Chromium leaves in the system's temporary folder when it does not end on its own.
@Suite("Render: nothing left of a killed Chromium")
struct ChromiumLeftoversTests {
    /// The folder of the singleton socket of the Chromium whose process group is `group`: the
    /// folder the `SingletonSocket` link in its profile (its `--user-data-dir`) points into.
    private static func singletonFolders(of group: Int32) -> [String] {
        let profiles = Set(ProcessGroups.members(of: group).compactMap { pid -> String? in
            guard let line = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return nil }
            let arguments = line.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            return arguments.first { $0.hasPrefix("--user-data-dir=") }.map { String($0.dropFirst("--user-data-dir=".count)) }
        })
        return profiles.sorted().compactMap { profile in
            (try? FileManager.default.destinationOfSymbolicLink(atPath: profile + "/SingletonSocket")).map { ($0 as NSString).deletingLastPathComponent }
        }
    }

    /// Whether the session is closed after the kill, or finds the browser gone when it draws.
    enum AfterTheKill: CaseIterable { case close, draw }

    @Test(.enabled(if: ChromiumScreenshot.executable() != nil, "needs Debian's chromium (scripts/browser-test installs it)"),
          arguments: AfterTheKill.allCases)
    func aKilledBrowsersSingletonFolderIsRemovedWithItsProfile(_ after: AfterTheKill) async throws {
        let session = try ChromiumSession()
        _ = try await session.png(of: "<p>x</p>", width: 40, height: 20)
        let pid = try #require(await session.browserProcess)
        // Chromium opens its singleton socket while it starts, not always before the first picture.
        _ = await ProcessResources.settles(within: 10) { !Self.singletonFolders(of: pid).isEmpty }
        let folders = Self.singletonFolders(of: pid)
        kill(-pid, SIGKILL)
        if after == .draw {
            await #expect(throws: ChromiumScreenshot.Failure.self) { try await session.png(of: "<p>y</p>", width: 40, height: 20) }
        }
        await session.close()
        try #require(!folders.isEmpty, "Chromium listens on its singleton socket")
        for folder in folders {
            #expect(!FileManager.default.fileExists(atPath: folder), "\(folder) was left behind")
        }
    }
}
