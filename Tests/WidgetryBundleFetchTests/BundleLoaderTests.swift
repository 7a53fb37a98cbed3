import Foundation
import Testing
import WidgetryBundle
import WidgetryBundleFetch
import WidgetryTestSupport

@Suite("Bundle loading")
struct BundleLoaderTests {
    @Test func loadsAZipWithATopLevelFolder() async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let archive = try TestArchive(.zip, [
            .directory("WidgetDemo.bundle/"),
            .text("WidgetDemo.bundle/Info.json", #"{"identifier": "mobi.favio.WidgetDemo"}"#),
            .text("WidgetDemo.bundle/Feed.json", #"{"Feed": {"objects": {}}}"#),
        ]).write(to: scratch.file("WidgetDemo.zip"))
        let loaded = try await BundleLoader(options: .init(workDirectory: scratch.path)).load(.archive(archive))
        #expect(loaded.bundle.manifest.identifier == "mobi.favio.WidgetDemo")
        #expect(loaded.bundle.screens.map(\.name) == ["Feed"])
        let extracted = try #require(loaded.extractedDirectory)
        #expect(FileManager.default.fileExists(atPath: extracted))
        loaded.removeExtractedFiles()
        #expect(!FileManager.default.fileExists(atPath: extracted))
    }

    @Test func failedLoadsLeaveNothingBehind() async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let archive = try TestArchive(.zip, [.text("Home.json", "{}")]).write(to: scratch.file("x.zip"))
        do {
            _ = try await BundleLoader(options: .init(workDirectory: scratch.path)).load(.archive(archive))
            Issue.record("bundle without manifest loaded")
        } catch {
            #expect(error.code == "bundle.no-manifest")
        }
        #expect(scratch.listing() == ["x.zip"])
    }

    @Test func loadsFromAURLServedLocally() async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let zip = scratch.file("Feed.zip")
        try BundlePacker().pack(directory: Samples.widget("Feed"), to: zip)
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: zip)))
        let server = try await TestHTTPServer.start { request in
            request.uri == "/Feed.zip" ? TestResponse(headers: [("Content-Type", "application/zip")], body: bytes) : TestResponse(status: 404)
        }
        do {
            let options = BundleLoader.Options(download: DownloadOptions(cacheDirectory: scratch.file("cache")), workDirectory: scratch.path)
            let loaded = try await BundleLoader(options: options).load(.remote(server.baseURL + "/Feed.zip"))
            defer { loaded.removeExtractedFiles() }
            #expect(loaded.bundle.screens.count == 3)
            #expect(loaded.bundle.manifest.name == "Feed")
        } catch {
            try await server.stop()
            throw error
        }
        try await server.stop()
    }

    @Test func sourcesAreRecognised() throws {
        #expect(try BundleSource(argument: "https://example.com/a.zip") == .remote("https://example.com/a.zip"))
        #expect(try BundleSource(argument: Samples.widget("Feed")) == .directory(Samples.widget("Feed")))
        #expect(try BundleSource(argument: Samples.widget("Feed") + "/Info.json") == .archive(Samples.widget("Feed") + "/Info.json"))
        #expect(throws: BundleError.notFound(path: "/no/such/bundle")) { try BundleSource(argument: "/no/such/bundle") }
    }

    @Test func packingIsDeterministic() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let first = try BundlePacker().pack(directory: Samples.widget("Feed"), to: scratch.file("a.zip"))
        try BundlePacker().pack(directory: Samples.widget("Feed"), to: scratch.file("b.zip"))
        let a = try Data(contentsOf: URL(fileURLWithPath: scratch.file("a.zip")))
        let b = try Data(contentsOf: URL(fileURLWithPath: scratch.file("b.zip")))
        #expect(a == b)
        let sampleFiles = FileManager.default.enumerator(atPath: Samples.widget("Feed"))?.compactMap { $0 as? String }.filter { name in
            (try? FileManager.default.attributesOfItem(atPath: Samples.widget("Feed") + "/" + name)[.type] as? FileAttributeType) == .typeRegular
        }
        #expect(first.fileCount == sampleFiles?.count)
        #expect(first.fileCount > 10, "screens, model, stub, README, scenarios and goldens")
        // The archive round-trips through extraction.
        try ArchiveExtractor().extract(archiveAt: scratch.file("a.zip"), to: scratch.file("out"))
        let original = try Data(contentsOf: URL(fileURLWithPath: Samples.widget("Feed") + "/StubService.json"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: scratch.file("out/StubService.json"))) == original)
    }
}
