import CArchive
import Foundation
public import WidgetryBundle

/// Writes a bundle folder as a deterministic archive (zip, tar or gzipped tar): entries in byte
/// order of their paths, no modification times, fixed owner and permissions, no platform
/// metadata, no gzip timestamp. Packing the same folder twice, on any machine and in any time
/// zone, gives identical bytes.
///
/// Entries carry no modification time on purpose: zip stores MS-DOS times in local time, which
/// libarchive derives from the machine's time zone. Without one, every entry reads as the zip
/// epoch (1980-01-01 00:00) everywhere.
public struct BundlePacker: Sendable {
    /// What was packed.
    public struct Report: Sendable, Equatable {
        public var fileCount: Int
        public var directoryCount: Int
        public var bytes: Int64
    }

    /// The kinds of archive a bundle is packed into.
    public enum Format: String, Sendable, CaseIterable {
        case zip
        case tar
        case tarGzip = "tar.gz"

        /// The format a file name's extension names (`.zip`, `.tar`, `.tar.gz` or `.tgz`).
        public init?(fileName: String) {
            let name = fileName.lowercased()
            if name.hasSuffix(".zip") {
                self = .zip
            } else if name.hasSuffix(".tar.gz") || name.hasSuffix(".tgz") {
                self = .tarGzip
            } else if name.hasSuffix(".tar") {
                self = .tar
            } else {
                return nil
            }
        }
    }

    /// Most files a folder may hold to be packed.
    public var maxFiles: Int

    public init(maxFiles: Int = 10_000) {
        self.maxFiles = maxFiles
    }

    /// Packs `directory` into the archive file `output` in `format`, replacing it atomically.
    ///
    /// The archive is written to `.NAME.tmp-UUID` beside `output`, listed in ``TemporaryPaths``
    /// while it exists (so Ctrl-C removes it), removed on every error and renamed into place at
    /// the end. When `output` is inside `directory`, neither it (a previous archive) nor any
    /// temporary file of Widgetry's is packed.
    @discardableResult
    public func pack(directory: String, to output: String, format: Format = .zip) throws(BundleError) -> Report {
        let outputURL = URL(fileURLWithPath: output).standardizedFileURL
        let (root, listed) = try list(directory)
        var listing = listed
        if let inside = Self.path(of: outputURL.path, inside: root) {
            listing.files.removeAll { $0 == inside }
        }
        var info = stat()
        if stat(outputURL.path, &info) == 0, info.st_mode & S_IFMT != S_IFREG {
            // The zip is renamed into place: a device (`/dev/full`) or a folder would be replaced.
            throw .writeFailed(path: outputURL.path, reason: "it is not a regular file, and pack replaces the file it writes")
        }
        let temporary = outputURL.deletingLastPathComponent().path + "/." + outputURL.lastPathComponent + ".tmp-" + UUID().uuidString
        var descriptor: Int32 = -1
        var reason = "the command is being interrupted"
        let created = TemporaryPaths.create(temporary) {
            descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
            if descriptor < 0 { reason = String(cString: strerror(errno)) }
            return descriptor >= 0
        }
        guard created else { throw .writeFailed(path: outputURL.path, reason: reason) }
        defer { TemporaryPaths.unregister(temporary) }
        do throws(BundleError) {
            let report = try write(listing: listing, root: root, format: format, to: .descriptor(descriptor, name: outputURL.path))
            guard close(descriptor) == 0 else {
                descriptor = -1
                throw BundleError.writeFailed(path: outputURL.path, reason: String(cString: strerror(errno)))
            }
            descriptor = -1
            guard rename(temporary, outputURL.path) == 0 else {
                throw BundleError.writeFailed(path: outputURL.path, reason: String(cString: strerror(errno)))
            }
            return report
        } catch {
            if descriptor >= 0 { close(descriptor) }
            unlink(temporary)
            throw error
        }
    }

    /// `path` relative to the folder `root` when it lies inside it; nil otherwise.
    private static func path(of path: String, inside root: String) -> String? {
        let real = (path as NSString).deletingLastPathComponent
        let folder = URL(fileURLWithPath: real).resolvingSymlinksInPath().path
        let base = URL(fileURLWithPath: root).resolvingSymlinksInPath().path
        let name = (path as NSString).lastPathComponent
        if folder == base { return name }
        guard folder.hasPrefix(base + "/") else { return nil }
        return String(folder.dropFirst(base.count + 1)) + "/" + name
    }

    /// Packs `directory` in `format` onto the open file `descriptor` (standard output for
    /// `pack -o -`); `name` is how errors name it.
    @discardableResult
    public func pack(directory: String, toFileDescriptor descriptor: Int32, named name: String, format: Format) throws(BundleError) -> Report {
        let (root, listing) = try list(directory)
        return try write(listing: listing, root: root, format: format, to: .descriptor(descriptor, name: name))
    }

