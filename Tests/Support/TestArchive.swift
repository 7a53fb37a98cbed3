import CArchive
import Foundation

/// Writes archives for tests with libarchive's writer, including the malicious ones a real
/// bundle must never be: entries are taken verbatim, so names may climb out with `..`, start
/// with `/`, or be links and devices. Nothing here is checked in as a binary; every archive is
/// made by the test that needs it.
public struct TestArchive: Sendable {
    public enum Format: Sendable {
        case zip
        case tar
        case tarGzip
        /// A tar compressed with zstd, which packs long runs of zeros tightest (a bomb stays tiny).
        case tarZstd
    }

    public enum Entry: Sendable {
        case file(String, [UInt8])
        case directory(String)
        case symlink(String, target: String)
        case hardlink(String, target: String)
        case fifo(String)
        case characterDevice(String)
        /// A name given as raw bytes (for names that are not UTF-8).
        case rawNameFile([UInt8], [UInt8])
        /// A file of `count` zero bytes, written a chunk at a time so that it is never in memory.
        case zeros(String, count: Int64)

        public static func text(_ name: String, _ text: String) -> Entry {
            .file(name, Array(text.utf8))
        }
    }

    public var format: Format
    public var entries: [Entry]

    public init(_ format: Format = .zip, _ entries: [Entry]) {
        self.format = format
        self.entries = entries
    }

    /// Writes the archive to `path` and returns the path.
    @discardableResult
    public func write(to path: String) throws -> String {
        guard let archive = archive_write_new() else { throw TestArchiveError.failed("archive_write_new") }
        defer { archive_write_free(archive) }
        switch format {
        case .zip:
            archive_write_set_format_zip(archive)
        case .tar:
            archive_write_set_format_pax_restricted(archive)
        case .tarGzip:
            archive_write_set_format_pax_restricted(archive)
            archive_write_add_filter_gzip(archive)
        case .tarZstd:
            archive_write_set_format_pax_restricted(archive)
            archive_write_add_filter_zstd(archive)
        }
        guard archive_write_open_filename(archive, path) == ARCHIVE_OK else { throw TestArchiveError.failed(Self.message(archive)) }
        for item in entries {
            guard let entry = archive_entry_new() else { throw TestArchiveError.failed("archive_entry_new") }
            defer { archive_entry_free(entry) }
            var data: [UInt8] = []
            var zeroCount: Int64 = 0
            switch item {
            case .file(let name, let bytes):
                archive_entry_set_pathname(entry, name)
                archive_entry_set_filetype(entry, 0o100000)
                archive_entry_set_perm(entry, 0o644)
                data = bytes
            case .rawNameFile(let name, let bytes):
                (name + [0]).withUnsafeBufferPointer { buffer in
                    buffer.withMemoryRebound(to: CChar.self) { archive_entry_copy_pathname(entry, $0.baseAddress) }
                }
                archive_entry_set_filetype(entry, 0o100000)
                archive_entry_set_perm(entry, 0o644)
                data = bytes
            case .zeros(let name, let count):
                archive_entry_set_pathname(entry, name)
                archive_entry_set_filetype(entry, 0o100000)
                archive_entry_set_perm(entry, 0o644)
                zeroCount = count
            case .directory(let name):
                archive_entry_set_pathname(entry, name)
                archive_entry_set_filetype(entry, 0o040000)
                archive_entry_set_perm(entry, 0o755)
            case .symlink(let name, let target):
                archive_entry_set_pathname(entry, name)
                archive_entry_set_filetype(entry, 0o120000)
                archive_entry_set_symlink(entry, target)
                archive_entry_set_perm(entry, 0o777)
            case .hardlink(let name, let target):
                archive_entry_set_pathname(entry, name)
                archive_entry_set_hardlink(entry, target)
                archive_entry_set_filetype(entry, 0o100000)
                archive_entry_set_perm(entry, 0o644)
            case .fifo(let name):
                archive_entry_set_pathname(entry, name)
                archive_entry_set_filetype(entry, 0o010000)
                archive_entry_set_perm(entry, 0o644)
            case .characterDevice(let name):
                archive_entry_set_pathname(entry, name)
                archive_entry_set_filetype(entry, 0o020000)
                archive_entry_set_rdev(entry, 0x0103)
                archive_entry_set_perm(entry, 0o644)
            }
            archive_entry_set_size(entry, Int64(data.count) + zeroCount)
            guard archive_write_header(archive, entry) >= ARCHIVE_WARN else { throw TestArchiveError.failed(Self.message(archive)) }
            if !data.isEmpty {
                let written = data.withUnsafeBytes { archive_write_data(archive, $0.baseAddress, $0.count) }
                guard written == data.count else { throw TestArchiveError.failed(Self.message(archive)) }
            }
            let chunk = [UInt8](repeating: 0, count: Int(min(zeroCount, 1 << 20)))
            var remaining = zeroCount
            while remaining > 0 {
                let count = Int(min(remaining, Int64(chunk.count)))
                let written = chunk.withUnsafeBytes { archive_write_data(archive, $0.baseAddress, count) }
                guard written == count else { throw TestArchiveError.failed(Self.message(archive)) }
                remaining -= Int64(count)
            }
        }
        guard archive_write_close(archive) == ARCHIVE_OK else { throw TestArchiveError.failed(Self.message(archive)) }
        return path
    }

    private static func message(_ archive: OpaquePointer) -> String {
        archive_error_string(archive).map { String(cString: $0) } ?? "libarchive error"
    }
}

public enum TestArchiveError: Error {
    case failed(String)
}
