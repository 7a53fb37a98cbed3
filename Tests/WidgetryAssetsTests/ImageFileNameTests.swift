import Testing
import WidgetryAssets
import WidgetryTestSupport

/// Image names from a catalogue are data: only plain file names become files.
@Suite struct ImageFileNameTests {
    static let hostile = ["../x", "a/b", "a\\b", "/etc/passwd", ".hidden", "..", ".", "nul\u{0}x", "line\nbreak", "",
                          String(repeating: "a", count: 252)]

    @Test func namesThatAreNotPlainFileNamesAreRefused() throws {
        let images = (Self.hostile + ["gear"]).map { TestAssetCatalog.Image.flat($0, width: 1, height: 1) }
        let catalog = try AssetCatalog(bytes: TestAssetCatalog(images).bytes(), file: "Assets.car")
        #expect(Set(catalog.imageNames) == Set(Self.hostile + ["gear"]))
        for name in Self.hostile {
            do throws(AssetError) {
                let fileName = try catalog.fileName(forImage: name, scale: 2)
                Issue.record("'\(name)' became \(fileName)")
            } catch {
                #expect(error.code == .unsafeName, "\(name)")
                #expect(error.file == "Assets.car")
                #expect(error.image != nil && error.hint != nil)
                #expect(!error.message.contains("\u{0}") && !error.message.contains("\n"), "control characters are shown escaped")
            }
        }
        #expect(try catalog.fileName(forImage: "gear", scale: 2) == "gear@2x.png")
        #expect(try catalog.fileName(forImage: "gear", scale: 1) == "gear.png")
        #expect(try catalog.fileName(forImage: "ava..dots", scale: 1) == "ava..dots.png")
    }
}
