import Foundation
import Testing
import WidgetryBundle
import WidgetryExpressions
import WidgetryRuntime
import WidgetryScreen
import WidgetryTestSupport

/// A storyboard scene joined with its screen file, and what runs from it: problems placed in the
/// right file, actions sent to the controller, a storyboard that cannot be read.
@Suite("Screen sources")
struct ScreenSourceTests {
    typealias Storyboards = StoryboardXML

    /// A bundle folder with Info.json, an empty stub file and `files`.
    private func bundle(_ files: [String: String]) throws -> (bundle: WidgetBundle, remove: () -> Void) {
        let root = try TemporaryDirectory().path
        let all = files.merging(["Info.json": #"{"identifier": "com.example.demo"}"#, "StubService.json": #"{"actions": {}}"#]) { mine, _ in mine }
        for (name, text) in all {
            let url = URL(fileURLWithPath: root + "/" + name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return (try WidgetBundle(directory: root), { try? FileManager.default.removeItem(atPath: root) })
    }

    private static let home = Storyboards.screen("home", #"storyboardIdentifier="Home" useStoryboardIdentifierAsRestorationIdentifier="YES""#, subviews: """
        <label text="Title" id="l1">
            <userDefinedRuntimeAttributes>
                <userDefinedRuntimeAttribute type="string" keyPath="wx.identifier" value="title"/>
                <userDefinedRuntimeAttribute type="string" keyPath="wx.addBinding" value="&quot;from&quot;: &quot;content.name&quot;, &quot;placeholder&quot;: &quot;Nobody&quot;"/>
            </userDefinedRuntimeAttributes>
        </label>
        """)

    @Test func entriesOfOneElementAreJoinedInterfaceBuildersFirst() throws {
        let (bundle, remove) = try bundle([
            "Base.lproj/Main.storyboard": Storyboards.document(Self.home, initial: "home"),
            "Home.json": #"{"Home": {"elements": {"title": {"bindings": [{"to": "hidden", "predicateFormat": "content == nil"}]}, "@self": {"attrs": {"title": "Home"}}}}}"#,
        ])
        defer { remove() }
        let document = try ScreenSource.document(named: "Home", in: bundle)
        #expect(document.file == "Home.json")
        #expect(document.view?.children.map(\.id) == ["title"], "the storyboard's views")
        #expect(document.elements.map(\.id) == ["title", "@self"])
        #expect(document.elements[0].bindings.map(\.to) == ["wx_value", "hidden"])
        #expect(document.elements[0].place.file == nil, "the screen file's entry")
    }

    @Test func theScreenFilesOwnViewsWin() throws {
        let (bundle, remove) = try bundle([
            "Base.lproj/Main.storyboard": Storyboards.document(Self.home, initial: "home"),
            "Home.json": #"{"Home": {"views": {"type": "UIView", "children": [{"id": "other", "type": "UILabel"}]}}}"#,
        ])
        defer { remove() }
        let document = try ScreenSource.document(named: "Home", in: bundle)
        #expect(document.view?.children.map(\.id) == ["other"])
        #expect(document.elements.map(\.id) == ["title"], "Interface Builder's entries stay")
    }

    @Test func problemsOfTheSceneAndOfTheScreenFileAreReportedTogether() throws {
        let scene = Storyboards.screen("home", #"restorationIdentifier="Home""#, subviews: """
            <label id="l1">\(Storyboards.attributes(Storyboards.identifier("title")))</label>
            <label id="l2">\(Storyboards.attributes(Storyboards.identifier("title")))</label>
            """)
        let (bundle, remove) = try bundle([
            "Base.lproj/Main.storyboard": Storyboards.document(scene, initial: "home"),
            "Home.json": "{\"Home\": {\n  \"elemets\": {}\n}}",
        ])
        defer { remove() }
        do {
            _ = try ScreenSource.document(named: "Home", in: bundle)
            Issue.record("the screen opened")
        } catch {
            #expect(error.errors.map(\.code) == [.storyboardDuplicateIdentifier, .unknownKey])
            #expect(error.errors.map(\.file) == ["Base.lproj/Main.storyboard", "Home.json"])
        }
    }

    @Test func aViewsProblemNamesTheStoryboard() async throws {
        let scene = Storyboards.screen("home", subviews: """
            <label id="l1">
                <userDefinedRuntimeAttributes>
                    <userDefinedRuntimeAttribute type="string" keyPath="wx.identifier" value="title"/>
                    <userDefinedRuntimeAttribute type="string" keyPath="fontName" value="Helvetica"/>
                </userDefinedRuntimeAttributes>
            </label>
            """)
        let (bundle, remove) = try bundle(["Base.lproj/Main.storyboard": Storyboards.document(scene, initial: "home")])
        defer { remove() }
        do {
            _ = try WidgetRun(bundle: bundle, options: WidgetRun.Options())
            Issue.record("the run started")
        } catch {
            #expect(error.description.hasPrefix("Base.lproj/Main.storyboard:10:1: title:"))
            #expect(error.description.contains("[screen.unknown-attribute]"))
        }
    }

    @Test func aStoryboardThatCannotBeReadIsReportedWhenTheRunStarts() async throws {
        let (bundle, remove) = try bundle(["Base.lproj/Main.storyboard": "<document>\n<scenes>\n</document>"])
        defer { remove() }
        #expect(ScreenSource.entryScreen(in: bundle) == "Main")
        do {
            _ = try WidgetRun(bundle: bundle, options: WidgetRun.Options())
            Issue.record("the run started")
        } catch {
            #expect(error.description.hasPrefix("Base.lproj/Main.storyboard:3:"))
            #expect(error.description.contains("[storyboard.malformed-xml]"))
        }
    }

    /// `nextAction:` performs the segue Next, `backAction:` and `dismissAction:` leave the
    /// screen, any other selector sent to the controller goes to the host handler of that name.
    @Test func actionsSentToTheControllerRun() async throws {
        func button(_ id: String, _ selector: String, to controller: String) -> String {
            """
            <button id="\(id)"><state key="normal" title="\(id)"/>\(Storyboards.attributes(Storyboards.identifier(id)))
                <connections><action selector="\(selector)" destination="\(controller)" eventType="touchUpInside" id="a-\(id)"/></connections>
            </button>
            """
        }
        let first = Storyboards.screen("one", subviews: button("next", "nextAction:", to: "one") + button("refresh", "refreshAll:", to: "fr-one"), more: """
            <connections><segue destination="two" kind="show" identifier="Next" id="s1"/></connections>
            """)
        let second = Storyboards.screen("two", subviews: button("back", "backAction:", to: "two"))
        let (bundle, remove) = try bundle(["Base.lproj/Main.storyboard": Storyboards.document(first, second, initial: "one")])
        defer { remove() }
        let run = try WidgetRun(bundle: bundle, options: WidgetRun.Options())
        var calls: [String] = []
        run.hostHandlers.register("refreshAll:") { calls.append("\($0.action) from \($0.sender ?? "-")") }
        try await run.perform(.tap("next"))
        #expect(run.stack.map(\.document.name) == ["Scene-one", "Scene-two"])
        try await run.perform(.tap("back"))
        #expect(run.stack.map(\.document.name) == ["Scene-one"])
        try await run.perform(.tap("refresh"))
        #expect(calls == ["refreshAll: from refresh"])

        let unhandled = try WidgetRun(bundle: bundle, options: WidgetRun.Options())
        await #expect(throws: InteractionError.self) { try await unhandled.perform(.tap("refresh")) }
    }
}
