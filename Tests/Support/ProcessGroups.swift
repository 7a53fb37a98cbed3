import Foundation

/// Process groups seen through `/proc`, for tests that check a command left no process behind.
public enum ProcessGroups {
    /// True while a process of group `group` runs: one that has ended and waits to be reaped
    /// (by whichever process adopted it) runs no more.
    public static func exists(_ group: Int32) -> Bool {
        let processes = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return processes.contains { name in
            guard Int32(name) != nil, let stat = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return false }
            // After the command's name: the state, the parent and the group.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return fields.count > 2 && fields[0] != "Z" && fields[0] != "X" && Int32(fields[2]) == group
        }
    }
}
