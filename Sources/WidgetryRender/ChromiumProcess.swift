import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// One Chromium process started for the DevTools protocol over `--remote-debugging-pipe`:
/// Chromium reads commands from its file descriptor 3 and writes answers to 4. Both are one end
/// of a Unix socket pair (a write to a Chromium that has gone fails with `EPIPE` instead of
/// raising SIGPIPE); the other end is ``channel``.
///
/// Foundation's `Process` cannot hand a child descriptors beyond 0–2, so Chromium is started
/// with `posix_spawn`: standard input from `/dev/null`, what it prints to a file (a talkative
/// Chromium cannot fill a pipe and stall), no other descriptor of this process, SIGINT and
/// SIGTERM back to their defaults (the command line ignores them to handle them itself), and in
/// a process group of its own with its helpers, so that ``stop(grace:)`` reaches them all.
///
/// Every started process is listed until it is reaped: ``stopAll()`` ends them when the command
/// line is interrupted, so no Chromium outlives it.
final class ChromiumProcess: @unchecked Sendable {
    /// The process (and its group's) id.
    let pid: pid_t
    /// This side of the socket pair: commands are written to it and answers read from it.
    let channel: Int32
    /// The exit status once reaped (``stop(grace:)``, ``reapIfEnded()``).
    private(set) var status: Int32?

    /// The processes started and not reaped yet.
    private static let live = Mutex(Set<pid_t>())

    /// Starts `executable` with `arguments`, what it prints going to `log`.
    init(executable: String, arguments: [String], log: String) throws(ChromiumScreenshot.Failure) {
        var pair: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) == 0 else {
            throw .failed(status: -1, output: "no socket pair for Chromium's DevTools pipe: \(String(cString: strerror(errno)))")
        }
        // The child's end far above 3 and 4, so that moving it there never meets itself.
        let theirs = fcntl(pair[1], F_DUPFD_CLOEXEC, 64)
        close(pair[1])
        defer { if theirs >= 0 { close(theirs) } }
        guard theirs >= 0 else {
            close(pair[0])
            throw .failed(status: -1, output: "no descriptor for Chromium's DevTools pipe: \(String(cString: strerror(errno)))")
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, log, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        posix_spawn_file_actions_adddup2(&actions, theirs, 3)
        posix_spawn_file_actions_adddup2(&actions, theirs, 4)
        Self.closeFrom(5, in: &actions)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for number in [SIGINT, SIGTERM, SIGPIPE, SIGHUP] { sigaddset(&defaults, number) }
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &unblocked)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var child: pid_t = 0
        // Listed under the lock before it can be interrupted half started.
        let spawned = Self.live.withLock { live in
            let result = posix_spawn(&child, executable, &actions, &attributes, argv, environ)
            if result == 0 { live.insert(child) }
            return result
        }
        guard spawned == 0 else {
            close(pair[0])
            throw .failed(status: -1, output: "Chromium (\(executable)) could not be started: \(String(cString: strerror(spawned)))")
        }
        pid = child
        channel = pair[0]
    }

    deinit {
        stop(grace: 0)
    }

    /// Has the child close every descriptor from `first` on (glibc 2.34's
    /// `posix_spawn_file_actions_addclosefrom_np`, looked up at run time since Swift's Glibc
    /// module does not declare it): descriptors this process opened without close-on-exec
    /// stay out of Chromium.
    private static func closeFrom(_ first: Int32, in actions: inout posix_spawn_file_actions_t) {
        typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") else { return }
        _ = unsafeBitCast(symbol, to: CloseFrom.self)(&actions, first)
    }

    /// Reaps the process if it has ended, stopping what is left of its group first; true when it
    /// is (or was) reaped.
    @discardableResult
    func reapIfEnded() -> Bool {
        if status != nil { return true }
        var info = siginfo_t()
        // Seen ended but not reaped, so the group's id cannot be taken by another process yet.
        guard waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0, info._sifields._sigchld.si_pid == pid else { return false }
        kill(-pid, SIGKILL)
        var raw: Int32 = 0
        _ = waitpid(pid, &raw, 0)
        status = (raw & 0x7f) == 0 ? (raw >> 8) & 0xff : 128 + (raw & 0x7f)
        close(channel)
        _ = Self.live.withLock { $0.remove(pid) }
        return true
    }

    /// Waits up to `seconds` for the process to end by itself; true when it has.
    func waitForEnd(seconds: Double) -> Bool {
        let deadline = DispatchTime.now() + seconds
        while !reapIfEnded() {
            if DispatchTime.now() >= deadline { return false }
            usleep(5_000)
        }
        return true
    }

    /// Ends the process and its group: SIGTERM, then SIGKILL when it has not ended within
    /// `grace` seconds, and reaps it.
    func stop(grace: Double) {
        guard !reapIfEnded() else { return }
        kill(-pid, SIGTERM)
        if !waitForEnd(seconds: grace) {
            kill(-pid, SIGKILL)
            while !reapIfEnded() { usleep(5_000) }
        }
    }

    /// Kills every Chromium this process started and has not reaped (their whole groups): for
    /// a command that is interrupted. The processes are left for the exiting process to drop.
    static func stopAll() {
        let pids = live.withLock { $0 }
        for pid in pids { kill(-pid, SIGKILL) }
    }
}
