import Foundation

/// What the test process holds, read from `/proc/self` (Linux): resident memory and open file
/// descriptors, for checking that hostile input is handled in bounded memory and leaks nothing.
public enum ProcessResources {
    /// Resident set size in bytes (`/proc/self/statm`, second field, in pages).
    private static func residentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// The most resident memory the process has held since it started or since the last
    /// ``resetPeakResident()`` (`VmHWM` in `/proc/self/status`), in bytes.
    private static func peakResidentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "") else { return 0 }
        return kilobytes * 1024
    }

    /// Starts ``peakResidentBytes()`` again from the current resident size (`5` into
    /// `/proc/self/clear_refs`); whether the kernel allowed it.
    private static func resetPeakResident() -> Bool {
        guard let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return false }
        defer { try? handle.close() }
        return (try? handle.write(contentsOf: Data("5".utf8))) != nil
    }

    /// Runs `body` and tells how far resident memory rose above where it started while it ran
    /// (the peak when the kernel lets the peak be reset, else the end). It runs
    /// ``exclusively(_:)``; other tests running at the same time still count, so bounds on it
    /// should be generous.
    public static func residentGrowth<Result, Failure: Error>(
        during body: () async throws(Failure) -> Result
    ) async throws(Failure) -> (result: Result, bytes: Int) {
        try await exclusively { () async throws(Failure) -> (result: Result, bytes: Int) in
            let canReset = resetPeakResident()
            let before = residentBytes()
            let result = try await body()
            return (result, (canReset ? peakResidentBytes() : residentBytes()) - before)
        }
    }

    /// Runs `body` when no other exclusive section of the test process runs: memory-heavy tests
    /// go one at a time, so they neither spoil each other's measurements nor crowd the machine.
    public static func exclusively<Result, Failure: Error>(_ body: () async throws(Failure) -> Result) async throws(Failure) -> Result {
        await gate.enter()
        do {
            let result = try await body()
            await gate.leave()
            return result
        } catch {
            await gate.leave()
            throw error
        }
    }

    private static let gate = Gate()

    /// A lock that waits without blocking a thread.
    private actor Gate {
        private var busy = false
        private var waiting: [CheckedContinuation<Void, Never>] = []

        func enter() async {
            guard busy else {
                busy = true
                return
            }
            await withCheckedContinuation { waiting.append($0) }
        }

        func leave() {
            if waiting.isEmpty { busy = false } else { waiting.removeFirst().resume() }
        }
    }

    /// How many file descriptors the process has open.
    public static func openDescriptorCount() -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? 0
    }

    /// How many of the process's open descriptors are TCP sockets whose remote end is `port`
    /// (a client's connections to a test server): exact whatever other tests run alongside.
    public static func socketsConnected(toPort port: Int) -> Int {
        var inodes = Set<String>()
        for table in ["/proc/self/net/tcp", "/proc/self/net/tcp6"] {
            guard let text = try? String(contentsOfFile: table, encoding: .utf8) else { continue }
            for line in text.split(separator: "\n").dropFirst() {
                let fields = line.split(separator: " ")
                guard fields.count > 9, let remotePort = fields[2].split(separator: ":").last.flatMap({ Int($0, radix: 16) }),
                      remotePort == port, fields[9] != "0" else { continue }
                inodes.insert(String(fields[9]))
            }
        }
        guard !inodes.isEmpty, let descriptors = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") else { return 0 }
        return descriptors.count { descriptor in
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + descriptor),
                  target.hasPrefix("socket:[") else { return false }
            return inodes.contains(String(target.dropFirst("socket:[".count).dropLast()))
        }
    }

    /// Polls `condition` until it holds or `seconds` pass (closing sockets and threads settle
    /// asynchronously); whether it held.
    public static func settles(within seconds: Double = 3, _ condition: () -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        while !condition() {
            guard ContinuousClock.now < deadline else { return false }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return true
    }
}
