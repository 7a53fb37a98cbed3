import Foundation
import Testing
import WidgetryRender

#if canImport(Glibc)
import Glibc
#endif

/// What Chromium leaves in the system's temporary folder when it does not end on its own.
@Suite("Render: nothing left of a killed Chromium")
struct ChromiumLeftoversTests {
    /// The processes of group `group`, through `/proc`.
    private static func members(of group: Int32) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).filter { name in
            guard Int32(name) != nil, let stat = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return false }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return fields.count > 2 && Int32(fields[2]) == group
        }
    }

    /// The folders of the Unix sockets the processes of group `group` hold open that Chromium
    /// names `org.chromium.Chromium.XXXXXX` (its singleton socket's), through `/proc`.
    private static func singletonFolders(of group: Int32) -> [String] {
        let inodes = Set(members(of: group).flatMap { pid in
            ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")) ?? []).compactMap { name -> String? in
                guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\(name)"),
                      target.hasPrefix("socket:[") else { return nil }
                return String(target.dropFirst("socket:[".count).dropLast())
            }
        })
        let table = (try? String(contentsOfFile: "/proc/net/unix", encoding: .utf8)) ?? ""
        return table.split(separator: "\n").compactMap { line -> String? in
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count >= 8, inodes.contains(String(fields[6])), fields[7].contains("/org.chromium.Chromium.") else { return nil }
            return (String(fields[7]) as NSString).deletingLastPathComponent
        }
    }

    @Test(.enabled(if: ChromiumScreenshot.executable() != nil, "needs Debian's chromium (scripts/browser-test installs it)"))
    func aKilledBrowsersSingletonFolderIsRemovedWithItsProfile() async throws {
        let session = try ChromiumSession()
        _ = try await session.png(of: "<p>x</p>", width: 40, height: 20)
        let pid = try #require(await session.browserProcess)
        let folders = Self.singletonFolders(of: pid)
        kill(-pid, SIGKILL)
        await session.close()
        try #require(!folders.isEmpty, "Chromium listens on its singleton socket")
        for folder in folders {
            #expect(!FileManager.default.fileExists(atPath: folder), "\(folder) was left behind")
        }
    }
}