    /// The folder's absolute path and its files; a folder that is not there, or a link inside
    /// it, is refused.
    private func list(_ directory: String) throws(BundleError) -> (root: String, listing: BundleListing) {
        let root = URL(fileURLWithPath: directory).standardizedFileURL.path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw .notFound(path: directory)
        }
        var listing = try BundleListing(root: root, maxFiles: maxFiles)
        // What packs and fetches leave while they run (this pack's own temporary file among
        // them, when it writes into the folder) is never part of a bundle.
        listing.files.removeAll { StaleTemporaryFiles.isLeftover(($0 as NSString).lastPathComponent) }
        if let link = listing.skippedLinks.first {
            let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: root + "/" + link)) ?? "?"
            throw .linkEntry(entry: link, target: target)
        }
        return (root, listing)
    }

    /// Where an archive is written.
    private enum Destination {
        case file(String)
        case descriptor(Int32, name: String)

        var name: String {
            switch self {
            case .file(let path): path
            case .descriptor(_, let name): name
            }
        }
    }

    private func write(listing: BundleListing, root: String, format: Format, to destination: Destination) throws(BundleError) -> Report {
        let path = destination.name
        guard let archive = archive_write_new() else {
            throw .writeFailed(path: path, reason: "libarchive could not allocate a writer")
        }
        defer { archive_write_free(archive) }
        switch format {
        case .zip:
            archive_write_set_format_zip(archive)
            archive_write_zip_set_compression_deflate(archive)
            // Names are written as UTF-8 and marked so (bit 11) when they are not ASCII.
            archive_write_set_options(archive, "hdrcharset=UTF-8")
        case .tar, .tarGzip:
            // ustar headers, with a pax header only for what ustar cannot hold (a long or
            // non-ASCII name).
            archive_write_set_format_pax_restricted(archive)
            if format == .tarGzip {
                archive_write_add_filter_gzip(archive)
                archive_write_set_options(archive, "gzip:!timestamp")
            }
        }
        let opened: Int32
        switch destination {
        case .file(let file): opened = archive_write_open_filename(archive, file)
        case .descriptor(let descriptor, _): opened = archive_write_open_fd(archive, descriptor)
        }
        guard opened == ARCHIVE_OK else {
            throw .writeFailed(path: path, reason: ArchiveExtractor.errorString(archive))
        }
        let entries = (listing.directories.map { ($0 + "/", true) } + listing.files.map { ($0, false) })
            .sorted { $0.0.utf8.lexicographicallyPrecedes($1.0.utf8) }
        var report = Report(fileCount: 0, directoryCount: 0, bytes: 0)
        for (name, isDirectory) in entries {
            guard let entry = archive_entry_new() else {
                throw .writeFailed(path: path, reason: "libarchive could not allocate an entry")
            }
            defer { archive_entry_free(entry) }
            archive_entry_set_pathname_utf8(entry, name)
            archive_entry_unset_mtime(entry)
            archive_entry_set_uid(entry, 0)
            archive_entry_set_gid(entry, 0)
            if isDirectory {
                archive_entry_set_filetype(entry, 0o040000)
                archive_entry_set_perm(entry, 0o755)
                archive_entry_set_size(entry, 0)
                guard archive_write_header(archive, entry) == ARCHIVE_OK else {
                    throw .writeFailed(path: path, reason: ArchiveExtractor.errorString(archive))
                }
                report.directoryCount += 1
                continue
            }
            let data: Data
            do {
                data = try Data(contentsOf: URL(fileURLWithPath: root + "/" + name))
            } catch {
                throw .unreadableFile(path: name, reason: error.localizedDescription)
            }
            archive_entry_set_filetype(entry, 0o100000)
            archive_entry_set_perm(entry, 0o644)
            archive_entry_set_size(entry, Int64(data.count))
            guard archive_write_header(archive, entry) == ARCHIVE_OK else {
                throw .writeFailed(path: path, reason: ArchiveExtractor.errorString(archive))
            }
            let written = data.withUnsafeBytes { archive_write_data(archive, $0.baseAddress, $0.count) }
            guard written == data.count else {
                throw .writeFailed(path: path, reason: ArchiveExtractor.errorString(archive))
            }
            report.fileCount += 1
            report.bytes += Int64(data.count)
        }
        guard archive_write_close(archive) == ARCHIVE_OK else {
            throw .writeFailed(path: path, reason: ArchiveExtractor.errorString(archive))
        }
        return report
    }
}
