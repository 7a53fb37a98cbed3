import Foundation
import Testing
import WidgetryBundle
import WidgetryBundleFetch
import WidgetryExpressions
import WidgetryJSON
import WidgetryRuntime
import WidgetryScreen
import WidgetryStore
import WidgetryTestSupport

/// The Feed sample against UPSTREAM-FORMAT §9 (virtual clock at 2018-06-20T19:00:00Z, UTC, empty
/// store, stub service), in each form it comes in: Widgetry's layout, and when `../shared` is
/// beside the checkout upstream's sources and upstream's shipped, compiled bundle.
struct FeedAcceptanceTests {
    static let now = Date(timeIntervalSince1970: 1_529_521_200)

    /// A form of the Feed widget.
    enum Form: String, CustomTestStringConvertible, Sendable {
        case sample, upstreamSources, upstreamCompiled

        /// The forms present on this machine.
        static var present: [Form] { [.sample] + (UpstreamWidgetDemo.isAvailable ? [.upstreamSources, .upstreamCompiled] : []) }

        var path: String {
            get throws {
                switch self {
                case .sample: return Samples.widget("Feed")
                case .upstreamSources: return try #require(UpstreamWidgetDemo.sourceBundlePath)
                case .upstreamCompiled: return try #require(UpstreamWidgetDemo.bundlePath)
                }
            }
        }

        var testDescription: String { rawValue }
    }

    private func load(_ path: String) async throws -> WidgetRun {
        let loaded = try await BundleLoader().load(try BundleSource(argument: path))
        return try WidgetRun(bundle: loaded.bundle, options: WidgetRun.Options(now: Self.now))
    }

    private func element(_ run: WidgetRun, _ id: String) throws -> Element {
        guard case .object(let object) = run.screen.namespace.value(forKey: id), let element = object as? Element else {
            throw TestFailure("no element \(id)")
        }
        return element
    }

    struct TestFailure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    /// §9.2: before the first turn.
    @Test(arguments: Form.present) func theInitialState(form: Form) async throws {
        let run = try await load(try form.path)
        #expect(run.screen.controller.content == .null)
        #expect(try element(run, "titleLabel").value(forKey: "text") == "")
        #expect(try element(run, "footerActivityIndicator").value(forKey: "animating") == false)
        let table = try #require(run.screen.tables["tableDisplayController"])
        #expect(table.sections.count == 1)
        #expect(table.sections[0].rows.isEmpty)
        #expect(try element(run, "emptyDataView").value(forKey: "hidden") == false)
        #expect(run.engine.events.isEmpty)
    }

    /// §9.3 and §9.4: the on-load chain, then the six rows with every cell value.
    @Test(arguments: Form.present) func theOnLoadChainFillsTheTitleAndTheTable(form: Form) async throws {
        let run = try await load(try form.path)
        var indicator: [Bool] = [false]
        run.engine.observe { [screen = run.screen] event in
            if case .object(let object) = screen.namespace.value(forKey: "footerActivityIndicator"),
               let animating = (object as? Element)?.value(forKey: "animating"), animating != .bool(indicator.last!) {
                indicator.append(animating == true)
            }
        }
        await run.run()
        #expect(indicator == [false, true, false, true, false], "off, on, off, on, off")
        let recorded = run.screen.changes.filter { $0.change.elementID == "footerActivityIndicator" }.map { "\($0.time) \($0.change.new)" }
        #expect(recorded == ["0.0 1", "0.25 0", "0.25 1", "0.5 0"], "the change log tells the same story")
        #expect(try element(run, "titleLabel").value(forKey: "text") == "Favio Mobile")
        #expect(try element(run, "emptyDataView").value(forKey: "hidden") == true)
        let rows = try #require(run.screen.tables["tableDisplayController"]?.sections.first?.rows)
        func text(_ row: RenderedTable.Row, _ id: String, _ key: String = "text") -> String {
            let value = row.elements.first { $0.id == id }?.element.value(forKey: key) ?? .null
            if case .object(let image) = value { return image.keyValueDescription }
            return value.stringValue ?? value.description
        }
        #expect(rows.map { text($0, "authorLabel") } == ["Favio Mobile", "Infinite Red", "Green Dragon", "Black & White", "Deep Pixels", "Pirple 8"])
        #expect(rows.map { text($0, "timeLabel") } == ["1h", "2h", "3h", "4h", "5h", "7h"])
        #expect(rows.map { text($0, "avatarView", "wx_imageName") } == ["widgets", "ava_infinity", "ava_dragon", "ava_dots", "ava_pixels", "ava_pirple8"])
        #expect(text(rows[0], "textLabel") == "WidgetKit Framework provides a set of 100% reusable objects! #reusable #objects")
        #expect(rows.map(\.reuseIdentifier) == Array(repeating: "Cell", count: 6))
        let statuses = run.screen.objects.filter { $0.id == "homeFeedStatusController" }
        #expect(statuses.first?.value(forKey: "isSuccess") == true)
        #expect(run.store?.objects(of: "User").count == 6)
        #expect(run.screen.alerts.isEmpty)
    }

    /// §9.8: homeFeed without a response.
    @Test(arguments: Form.present) func theErrorPath(form: Form) async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let directory = scratch.file("Feed")
        try FileManager.default.copyItem(atPath: try form.path, toPath: directory)
        let stubPath = directory + "/StubService.json"
        var stub = try JSONParser.parse([UInt8](Data(contentsOf: URL(fileURLWithPath: stubPath)))).root
        var actions = try #require(stub["actions"]?.objectValue)
        var homeFeed = try #require(actions["homeFeed"]?.objectValue)
        homeFeed["response"] = nil
        actions["homeFeed"] = JSONValue(.object(homeFeed))
        var root = try #require(stub.objectValue)
        root["actions"] = JSONValue(.object(actions))
        stub = JSONValue(.object(root))
        try Data(stub.serialized().utf8).write(to: URL(fileURLWithPath: stubPath))

        let run = try await load(directory)
        await run.run()
        #expect(run.engine.events.map(\.description).suffix(2) == [
            "t=0.250 homeFeedStart",
            "t=0.500 homeFeedError error=Test response not implemented. [action.not-implemented] (HTTP 404); add a \"response\" to actions.homeFeed in the stub file",
        ])
        #expect(run.screen.alerts == [ScreenRun.Alert(time: 0.5, title: "Error", message: "Failed to load feed!\n\nTest response not implemented.")])
        #expect(run.screen.objects.first { $0.id == "homeFeedStatusController" }?.value(forKey: "isFailure") == true)
        #expect(try element(run, "footerActivityIndicator").value(forKey: "animating") == false)
        #expect(run.store?.objects(of: "Account").count == 1)
        #expect(run.store?.objects(of: "Post").isEmpty == true)
        #expect(run.screen.tables["tableDisplayController"]?.sections.first?.rows.isEmpty == true)
        #expect(try element(run, "emptyDataView").value(forKey: "hidden") == false)
        let perCall = run.screen.objects.first { $0.id == "currentUserAction" }?.value(forKey: "status")
        guard case .object(let status)? = perCall else { Issue.record("no per-call status"); return }
        #expect(status.value(forKey: "isSuccess") == true)
    }

    @Test(arguments: Form.present) func theSnapshotIsTheSameOnEveryRun(form: Form) async throws {
        var outputs: [String] = []
        for _ in 0..<2 {
            let run = try await load(try form.path)
            await run.run()
            outputs.append(SnapshotText.render(run))
        }
        #expect(outputs[0] == outputs[1])
        #expect(outputs[0].contains("row 5 (Cell) <Post #11>"))
    }
}
