import Foundation
import WidgetryBundle
import WidgetryJSON

/// Archives fetched before, with the validators (`ETag`, `Last-Modified`) to revalidate them.
///
/// Each URL maps to `<key>.archive` and `<key>.json` in the cache folder, where the key is a hash
/// of the URL. The metadata records the URL itself, so a hash collision reads as a miss rather
/// than as another URL's archive. Archives are written to a temporary name and renamed, so a
/// reader never sees half an archive.
struct DownloadCache {
    struct Entry: Equatable {
        var url: String
        var etag: String?
        var lastModified: String?
        var fetchedAt: Date
        var archivePath: String
    }

    let directory: String

    func entry(for url: String) -> Entry? {
        let key = DownloadCache.key(for: url)
        guard let bytes = FileManager.default.contents(atPath: metadataPath(key)),
            let document = try? JSONParser.parse([UInt8](bytes)),
            document.root["url"]?.stringValue == url,
            let fetchedAt = document.root["fetchedAt"]?.doubleValue,
            FileManager.default.fileExists(atPath: archivePath(key))
        else { return nil }
        return Entry(url: url, etag: document.root["etag"]?.stringValue,
                     lastModified: document.root["lastModified"]?.stringValue,
                     fetchedAt: Date(timeIntervalSince1970: fetchedAt), archivePath: archivePath(key))
    }

    /// A fresh temporary path in the cache folder for a download in progress.
    func temporaryPath() throws(BundleError) -> String {
        try createDirectory()
        return directory + "/.download-" + UUID().uuidString
    }

    /// Moves a finished download into the cache and records its validators.
    func store(download temporary: String, url: String, etag: String?, lastModified: String?, fetchedAt: Date) throws(BundleError) -> Entry {
        let key = DownloadCache.key(for: url)
        guard rename(temporary, archivePath(key)) == 0 else {
            throw .writeFailed(path: archivePath(key), reason: String(cString: strerror(errno)))
        }
        let entry = Entry(url: url, etag: etag, lastModified: lastModified, fetchedAt: fetchedAt, archivePath: archivePath(key))
        try writeMetadata(entry, key: key)
        return entry
    }

    /// Records that the server confirmed the cached copy (HTTP 304) at `date`.
    func touch(_ entry: Entry, at date: Date) throws(BundleError) -> Entry {
        var updated = entry
        updated.fetchedAt = date
        try writeMetadata(updated, key: DownloadCache.key(for: entry.url))
        return updated
    }

    private func writeMetadata(_ entry: Entry, key: String) throws(BundleError) {
        var object: JSONValue = ["url": .init(.string(entry.url)), "fetchedAt": .init(.double(entry.fetchedAt.timeIntervalSince1970))]
        object["etag"] = entry.etag.map { JSONValue(.string($0)) }
        object["lastModified"] = entry.lastModified.map { JSONValue(.string($0)) }
        let temporary = metadataPath(key) + ".tmp"
        do {
            try Data(object.serialized(.canonical).utf8).write(to: URL(fileURLWithPath: temporary))
        } catch {
            throw .writeFailed(path: temporary, reason: error.localizedDescription)
        }
        guard rename(temporary, metadataPath(key)) == 0 else {
            throw .writeFailed(path: metadataPath(key), reason: String(cString: strerror(errno)))
        }
    }

    private func createDirectory() throws(BundleError) {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw .writeFailed(path: directory, reason: error.localizedDescription)
        }
    }

    private func archivePath(_ key: String) -> String { directory + "/" + key + ".archive" }
    private func metadataPath(_ key: String) -> String { directory + "/" + key + ".json" }

    /// FNV-1a (64-bit) of the URL, in hex: stable across runs and machines, unlike `hashValue`.
    static func key(for url: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in url.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
