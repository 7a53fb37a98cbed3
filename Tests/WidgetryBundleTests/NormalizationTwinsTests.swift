import Foundation
import Testing
import WidgetryBundle
import WidgetryJSON
import WidgetryTestSupport

/// Two files whose names differ only by Unicode normalisation (`Café` written NFC and NFD) are
/// one name to Swift and to macOS; a bundle holding both is refused with an error naming both,
/// instead of one silently standing for the other.
struct NormalizationTwinsTests {
    static let nfc = "Caf\u{E9}"
    static let nfd = "Cafe\u{301}"

    /// A bundle folder with `files` (pairs, since a dictionary would take the twins for one key).
    private func bundle(_ files: [(String, String)]) throws -> String {
        let root = try TemporaryDirectory().path
        for (name, text) in files {
            let path = root + "/" + name
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            #expect(FileManager.default.createFile(atPath: path, contents: Data(text.utf8)))
        }
        return root
    }

    @Test(arguments: ["%@.json", "Tests/%@.scenario.json", "images/%@.png"])
    func twoScreensThatDifferOnlyByNormalisationAreAnErrorNamingBoth(pattern: String) throws {
        let first = pattern.replacingOccurrences(of: "%@", with: Self.nfc)
        let second = pattern.replacingOccurrences(of: "%@", with: Self.nfd)
        let root = try bundle([
            ("Info.json", #"{"identifier": "test.twins"}"#),
            (first, #"{"\#(Self.nfc)": {}}"#),
            (second, #"{"\#(Self.nfd)": {"objects": {}}}"#),
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let names = try FileManager.default.subpathsOfDirectory(atPath: root)
        try #require(names.filter { $0.utf8.elementsEqual(first.utf8) || $0.utf8.elementsEqual(second.utf8) }.count == 2, "the file system keeps both")
        do {
            _ = try WidgetBundle(directory: root)
            Issue.record("loaded")
        } catch {
            #expect(error.code == "bundle.normalization-twins")
            guard case .normalizationTwins(let a, let b) = error else { Issue.record("\(error)"); return }
            #expect(Set([a, b].map { Array($0.utf8) }) == Set([first, second].map { Array($0.utf8) }))
            let diagnostic = try #require(error.diagnostics.first)
            #expect(diagnostic.file == b)
            #expect(diagnostic.message.contains(a) && diagnostic.message.contains(b))
        }
    }

    @Test func oneSpellingAloneLoads() throws {
        let root = try bundle([("Info.json", #"{"identifier": "test.twins"}"#), ("\(Self.nfd).json", #"{"\#(Self.nfd)": {}}"#)])
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(try WidgetBundle(directory: root).screens.count == 1)
    }
}
