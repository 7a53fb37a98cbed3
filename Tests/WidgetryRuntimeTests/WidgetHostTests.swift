import Foundation
import Synchronization
import Testing
import WidgetryBundle
import WidgetryBundleFetch
import WidgetryJSON
import WidgetryRuntime
import WidgetryService
import WidgetryStore
import WidgetryTestSupport

/// The embedding API: several widgets in one host, their events, host commands, and the JSON
/// lines of run and host events. The Feed sample on a virtual clock at 2018-06-20T19:00:00Z.
struct WidgetHostTests {
    static let feed = Samples.widget("Feed")
    static let options = WidgetHost.Options(run: WidgetRun.Options(now: FeedAcceptanceTests.now), loader: BundleLoader())

    /// The events of a host that has shut down (its stream has ended).
    private func events(of host: WidgetHost) async -> [WidgetHostEvent] {
        var all: [WidgetHostEvent] = []
        for await event in host.events { all.append(event) }
        return all
    }

    /// Widget `identifier`'s events as short lines, download progress left out.
    private func story(_ events: [WidgetHostEvent], of identifier: String) -> [String] {
        events.filter { $0.identifier == identifier }.compactMap(Self.summary)
    }

    static func summary(_ event: WidgetHostEvent) -> String? {
        switch event {
        case .loaded(_, let screen, let items, let time):
            "loaded \(screen) at \(time): " + items.map { "\($0.table)(\($0.controller))=\($0.rows.count)" }.joined(separator: ",")
        case .failed(_, let error): "failed \(error.code)"
        case .actionStarted(_, let action, let sender, let time): "start \(action) \(sender ?? "-") at \(time)"
        case .actionSucceeded(_, let action, _, let time, let objects, let result):
            "success \(action) at \(time) objects=\(objects.count)" + (result.map { " result=\($0.serialized())" } ?? "")
        case .actionFailed(_, let action, _, let time, let error): "error \(action) at \(time) \(error.code)"
        case .navigated(_, let from, let to, let kind, _): "navigated \(from) -> \(to) (\(kind))"
        case .alertShown(_, _, let title, _, _): "alert \(title)"
        case .downloadProgress: nil
        }
    }

    private static let feedStory = [
        "start currentUser - at 0.0",
        "success currentUser at 0.25 objects=1",
        "start homeFeed - at 0.25",
        "success homeFeed at 0.5 objects=6",
        "loaded FeedViewController at 0.5: tableView(tableDisplayController)=6",
    ]

    /// The Feed sample packed as a zip, as bytes.
    private func zippedFeed() throws -> [UInt8] {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let archive = scratch.file("Feed.zip")
        try BundlePacker().pack(directory: Self.feed, to: archive)
        return Array(try Data(contentsOf: URL(fileURLWithPath: archive)))
    }

