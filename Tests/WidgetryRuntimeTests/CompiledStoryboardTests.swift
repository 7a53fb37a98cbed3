import Foundation
import Testing
import WidgetryBundle
import WidgetryBundleFetch
import WidgetryJSON
import WidgetryRuntime
@testable import WidgetryScreen
import WidgetryTestSupport

/// Upstream's shipped bundle, whose storyboard is compiled (`Main.storyboardc`), against its
/// XML source: both forms must give the same scenes, and a run of either the same snapshot.
@Suite("Compiled storyboard", .enabled(if: UpstreamWidgetDemo.isAvailable, "needs ../shared/upstream"))
struct CompiledStoryboardTests {
    func compiled() throws -> Storyboard {
        let bundle = try #require(UpstreamWidgetDemo.bundlePath)
        return try CompiledStoryboardReader.read(directory: bundle + "/Base.lproj/Main.storyboardc", file: "Base.lproj/Main.storyboardc")
    }

    func source() throws -> Storyboard {
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: UpstreamWidgetDemo.sourcePath + "/Base.lproj/Main.storyboard")))
        return try StoryboardReader.read(bytes, file: "Base.lproj/Main.storyboard")
    }

    @Test func everySceneIsTheSameInBothForms() throws {
        let compiled = try compiled()
        let source = try source()
        #expect(compiled.warnings.isEmpty, "\(compiled.warnings)")
        #expect(Set(compiled.scenes.map(\.id)) == Set(source.scenes.map(\.id)), "the navigation controller's copy of its root is one scene")
        #expect(compiled.scenes.count == 5)
        #expect(compiled.initialControllerID == source.initialControllerID)
        #expect(compiled.entryScreen == "FeedViewController")
        for scene in source.scenes {
            let other = try #require(compiled.scene(id: scene.id), "no compiled scene \(scene.id)")
            let expected = SceneDescription.lines(of: scene)
            let actual = SceneDescription.lines(of: other)
            #expect(actual == expected, "scene \(scene.name)")
            #expect(other.problems.isEmpty, "\(other.problems)")
        }
    }

    /// The facts the comparison rests on, spelled out for the Feed scene.
    @Test func theFeedSceneReadFromNibs() throws {
        let feed = try #require(try compiled().scene(named: "FeedViewController"))
        #expect(feed.className == "StandardViewController", "demangled from _TtC9WidgetKit22StandardViewController")
        #expect(feed.restorationIdentifier == "FeedViewController")
        #expect(feed.kind == .viewController)
        let view = try #require(feed.view)
        #expect(view.children.map { $0.id ?? "-" } == ["emptyDataView", "tableView", "UIButton-1"], "no _UILayoutGuide")
        let table = view.children[1]
        #expect(table.header?.id == "searchBar")
        #expect(table.header?.properties.first { $0.key == "placeholder" }?.value == JSONValue(.string("Filter Posts")))
        #expect(table.footer?.children.first?.properties.first { $0.key == "hidden" }?.value == JSONValue(.bool(true)))
        #expect(table.children.isEmpty, "the header and footer are not subviews")
        let cell = try #require(table.prototypes.first)
        #expect(cell.reuseIdentifier == "Cell")
        #expect(cell.children.count == 2, "the separator view is ibtool's")
        #expect(cell.segue == "segue-1")
        #expect(view.children[2].segue == "segue-2")
        #expect(feed.segues.map { "\($0.id) \($0.kind.rawValue) \($0.destination)" }
                == ["segue-1 show Scene-CR3-lf-MN1", "segue-2 present NewPostViewController"])
        #expect(feed.navigationItem?.titleView?.children.first?.id == "titleLabel")
    }

    @Test func theBundleLoadsWithItsCompiledStoryboard() throws {
        let bundle = try WidgetBundle(directory: try #require(UpstreamWidgetDemo.bundlePath))
        #expect(bundle.mainStoryboardPath == "Base.lproj/Main.storyboardc")
        #expect(!bundle.warnings.contains { $0.code.description.hasPrefix("bundle.compiled") })
        #expect(ScreenSource.entryScreen(in: bundle) == "FeedViewController")
    }

    /// The Feed screen after its on-load chain, run from each form: the same text and JSON.
    @Test func theFeedRunsTheSameFromEitherForm() async throws {
        let compiled = try await Self.run(try #require(UpstreamWidgetDemo.bundlePath))
        let source = try await Self.run(try #require(UpstreamWidgetDemo.sourceBundlePath))
        #expect(SnapshotText.render(compiled) == SnapshotText.render(source))
        #expect(SnapshotText.render(source).contains("UIButton-1 (UIButton)"), "named alike though compiling loses its id")
        #expect(SnapshotText.render(compiled).contains("authorLabel (UILabel"), "the rows are filled")
        #expect(SnapshotJSON.render(compiled).description == SnapshotJSON.render(source).description)
    }

    /// §9.6 on both forms: a row opens Post Details (no restoration identifier, IB bindings
    /// only); the screens show the same text, the avatar under the name compiling gives it.
    @Test func postDetailsAreTheSameFromEitherForm() async throws {
        let compiled = try await Self.run(try #require(UpstreamWidgetDemo.bundlePath))
        let source = try await Self.run(try #require(UpstreamWidgetDemo.sourceBundlePath))
        for run in [compiled, source] { try await run.perform(.tapRow(table: "tableView", section: 0, row: 0)) }
        #expect(compiled.stack.map(\.document.name) == ["FeedViewController", "Scene-CR3-lf-MN1"])
        #expect(SnapshotText.render(compiled) == SnapshotText.render(source))
        #expect(SnapshotText.render(compiled).contains("UIImageView-1 (UIImageView): image=\"name:widgets\""))
        #expect(SnapshotText.render(compiled).contains("UILabel-1 (UILabel): text=\"Favio Mobile\""))
    }

    /// §9.7 on both forms: "+" presents New Post, posting comes back to a feed of seven rows.
    @Test func aNewPostIsTheSameFromEitherForm() async throws {
        let compiled = try await Self.run(try #require(UpstreamWidgetDemo.bundlePath))
        let source = try await Self.run(try #require(UpstreamWidgetDemo.sourceBundlePath))
        for run in [compiled, source] {
            try await run.perform(.tap("UIButton-1"))
            #expect(run.stack.map(\.document.name) == ["FeedViewController", "NewPostViewController"])
            try await run.perform(.type(text: "Hello", into: "textView", interval: nil))
            try await run.perform(.tap("postButton"))
            await run.run()
        }
        #expect(compiled.stack.map(\.document.name) == ["FeedViewController"])
        #expect(compiled.screen.tables["tableDisplayController"]?.sections.first?.rows.count == 7)
        #expect(SnapshotText.render(compiled) == SnapshotText.render(source))
    }

    @Test func aDamagedNibIsATypedErrorNamingTheNib() throws {
        let bundle = try #require(UpstreamWidgetDemo.bundlePath)
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let folder = scratch.file("Main.storyboardc")
        try FileManager.default.copyItem(atPath: bundle + "/Base.lproj/Main.storyboardc", toPath: folder)
        let nib = URL(fileURLWithPath: folder + "/FeedViewController.nib")
        let bytes = try Data(contentsOf: nib)
        try bytes.prefix(bytes.count / 2).write(to: nib)
        do {
            _ = try CompiledStoryboardReader.read(directory: folder, file: "Main.storyboardc")
            Issue.record("a truncated nib was read")
        } catch {
            let first = try #require(error.errors.first)
            #expect(first.code == .storyboardCompiled)
            #expect(first.cause == "nib.truncated")
            #expect(first.file == "Main.storyboardc/FeedViewController.nib")
        }
    }

    @Test func anInfoPlistWithoutItsNibTableIsRefused() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let folder = scratch.file("Main.storyboardc")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let plist = try PropertyListSerialization.data(fromPropertyList: ["UIStoryboardVersion": 1], format: .binary, options: 0)
        try plist.write(to: URL(fileURLWithPath: folder + "/Info.plist"))
        do {
            _ = try CompiledStoryboardReader.read(directory: folder, file: "Main.storyboardc")
            Issue.record("an Info.plist without UIViewControllerIdentifiersToNibNames was read")
        } catch {
            #expect(error.errors.map(\.code) == [.storyboardCompiled])
            #expect(error.errors.first?.file == "Main.storyboardc/Info.plist")
        }
    }

    /// Damaged nibs end in a storyboard or a typed error, never a trap or a hang: one byte of
    /// one nib changed at a time, at places a fixed generator picks.
    @Test func damagedNibsNeverTrap() throws {
        let bundle = try #require(UpstreamWidgetDemo.bundlePath)
        let original = bundle + "/Base.lproj/Main.storyboardc"
        let names = try FileManager.default.contentsOfDirectory(atPath: original).filter { $0.hasSuffix(".nib") }.sorted()
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let folder = scratch.file("Main.storyboardc")
        try FileManager.default.copyItem(atPath: original, toPath: folder)
        var state: UInt64 = 0x5EED
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(truncatingIfNeeded: state >> 33)
        }
        var failures = 0
        for _ in 0..<300 {
            let name = names[next() % names.count]
            let url = URL(fileURLWithPath: folder + "/" + name)
            let bytes = try Data(contentsOf: URL(fileURLWithPath: original + "/" + name))
            var damaged = [UInt8](bytes)
            damaged[next() % damaged.count] = UInt8(truncatingIfNeeded: next())
            try Data(damaged).write(to: url)
            do {
                _ = try CompiledStoryboardReader.read(directory: folder, file: "Main.storyboardc")
            } catch {
                failures += 1
                #expect(error.errors.allSatisfy { $0.code == .storyboardCompiled && $0.cause?.domain == "nib" })
            }
            try bytes.write(to: url)
        }
        #expect(failures > 0, "some damage is noticed")
    }

    @Test func swiftClassNamesAreDemangled() {
        #expect(SwiftClassName.demangled("_TtC9WidgetKit22StandardViewController") == "StandardViewController")
        #expect(SwiftClassName.components(of: "_TtCC3App5Outer5Inner") == ["App", "Outer", "Inner"])
        #expect(SwiftClassName.demangled("UITableViewCell") == "UITableViewCell")
        #expect(SwiftClassName.demangled("_TtC9Widget") == "_TtC9Widget", "a name that does not parse is kept")
    }

    static func run(_ path: String) async throws -> WidgetRun {
        let loaded = try await BundleLoader().load(try BundleSource(argument: path))
        let run = try WidgetRun(bundle: loaded.bundle, options: WidgetRun.Options(now: FeedAcceptanceTests.now))
        await run.run()
        return run
    }
}

/// A scene model as lines, for comparing two readers: places are left out (the XML's lines and
/// columns have no counterpart in a nib), and segue ids are shown as the segue they name.
enum SceneDescription {
    static func lines(of scene: StoryboardScene) -> [String] {
        var lines = ["scene \(scene.id) \(scene.name) restoration=\(scene.restorationIdentifier ?? "-") \(scene.kind.rawValue) \(scene.className) root=\(scene.rootControllerID ?? "-")"]
        func segue(_ id: String?) -> String {
            guard let id, let entry = scene.segues.first(where: { $0.id == id }) else { return id ?? "-" }
            return "\(entry.kind.rawValue)→\(entry.destination)"
        }
        func tree(_ node: ViewNode, _ indent: String) {
            let properties = node.properties.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
            lines.append("\(indent)\(node.id ?? "-") (\(node.type)) \(properties) segue=\(segue(node.segue))")
            for child in node.children { tree(child, indent + "  ") }
            if let header = node.header { lines.append(indent + " header:"); tree(header, indent + "  ") }
            if let footer = node.footer { lines.append(indent + " footer:"); tree(footer, indent + "  ") }
            for prototype in node.prototypes {
                lines.append("\(indent) prototype \(prototype.reuseIdentifier) segue=\(segue(prototype.segue))")
                for child in prototype.children { tree(child, indent + "    ") }
            }
        }
        if let view = scene.view { tree(view, "  ") }
        if let item = scene.navigationItem {
            lines.append("  navigation title=\(item.title ?? "-")")
            if let titleView = item.titleView { tree(titleView, "   title view ") }
            for button in item.leftBarButtonItems { tree(button, "   left ") }
            for button in item.rightBarButtonItems { tree(button, "   right ") }
        }
        for entry in scene.segues { lines.append("  segue \(segue(entry.id))") }
        for element in scene.elements {
            let action = element.action.map { "\($0.target).\($0.selector)" } ?? "-"
            let bindings = element.bindings.map { "\($0.to)<-\($0.from ?? "-") placeholder=\($0.placeholder ?? "-") format=\($0.format ?? "-") if=\($0.predicateFormat ?? "-") "
                    + "true=\($0.ifTrue.map { "\($0)" } ?? "-") false=\($0.ifFalse.map { "\($0)" } ?? "-") transformer=\($0.transformer ?? "-")" }
            lines.append("  element \(element.id) action=\(action) attrs=\(element.attrs.map { "\($0.key)=\($0.value)" }) bindings=\(bindings)")
        }
        return lines
    }
}
