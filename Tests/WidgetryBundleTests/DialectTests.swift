import Foundation
import Testing
import WidgetryBundle
import WidgetryJSON
import WidgetryTestSupport

/// The dialect of a bundle (docs/FORMAT.md#graffiti): found once per bundle from the names it
/// uses, said by `--dialect`, and Graffiti's screens held in WidgetKit's names.
@Suite("Dialects")
struct DialectTests {
    static let manifest = #"{"identifier": "com.example.w", "formatVersion": 1}"#

    private func bundle(_ files: [String: String], options: WidgetBundle.ReadOptions = WidgetBundle.ReadOptions()) throws -> WidgetBundle {
        let scratch = try TemporaryDirectory()
        for (name, text) in files.merging(["Info.json": Self.manifest], uniquingKeysWith: { first, _ in first }) {
            let url = URL(fileURLWithPath: scratch.file(name))
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return try WidgetBundle(directory: scratch.path, options: options)
    }

    static let graffitiScreen = #"""
    {"***": "gx_value is what a binding writes by default",
     "S": {"objects": {"user": {"type": "ManagedObjectsProvider", "attrs": {"entityName": "User", "resultChain": ["gx_first"]}},
                       "show": {"type": "BaseContentController", "attrs": {"shouldSetViewControllerContent": true}},
                       "count": {"type": "BaseContentController"},
                       "feed": {"type": "InfiniteScrollContentController"}},
           "elements": {"label": {"bindings": [{"to": "gx_value", "from": "user.value.name"}, {"to": "refreshControl.gx_value", "from": "content"}]},
                        "image": {"attrs": {"gx_imageUrl": "https://example.com/gx_1.png"}}}}}
    """#

    @Test func aScreenWithGraffitiNamesMakesTheBundleGraffitis() throws {
        let read = try bundle(["S.json": Self.graffitiScreen])
        #expect(read.dialect == DialectDetection(dialect: .graffiti, evidence: "gx_first in S.json"))
        let screen = try #require(read.screen(named: "S")?.file.root["S"])
        #expect(screen["objects"]?["user"]?["attrs"]?["resultChain"]?[0]?.stringValue == "wx_first")
        #expect(screen["elements"]?["label"]?["bindings"]?[0]?["to"]?.stringValue == "wx_value")
        #expect(screen["elements"]?["label"]?["bindings"]?[1]?["to"]?.stringValue == "refreshControl.wx_value")
        let image = try #require(screen["elements"]?["image"]?["attrs"]?.objectValue)
        #expect(image.keys == ["wx_imageUrl"])
        #expect(image["wx_imageUrl"]?.stringValue == "https://example.com/gx_1.png", "a path of a URL is not a name")
        #expect(read.screen(named: "S")?.file.root["***"]?.stringValue == "gx_value is what a binding writes by default", "comments are left as written")
    }

    @Test func graffitisContentControllersAreReadAsWidgetKits() throws {
        let objects = try #require(try bundle(["S.json": Self.graffitiScreen]).screen(named: "S")?.file.root["S"]?["objects"])
        #expect(objects["show"]?["type"]?.stringValue == "ContentDisplayController")
        #expect(objects["show"]?["attrs"]?.objectValue?.isEmpty == true, "the flag is what the type says")
        #expect(objects["count"]?["type"]?.stringValue == "BaseDisplayController")
        #expect(objects["feed"]?["type"]?.stringValue == "TableInfiniteScrollController")
        let type = try #require(objects["feed"]?["type"]?.location)
        #expect(type.line == 5, "the type keeps its place in the file")
    }

    @Test func aWidgetKitBundleStaysAsWritten() throws {
        let text = #"{"S": {"***": "gx_value in a comment says nothing", "elements": {"label": {"bindings": [{"to": "wx_visible"}]}}}}"#
        let read = try bundle(["S.json": text])
        #expect(read.dialect == DialectDetection(dialect: .widgetkit, evidence: "wx_visible in S.json"))
        #expect(read.screen(named: "S")?.file.root["S"]?["elements"]?["label"]?["bindings"]?[0]?["to"]?.stringValue == "wx_visible")
        let plain = try bundle(["S.json": #"{"S": {"elements": {"label": {"attrs": {"text": "x"}}}}}"#])
        #expect(plain.dialect == DialectDetection(dialect: .widgetkit, evidence: nil))
    }

    @Test func namesOfBothDialectsAreWidgetKits() throws {
        let text = #"{"S": {"elements": {"label": {"bindings": [{"to": "wx_visible"}, {"to": "gx_value"}]}}}}"#
        let read = try bundle(["S.json": text])
        #expect(read.dialect.dialect == .widgetkit)
        #expect(read.screen(named: "S")?.file.root["S"]?["elements"]?["label"]?["bindings"]?[1]?["to"]?.stringValue == "gx_value",
                "left as written, for the reader to report as unknown")
    }

    @Test func theStoryboardSaysWhenTheScreensDoNot() throws {
        let storyboard = #"<document><scenes><scene><objects><viewController id="a"><view key="view" id="v"><userDefinedRuntimeAttributes><userDefinedRuntimeAttribute type="string" keyPath="gx.identifier" value="root"/></userDefinedRuntimeAttributes></view></viewController></objects></scene></scenes></document>"#
        let read = try bundle(["Main.storyboard": storyboard])
        #expect(read.dialect == DialectDetection(dialect: .graffiti, evidence: "gx.identifier in Main.storyboard"))
        let detected = DialectDetection.detect(directory: read.rootPath)
        #expect(detected == read.dialect, "validate finds it the same way")
    }

    @Test func dialectOptionSaysSoWhateverTheNames() throws {
        var options = WidgetBundle.ReadOptions()
        options.dialect = .widgetkit
        let read = try bundle(["S.json": Self.graffitiScreen], options: options)
        #expect(read.dialect == DialectDetection(dialect: .widgetkit, evidence: "--dialect"))
        #expect(read.screen(named: "S")?.file.root["S"]?["objects"]?["feed"]?["type"]?.stringValue == "InfiniteScrollContentController")
        options.dialect = .graffiti
        let told = try bundle(["S.json": #"{"S": {"elements": {"label": {"bindings": [{"to": "wx_visible"}]}}}}"#], options: options)
        #expect(told.screen(named: "S")?.file.root["S"]?["elements"]?["label"]?["bindings"]?[0]?["to"]?.stringValue == "gx_visible",
                "a WidgetKit name in a Graffiti bundle is unknown to the readers")
    }

    @Test func spellingKeepsLengthsAndTouchesOnlyNames() {
        let text = "refreshControl.gx_value !gx_visible gx.identifier gx.example.com Agx_b https://h/gx_1 wx_value"
        let canonical = Dialect.graffiti.canonical(text)
        #expect(canonical == "refreshControl.wx_value !wx_visible wx.identifier gx.example.com Agx_b https://h/gx_1 gx_value")
        #expect(canonical.utf8.count == text.utf8.count)
        #expect(Dialect.graffiti.spelled(canonical) == text)
        #expect(Dialect.widgetkit.canonical(text) == text)
        #expect(Dialect.graffiti.spelled("object feed has type TableInfiniteScrollController; a ContentDisplayControllerX")
                == "object feed has type InfiniteScrollContentController; a ContentDisplayControllerX")
    }

    @Test func aDiagnosticIsWrittenInTheDialectsNames() {
        var diagnostic = Diagnostic(code: DiagnosticCode(domain: "lint", id: "binding-target"), severity: .error,
                                    place: DiagnosticLocation(file: "S.json", start: nil), message: "@self has no key 'wx_dismised'",
                                    hint: "did you mean \"wx_dismissed\"?")
        diagnostic.fixIts = [FixIt(range: 10..<22, replacement: "wx_dismissed", isSafe: false)]
        let spelled = Dialect.graffiti.spelled(diagnostic)
        #expect(spelled.message == "@self has no key 'gx_dismised'")
        #expect(spelled.hint == "did you mean \"gx_dismissed\"?")
        #expect(spelled.fixIts.first?.edits.first?.replacement == "gx_dismissed")
        #expect(Dialect.widgetkit.spelled(diagnostic) == diagnostic)
    }

    @Test func hostObjectTypesAreReadAsTheirBase() throws {
        var options = WidgetBundle.ReadOptions()
        options.objectTypes = ["PlacesProvider": HostObjectType(base: "BaseContentProvider", attributes: ["radius"], outlets: ["map"])]
        let text = #"{"S": {"objects": {"places": {"type": "PlacesProvider", "attrs": {"radius": 10, "predicateFormat": "x == 1"}, "outlets": {"map": "m"}}}}}"#
        let places = try #require(try bundle(["S.json": text], options: options).screen(named: "S")?.file.root["S"]?["objects"]?["places"])
        #expect(places["type"]?.stringValue == "BaseContentProvider")
        #expect(places["attrs"]?.objectValue?.keys == ["predicateFormat"], "the host's own attribute is the host's; the base's is checked")
        #expect(places["outlets"]?.objectValue?.isEmpty == true)
    }
}

extension DialectTests {
    @Test func graffitisTypesSayItOnlyAsTypes() throws {
        let typed = try bundle(["S.json": #"{"S": {"objects": {"c": {"type": "BaseContentController"}}}}"#])
        #expect(typed.dialect == DialectDetection(dialect: .graffiti, evidence: "BaseContentController in S.json"))
        let text = try bundle(["S.json": #"{"S": {"elements": {"label": {"attrs": {"text": "BaseContentController"}}}}}"#])
        #expect(text.dialect == DialectDetection(dialect: .widgetkit, evidence: nil), "a label's text is not a type")
    }
}