    /// What upstream's host demo did: download the shipped, compiled WidgetDemo.zip and show it.
    @Test(.enabled(if: UpstreamWidgetDemo.isAvailable, "needs ../shared/upstream"))
    func theShippedCompiledBundleLoadsFromAServedArchive() async throws {
        let zip = [UInt8](try Data(contentsOf: URL(fileURLWithPath: UpstreamWidgetDemo.zipPath)))
        let server = try LoopbackFileServer.start(files: ["/WidgetDemo.zip": zip])
        defer { server.stop() }
        // 1.5 MB from a thread that shares two cores with the whole suite: patient timeouts.
        let patient = DownloadOptions(connectTimeout: .seconds(60), readTimeout: .seconds(120), stallTimeout: .seconds(120))
        let host = WidgetHost(options: WidgetHost.Options(run: Self.options.run, loader: BundleLoader(options: BundleLoader.Options(download: patient))))
        try await host.load(identifier: "demo", source: server.baseURL + "/WidgetDemo.zip")
        #expect(try await host.title("demo") == "Favio Mobile", "the label inside the storyboard's title view")
        let source = try await CompiledStoryboardTests.run(try #require(UpstreamWidgetDemo.sourceBundlePath))
        #expect(try await host.snapshotText("demo") == SnapshotText.render(source), "the same screen as from the sources")
        await host.shutdown()
        #expect(story(await events(of: host), of: "demo") == Self.feedStory)
    }

    @Test func twoWidgetsLoadConcurrentlyFromAFolderAndFromAServedArchive() async throws {
        let zip = try zippedFeed()
        let server = try LoopbackFileServer.start(files: ["/Feed.zip": zip])
        defer { server.stop() }
        let delegate = RecordingDelegate()
        let host = WidgetHost(options: Self.options, delegate: delegate)
        let errors = await host.load([(identifier: "local", source: Self.feed), (identifier: "remote", source: server.baseURL + "/Feed.zip")])
        #expect(errors.isEmpty, "\(errors)")
        #expect(await host.identifiers == ["local", "remote"])
        #expect(try await host.title("local") == "Favio Mobile")
        #expect(try await host.title("remote") == "Favio Mobile")
        #expect(try await host.snapshotText("remote").contains("table tableView (tableDisplayController): 1 section, 6 rows"))
        #expect(try await host.snapshotJSON("local")["screen"]?.stringValue == "FeedViewController")
        await host.shutdown()
        let events = await events(of: host)

        #expect(story(events, of: "local") == Self.feedStory)
        #expect(story(events, of: "remote") == Self.feedStory)
        let loaded = events.compactMap { event -> (String, [WidgetHostEvent.TableItems])? in
            if case .loaded(let identifier, _, let items, _) = event { return (identifier, items) }
            return nil
        }
        #expect(loaded.map(\.0).sorted() == ["local", "remote"])
        for (_, items) in loaded {
            let rows = try #require(items.first?.rows)
            #expect(rows.map { $0.cells["authorLabel"]?["text"]?.stringValue ?? "?" }
                == ["Favio Mobile", "Infinite Red", "Green Dragon", "Black & White", "Deep Pixels", "Pirple 8"])
            #expect(rows.allSatisfy { $0.object.hasPrefix("<Post ") && $0.reuseIdentifier == "Cell" })
        }

        // Download progress: only the served widget, before anything else it reports, ending with the whole archive.
        var progress: [(received: Int64, total: Int64?)] = []
        var remoteEventsBeforeProgressEnded = 0
        for event in events where event.identifier == "remote" {
            if case .downloadProgress(_, let received, let total) = event {
                progress.append((received, total))
                #expect(remoteEventsBeforeProgressEnded == 0, "progress comes before the run's events")
            } else {
                remoteEventsBeforeProgressEnded += 1
            }
        }
        #expect(!progress.isEmpty)
        #expect(progress.last?.received == Int64(zip.count))
        #expect(progress.allSatisfy { $0.total == Int64(zip.count) })
        #expect(!events.contains { if case .downloadProgress("local", _, _) = $0 { true } else { false } })
        #expect(server.requests == ["/Feed.zip"])

        // Same widget, same events: the two widgets' lines differ only in their names.
        let lines = { (identifier: String) in
            events.filter { $0.identifier == identifier && Self.summary($0) != nil }.map(WidgetHostEventJSON.line)
        }
        #expect(lines("remote") == lines("local").map { $0.replacingOccurrences(of: #""widget":"local""#, with: #""widget":"remote""#) })
        // The delegate saw what the stream saw, each widget's events in the same order.
        for identifier in ["local", "remote"] {
            #expect(delegate.log.lines.filter { $0.contains(#""widget":"\#(identifier)""#) }
                == events.filter { $0.identifier == identifier }.map(WidgetHostEventJSON.line))
        }
    }

    @Test func aDuplicateIdentifierIsATypedErrorAndLeavesTheFirstWidgetAlone() async throws {
        let host = WidgetHost(options: Self.options)
        try await host.load(identifier: "feed", source: Self.feed)
        do {
            try await host.load(identifier: "feed", source: Self.feed)
            Issue.record("a second widget loaded under the same identifier")
        } catch {
            #expect(error.code == "host.duplicate-identifier")
            if case .duplicateIdentifier("feed") = error {} else { Issue.record("got \(error)") }
        }
        let errors = await host.load([(identifier: "twin", source: Self.feed), (identifier: "twin", source: Self.feed)])
        #expect(errors.map(\.code) == ["host.duplicate-identifier"])
        #expect(await host.identifiers == ["feed", "twin"])
        #expect(try await host.title("feed") == "Favio Mobile")
        try await host.unload("twin")
        #expect(await host.identifiers == ["feed"])
        do {
            _ = try await host.snapshotText("twin")
            Issue.record("an unloaded widget answered")
        } catch {
            #expect(error.code == "host.unknown-widget")
        }
        await host.shutdown()
        #expect(story(await events(of: host), of: "feed") == Self.feedStory, "no event for the refused duplicate")
    }

    @Test func failedLoadsReportAFailedEventAndTheTypedError() async throws {
        let server = try LoopbackFileServer.start(files: [:])
        defer { server.stop() }
        let host = WidgetHost(options: Self.options)
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let missing = scratch.file("missing")
        let errors = await host.load([(identifier: "missing", source: missing), (identifier: "gone", source: server.baseURL + "/Gone.zip")])
        #expect(errors.map(\.code) == ["host.load-failed", "host.load-failed"])
        #expect(errors.map(\.identifier) == ["missing", "gone"])
        guard errors.count == 2, case .loadFailed(_, _, .bundle(let first)) = errors[0], case .loadFailed(_, _, .bundle(let second)) = errors[1] else {
            Issue.record("got \(errors)")
            return
        }
        #expect(first == .notFound(path: missing))
        #expect(second.code == "download.http-status")
        #expect(errors[1].description.contains("HTTP 404"))
        #expect(await host.identifiers.isEmpty)
        // A failed identifier is free again.
        try await host.load(identifier: "missing", source: Self.feed)
        await host.shutdown()
        let events = await events(of: host)
        #expect(story(events, of: "gone") == ["failed host.load-failed"])
        #expect(story(events, of: "missing") == ["failed host.load-failed"] + Self.feedStory)
    }

    @Test func aHostCommandReplacesTheNetworkActionOfItsName() async throws {
        let host = WidgetHost(options: Self.options)
        let calls = LineLog()
        try await host.registerCommand("currentUser", for: "bridged") { call in
            calls.append("\(call.action) sender=\(call.sender ?? "-")")
            return ["id_str": "host-1", "name": "Host User"]
        }
        try await host.registerCommand("currentUser", for: "refused") { _ throws(HostCommandError) -> JSONValue in
            throw HostCommandError(code: "auth.denied", message: "no account on this device")
        }
        let errors = await host.load([(identifier: "bridged", source: Self.feed), (identifier: "refused", source: Self.feed),
                                      (identifier: "plain", source: Self.feed)])
        #expect(errors.isEmpty)
        #expect(calls.lines == ["currentUser sender=-"])
        // The command's answer is handled as the stub's would be: imported as the Account, then homeFeed follows.
        #expect(try await host.withRun("bridged") { $0.engine.requestLog.map(\.request.action) } == ["homeFeed"], "the stub's currentUser did not run")
        #expect(try await host.withRun("bridged") { $0.store?.objects(of: "Account").map { $0.value(forKey: "name") } } == ["Host User"])
        await host.shutdown()
        let events = await events(of: host)
        #expect(story(events, of: "bridged") == [
            "start currentUser - at 0.0", "success currentUser at 0.0 objects=1", "start homeFeed - at 0.0", "success homeFeed at 0.25 objects=6",
            "loaded FeedViewController at 0.25: tableView(tableDisplayController)=6",
        ])
        #expect(story(events, of: "refused") == [
            "start currentUser - at 0.0", "error currentUser at 0.0 auth.denied", "loaded FeedViewController at 0.0: tableView(tableDisplayController)=0",
        ])
        #expect(story(events, of: "plain") == Self.feedStory, "a command for one widget is not another's")
    }

    @Test func runEventsAreWrittenAsFixedJSONLines() async throws {
        let loaded = try await BundleLoader().load(try BundleSource(argument: Self.feed))
        let run = try WidgetRun(bundle: loaded.bundle, options: WidgetRun.Options(now: FeedAcceptanceTests.now))
        var lines: [String] = []
        run.observe { lines.append(RunEventJSON.line($0)) }
        await run.run()
        #expect(lines.count == 6)
        #expect(lines.map { $0.firstMatch(of: /"name":"(\w+)"/)?.1 ?? "?" }
            == ["currentUserStart", "currentUserReady", "currentUserSuccess", "homeFeedStart", "homeFeedReady", "homeFeedSuccess"])
        #expect(lines.first == #"{"time":0.0,"event":"action","name":"currentUserStart","action":"currentUser","kind":"start","sender":null,"objects":[],"error":null}"#)
        #expect(lines.last == ##"{"time":0.5,"event":"action","name":"homeFeedSuccess","action":"homeFeed","kind":"success","sender":null,"objects":["#2","#3","#5","#7","#9","#11"],"error":null}"##)

        let navigated = RunEvent.navigated(from: "FeedViewController", to: "NewPostViewController", kind: .present, time: 1.5)
        #expect(RunEventJSON.line(navigated) == #"{"time":1.5,"event":"navigated","from":"FeedViewController","to":"NewPostViewController","kind":"present"}"#)
        let alert = RunEvent.alert(screen: "NewPostViewController", alert: ScreenRun.Alert(time: 2, title: "Error", message: "Could not \"post\"\nTry again"))
        #expect(RunEventJSON.line(alert) == #"{"time":2.0,"event":"alert","screen":"NewPostViewController","title":"Error","message":"Could not \"post\"\nTry again"}"#)
        let failure = RunEvent.action(ActionEvent(kind: .error, action: "newPost", sender: "postButton", time: 3.25,
                                                  error: ActionError(.server, "the server refused", status: 500)))
        #expect(RunEventJSON.line(failure) == #"{"time":3.25,"event":"action","name":"newPostError","action":"newPost","kind":"error","sender":"postButton","objects":[],"error":{"code":"action.server","message":"the server refused","status":500}}"#)
    }

    @Test func hostEventsAreWrittenAsFixedJSONLines() {
        #expect(WidgetHostEventJSON.line(.downloadProgress(identifier: "feed", receivedBytes: 512, totalBytes: nil))
            == #"{"time":null,"event":"download","widget":"feed","receivedBytes":512,"totalBytes":null}"#)
        #expect(WidgetHostEventJSON.line(.failed(identifier: "feed", error: .duplicateIdentifier("feed")))
            == #"{"time":null,"event":"failed","widget":"feed","code":"host.duplicate-identifier","message":"a widget is already loaded under the identifier 'feed'"}"#)
        #expect(WidgetHostEventJSON.line(.actionFailed(identifier: "feed", action: "login", sender: nil, time: 0.5,
                                                       error: .init(code: "auth.denied", message: "no account")))
            == #"{"time":0.5,"event":"action","widget":"feed","name":"loginError","action":"login","kind":"error","sender":null,"objects":[],"error":{"code":"auth.denied","message":"no account","status":null},"result":null}"#)
        #expect(WidgetHostEventJSON.line(.loaded(identifier: "feed", screen: "FeedViewController",
                                                 items: [.init(table: "tableView", controller: "tableDisplayController", rows: [])], time: 0.5))
            == #"{"time":0.5,"event":"loaded","widget":"feed","screen":"FeedViewController","tables":[{"table":"tableView","controller":"tableDisplayController","rows":0}]}"#)
    }
}

