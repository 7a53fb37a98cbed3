import Foundation
import Testing
@testable import WidgetryBundle
import WidgetryJSON
import WidgetryTestSupport

/// A file on the disk that the read cache holds is not read again while its settled stamp is
/// unchanged; any write, or a stamp too recent to be trusted, makes it read again.
@Suite struct FileStampCacheTests {
    private func write(_ text: String, to path: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    /// Keeps the file at `path` in `cache` as read at `start` with the stamp it has now.
    private func keep(_ path: String, in cache: BundleReadCache, readSince start: Int) throws -> JSONDocument {
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        return try cache.document("S.json", bytes: bytes, stamp: FileStamp(path: path), readSince: start) { () throws(JSONParseError) in
            try JSONParser.parse(bytes, fileName: "S.json")
        }
    }

    @Test func aSettledFileIsTakenAsKeptUntilItIsWritten() throws {
        let scratch = try TemporaryDirectory()
        let path = scratch.file("S.json")
        try write(#"{"a": 1}"#, to: path)
        let cache = BundleReadCache()
        // A read that began well after the file was last written.
        _ = try keep(path, in: cache, readSince: FileStamp.now() + 5)
        let stamp = try #require(FileStamp(path: path))
        #expect(cache.document("S.json", unchangedSince: stamp)?.root["a"]?.doubleValue == 1)
        // The same length written again: a new stamp, so the file is read again.
        try write(#"{"a": 2}"#, to: path)
        #expect(cache.document("S.json", unchangedSince: try #require(FileStamp(path: path))) == nil)
    }

    @Test func aFileWrittenInTheSecondOfItsReadIsAlwaysReadAgain() throws {
        let scratch = try TemporaryDirectory()
        let path = scratch.file("S.json")
        try write(#"{"a": 1}"#, to: path)
        let cache = BundleReadCache()
        _ = try keep(path, in: cache, readSince: FileStamp.now())
        #expect(cache.document("S.json", unchangedSince: try #require(FileStamp(path: path))) == nil)
    }

    @Test func aBundleReadWithTheCacheSeesAFileRewrittenAtOnceWithTheSameLength() throws {
        let scratch = try TemporaryDirectory()
        try Data(DialectTests.manifest.utf8).write(to: URL(fileURLWithPath: scratch.file("Info.json")))
        try write(#"{"S": {"title": "one"}}"#, to: scratch.file("S.json"))
        var options = WidgetBundle.ReadOptions()
        options.cache = BundleReadCache()
        _ = try WidgetBundle(directory: scratch.path, options: options)
        try write(#"{"S": {"title": "two"}}"#, to: scratch.file("S.json"))
        let again = try WidgetBundle(directory: scratch.path, options: options)
        #expect(again.screen(named: "S")?.file.root["S"]?["title"]?.stringValue == "two")
    }
}
