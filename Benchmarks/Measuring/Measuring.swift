// What the side-by-side benchmarks share: timing a body (wall clock or the thread's CPU time),
// taking a median, and the process's peak memory.
import Foundation

/// Seconds `body` takes, by the monotonic clock.
public func seconds(_ body: () throws -> Void) rethrows -> Double {
    try nanoseconds(body) / 1e9
}

/// Nanoseconds `body` takes, by the monotonic clock.
public func nanoseconds(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start)
}

/// Nanoseconds of CPU time the calling thread spends in `body` (`CLOCK_THREAD_CPUTIME_ID`): on a
/// shared machine, the time other processes run instead does not count, as wall-clock time would.
public func cpuNanoseconds(_ body: () throws -> Void) rethrows -> Double {
    try nanoseconds(of: CLOCK_THREAD_CPUTIME_ID, body)
}

/// Seconds of CPU time the calling thread spends in `body` (see ``cpuNanoseconds(_:)``).
public func cpuSeconds(_ body: () throws -> Void) rethrows -> Double {
    try cpuNanoseconds(body) / 1e9
}

/// Nanoseconds of `clock` that pass while `body` runs.
private func nanoseconds(of clock: clockid_t, _ body: () throws -> Void) rethrows -> Double {
    func now() -> Double {
        var time = timespec()
        clock_gettime(clock, &time)
        return Double(time.tv_sec) * 1e9 + Double(time.tv_nsec)
    }
    let start = now()
    try body()
    return now() - start
}

/// The median of `values` (the mean of the middle two for an even count).
public func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

/// The process's peak resident set since the last ``resetPeakResident()`` (Linux: VmHWM), in KiB.
public func peakResidentKilobytes() -> Int {
    if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
       let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
       let kilobytes = Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") {
        return kilobytes
    }
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return usage.ru_maxrss
}

/// Starts a new peak for ``peakResidentKilobytes()`` (Linux; elsewhere the peak stays the process's).
public func resetPeakResident() {
    try? Data("5".utf8).write(to: URL(fileURLWithPath: "/proc/self/clear_refs"))
}

/// The bytes of the file at `path`, read straight into the array (one copy, as a host that
/// imports a file would read it; `[UInt8](Data(contentsOf:))` copies twice).
public func fileBytes(_ path: String) throws -> [UInt8] {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { throw CocoaError(.fileReadNoSuchFile) }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { throw CocoaError(.fileReadUnknown) }
    let size = Int(status.st_size)
    return try [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
        while count < size {
            let read = Foundation.read(descriptor, buffer.baseAddress! + count, size - count)
            guard read > 0 else { throw CocoaError(.fileReadUnknown) }
            count += read
        }
    }
}

/// Nanoseconds of CPU time the whole process spends in `body` (`CLOCK_PROCESS_CPUTIME_ID`): all
/// its threads, for work that runs on more than one.
public func processCPUNanoseconds(_ body: () throws -> Void) rethrows -> Double {
    try nanoseconds(of: CLOCK_PROCESS_CPUTIME_ID, body)
}
