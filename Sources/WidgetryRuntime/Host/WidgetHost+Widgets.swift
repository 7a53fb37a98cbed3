public import WidgetryService
public import WidgetryJSON
import WidgetryScreen

extension WidgetHost {
    // MARK: Running and reading

    /// Runs widget `identifier` until nothing is left to do (or until run time `limit`, in
    /// seconds); its events are reported as they happen. Returns the run time reached.
    @discardableResult
    public func run(_ identifier: String, until limit: Double = .infinity) async throws(WidgetHostError) -> Double {
        try await withRun(identifier) { run in
            await run.run(until: limit)
            return run.timeline.now
        }
    }

    /// The JSON snapshot of widget `identifier` (``SnapshotJSON``).
    public func snapshotJSON(_ identifier: String) async throws(WidgetHostError) -> JSONValue {
        try await withRun(identifier) { run in SnapshotJSON.render(run) }
    }

    /// The text snapshot of widget `identifier` (``SnapshotText``).
    public func snapshotText(_ identifier: String) async throws(WidgetHostError) -> String {
        try await withRun(identifier) { run in SnapshotText.render(run) }
    }

    /// The title of widget `identifier`'s entry screen: the controller's `title` when it has one,
    /// otherwise the first text in its navigation title view (the view itself, or a label in it,
    /// as storyboards build it); nil without either.
    public func title(_ identifier: String) async throws(WidgetHostError) -> String? {
        try await withRun(identifier) { run in
            let entry = run.stack.first ?? run.screen
            if let title = entry.controller.value(forKey: "title").stringValue, !title.isEmpty { return title }
            return entry.titleView.flatMap(Self.firstText(in:))
        }
    }

    /// The first non-empty `text` of `element` or of its descendants, depth first.
    private static func firstText(in element: Element) -> String? {
        if let text = element.value(forKey: "text").stringValue, !text.isEmpty { return text }
        return element.children.lazy.compactMap(firstText(in:)).first
    }

    /// Runs `body` with widget `identifier`'s run, after the widget's earlier requests and
    /// before its later ones: the way to tap, type or read anything the snapshots do not show.
    /// The run must not escape `body`. Throws ``WidgetHostError/notRunning(identifier:cause:)``
    /// while a failed reload has left the widget without a run.
    public func withRun<Result: Sendable>(_ identifier: String,
                                          _ body: @escaping @Sendable (WidgetRun) async -> Result) async throws(WidgetHostError) -> Result {
        try await worker(identifier).perform(body)
    }

    // MARK: Actions the host performs

    /// Handles action `action` in the host: `handler` is called with each call instead of the
    /// service file's action of that name (``HostHandlers``), on the widget's task, during its
    /// run. For widget `identifier`, or for every widget (loaded now or later) when nil; a later
    /// registration of the same action replaces an earlier one.
    public func registerHandler(_ action: String, for identifier: String? = nil,
                                _ handler: @escaping @Sendable (HostCall) -> Void) async throws(WidgetHostError) {
        try await add(HostRegistration(action: action, widget: identifier, body: .handler(handler)))
    }

    /// Handles action `action` in the host with a command that returns a result or fails with a
    /// code, like a call across a bridge. The command replaces the service file's action of that
    /// name (a `"host": true` action, or one the file does not declare) and runs concurrently;
    /// the widget's run waits for it (on a virtual clock it takes no run time). Its result is
    /// handled as a response: status controllers follow it, a `resultType` imports it and
    /// `nextAction` follows. It is reported as `actionStarted`, then `actionSucceeded` with the
    /// result (or the imported objects) or `actionFailed` with the command's code and message.
    public func registerCommand(_ action: String, for identifier: String? = nil,
                                _ command: @escaping HostCommand) async throws(WidgetHostError) {
        try await add(HostRegistration(action: action, widget: identifier, body: .command(command)))
    }
}
