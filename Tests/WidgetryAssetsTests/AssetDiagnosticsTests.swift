import Testing
import WidgetryAssets
import WidgetryJSON

/// Catalogue and decompression errors reach people through the one diagnostic model, as every
/// other error does.
struct AssetDiagnosticsTests {
    @Test func aCatalogueThatIsNotOneIsADiagnosticAboutItsFile() throws {
        do throws(AssetError) {
            _ = try AssetCatalog(bytes: Array("not a catalogue".utf8), file: "Assets.car")
            Issue.record("a text file read as a catalogue")
        } catch {
            let diagnostic = try #require(error.diagnostics.first)
            #expect(error.diagnostics.count == 1)
            #expect(diagnostic.file == "Assets.car")
            #expect(diagnostic.code.description == error.code.rawValue)
            #expect(diagnostic.code.domain == "assets")
            #expect(diagnostic.severity == .error)
        }
    }

    @Test func theImageAndTheDecompressionErrorUnderneathAreNotes() {
        let cause = LZFSEError(.truncated, "the stream ends inside a block", offset: 12)
        let error = AssetError(.decompression, "cannot decompress the pixels", file: "Assets.car", image: "logo", cause: cause)
        let diagnostic = error.diagnostics[0]
        #expect(diagnostic.notes == ["image logo", "the stream ends inside a block at byte 12 [lzfse.truncated]"])
        #expect(cause.diagnostics[0].code == "lzfse.truncated")
        #expect(cause.diagnostics[0].notes == ["at byte 12"])
        #expect(cause.diagnostics[0].hint != nil)
        #expect(error.description == """
            Assets.car: cannot decompress the pixels [assets.decompression]
              note: image logo
              note: the stream ends inside a block at byte 12 [lzfse.truncated]
            """)
    }
}
