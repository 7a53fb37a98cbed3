import CArchive
import Foundation
public import WidgetryBundle

#if canImport(Glibc)
import Glibc
#endif

/// Unpacks zip and tar archives (plain, gzip, bzip2, xz or zstd) safely.
///
/// Extraction writes into a fresh staging folder next to the destination and moves it into place
/// with one `rename` when every entry has been checked and written; on any error the staging
/// folder is removed, so a failed extraction leaves nothing behind. Only regular files and
/// folders with relative paths are accepted: absolute paths, `..` components, links of any kind,
/// devices, FIFOs and sockets are refused with an error naming the entry, and nothing is ever
/// written outside the staging folder.
public struct ArchiveExtractor: Sendable {
    /// What an extraction produced.
    public struct Report: Sendable, Equatable {
        public var fileCount: Int
        public var directoryCount: Int
        public var unpackedBytes: Int64
    }

    public var limits: ExtractionLimits

    public init(limits: ExtractionLimits = ExtractionLimits()) {
        self.limits = limits
    }

    /// Extracts `archivePath` into `destination`, which must not exist or be an empty folder
    /// unless `replaceExisting` is set (then the old folder is swapped out after success).
    @discardableResult
    public func extract(archiveAt archivePath: String, to destination: String, replaceExisting: Bool = false) throws(BundleError) -> Report {
        let destinationURL = URL(fileURLWithPath: destination).standardizedFileURL
        let fileManager = FileManager.default
        try checkDestination(destinationURL.path, replaceExisting: replaceExisting)
        let parent = destinationURL.deletingLastPathComponent()
        do {
            try fileManager.createDirectory(at: parent, withIntermediateDirectories: true)
        } catch {
            throw .writeFailed(path: parent.path, reason: error.localizedDescription)
        }
        let staging = parent.appendingPathComponent(".\(destinationURL.lastPathComponent).staging-\(UUID().uuidString)")
        guard TemporaryPaths.create(staging.path, by: { mkdir(staging.path, 0o755) == 0 }) else {
            throw .writeFailed(path: staging.path, reason: String(cString: strerror(errno)))
        }
        defer { TemporaryPaths.unregister(staging.path) }
        do {
            let report = try UTF8ThreadLocale.run { () throws(BundleError) in try unpack(archivePath: archivePath, into: staging.path) }
            try moveIntoPlace(staging: staging.path, destination: destinationURL.path, replaceExisting: replaceExisting)
            return report
        } catch {
            try? fileManager.removeItem(atPath: staging.path)
            throw error
        }
    }

    // MARK: Reading

