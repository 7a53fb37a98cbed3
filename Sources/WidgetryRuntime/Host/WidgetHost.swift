public import WidgetryBundle
public import WidgetryHostProfile
public import WidgetryServiceConfiguration

/// Runs several widgets side by side for an application that embeds them: loads each bundle
/// under an identifier of the host's choosing (concurrently; from folders, and from archives or
/// URLs when ``Options/loader`` is WidgetryBundleFetch's `BundleLoader`),
/// runs it, reports what happens as ``WidgetHostEvent``s, lets the host answer actions itself,
/// and shows each widget's screen as a snapshot.
///
/// Every widget has its own ``WidgetRun``: its own store, service, clock and screens. A widget's
/// run lives in a task of its own and does one request at a time; different widgets load and
/// run concurrently. See <doc:Embedding>.
///
/// ```swift
/// let host = WidgetHost()
/// await host.load([(identifier: "feed", source: "SampleWidgets/Feed")])
/// for await event in host.events { print(WidgetHostEventJSON.line(event)) }
/// ```
public actor WidgetHost {
    /// How the host loads and runs its widgets.
    public struct Options: Sendable {
        /// The run options every widget starts from (service, clock, `now`, locale, credentials).
        /// Its `storeFile` is not used: one file cannot hold two widgets' stores (see
        /// ``storeDirectory``).
        public var run: WidgetRun.Options
        /// How bundles are read: folders only by default (`FolderBundleLoader`); WidgetryBundleFetch's
        /// `BundleLoader` also downloads and extracts archives.
        public var loader: any BundleLoading
        /// How long (in run time) a widget runs as part of loading before it is reported
        /// ``WidgetHostEvent/loaded(identifier:screen:items:time:)``: until idle by default, so its
        /// on-load actions are done and its tables filled; 0 reports the first render.
        public var loadRunLimit: Double
        /// Keep each widget's store in `<storeDirectory>/<identifier>.sqlite` (characters of the
        /// identifier other than letters, digits, `.`, `_` and `-` written as `%XX`); in memory
        /// when nil.
        public var storeDirectory: String?

        public init(run: WidgetRun.Options = WidgetRun.Options(), loader: any BundleLoading = FolderBundleLoader(),
                    loadRunLimit: Double = .infinity, storeDirectory: String? = nil) {
            self.run = run
            self.loader = loader
            self.loadRunLimit = loadRunLimit
            self.storeDirectory = storeDirectory
        }
    }

    public let options: Options
    /// Every event of every widget, in the order each widget produced them. One consumer; the
    /// stream buffers what is not read yet, and ends when the host shuts down.
    public nonisolated var events: AsyncStream<WidgetHostEvent> { hub.stream }

    private let hub: WidgetHostEventHub
    private var widgets: [String: WidgetWorker] = [:]
    /// Identifiers being loaded: taken, though their widgets are not ready yet.
    private var pending: Set<String> = []
    private var registrations: [HostRegistration] = []
    private var isShutDown = false

    public init(options: Options = Options(), delegate: (any WidgetHostDelegate)? = nil) {
        self.options = options
        hub = WidgetHostEventHub(delegate: delegate)
    }

    /// Replaces the delegate; events from now on go to `delegate`.
    public func setDelegate(_ delegate: (any WidgetHostDelegate)?) {
        hub.setDelegate(delegate)
    }

    /// The identifiers of the loaded widgets, sorted.
    public var identifiers: [String] {
        widgets.keys.sorted()
    }

    // MARK: Loading

    /// Loads the widget at `source` (a folder, or an archive or http(s) URL if the loader reads them) under `identifier`,
    /// and runs it for ``Options/loadRunLimit``. Reports download progress, the run's events and
    /// then `loaded`; on failure reports `failed` and throws it. A duplicate identifier is
    /// refused without an event: the widget loaded under it is not affected. `profile` is what
    /// the host supplies this widget instead of ``Options/run``'s profile: its identifier and
    /// patches apply when the bundle is read, the rest to the run. `service` is the service file
    /// it talks to instead of ``Options/run``'s.
    public func load(identifier: String, source: String, profile: HostProfile? = nil,
                     service: ServiceSelection? = nil) async throws(WidgetHostError) {
        try reserve(identifier)
        try await load(reserved: identifier, source: source, profile: profile, service: service)
    }

    /// Loads `widgets` concurrently, as ``load(identifier:source:)`` loads one; one failure does
    /// not stop the others. Returns the errors, in the order of `widgets` (empty when all loaded).
    @discardableResult
    public func load(_ widgets: [(identifier: String, source: String)]) async -> [WidgetHostError] {
        var errors: [Int: WidgetHostError] = [:]
        var accepted: [(position: Int, identifier: String, source: String)] = []
        for (position, widget) in widgets.enumerated() {
            do throws(WidgetHostError) {
                try reserve(widget.identifier)
                accepted.append((position, widget.identifier, widget.source))
            } catch {
                errors[position] = error
            }
        }
        await withTaskGroup(of: (Int, WidgetHostError?).self) { group in
            for widget in accepted {
                group.addTask {
                    do throws(WidgetHostError) {
                        try await self.load(reserved: widget.identifier, source: widget.source)
                        return (widget.position, nil)
                    } catch {
                        return (widget.position, error)
                    }
                }
            }
            for await (position, error) in group {
                if let error { errors[position] = error }
            }
        }
        return errors.keys.sorted().compactMap { errors[$0] }
    }

    /// Takes `identifier` for a widget about to load.
    private func reserve(_ identifier: String) throws(WidgetHostError) {
        guard !isShutDown else { throw .shutDown }
        guard widgets[identifier] == nil, !pending.contains(identifier) else { throw .duplicateIdentifier(identifier) }
        pending.insert(identifier)
    }

    /// Loads the bundle (off the actor, so other loads proceed), starts the widget's run, and
    /// runs it until the load limit.
    private func load(reserved identifier: String, source: String, profile: HostProfile? = nil,
                      service: ServiceSelection? = nil) async throws(WidgetHostError) {
        var run = runOptions(for: identifier)
        if let profile { run.profile = profile }
        if let service { run.service = service }
        var loader = options.loader
        loader.readOptions.identifier = loader.readOptions.identifier ?? run.profile.identifier
        loader.readOptions.patches.merge(run.profile.patches) { _, profile in profile }
        let started = await Self.start(identifier: identifier, source: source, options: run, loader: loader, events: hub)
        pending.remove(identifier)
        let worker: WidgetWorker
        switch started {
        case .failure(let error):
            hub.emit(.failed(identifier: identifier, error: error))
            throw error
        case .success(let started):
            worker = started
        }
        guard !isShutDown else {
            await worker.stop()
            throw .shutDown
        }
        widgets[identifier] = worker
        // Registrations made from here on are queued behind this job (see `add`).
        _ = try? await worker.finishLoading(registrations: registrations.filter { $0.applies(to: identifier) }, runLimit: options.loadRunLimit)
    }

    /// Reads the bundle at `source` and starts its run; nothing here touches the actor.
    private static func start(identifier: String, source: String, options: WidgetRun.Options, loader: any BundleLoading,
                              events: WidgetHostEventHub) async -> Result<WidgetWorker, WidgetHostError> {
        let loaded: LoadedBundle
        do throws(BundleError) {
            loaded = try await loader.load(try BundleSource(argument: source)) { progress in
                events.emit(.downloadProgress(identifier: identifier, receivedBytes: progress.receivedBytes, totalBytes: progress.totalBytes))
            }
        } catch {
            return .failure(.loadFailed(identifier: identifier, source: source, cause: .bundle(error)))
        }
        do throws(WidgetRunError) {
            return .success(try await WidgetWorker.start(identifier: identifier, source: source, loader: loader, loaded: loaded,
                                                         options: options, events: events))
        } catch {
            loaded.removeExtractedFiles()
            return .failure(.loadFailed(identifier: identifier, source: source, cause: .run(error)))
        }
    }

    /// The run options for widget `identifier`: the template, with its own store file.
    private func runOptions(for identifier: String) -> WidgetRun.Options {
        var run = options.run
        run.storeFile = options.storeDirectory.map { $0 + "/" + Self.fileName(identifier) + ".sqlite" }
        return run
    }

    /// `identifier` as a file name: bytes outside letters, digits, `.`, `_` and `-` as `%XX`,
    /// so no two identifiers share a name and none leaves the folder.
    static func fileName(_ identifier: String) -> String {
        var name = ""
        for byte in identifier.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-"):
                name.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                name += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
        }
        return name
    }

    // MARK: Reloading

    /// Starts widget `identifier` anew, after its earlier requests and before its later ones:
    /// shuts its run down, reads its bundle again from the source it was loaded from (so the
    /// edits of a folder show), and starts it on the screen that was on top, or where the run
    /// options say when the bundle no longer starts there. With `service`, the widget talks to
    /// that service file from now on. Like a load, it installs the host's actions, runs for
    /// ``Options/loadRunLimit``, and reports the run's events and then `loaded`.
    ///
    /// On failure it reports `failed` and throws it (``WidgetHostError/loadFailed(identifier:source:cause:)``);
    /// the widget stays loaded without a run, and requests that need its run throw
    /// ``WidgetHostError/notRunning(identifier:cause:)`` with the cause, until a reload succeeds.
    /// That reload starts on the screen that was on top before the failure.
    public func reload(_ identifier: String, service: ServiceSelection? = nil) async throws(WidgetHostError) {
        let worker = try worker(identifier)
        try await worker.reload(service: service, registrations: registrations.filter { $0.applies(to: identifier) },
                                runLimit: options.loadRunLimit)
    }

    // MARK: Unloading

    /// Stops widget `identifier`: its queued requests finish, its network client closes, its
    /// extracted files are deleted, and its identifier becomes free.
    public func unload(_ identifier: String) async throws(WidgetHostError) {
        guard !isShutDown else { throw .shutDown }
        guard let worker = widgets.removeValue(forKey: identifier) else { throw .unknownWidget(identifier) }
        await worker.stop()
    }

    /// Unloads every widget and ends ``events``. Later requests throw ``WidgetHostError/shutDown``;
    /// a load still under way stops once its bundle is read, and throws it too. Calling it again
    /// does nothing.
    public func shutdown() async {
        guard !isShutDown else { return }
        isShutDown = true
        let stopping = widgets.values
        widgets = [:]
        await withTaskGroup(of: Void.self) { group in
            for worker in stopping { group.addTask { await worker.stop() } }
        }
        hub.finish()
    }

    /// The worker of widget `identifier`.
    func worker(_ identifier: String) throws(WidgetHostError) -> WidgetWorker {
        guard !isShutDown else { throw .shutDown }
        guard let worker = widgets[identifier] else { throw .unknownWidget(identifier) }
        return worker
    }

    /// Keeps `registration` for widgets loaded later, and installs it on the loaded ones it is
    /// for. Jobs are queued in the actor's order, so a later registration of an action always
    /// wins over an earlier one.
    func add(_ registration: HostRegistration) async throws(WidgetHostError) {
        guard !isShutDown else { throw .shutDown }
        registrations.append(registration)
        for (identifier, worker) in widgets.sorted(by: { $0.key < $1.key }) where registration.applies(to: identifier) {
            // A widget without a run gets it with its next reload.
            _ = try? await worker.perform { run in registration.install(on: run) }
        }
    }
}
