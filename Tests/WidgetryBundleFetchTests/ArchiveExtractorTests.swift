import Foundation
import Testing
import WidgetryBundle
import WidgetryBundleFetch
import WidgetryTestSupport

@Suite("Archive extraction")
struct ArchiveExtractorTests {
    @Test(arguments: [TestArchive.Format.zip, .tar, .tarGzip])
    func extractsFilesAndFolders(format: TestArchive.Format) throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let archive = try TestArchive(format, [
            .directory("Base.lproj/"),
            .text("Info.json", #"{"identifier": "com.example.a"}"#),
            .text("Base.lproj/Main.storyboard", "<document/>"),
            .text("images/nested/icon.png", "PNG"),
        ]).write(to: scratch.file("a.archive"))
        let report = try ArchiveExtractor().extract(archiveAt: archive, to: scratch.file("out"))
        #expect(report.fileCount == 3)
        #expect(report.unpackedBytes == 31 + 11 + 3)
        let out = scratch.file("out")
        #expect(FileManager.default.contents(atPath: out + "/images/nested/icon.png") == Data("PNG".utf8))
        #expect(FileManager.default.fileExists(atPath: out + "/Base.lproj/Main.storyboard"))
        #expect(scratch.listing().filter { $0.contains("staging") }.isEmpty)
    }

    struct Malicious: Sendable, CustomTestStringConvertible {
        let name: String
        let entries: @Sendable () -> [TestArchive.Entry]
        let format: TestArchive.Format
        let limits: ExtractionLimits
        let expected: @Sendable (BundleError) -> Bool

        init(_ name: String, format: TestArchive.Format = .zip, limits: ExtractionLimits = ExtractionLimits(),
             _ entries: @escaping @Sendable () -> [TestArchive.Entry], expected: @escaping @Sendable (BundleError) -> Bool) {
            self.name = name
            self.entries = entries
            self.format = format
            self.limits = limits
            self.expected = expected
        }

        var testDescription: String { name }
    }

    static let maliciousCases: [Malicious] = [
        Malicious("zip slip with ..", { [.text("ok.txt", "x"), .text("../escaped.txt", "evil")] }) {
            if case .unsafeEntryPath(let entry, _) = $0 { return entry == "../escaped.txt" } else { return false }
        },
        Malicious("nested .. in the middle", format: .tar, { [.text("a/../../escaped.txt", "evil")] }) {
            if case .unsafeEntryPath(let entry, _) = $0 { return entry == "a/../../escaped.txt" } else { return false }
        },
        Malicious("absolute path", format: .tar, { [.text("/tmp/widgetry-absolute-escape.txt", "evil")] }) {
            if case .unsafeEntryPath(let entry, _) = $0 { return entry.hasPrefix("/tmp/") } else { return false }
        },
        Malicious("backslash path", { [.text("..\\escaped.txt", "evil")] }) {
            if case .unsafeEntryPath = $0 { return true } else { return false }
        },
        Malicious("symlink out of the folder", format: .tar, { [.symlink("link", target: "/etc"), .text("link/passwd", "evil")] }) {
            if case .linkEntry(let entry, let target) = $0 { return entry == "link" && target == "/etc" } else { return false }
        },
        Malicious("symlink in a zip", { [.symlink("inside", target: "../outside")] }) {
            if case .linkEntry(let entry, _) = $0 { return entry == "inside" } else { return false }
        },
        Malicious("hard link", format: .tar, { [.text("a.txt", "x"), .hardlink("b.txt", target: "a.txt")] }) {
            if case .linkEntry(let entry, let target) = $0 { return entry == "b.txt" && target == "a.txt" } else { return false }
        },
        Malicious("FIFO", format: .tar, { [.fifo("pipe")] }) {
            if case .specialFileEntry(let entry, let kind) = $0 { return entry == "pipe" && kind == "FIFO" } else { return false }
        },
        Malicious("character device", format: .tar, { [.characterDevice("dev/null")] }) {
            if case .specialFileEntry(_, let kind) = $0 { return kind == "character device" } else { return false }
        },
        Malicious("name that is not UTF-8", format: .tar, { [.rawNameFile([0x66, 0xFF, 0xFE, 0x2E, 0x6A], Array("x".utf8))] }) {
            if case .invalidEntryName(let bytes) = $0 { return bytes == [0x66, 0xFF, 0xFE, 0x2E, 0x6A] } else { return false }
        },
        Malicious("duplicate entry", format: .tar, { [.text("a.json", "1"), .text("a.json", "2")] }) {
            if case .duplicateEntry(let entry) = $0 { return entry == "a.json" } else { return false }
        },
        Malicious("too many entries", limits: ExtractionLimits(maxEntries: 5), { (0..<6).map { .text("f\($0).txt", "x") } }) {
            $0 == .tooManyEntries(limit: 5)
        },
        Malicious("unpacked bytes over the limit", limits: ExtractionLimits(maxUnpackedBytes: 1000),
                  { [.file("a.bin", Array(repeating: 7, count: 600)), .file("b.bin", Array(repeating: 8, count: 600))] }) {
            $0 == .unpackedSizeLimit(entry: "b.bin", limit: 1000)
        },
        Malicious("compression bomb", format: .tarGzip, { [.file("zeros.bin", Array(repeating: 0, count: 8 << 20))] }) {
            $0 == .compressionRatioLimit(entry: "zeros.bin", limit: 200)
        },
    ]

