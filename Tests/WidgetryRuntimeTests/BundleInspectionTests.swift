import Foundation
import Testing
import WidgetryBundle
import WidgetryHostProfile
import WidgetryJSON
import WidgetryModel
import WidgetryRuntime
import WidgetryTestSupport

/// `BundleInspection`, what `widgetry inspect` prints: the model listed when it reads and named
/// from the summary when it does not, the compiled parts counted, images and a host profile
/// listed as given.
@Suite("Bundle inspection")
struct BundleInspectionTests {
    @Test func aModelThatReadsIsListedWithItsTypesAndMappings() throws {
        let inspection = BundleInspection(bundle: try WidgetBundle(directory: Samples.widget("Hello")), source: "SampleWidgets/Hello", warnings: [])
        #expect(inspection.modelErrors == nil)
        #expect(inspection.entityModel?.entities.map(\.name) == ["Note"])
        #expect(inspection.text == """
            Hello 1.0 (dev.example.Hello)
              source:       SampleWidgets/Hello
              manifest:     Info.json, format 1
              entry screen: NotesViewController
            screens (1):
              NotesViewController  4 objects, 4 elements     NotesViewController.json
            services (1):
              StubService.json (stub), 1 action: notes
            model: Model.json, 1 entity
              Note  (identity noteId)
                noteId  String            ← id
                text    String, optional  ← text
                stars   Integer 32 = 0    ← stars
            resources (4):
              README.md
              Tests/goldens/notes.txt
              Tests/notes.scenario.json
              Tests/pictures/notes.png

            """)
        let entity = try #require(inspection.json["model"]?["entities"]?[0])
        #expect(entity["identityAttribute"]?.stringValue == "noteId")
        #expect(entity["attributes"]?[2]?["default"]?.integerValue == 0)
        #expect(entity["attributes"]?[0]?["JSONKeyPath"]?.stringValue == "id")
        #expect(inspection.json["model"]?["compiled"]?.boolValue == false)
        #expect(inspection.json["images"] == nil && inspection.json["profile"] == nil && inspection.json["storyboard"] == nil)
    }

    @Test func aModelThatDoesNotReadKeepsItsErrorsAndIsNamedFromTheSummary() throws {
        let scratch = try TemporaryDirectory()
        let root = scratch.file("Broken")
        try FileManager.default.copyItem(atPath: Samples.widget("Hello"), toPath: root)
        try Data("""
            {"entities": {"Note": {"identityAttribute": "missing",
              "attributes": {"noteId": {"type": "String"}},
              "relationships": {"owner": {"destination": "Nobody", "toMany": false}}}}}
            """.utf8).write(to: URL(fileURLWithPath: root + "/Model.json"))
        let inspection = BundleInspection(bundle: try WidgetBundle(directory: root), source: "Broken", warnings: [])
        let errors = try #require(inspection.modelErrors)
        #expect(errors.errors.map(\.code) == [.unknownEntity, .unknownIdentityAttribute])
        #expect(inspection.entityModel == nil)
        #expect(inspection.text.contains("\nmodel: Model.json, 1 entity: Note\nresources (4):\n"))
        let model = try #require(inspection.json["model"])
        #expect(model["entities"]?.arrayValue?.map(\.stringValue) == ["Note"], "the summary's names, not the listing")
        #expect(model["compiled"]?.boolValue == false)
    }

    @Test func aBundleWithoutAModelSaysSo() throws {
        let scratch = try TemporaryDirectory()
        let root = scratch.file("NoModel")
        try FileManager.default.copyItem(atPath: Samples.widget("Hello"), toPath: root)
        try FileManager.default.removeItem(atPath: root + "/Model.json")
        let inspection = BundleInspection(bundle: try WidgetBundle(directory: root), source: "NoModel", warnings: [])
        #expect(inspection.model == nil)
        #expect(inspection.text.contains("\nmodel: none\n"))
        #expect(inspection.json["model"]?.isNull == true)
    }

    @Test func imagesAndAHostProfileAreListedAsGiven() throws {
        let profile = HostProfile(file: "Hello.profile.json", identifier: "dev.example.Other", defaults: ["showStars": true])
        let images = BundleInspection.Images(sources: ["Assets.car", "Assets.xcassets"], names: ["bird", "gear"])
        let inspection = BundleInspection(bundle: try WidgetBundle(directory: Samples.widget("Hello")), source: "Hello", warnings: [],
                                          images: images, profile: profile)
        #expect(inspection.text.contains("""
            images (2) from Assets.car, Assets.xcassets:
              bird
              gear
            host profile: Hello.profile.json
              identifier dev.example.Other
              defaults showStars
            resources (4):
            """))
        #expect(inspection.json["images"]?["names"]?.arrayValue?.map(\.stringValue) == ["bird", "gear"])
        #expect(inspection.json["images"]?["sources"]?.arrayValue?.map(\.stringValue) == ["Assets.car", "Assets.xcassets"])
        #expect(inspection.json["profile"]?["file"]?.stringValue == "Hello.profile.json")
        #expect(inspection.json["profile"]?["parts"]?.arrayValue?.map(\.stringValue) == ["identifier dev.example.Other", "defaults showStars"])
    }

    @Test(.enabled(if: UpstreamWidgetDemo.isAvailable, "needs ../shared/upstream"))
    func theCompiledStoryboardAndModelAreCounted() throws {
        let bundle = try WidgetBundle(directory: try #require(UpstreamWidgetDemo.bundlePath))
        let inspection = BundleInspection(bundle: bundle, source: "WidgetDemo.zip", warnings: [])
        #expect(inspection.compiled.model)
        let storyboard = try #require(inspection.compiled.storyboard)
        #expect(storyboard.path == "Base.lproj/Main.storyboardc" && storyboard.scenes == 5 && storyboard.nibs == 8)
        #expect(inspection.text.contains("\nmodel: Model.momd, 3 entities (compiled)\n  Account : User  (owner entity)\n"))
        #expect(inspection.text.contains("\nstoryboards: Base.lproj/Main.storyboardc (compiled: 5 scenes in 8 nibs)\n"))
        let json = try #require(inspection.json["storyboard"])
        #expect(json["path"]?.stringValue == "Base.lproj/Main.storyboardc" && json["compiled"]?.boolValue == true)
        #expect(json["scenes"]?.integerValue == 5 && json["nibs"]?.integerValue == 8)
        #expect(inspection.json["model"]?["compiled"]?.boolValue == true)
    }

    @Test func aCompiledStoryboardThatDoesNotReadIsNotCounted() throws {
        let scratch = try TemporaryDirectory()
        let root = scratch.file("Damaged")
        try FileManager.default.copyItem(atPath: Samples.widget("Hello"), toPath: root)
        try FileManager.default.createDirectory(atPath: root + "/Base.lproj/Main.storyboardc", withIntermediateDirectories: true)
        try Data("not a plist".utf8).write(to: URL(fileURLWithPath: root + "/Base.lproj/Main.storyboardc/Info.plist"))
        try Data("not a nib".utf8).write(to: URL(fileURLWithPath: root + "/Base.lproj/Main.storyboardc/Scene.nib"))
        let bundle = try WidgetBundle(directory: root)
        #expect(bundle.mainStoryboardPath == "Base.lproj/Main.storyboardc", "the storyboard is read, and fails")
        let inspection = BundleInspection(bundle: bundle, source: "Damaged", warnings: [])
        #expect(inspection.compiled.storyboard == nil)
        #expect(inspection.text.contains("\nstoryboards: Base.lproj/Main.storyboardc\n"))
        #expect(inspection.json["storyboard"] == nil)
    }
}
