import Foundation
import Testing
import WidgetryBundle
import WidgetryBundleFetch
import WidgetryTestSupport

/// Zips as other tools write them: non-ASCII names flagged UTF-8 (general purpose bit 11, as
/// Python, Java and 7-Zip set it) extract under their names, `pack` sets the flag itself, and a
/// zip cut off before its central directory is refused rather than read from its local headers.
struct ZipNameAndTruncationTests {
    static let names = ["Café.json", "Straße/Ölwechsel.txt", "日本語.json"]

    private func write(_ bytes: [UInt8], _ name: String, in scratch: TemporaryDirectory) throws -> String {
        let path = scratch.file(name)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func namesFlaggedUTF8ExtractUnderTheirNames() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let zip = HandmadeZip([HandmadeZip.Entry(name: "Info.json", data: "{}")] + Self.names.map { HandmadeZip.Entry(name: $0, data: $0) })
        let archive = try write(zip.bytes, "python.zip", in: scratch)
        let report = try ArchiveExtractor().extract(archiveAt: archive, to: scratch.file("out"))
        #expect(report.fileCount == 1 + Self.names.count)
        for name in Self.names {
            let path = scratch.file("out") + "/" + name
            #expect(try String(contentsOfFile: path, encoding: .utf8) == name, "\(name)")
            #expect(FileManager.default.fileExists(atPath: path))
        }
    }

    @Test func packFlagsNonASCIINamesAndTheyComeBack() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let bundle = scratch.file("bundle")
        try FileManager.default.createDirectory(atPath: bundle + "/Straße", withIntermediateDirectories: true)
        try Data(#"{"identifier": "test.names"}"#.utf8).write(to: URL(fileURLWithPath: bundle + "/Info.json"))
        try Data("x".utf8).write(to: URL(fileURLWithPath: bundle + "/Straße/Café.txt"))
        let archive = scratch.file("packed.zip")
        _ = try BundlePacker().pack(directory: bundle, to: archive)
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: archive)))
        #expect(Self.flags(ofCentralEntryNamed: Array("Straße/Café.txt".utf8), in: bytes).map { $0 & 0x0800 } == 0x0800)
        _ = try ArchiveExtractor().extract(archiveAt: archive, to: scratch.file("out"))
        #expect(try String(contentsOfFile: scratch.file("out") + "/Straße/Café.txt", encoding: .utf8) == "x")
    }

    @Test(arguments: ["no central directory", "half a central directory", "no end record"])
    func aZipCutShortIsRefused(cut: String) throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let zip = HandmadeZip([HandmadeZip.Entry(name: "Info.json", data: "{}"), HandmadeZip.Entry(name: "a.json", data: "{}")])
        let whole = zip.bytes
        let local = zip.withoutCentralDirectory
        let bytes = switch cut {
        case "no central directory": local
        case "half a central directory": Array(whole.prefix(local.count + 20))
        default: Array(whole.prefix(whole.count - 22))
        }
        let archive = try write(bytes, "cut.zip", in: scratch)
        #expect(throws: BundleError.truncatedArchive(path: archive)) {
            _ = try ArchiveExtractor().extract(archiveAt: archive, to: scratch.file("out"))
        }
        #expect(!FileManager.default.fileExists(atPath: scratch.file("out")))
        #expect(BundleError.truncatedArchive(path: archive).code == "archive.truncated")
    }

    @Test func theWholeHandmadeZipIsRead() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let zip = HandmadeZip([HandmadeZip.Entry(name: "Info.json", data: "{}", utf8Flag: false)])
        let archive = try write(zip.bytes, "whole.zip", in: scratch)
        #expect(try ArchiveExtractor().extract(archiveAt: archive, to: scratch.file("out")).fileCount == 1)
    }

    /// The general purpose flags of the central directory entry named `name`.
    static func flags(ofCentralEntryNamed name: [UInt8], in bytes: [UInt8]) -> UInt16? {
        var index = 0
        while index + 46 <= bytes.count {
            if bytes[index..<index + 4] == [0x50, 0x4B, 0x01, 0x02] {
                let nameLength = Int(bytes[index + 28]) | Int(bytes[index + 29]) << 8
                if Array(bytes[(index + 46)..<min(bytes.count, index + 46 + nameLength)]) == name {
                    return UInt16(bytes[index + 8]) | UInt16(bytes[index + 9]) << 8
                }
            }
            index += 1
        }
        return nil
    }
}