/// Lines written from any task, kept in order.
private final class LineLog: Sendable {
    private let recorded = Mutex<[String]>([])

    var lines: [String] { recorded.withLock { $0 } }

    func append(_ line: String) {
        recorded.withLock { $0.append(line) }
    }
}

/// A delegate that keeps every event it is told about, as JSON lines.
private final class RecordingDelegate: WidgetHostDelegate {
    let log = LineLog()

    private func record(_ event: WidgetHostEvent) {
        log.append(WidgetHostEventJSON.line(event))
    }

    func widgetLoaded(_ identifier: String, screen: String, items: [WidgetHostEvent.TableItems], time: Double) {
        record(.loaded(identifier: identifier, screen: screen, items: items, time: time))
    }

    func widgetFailed(_ identifier: String, error: WidgetHostError) {
        record(.failed(identifier: identifier, error: error))
    }

    func actionStarted(_ identifier: String, action: String, sender: String?, time: Double) {
        record(.actionStarted(identifier: identifier, action: action, sender: sender, time: time))
    }

    func actionSucceeded(_ identifier: String, action: String, sender: String?, time: Double, objects: [ObjectID], result: JSONValue?) {
        record(.actionSucceeded(identifier: identifier, action: action, sender: sender, time: time, objects: objects, result: result))
    }

    func actionFailed(_ identifier: String, action: String, sender: String?, time: Double, error: WidgetHostEvent.ActionFailure) {
        record(.actionFailed(identifier: identifier, action: action, sender: sender, time: time, error: error))
    }

    func navigated(_ identifier: String, from: String, to: String, kind: RunEvent.Navigation, time: Double) {
        record(.navigated(identifier: identifier, from: from, to: to, kind: kind, time: time))
    }

    func alertShown(_ identifier: String, screen: String, title: String, message: String, time: Double) {
        record(.alertShown(identifier: identifier, screen: screen, title: title, message: message, time: time))
    }

    func downloadProgress(_ identifier: String, receivedBytes: Int64, totalBytes: Int64?) {
        record(.downloadProgress(identifier: identifier, receivedBytes: receivedBytes, totalBytes: totalBytes))
    }
}