    private func unpack(archivePath: String, into root: String) throws(BundleError) -> Report {
        guard let archive = archive_read_new() else {
            throw .unreadableArchive(path: archivePath, reason: "libarchive could not allocate a reader")
        }
        defer { archive_read_free(archive) }
        // Zips are read from their central directory only: the streaming reader would take the
        // local headers of an archive cut off before it, and extract what happened to arrive.
        archive_read_support_format_zip_seekable(archive)
        archive_read_support_format_tar(archive)
        archive_read_support_filter_gzip(archive)
        archive_read_support_filter_bzip2(archive)
        archive_read_support_filter_xz(archive)
        archive_read_support_filter_zstd(archive)
        guard archive_read_open_filename(archive, archivePath, 64 * 1024) == ARCHIVE_OK else {
            if ArchiveExtractor.startsLikeZip(archivePath) { throw .truncatedArchive(path: archivePath) }
            throw .unreadableArchive(path: archivePath, reason: ArchiveExtractor.errorString(archive))
        }
        let archiveSize = max(Int64(1), ArchiveExtractor.fileSize(archivePath))
        var report = Report(fileCount: 0, directoryCount: 0, unpackedBytes: 0)
        var entryCount = 0
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            var entry: OpaquePointer?
            let status = archive_read_next_header(archive, &entry)
            if status == ARCHIVE_EOF { break }
            guard status == ARCHIVE_OK || status == ARCHIVE_WARN, let entry else {
                throw .unreadableArchive(path: archivePath, reason: ArchiveExtractor.errorString(archive))
            }
            entryCount += 1
            guard entryCount <= limits.maxEntries else { throw .tooManyEntries(limit: limits.maxEntries) }

            let name = try ArchiveExtractor.entryName(entry)
            guard let components = try ArchiveExtractor.safeComponents(of: name) else { continue }
            let kind = ArchiveEntryKind(entry)
            switch kind {
            case .directory:
                try createDirectories(root: root, components: components, entry: name)
                report.directoryCount += 1
            case .regularFile:
                try createDirectories(root: root, components: components.dropLast(), entry: name)
                let path = ([root] + components).joined(separator: "/")
                try writeFile(archive: archive, entry: name, to: path, buffer: &buffer, report: &report, archiveSize: archiveSize)
                report.fileCount += 1
            case .link(let target):
                throw .linkEntry(entry: name, target: target)
            case .special(let description):
                throw .specialFileEntry(entry: name, kind: description)
            }
        }
        return report
    }

    private func writeFile(
        archive: OpaquePointer, entry: String, to path: String, buffer: inout [UInt8], report: inout Report, archiveSize: Int64
    ) throws(BundleError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            if errno == EEXIST { throw .duplicateEntry(entry: entry) }
            throw .writeFailed(path: path, reason: String(cString: strerror(errno)))
        }
        defer { close(descriptor) }
        while true {
            let count = buffer.withUnsafeMutableBytes { archive_read_data(archive, $0.baseAddress, $0.count) }
            if count == 0 { return }
            guard count > 0 else {
                throw .unreadableArchive(path: entry, reason: ArchiveExtractor.errorString(archive))
            }
            report.unpackedBytes += Int64(count)
            guard report.unpackedBytes <= limits.maxUnpackedBytes else {
                throw .unpackedSizeLimit(entry: entry, limit: limits.maxUnpackedBytes)
            }
            if report.unpackedBytes > limits.ratioFloorBytes,
                Double(report.unpackedBytes) / Double(archiveSize) > limits.maxCompressionRatio
            {
                throw .compressionRatioLimit(entry: entry, limit: limits.maxCompressionRatio)
            }
            var written = 0
            while written < count {
                let result = buffer.withUnsafeBytes { write(descriptor, $0.baseAddress! + written, count - written) }
                guard result > 0 else {
                    throw .writeFailed(path: path, reason: String(cString: strerror(errno)))
                }
                written += result
            }
        }
    }

    /// Whether the file begins with a zip local header (`PK\u{3}\u{4}`), so that a zip reader
    /// that finds no central directory means the archive was cut short.
    static func startsLikeZip(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        return [UInt8](handle.readData(ofLength: 4)) == [0x50, 0x4B, 0x03, 0x04]
    }

    // MARK: Entry checks

    /// The entry's name as UTF-8 text; names that are not valid UTF-8 are refused. Read inside
    /// ``UTF8ThreadLocale/run(_:)``, so names the archive marks as UTF-8 convert.
    static func entryName(_ entry: OpaquePointer) throws(BundleError) -> String {
        guard let raw = archive_entry_pathname_utf8(entry) ?? archive_entry_pathname(entry) else {
            throw .invalidEntryName(bytes: [])
        }
        let bytes = Array(UnsafeBufferPointer(start: UnsafeRawPointer(raw).assumingMemoryBound(to: UInt8.self), count: strlen(raw)))
        guard let name = String(validating: bytes, as: UTF8.self) else {
            throw .invalidEntryName(bytes: bytes)
        }
        return name
    }

    /// The path components an entry may be written at, or nil for entries to skip (the archive's
    /// root folder itself and macOS `__MACOSX` metadata).
    static func safeComponents(of name: String) throws(BundleError) -> [String]? {
        if name.hasPrefix("/") {
            throw .unsafeEntryPath(entry: name, reason: "has an absolute path")
        }
        if name.contains("\\") {
            throw .unsafeEntryPath(entry: name, reason: "contains a backslash, which some systems read as a folder separator")
        }
        if name.utf8.count >= 2, name.utf8.dropFirst().first == UInt8(ascii: ":") {
            throw .unsafeEntryPath(entry: name, reason: "starts with a drive letter")
        }
        var components: [String] = []
        for component in name.split(separator: "/", omittingEmptySubsequences: true) {
            if component == "." { continue }
            if component == ".." {
                throw .unsafeEntryPath(entry: name, reason: "climbs out of the archive with '..'")
            }
            components.append(String(component))
        }
        if components.isEmpty || components[0] == "__MACOSX" { return nil }
        return components
    }

    private func createDirectories(root: String, components: some Collection<String>, entry: String) throws(BundleError) {
        var path = root
        for component in components {
            path += "/" + component
            if mkdir(path, 0o755) == 0 { continue }
            let failure = errno
            var info = stat()
            guard failure == EEXIST, lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
                if failure == EEXIST { throw .duplicateEntry(entry: entry) }
                throw .writeFailed(path: path, reason: String(cString: strerror(failure)))
            }
        }
    }

    // MARK: Destination

    private func checkDestination(_ path: String, replaceExisting: Bool) throws(BundleError) {
        guard !replaceExisting else { return }
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        guard info.st_mode & S_IFMT == S_IFDIR,
            let contents = try? FileManager.default.contentsOfDirectory(atPath: path), contents.isEmpty
        else { throw .destinationExists(path: path) }
    }

    private func moveIntoPlace(staging: String, destination: String, replaceExisting: Bool) throws(BundleError) {
        var info = stat()
        if lstat(destination, &info) == 0 {
            if replaceExisting {
                let retired = staging + ".old"
                guard rename(destination, retired) == 0 else {
                    throw .writeFailed(path: destination, reason: String(cString: strerror(errno)))
                }
                guard rename(staging, destination) == 0 else {
                    let reason = String(cString: strerror(errno))
                    _ = rename(retired, destination)
                    throw .writeFailed(path: destination, reason: reason)
                }
                try? FileManager.default.removeItem(atPath: retired)
                return
            }
            // An empty folder: checked in `checkDestination`, replaced here.
            guard rmdir(destination) == 0 else { throw .destinationExists(path: destination) }
        }
        guard rename(staging, destination) == 0 else {
            throw .writeFailed(path: destination, reason: String(cString: strerror(errno)))
        }
    }

    // MARK: Helpers

    static func errorString(_ archive: OpaquePointer) -> String {
        archive_error_string(archive).map { String(cString: $0) } ?? "unknown libarchive error"
    }

    static func fileSize(_ path: String) -> Int64 {
        var info = stat()
        guard stat(path, &info) == 0 else { return 0 }
        return Int64(info.st_size)
    }
}

/// The kinds of entry an archive can hold, as far as extraction cares.
private enum ArchiveEntryKind {
    case regularFile
    case directory
    case link(target: String)
    case special(String)

    init(_ entry: OpaquePointer) {
        if let hardlink = archive_entry_hardlink(entry) {
            self = .link(target: String(cString: hardlink))
            return
        }
        switch archive_entry_filetype(entry) & S_IFMT {
        case S_IFREG: self = .regularFile
        case S_IFDIR: self = .directory
        case S_IFLNK: self = .link(target: archive_entry_symlink(entry).map { String(cString: $0) } ?? "")
        case S_IFCHR: self = .special("character device")
        case S_IFBLK: self = .special("block device")
        case S_IFIFO: self = .special("FIFO")
        case S_IFSOCK: self = .special("socket")
        default: self = .special("file of unknown type")
        }
    }
}
