import Foundation
import WidgetryBundle
import WidgetryExpressions
import WidgetryJSON
import WidgetryRuntime

/// What a screen shows after a run of the bundle against its stub file, on a fixed clock, until
/// idle: the values its identified elements show and those of the first row of each table, as
/// text. What hover gives over a binding, beside its type.
struct StubRunValues: Sendable, Equatable {
    /// The instant the run starts at: a scenario's default, 2018-06-20T19:00:00Z.
    static let start = Date(timeIntervalSince1970: 1_529_521_200)
    /// How much run time a run is given at most (a repeating timer never lets it be idle).
    static let runTime: Double = 600

    /// The screen shown at the end (the one asked for, unless the run went elsewhere).
    var screen: String
    /// The value each identified element of the screen shows, written as a literal.
    var elements: [String: String] = [:]
    /// The value each element of the first row of each table shows, by table.
    var firstRows: [String: [String: String]] = [:]
    /// How many rows each display controller shows, by its id.
    var rows: [String: Int] = [:]
    /// The flags of each status (a status controller's, an action controller's last call), by name.
    var statuses: [String: String] = [:]
    /// Why the run could not start, when it could not.
    var failure: String?

    /// Runs the bundle at `root`, its files at the keys of `overrides` read from there, against
    /// its stub file, starting on `screen`.
    static func run(root: String, overrides: [String: [UInt8]], screen: String) async -> StubRunValues {
        let bundle: WidgetBundle
        do {
            bundle = try WidgetBundle(directory: root, options: WidgetBundle.ReadOptions(fileSystem: BundleFileSystem(overriding: overrides)))
        } catch {
            return StubRunValues(screen: screen, failure: "\(error)")
        }
        let options = WidgetRun.Options(service: .stub, now: start, timeZone: .gmt, screen: screen)
        let widget: WidgetRun
        do {
            widget = try WidgetRun(bundle: bundle, options: options)
        } catch {
            return StubRunValues(screen: screen, failure: error.description)
        }
        await widget.run(until: runTime)
        let snapshot = Snapshot(widget)
        await widget.shutdown()
        var values = StubRunValues(screen: snapshot.screen)
        for (id, element) in snapshot.namedElements { values.elements[id] = literal(element.value) }
        for table in snapshot.tables {
            guard let row = table.sections.first(where: { !$0.rows.isEmpty })?.rows.first else { continue }
            values.firstRows[table.table] = Dictionary(row.elements.map { ($0.id, literal($0.element.value)) }) { first, _ in first }
        }
        for table in snapshot.tables { values.rows[table.controller, default: 0] += table.sections.reduce(0) { $0 + $1.rows.count } }
        for status in snapshot.statuses {
            values.statuses[status.name] = [("inProgress", status.inProgress), ("isSuccess", status.isSuccess), ("isFailure", status.isFailure)]
                .map { "\($0.0) `\(literal($0.1))`" }.joined(separator: ", ")
        }
        return values
    }

    /// A value as a literal: text quoted, anything else as it prints.
    static func literal(_ value: Value) -> String {
        if case .string(let text) = value { return "\"\(text)\"" }
        return value.description
    }

    /// What element `id` shows, in Markdown: as an element of the screen, or in the first row of
    /// the tables whose cells have it, or why the run could not start; nil when it shows nowhere.
    func markdown(for id: String) -> String? {
        let source = "the stub run (StubService.json, from 2018-06-20T19:00:00Z until idle)"
        if let failure { return "The stub run of \(screen) could not start: \(failure)" }
        if let value = elements[id] { return "In \(source), `\(id)` on \(screen) shows `\(value)`" }
        let rows = firstRows.keys.sorted().compactMap { table in firstRows[table]?[id].map { "`\(table)`'s first row shows `\($0)`" } }
        guard !rows.isEmpty else { return nil }
        return "In \(source), `\(id)` in " + rows.joined(separator: "; in ")
    }

    /// What object `id` holds, in Markdown: its status flags, or the rows of the display
    /// controllers it gives content to (`controllers`), or why the run could not start; nil
    /// when the run says nothing of it.
    func markdown(forObject id: String, feeding controllers: [String]) -> String? {
        let source = "the stub run (StubService.json, from 2018-06-20T19:00:00Z until idle)"
        if let failure { return "The stub run of \(screen) could not start: \(failure)" }
        // A status controller's flags are its own; an action controller's, its last call's.
        if let flags = statuses[id] { return "In \(source), `\(id)` on \(screen) is at \(flags)" }
        if let flags = statuses[id + ".status"] { return "In \(source), the last call of `\(id)` on \(screen) is at \(flags)" }
        let shown = controllers.sorted().compactMap { controller in rows[controller].map { "`\(controller)` shows \($0) row\($0 == 1 ? "" : "s")" } }
        guard !shown.isEmpty else { return nil }
        return "In \(source), `\(id)` on \(screen) gives content: " + shown.joined(separator: ", ")
    }
}

/// The stub runs of one reading of a bundle (the editor's contents at one lint), one per
/// screen, each started when first asked for and kept; a new reading starts afresh, and the
/// runs of one nobody holds any more are cancelled, so edits and hovers never pile up runs.
actor StubRuns {
    private let root: String
    private let overrides: [String: [UInt8]]
    /// The runs started, by screen.
    private var started: [String: Task<Void, Never>] = [:]
    private var finished: [String: StubRunValues] = [:]
    /// Hovers waiting for a screen's run, by number.
    private var waiting: [Int: (screen: String, continuation: CheckedContinuation<StubRunValues?, Never>, deadline: Task<Void, Never>?)] = [:]
    private var nextWaiter = 0

    init(root: String, overrides: [String: [UInt8]]) {
        self.root = root
        self.overrides = overrides
    }

    deinit {
        for run in started.values { run.cancel() }
    }

    /// The values of `screen`'s run: at once when it has finished; else the run is started if
    /// it was not, and waited for at most `wait` (nil when it takes longer: it goes on, for the
    /// next request).
    func values(of screen: String, waiting wait: Duration) async -> StubRunValues? {
        if let values = finished[screen] { return values }
        if started[screen] == nil {
            let root = root
            let overrides = overrides
            started[screen] = Task.detached { [weak self] in
                let values = await StubRunValues.run(root: root, overrides: overrides, screen: screen)
                await self?.finish(screen, with: values)
            }
        }
        guard wait > .zero else { return nil }
        let number = nextWaiter
        nextWaiter += 1
        // A cancelled request stops waiting at once.
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let deadline = Task { [weak self] in
                    try? await Task.sleep(for: wait)
                    await self?.resume(number, with: nil)
                }
                waiting[number] = (screen, continuation, deadline)
            }
        } onCancel: {
            Task { await self.resume(number, with: nil) }
        }
    }

    private func finish(_ screen: String, with values: StubRunValues) {
        finished[screen] = values
        for (number, waiter) in waiting where waiter.screen == screen { resume(number, with: values) }
    }

    private func resume(_ number: Int, with values: StubRunValues?) {
        guard let waiter = waiting.removeValue(forKey: number) else { return }
        waiter.deadline?.cancel()
        waiter.continuation.resume(returning: values)
    }
}