    @Test(arguments: maliciousCases)
    func refusesMaliciousArchives(_ testCase: Malicious) throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let work = scratch.file("work")
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        let archive = try TestArchive(testCase.format, testCase.entries()).write(to: scratch.file("evil.archive"))
        let destination = work + "/out"
        do {
            try ArchiveExtractor(limits: testCase.limits).extract(archiveAt: archive, to: destination)
            Issue.record("\(testCase.name): extraction succeeded")
        } catch {
            #expect(testCase.expected(error), "\(testCase.name): got \(error)")
        }
        // Nothing is left behind, inside or outside the work folder.
        #expect(scratch.listing() == ["evil.archive", "work"], "\(testCase.name)")
        #expect(!FileManager.default.fileExists(atPath: "/tmp/widgetry-absolute-escape.txt"))
    }

    @Test func refusesANonEmptyDestinationUnlessReplacing() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let archive = try TestArchive(.zip, [.text("new.txt", "new")]).write(to: scratch.file("a.zip"))
        let destination = scratch.file("out")
        try FileManager.default.createDirectory(atPath: destination, withIntermediateDirectories: true)
        try Data("old".utf8).write(to: URL(fileURLWithPath: destination + "/old.txt"))
        #expect(throws: BundleError.destinationExists(path: destination)) {
            try ArchiveExtractor().extract(archiveAt: archive, to: destination)
        }
        try ArchiveExtractor().extract(archiveAt: archive, to: destination, replaceExisting: true)
        #expect(try FileManager.default.contentsOfDirectory(atPath: destination) == ["new.txt"])
        #expect(scratch.listing() == ["a.zip", "out", "out/new.txt"])
    }

    @Test func extractsIntoAnEmptyFolder() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let archive = try TestArchive(.zip, [.text("a.txt", "a")]).write(to: scratch.file("a.zip"))
        try FileManager.default.createDirectory(atPath: scratch.file("out"), withIntermediateDirectories: true)
        try ArchiveExtractor().extract(archiveAt: archive, to: scratch.file("out"))
        #expect(scratch.listing() == ["a.zip", "out", "out/a.txt"])
    }

    @Test func refusesSomethingThatIsNotAnArchive() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        try Data("this is not an archive".utf8).write(to: URL(fileURLWithPath: scratch.file("x.zip")))
        do {
            try ArchiveExtractor().extract(archiveAt: scratch.file("x.zip"), to: scratch.file("out"))
            Issue.record("garbage accepted")
        } catch {
            #expect(error.code == "archive.unreadable")
        }
        #expect(scratch.listing() == ["x.zip"])
    }

    @Test func skipsMacOSMetadata() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let archive = try TestArchive(.zip, [.text("__MACOSX/._a.txt", "meta"), .text("a.txt", "a")]).write(to: scratch.file("a.zip"))
        try ArchiveExtractor().extract(archiveAt: archive, to: scratch.file("out"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.file("out")) == ["a.txt"])
    }
}
