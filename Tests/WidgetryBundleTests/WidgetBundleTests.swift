import Foundation
import Testing
import WidgetryBundle
import WidgetryJSON
import WidgetryTestSupport

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
        let bundle = try WidgetBundle(directory: Samples.widget("Feed"))
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

    /// An Info.plist as it sits in an Xcode project: build settings where a build puts values.
    @Test func aPlistIdentifierLeftToXcodeComesFromTheHost() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let info: [String: Any] = ["CFBundleIdentifier": "$(PRODUCT_BUNDLE_IDENTIFIER)", "CFBundleName": "$(PRODUCT_NAME)",
                                   "CFBundleDisplayName": "Twitter Demo", "CFBundleShortVersionString": "1.0", "CFBundleVersion": "${BUILD}"]
        try PropertyListSerialization.data(fromPropertyList: info, format: .xml, options: 0)
            .write(to: URL(fileURLWithPath: scratch.file("Info.plist")))
        let error = #expect(throws: BundleError.self) { try WidgetBundle(directory: scratch.path) }
        #expect(error?.code == "bundle.unresolved-identifier")
        let diagnostic = try #require(error?.diagnostics.first)
        #expect(diagnostic.file == "Info.plist")
        let line = try String(contentsOfFile: scratch.file("Info.plist"), encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            .firstIndex { $0.contains("$(PRODUCT_BUNDLE_IDENTIFIER)") }.map { $0 + 1 }
        #expect(diagnostic.location?.line == line, "placed at the value")
        #expect(diagnostic.hint?.contains("--identifier") == true)

        let bundle = try WidgetBundle(directory: scratch.path, options: WidgetBundle.ReadOptions(identifier: "mobi.favio.TwitterDemo"))
        #expect(bundle.manifest == BundleManifest(identifier: "mobi.favio.TwitterDemo", name: "Twitter Demo", version: "1.0", file: "Info.plist"))
        #expect(throws: BundleError.self, "the host's identifier is checked like any other") {
            try WidgetBundle(directory: scratch.path, options: WidgetBundle.ReadOptions(identifier: "not an identifier"))
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
                "A.json:2:21: missing ',' after object member, before '\"' [json.missing-comma]",
                "B.json:1:9: trailing comma after the last element, before ']' [json.trailing-comma]",
            ])
            #expect(failures[0].snippet == "2 |   \"x\": {\"type\": \"T\"}\n  | " + String(repeating: " ", count: 20) + "^")
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
