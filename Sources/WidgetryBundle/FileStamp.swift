#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What the disk says of a file, enough to tell that it was not written since: its device and
/// inode, size, and the times of its last change of contents and of status. A stamp is trusted
/// only once it is settled, its times a second or more before the read it was taken for began,
/// so that a write in the same tick of the file system's clock, which would leave the times as
/// they were, cannot go unseen. (A network file system that caches attributes may show another
/// machine's write late, for as long as it caches them; the editor's own buffers are never
/// read through stamps.)
struct FileStamp: Equatable, Sendable {
    private let device: UInt64
    private let inode: UInt64
    private let size: Int64
    private let modified: timespec
    private let changed: timespec

    /// The stamp of the file at `path` (links followed, as a read follows them); nil when it
    /// cannot be had.
    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        modified = info.st_mtim
        changed = info.st_ctim
    }

    /// The time now, as the file system's clock tells it, in whole seconds since 1970.
    static func now() -> Int {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Int(time.tv_sec)
    }

    /// Whether the file's times are more than a second before `start` (``now()``'s): a
    /// write after `start` changes them.
    func isSettled(before start: Int) -> Bool {
        Int(max(modified.tv_sec, changed.tv_sec)) + 1 < start
    }

    static func == (lhs: FileStamp, rhs: FileStamp) -> Bool {
        lhs.device == rhs.device && lhs.inode == rhs.inode && lhs.size == rhs.size
            && lhs.modified.tv_sec == rhs.modified.tv_sec && lhs.modified.tv_nsec == rhs.modified.tv_nsec
            && lhs.changed.tv_sec == rhs.changed.tv_sec && lhs.changed.tv_nsec == rhs.changed.tv_nsec
    }
}
