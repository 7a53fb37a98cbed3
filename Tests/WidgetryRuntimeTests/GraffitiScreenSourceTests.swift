import Foundation
import Testing
import WidgetryBundle
import WidgetryRuntime
import WidgetryScreen
import WidgetryTestSupport

/// A Graffiti bundle's storyboard and screen files joined into one screen (docs/FORMAT.md#graffiti):
/// `gx.` runtime attributes, the restoration identifiers a host sets in code, a screen file
/// that repeats Interface Builder's bindings, a text input's wiring to its own parts, and the
/// host's service provider named by an action controller.
@Suite("Graffiti screen sources")
struct GraffitiScreenSourceTests {
    typealias Storyboards = StoryboardXML

    private func bundle(_ files: [String: String], options: WidgetBundle.ReadOptions = WidgetBundle.ReadOptions()) throws -> WidgetBundle {
        let root = try TemporaryDirectory().path
        let all = files.merging(["Info.json": #"{"identifier": "com.example.demo"}"#, "StubService.json": #"{"actions": {"post": {}}}"#]) { mine, _ in mine }
        for (name, text) in all {
            let url = URL(fileURLWithPath: root + "/" + name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return try WidgetBundle(directory: root, options: options)
    }

    /// A controller of class FeedController without a restoration identifier, as Graffiti's
    /// TwitterDemo ships it: a label bound in Interface Builder, and a text input wired to its parts.
    private static let storyboard = Storyboards.document(Storyboards.screen("feed", #"customClass="FeedController""#, subviews: """
        <label text="Title" id="l1">
            <userDefinedRuntimeAttributes>
                <userDefinedRuntimeAttribute type="string" keyPath="gx.identifier" value="title"/>
                <userDefinedRuntimeAttribute type="string" keyPath="gx.addBinding" value="&quot;from&quot;: &quot;content.name&quot;"/>
            </userDefinedRuntimeAttributes>
        </label>
        <view id="in1" customClass="TextInputView" customModule="Graffiti">
            <subviews>
                <textView id="tv1"/>
                <button id="b1"/>
            </subviews>
            <userDefinedRuntimeAttributes>
                <userDefinedRuntimeAttribute type="string" keyPath="gx.identifier" value="input"/>
                <userDefinedRuntimeAttribute type="string" keyPath="gx_fieldName" value="text"/>
            </userDefinedRuntimeAttributes>
            <connections>
                <outlet property="textInput" destination="tv1" id="o1"/>
                <outlet property="clearButton" destination="b1" id="o2"/>
            </connections>
        </view>
        """), initial: "feed")

    private static let screenFile = #"""
    {"Feed": {"objects": {"poster": {"type": "ActionController", "attrs": {"actionName": "post", "serviceProviderClassName": "HostService"}}},
              "elements": {"title": {"bindings": [{"from": "content.name"}, {"to": "gx_visible", "from": "content"}]}}}}
    """#

    private func options(restoring: Bool) -> WidgetBundle.ReadOptions {
        var options = WidgetBundle.ReadOptions()
        if restoring { options.restorationIdentifiers = ["FeedController": "Feed"] }
        return options
    }

    @Test func theHostsRestorationIdentifierJoinsTheSceneWithItsScreenFile() throws {
        let joined = try bundle(["Main.storyboard": Self.storyboard, "Feed.json": Self.screenFile], options: options(restoring: true))
        #expect(joined.dialect.dialect == .graffiti)
        #expect(ScreenSource.entryScreen(in: joined) == "Feed")
        let document = try ScreenSource.document(named: "Feed", in: joined)
        #expect(document.objects.map(\.id) == ["poster"])
        #expect(document.view?.children.map(\.id) == ["title", "input"], "gx.identifier names the elements")
        let title = try #require(document.elements.first { $0.id == "title" })
        #expect(title.bindings.map(\.to) == ["wx_value", "wx_visible"], "the file's repeat of Interface Builder's binding is that binding")

        let alone = try bundle(["Main.storyboard": Self.storyboard, "Feed.json": Self.screenFile])
        #expect(ScreenSource.entryScreen(in: alone) == "Scene-feed", "without the host's identifier the scene reads no screen file")
    }

    @Test func aTextInputsWiringToItsPartsIsNoOutlet() throws {
        let joined = try bundle(["Main.storyboard": Self.storyboard, "Feed.json": Self.screenFile], options: options(restoring: true))
        let document = try ScreenSource.document(named: "Feed", in: joined)
        #expect(document.elements.first { $0.id == "input" }?.outlets.isEmpty ?? true)
        let input = try #require(document.view?.children.first { $0.id == "input" })
        #expect(input.properties.contains { $0.key == "wx_fieldName" && $0.value.stringValue == "text" })
    }

    @Test func anActionControllerMayNameTheHostsServiceProvider() throws {
        let joined = try bundle(["Main.storyboard": Self.storyboard, "Feed.json": Self.screenFile], options: options(restoring: true))
        let document = try ScreenSource.document(named: "Feed", in: joined)
        let withHost = ScreenGraph(try ScreenCompiler.compile(document, in: ScreenCompiler.Context(serviceProviders: ["HostService"])), content: .null, defaults: .null)
        #expect(withHost.problems.isEmpty, "\(withHost.problems)")
        let refused = #expect(throws: ScreenErrors.self) { try ScreenCompiler.compile(document, in: ScreenCompiler.Context()) }
        #expect(refused?.errors.contains { $0.description.contains("serviceProviderClassName") } == true, "\(String(describing: refused))")
    }
}

/// An object of the host's own class runs as its base type, and the run says what it skips.
@Suite("Host object types in runs")
struct HostObjectRunTests {
    @Test func anObjectOfTheHostsClassRunsAsItsBaseWithAWarning() throws {
        let scratch = try TemporaryDirectory()
        let screen = #"""
            {"S": {"objects": {"places": {"type": "PlacesProvider", "attrs": {"radius": 500}}},
                   "views": {"type": "UIView", "children": [{"id": "label", "type": "UILabel"}]}}}
            """#
        try ItemScreenBundle.write(["Info.json": ItemScreenBundle.info, "StubService.json": #"{"actions": {}}"#, "S.json": screen], to: scratch.path)
        var read = WidgetBundle.ReadOptions()
        read.objectTypes = ["PlacesProvider": HostObjectType(base: "BaseContentProvider", attributes: ["radius"])]
        let run = try WidgetRun(bundle: WidgetBundle(directory: scratch.path, options: read), options: WidgetRun.Options())
        let warning = try #require(run.loadWarnings.first { $0.code.description == "run.host-object" })
        #expect(warning.message == "object places is the host's PlacesProvider: it runs as a BaseContentProvider, without what the host's class adds (radius)")
        #expect(warning.file == "S.json")
        #expect(warning.location?.line == 1)
        #expect(warning.severity == .warning)
    }
}
