import Foundation
import Testing
import WidgetryBundle
import WidgetryJSON
import WidgetryTestSupport

/// The repository's sample bundles, found from this file's location.
enum Samples {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    static let feed = root + "/SampleWidgets/Feed"
}

@Suite("Bundle contents")
struct WidgetBundleTests {
    private func write(_ files: [String: String], in scratch: TemporaryDirectory, folder: String = "bundle") throws -> String {
        let root = scratch.file(folder)
        for (name, text) in files {
            let url = URL(fileURLWithPath: root + "/" + name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return root
    }

    @Test func readsTheFeedSample() throws {
        let bundle = try WidgetBundle(directory: Samples.feed)
        #expect(bundle.manifest.identifier == "mobi.favio.WidgetDemo")
        #expect(bundle.manifest.entryScreen == "FeedViewController")
        #expect(bundle.screens.map(\.name) == ["FeedViewController", "NewPostViewController", "PostDetailsViewController"])
        let feed = try #require(bundle.screen(named: "FeedViewController"))
        #expect(feed.objectIDs.count == 7)
        #expect(feed.objectIDs.first == "currentUserProvider")
        #expect(feed.elementIDs.contains("@self"))
        #expect(bundle.stubService?.root["actions"]?.objectValue?.keys == ["currentUser", "homeFeed", "newPost"])
        #expect(bundle.service == nil)
        guard case .json(let model)? = bundle.model else {
            Issue.record("Model.json not found")
            return
        }
        #expect(model.root["entities"]?.objectValue?.keys == ["User", "Account", "Post"])
        #expect(bundle.warnings.isEmpty)
        try bundle.manifest.validate(widgetIdentifier: "mobi.favio.WidgetDemo.left")
    }

    @Test func widgetIdentifierMustStartWithTheBundleIdentifier() throws {
        let manifest = BundleManifest(identifier: "mobi.favio.WidgetDemo", file: "Info.json")
        try manifest.validate(widgetIdentifier: "mobi.favio.WidgetDemo")
        try manifest.validate(widgetIdentifier: "mobi.favio.WidgetDemoX")
        #expect(throws: BundleError.widgetIdentifierMismatch(widgetIdentifier: "mobi.favio.Other", bundleIdentifier: "mobi.favio.WidgetDemo")) {
            try manifest.validate(widgetIdentifier: "mobi.favio.Other")
        }
    }

    @Test func classifiesFiles() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let root = try write([
            "Info.json": #"{"identifier": "com.example.x"}"#,
            "Home.json": #"{"***": ["comment"], "Home": {"objects": {"a": {"type": "X"}, "***": ["c"]}, "elements": {}}}"#,
            "Service.json": #"{"actions": {"load": {"path": "x"}}}"#,
            "Service.dev.json": #"{"actions": {}}"#,
            "Data.json": #"[1, 2]"#,
            "Base.lproj/Main.storyboard": "<document/>",
            "Model.xcdatamodeld/Model.xcdatamodel/contents": "<model/>",
            "Assets/icon.png": "png",
        ], in: scratch)
        let bundle = try WidgetBundle(directory: root)
        #expect(bundle.screens.map(\.name) == ["Home"])
        #expect(bundle.screens[0].objectIDs == ["a"])
        #expect(bundle.service?.path == "Service.json")
        #expect(bundle.developmentService?.path == "Service.dev.json")
        #expect(bundle.otherJSONFiles.map(\.path) == ["Data.json"])
        #expect(bundle.storyboards == ["Base.lproj/Main.storyboard"])
        #expect(bundle.model?.path == "Model.xcdatamodeld/Model.xcdatamodel/contents")
        #expect(bundle.resources == ["Assets/icon.png"])
        #expect(bundle.manifest.formatVersion == 1)
    }

