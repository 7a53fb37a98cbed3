import Foundation

/// Process groups seen through `/proc`, for tests that check a command left no process behind.
public enum ProcessGroups {
    /// True while a process of group `group` runs: one that has ended and waits to be reaped
    /// (by whichever process adopted it) runs no more.
    public static func exists(_ group: Int32) -> Bool {
        !members(of: group, running: true).isEmpty
    }

    /// The process ids of group `group`; with `running`, only those that have not ended.
    public static func members(of group: Int32, running: Bool = false) -> [Int32] {
        let processes = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return processes.compactMap { name in
            guard let pid = Int32(name), let stat = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return nil }
            // After the command's name: the state, the parent and the group.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 2, Int32(fields[2]) == group else { return nil }
            return running && (fields[0] == "Z" || fields[0] == "X") ? nil : pid
        }
    }
}
