public import WidgetryJSON
import Synchronization

/// What reading one bundle folder again and again (an editor's) keeps from one read to the
/// next: each JSON file as parsed, and the first name of each dialect a screen file uses, by
/// the file's path. An answer is given only while the file's bytes are those it was worked out
/// from, so an edited file is always parsed again; a file on the disk whose settled
/// ``FileStamp`` is unchanged is not read again at all. One cache serves reads with the same
/// options (JSON limits, patches); `widgetry lint` reads with none.
public final class BundleReadCache: Sendable {
    /// One file's work, valid while its bytes are `bytes`.
    private struct Entry {
        var bytes: [UInt8]
        var document: JSONDocument
        /// What the disk said of the file before it was read, when settled.
        var stamp: FileStamp?
        /// The first name of each dialect the file uses (``DialectDetection``); nil until asked.
        var dialectNames: [Dialect: String]?
    }

    private let entries = Mutex<[String: Entry]>([:])

    public init() {}

    /// The file at `path` parsed from `bytes`: as kept when its bytes are unchanged, else
    /// `parse`'s, then kept, with `stamp`, what the disk said of it before it was read, when
    /// that is settled by `start`, the time the read began.
    func document(_ path: String, bytes: [UInt8], stamp: FileStamp? = nil, readSince start: Int = FileStamp.now(),
                  parse: () throws(JSONParseError) -> JSONDocument) throws(JSONParseError) -> JSONDocument {
        let settled = stamp.flatMap { $0.isSettled(before: start) ? $0 : nil }
        // One lock for the comparison and the stamp: another read may replace the entry between two.
        let kept = entries.withLock { entries -> JSONDocument? in
            guard let kept = entries[path], kept.bytes == bytes else { return nil }
            if kept.stamp != settled { entries[path]?.stamp = settled }
            return kept.document
        }
        if let kept { return kept }
        let document = try parse()
        entries.withLock { $0[path] = Entry(bytes: bytes, document: document, stamp: settled) }
        return document
    }

    /// The file at `path` as kept, when `stamp`, what the disk says of it now, is the settled
    /// stamp it was kept with: the file was not written since, and need not be read.
    func document(_ path: String, unchangedSince stamp: FileStamp) -> JSONDocument? {
        entries.withLock { entries in
            guard let kept = entries[path], kept.stamp == stamp else { return nil }
            return kept.document
        }
    }

    /// The first name of each dialect `file` uses: as kept when its bytes are those its
    /// parse was kept for, else `find`'s, then kept with it.
    func dialectNames(of file: BundleFile, find: (BundleFile) -> [Dialect: String]) -> [Dialect: String] {
        let bytes = file.document.source.bytes
        if let kept = entries.withLock({ $0[file.path] }), kept.bytes == bytes, let names = kept.dialectNames { return names }
        let names = find(file)
        entries.withLock { entries in
            if entries[file.path]?.bytes == bytes { entries[file.path]?.dialectNames = names }
        }
        return names
    }

    /// Drops what is kept of files not among `paths` (removed from the bundle since).
    func keep(only paths: Set<String>) {
        entries.withLock { entries in
            for path in entries.keys where !paths.contains(path) { entries[path] = nil }
        }
    }
}
