import Foundation
import Testing
import WidgetryBundle
import WidgetryJSON
import WidgetryTestSupport

/// `BundleReadCache`, kept across an editor's reads of one bundle folder: a file whose bytes
/// changed (in memory, as an editor's buffer) is parsed again and its dialect names found
/// again, so every read with the cache equals a read without it.
@Suite("Bundle read cache")
struct BundleReadCacheTests {
    /// A screen of each dialect, the second an edit of the first.
    static let graffiti = #"{"S": {"elements": {"label": {"bindings": [{"to": "gx_value", "from": "title"}]}}}}"#
    static let widgetkit = #"{"S": {"elements": {"label": {"bindings": [{"to": "wx_value", "from": "name"}]}}}}"#

    private func read(_ root: String, _ screen: String?, cache: BundleReadCache?) throws -> WidgetBundle {
        var options = WidgetBundle.ReadOptions(fileSystem: BundleFileSystem(overriding: screen.map { [root + "/S.json": Array($0.utf8)] } ?? [:]))
        options.cache = cache
        return try WidgetBundle(directory: root, options: options)
    }

    @Test func anEditedScreenIsParsedAndItsDialectFoundAgain() throws {
        let scratch = try TemporaryDirectory()
        try Data(DialectTests.manifest.utf8).write(to: URL(fileURLWithPath: scratch.file("Info.json")))
        try Data(Self.graffiti.utf8).write(to: URL(fileURLWithPath: scratch.file("S.json")))
        try Data(#"{"entities": {}}"#.utf8).write(to: URL(fileURLWithPath: scratch.file("Model.json")))
        let cache = BundleReadCache()
        // On the disk, edited in memory, edited back and again: each read as a read without the cache reads it.
        for (step, screen) in [("on the disk", nil), ("edited", Self.widgetkit), ("edited back", Self.graffiti), ("edited again", Self.widgetkit)] as [(String, String?)] {
            let cached = try read(scratch.path, screen, cache: cache)
            let fresh = try read(scratch.path, screen, cache: nil)
            #expect(cached.dialect == fresh.dialect, "\(step)")
            #expect(cached.screens.map(\.file.document.source.bytes) == fresh.screens.map(\.file.document.source.bytes), "\(step)")
            #expect(cached.screens.map(\.file.root) == fresh.screens.map(\.file.root), "\(step)")
        }
        let edited = try read(scratch.path, Self.widgetkit, cache: cache)
        #expect(edited.dialect == DialectDetection(dialect: .widgetkit, evidence: "wx_value in S.json"))
        #expect(edited.screen(named: "S")?.file.root["S"]?["elements"]?["label"]?["bindings"]?[0]?["from"]?.stringValue == "name")
    }
}