    @Test func readsXMLAndBinaryPlistManifests() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let info: [String: Any] = ["CFBundleIdentifier": "mobi.favio.WidgetDemo", "CFBundleName": "WidgetDemo",
                                   "CFBundleShortVersionString": "1.2", "UIMainStoryboardFile": "Main"]
        for format in [PropertyListSerialization.PropertyListFormat.xml, .binary] {
            let folder = scratch.file("\(format.rawValue)")
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let data = try PropertyListSerialization.data(fromPropertyList: info, format: format, options: 0)
            try data.write(to: URL(fileURLWithPath: folder + "/Info.plist"))
            let bundle = try WidgetBundle(directory: folder)
            #expect(bundle.manifest == BundleManifest(identifier: "mobi.favio.WidgetDemo", name: "WidgetDemo", version: "1.2",
                                                      mainStoryboard: "Main", file: "Info.plist"))
        }
    }

    @Test func plistWithoutIdentifierIsAnError() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let data = try PropertyListSerialization.data(fromPropertyList: ["CFBundleName": "x"], format: .xml, options: 0)
        try data.write(to: URL(fileURLWithPath: scratch.file("Info.plist")))
        #expect(throws: BundleError.missingIdentifier(file: "Info.plist")) { try WidgetBundle(directory: scratch.path) }
    }

    @Test func manifestErrorsHaveLocations() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let root = try write(["Info.json": "{\n  \"identifier\": \"com.example.x\",\n  \"entry\": \"Home\"\n}"], in: scratch)
        do {
            _ = try WidgetBundle(directory: root)
            Issue.record("unknown key accepted")
        } catch {
            guard case .invalidManifest(let file, let location, let pointer, let message) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(file == "Info.json")
            #expect(location == SourceLocation(offset: 37, line: 3, column: 3))
            #expect(pointer?.description == "/entry")
            #expect(message.hasPrefix("unknown key 'entry'"))
        }
        let wrongType = try write(["Info.json": #"{"identifier": 42}"#], in: scratch, folder: "b")
        #expect(throws: BundleError.self) { try WidgetBundle(directory: wrongType) }
        let missing = try write(["Info.json": #"{"name": "x"}"#], in: scratch, folder: "c")
        #expect(throws: BundleError.missingIdentifier(file: "Info.json")) { try WidgetBundle(directory: missing) }
        let badSyntax = try write(["Info.json": #"{"identifier": "com example"}"#], in: scratch, folder: "d")
        #expect(throws: BundleError.self) { try WidgetBundle(directory: badSyntax) }
        let future = try write(["Info.json": #"{"identifier": "a.b", "formatVersion": 99}"#], in: scratch, folder: "e")
        #expect(throws: BundleError.self) { try WidgetBundle(directory: future) }
    }

    @Test func everyBrokenJSONFileIsReported() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let root = try write([
            "Info.json": #"{"identifier": "com.example.x"}"#,
            "A.json": "{\"A\": {\"objects\": {\n  \"x\": {\"type\": \"T\"}\n  \"y\": 1}}}",
            "B.json": "{\"B\": [1,]}",
        ], in: scratch)
        do {
            _ = try WidgetBundle(directory: root)
            Issue.record("broken JSON accepted")
        } catch {
            guard case .invalidJSON(let failures) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(failures.map(\.description) == [
                "A.json:3:3: expected ',' or '}' after object member, found '\"' [json.unexpected-character]",
                "B.json:1:10: trailing comma before ']' [json.trailing-comma]",
            ])
            #expect(failures[0].snippet == "3 |   \"y\": 1}}}\n  |   ^")
        }
    }

    @Test func folderWithoutManifestIsRefused() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let root = try write(["Home.json": "{}"], in: scratch)
        #expect(throws: BundleError.noManifest(path: root)) { try WidgetBundle(directory: root) }
        #expect(throws: BundleError.notFound(path: root + "/nope")) { try WidgetBundle(directory: root + "/nope") }
    }

    @Test func symbolicLinksInAFolderAreSkippedWithAWarning() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let root = try write(["Info.json": #"{"identifier": "com.example.x"}"#], in: scratch)
        try FileManager.default.createSymbolicLink(atPath: root + "/passwd", withDestinationPath: "/etc/passwd")
        let bundle = try WidgetBundle(directory: root)
        #expect(bundle.resources.isEmpty)
        #expect(bundle.warnings.map(\.code) == ["bundle.symlink-skipped"])
    }
}

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
        try BundlePacker().pack(directory: Samples.feed, to: zip)
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
        #expect(try BundleSource(argument: Samples.feed) == .directory(Samples.feed))
        #expect(try BundleSource(argument: Samples.feed + "/Info.json") == .archive(Samples.feed + "/Info.json"))
        #expect(throws: BundleError.notFound(path: "/no/such/bundle")) { try BundleSource(argument: "/no/such/bundle") }
    }

    @Test func packingIsDeterministic() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let first = try BundlePacker().pack(directory: Samples.feed, to: scratch.file("a.zip"))
        try BundlePacker().pack(directory: Samples.feed, to: scratch.file("b.zip"))
        let a = try Data(contentsOf: URL(fileURLWithPath: scratch.file("a.zip")))
        let b = try Data(contentsOf: URL(fileURLWithPath: scratch.file("b.zip")))
        #expect(a == b)
        let sampleFiles = FileManager.default.enumerator(atPath: Samples.feed)?.compactMap { $0 as? String }.filter { name in
            (try? FileManager.default.attributesOfItem(atPath: Samples.feed + "/" + name)[.type] as? FileAttributeType) == .typeRegular
        }
        #expect(first.fileCount == sampleFiles?.count)
        #expect(first.fileCount > 10, "screens, model, stub, README, scenarios and goldens")
        // The archive round-trips through extraction.
        try ArchiveExtractor().extract(archiveAt: scratch.file("a.zip"), to: scratch.file("out"))
        let original = try Data(contentsOf: URL(fileURLWithPath: Samples.feed + "/StubService.json"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: scratch.file("out/StubService.json"))) == original)
    }
}
