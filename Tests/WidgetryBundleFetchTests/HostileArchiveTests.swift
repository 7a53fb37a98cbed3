import Foundation
import Testing
import WidgetryBundle
import WidgetryBundleFetch
import WidgetryTestSupport

/// Hostile archives at the sizes the hardening issue names, made by the tests (never checked in)
/// and met with the default limits: each ends with its typed error, in bounded memory and time,
/// with nothing left behind inside or outside the work folder. The small cases (slip, links,
/// devices, names) are ``ArchiveExtractorTests/maliciousCases``.
struct HostileArchiveTests {
    /// Extracts `archive` into `scratch/work/out` with `limits` and returns the error and how far
    /// resident memory rose, checking that nothing but the archive and the empty work folder is left.
    private func refusal(_ archive: String, in scratch: TemporaryDirectory, limits: ExtractionLimits = ExtractionLimits()) async -> (error: BundleError?, residentGrowth: Int) {
        let work = scratch.file("work")
        try? FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        let (error, growth) = await ProcessResources.residentGrowth { () -> BundleError? in
            do throws(BundleError) {
                try ArchiveExtractor(limits: limits).extract(archiveAt: archive, to: work + "/out")
                return nil
            } catch {
                return error
            }
        }
        #expect(scratch.listing() == [URL(fileURLWithPath: archive).lastPathComponent, "work"])
        return (error, growth)
    }

    @Test func aHundredThousandEntriesStopAtTheEntryLimit() async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let archive = try TestArchive(.zip, (0..<100_000).map { .file("f/\($0)", []) }).write(to: scratch.file("many.zip"))
        let (error, _) = await refusal(archive, in: scratch)
        #expect(error == .tooManyEntries(limit: 10_000))
        #expect(error?.code == "archive.too-many-entries")
    }

    /// A gigabyte of zeros packs into a few dozen kilobytes of tar.zst, written a megabyte at a
    /// time; the ratio limit stops it a few megabytes in.
    @Test func aGigabyteBombStopsAtTheRatioLimit() async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let archive = try TestArchive(.tarZstd, [.text("Info.json", "{}"), .zeros("bomb.bin", count: 1 << 30)]).write(to: scratch.file("bomb.tar.zst"))
        let size = try #require(FileManager.default.attributesOfItem(atPath: archive)[.size] as? Int)
        #expect(size < 64 << 10, "the bomb is \(size) bytes")
        let (error, growth) = await refusal(archive, in: scratch)
        #expect(error == .compressionRatioLimit(entry: "bomb.bin", limit: 200))
        #expect(error?.code == "archive.compression-ratio")
        #expect(growth < 128 << 20, "resident memory grew by \(growth >> 20) MiB")
    }

    /// With the ratio limit out of the way the size limit stops the same bomb (set low here, so
    /// the test does not write half a gigabyte first).
    @Test func theSameBombStopsAtTheSizeLimitWhenTheRatioIsAllowed() async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let archive = try TestArchive(.tarZstd, [.zeros("bomb.bin", count: 1 << 30)]).write(to: scratch.file("bomb.tar.zst"))
        let limits = ExtractionLimits(maxUnpackedBytes: 32 << 20, maxCompressionRatio: .infinity)
        let (error, _) = await refusal(archive, in: scratch, limits: limits)
        #expect(error == .unpackedSizeLimit(entry: "bomb.bin", limit: 32 << 20))
        #expect(error?.code == "archive.too-large")
    }

    /// An archive inside an archive is a file like any other: it is not opened, so whatever it
    /// holds (here a zip slip) stays inside it, byte for byte.
    @Test func nestedArchivesStayPlainFiles() async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let innerZip = try TestArchive(.zip, [.text("../escaped.txt", "evil")]).write(to: scratch.file("inner.zip"))
        let innerTar = try TestArchive(.tarGzip, [.symlink("link", target: "/etc")]).write(to: scratch.file("inner.tar.gz"))
        let innerBytes = try [innerZip, innerTar].map { try [UInt8](Data(contentsOf: URL(fileURLWithPath: $0))) }
        let outer = try TestArchive(.zip, [
            .text("Info.json", #"{"identifier": "com.example.nested"}"#),
            .file("inner.zip", innerBytes[0]),
            .file("assets/inner.tar.gz", innerBytes[1]),
        ]).write(to: scratch.file("outer.zip"))
        let work = scratch.file("work")
        let loaded = try await BundleLoader(options: .init(workDirectory: work)).load(.archive(outer))
        defer { loaded.removeExtractedFiles() }
        #expect(loaded.bundle.resources == ["assets/inner.tar.gz", "inner.zip"])
        let root = loaded.bundle.rootPath
        #expect(FileManager.default.contents(atPath: root + "/inner.zip").map { [UInt8]($0) } == innerBytes[0])
        #expect(FileManager.default.contents(atPath: root + "/assets/inner.tar.gz").map { [UInt8]($0) } == innerBytes[1])
        #expect(!scratch.listing().contains { $0.hasSuffix("escaped.txt") || $0.hasSuffix("link") })
    }

    /// The loader extracts into its work folder; a hostile archive leaves that folder as it was.
    @Test(arguments: [
        ("zip slip", [TestArchive.Entry.text("Info.json", "{}"), .text("../../escaped.txt", "evil")], "archive.unsafe-path"),
        ("symlink", [.text("Info.json", "{}"), .symlink("etc", target: "/etc")], "archive.link"),
        ("hard link", [.text("Info.json", "{}"), .hardlink("passwd", target: "/etc/passwd")], "archive.link"),
    ])
    func theLoaderLeavesNothingBehind(name: String, entries: [TestArchive.Entry], code: String) async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let archive = try TestArchive(.tar, entries).write(to: scratch.file("evil.tar"))
        let work = scratch.file("work")
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        do {
            _ = try await BundleLoader(options: .init(workDirectory: work)).load(.archive(archive))
            Issue.record("\(name): loaded")
        } catch {
            #expect(error.code == code, "\(name): \(error)")
        }
        #expect(scratch.listing() == ["evil.tar", "work"], "\(name)")
    }
}
