import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// The first output a command could not write (standard output, a report or log file): kept
/// until the command ends, which then exits 3 with this message instead of pretending that
/// everything was written.
enum OutputFailure {
    private static let first = Mutex<CommandFailure?>(nil)

    /// Remembers that writing `what` failed with `error` (only the first failure is kept).
    static func record(_ what: String, _ error: any Error) {
        let failure = CommandFailure(.unwritableFile, "cannot write \(what): \(Self.reason(error))",
                                     hint: "check that the disk has room and the file or pipe can be written", exitCode: ExitStatus.internalError)
        first.withLock { first in
            if first == nil { first = failure }
        }
    }

    /// The failure recorded so far, if any, and forgets it (a test runs many commands in one process).
    static func take() -> CommandFailure? {
        first.withLock { first in
            defer { first = nil }
            return first
        }
    }

    /// The system's words for `error` (`No space left on device`), without Foundation's wrapping.
    static func reason(_ error: any Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        if nsError.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(nsError.code))) }
        return error.localizedDescription
    }
}

/// A file a command writes on request (`--events`, `--write-baseline`): a regular file is
/// replaced in one piece (written beside it, then renamed); anything else that already exists
/// there (a device such as `/dev/stdout` or `/dev/full`, a pipe) is written in place, never
/// replaced. A failure is exit 3 with the system's reason.
enum OutputFile {
    static func write(_ text: String, to path: String, option: String) throws(CommandFailure) {
        try write(Data(text.utf8), to: path, option: option)
    }

    /// Writes `data` (a picture) to `path` by the same rules.
    static func write(_ data: Data, to path: String, option: String) throws(CommandFailure) {
        var info = stat()
        let special = stat(path, &info) == 0 && info.st_mode & S_IFMT != S_IFREG
        do {
            if special {
                guard let handle = FileHandle(forWritingAtPath: path) else {
                    throw CocoaError(.fileWriteNoPermission)
                }
                defer { try? handle.close() }
                try handle.write(contentsOf: data)
            } else {
                try data.write(to: URL(fileURLWithPath: path), options: .atomic)
            }
        } catch {
            throw CommandFailure(.unwritableFile, "\(option) \(path): cannot write the file: \(OutputFailure.reason(error))",
                                 hint: "check that the disk has room and the file can be written", exitCode: ExitStatus.internalError)
        }
    }
}
