import WidgetryBundle
import WidgetryServiceConfiguration

/// What a ``WidgetWorker``'s task holds: the widget's run (nil while its last reload failed,
/// with the reason), the bundle it runs, the options it starts with, and the screen it showed.
/// Made and used on that task only.
final class WidgetSlot {
    let identifier: String
    /// The options the widget starts with; a reload may change the service.
    private(set) var options: WidgetRun.Options
    private(set) var run: WidgetRun?
    /// Why there is no run: the last reload's failure.
    private(set) var failure: WidgetHostError.LoadFailure?
    private var loaded: LoadedBundle?
    /// The screen on top when the run was last shut down, for the next reload to start on.
    private var shownScreen: String?
    private let events: WidgetHostEventHub

    init(identifier: String, options: WidgetRun.Options, events: WidgetHostEventHub) {
        self.identifier = identifier
        self.options = options
        self.events = events
    }

    /// Starts a run of `loaded` on `screen` (the options' screen when nil) and sends its events
    /// to the host's. When the bundle does not start there and `screen` is not the options'
    /// own, starts where the options say instead.
    func start(_ loaded: LoadedBundle, on screen: String?) throws(WidgetRunError) {
        var chosen = options
        if let screen { chosen.screen = screen }
        let started: WidgetRun
        do throws(WidgetRunError) {
            started = try WidgetRun(bundle: loaded.bundle, options: chosen)
        } catch {
            // The screen shown before a reload is gone: start where the options say.
            guard screen != nil, screen != options.screen else { throw error }
            started = try WidgetRun(bundle: loaded.bundle, options: options)
        }
        let (identifier, events) = (identifier, events)
        let configuration = started.engine.configuration
        started.observe { event in
            if let hostEvent = WidgetHostEvent(event, of: identifier, configuration: configuration) { events.emit(hostEvent) }
        }
        run = started
        failure = nil
        self.loaded = loaded
    }

    /// Shuts the run down, reads the bundle at `source` again with `loader`, and starts it on
    /// the screen the widget showed (see ``start(_:on:)``), with `service` from now on when
    /// given; installs `registrations`, runs it until `runLimit` and reports `loaded`. On
    /// failure, reports `failed` and keeps the reason for the requests that find no run.
    func reload(from source: String, loader: any BundleLoading, service: ServiceSelection?, registrations: [HostRegistration],
                runLimit: Double) async -> Result<Void, WidgetHostError> {
        if let service { options.service = service }
        await stop()
        let screen = shownScreen
        let (identifier, events) = (identifier, events)
        let reread: LoadedBundle
        do throws(BundleError) {
            reread = try await loader.load(try BundleSource(argument: source)) { progress in
                events.emit(.downloadProgress(identifier: identifier, receivedBytes: progress.receivedBytes, totalBytes: progress.totalBytes))
            }
        } catch {
            return failed(.bundle(error), source: source)
        }
        do throws(WidgetRunError) {
            try start(reread, on: screen)
        } catch {
            reread.removeExtractedFiles()
            return failed(.run(error), source: source)
        }
        await finishLoading(registrations: registrations, runLimit: runLimit)
        return .success(())
    }

    /// Keeps `cause` for the requests that find no run, and reports it.
    private func failed(_ cause: WidgetHostError.LoadFailure, source: String) -> Result<Void, WidgetHostError> {
        failure = cause
        let error = WidgetHostError.loadFailed(identifier: identifier, source: source, cause: cause)
        events.emit(.failed(identifier: identifier, error: error))
        return .failure(error)
    }

    /// Installs `registrations` on the new run, runs it until `runLimit`, and reports `loaded`
    /// with its entry screen and tables.
    func finishLoading(registrations: [HostRegistration], runLimit: Double) async {
        guard let run else { return }
        for registration in registrations { registration.install(on: run) }
        await run.run(until: runLimit)
        let entry = run.stack.first ?? run.screen
        events.emit(.loaded(identifier: identifier, screen: entry.document.name, items: WidgetHostEvent.TableItems.of(entry),
                            time: run.timeline.now))
    }

    /// Shuts the run's network client down (keeping its top screen for the next reload) and
    /// deletes the bundle's extracted files.
    func stop() async {
        if let run {
            shownScreen = run.screen.document.name
            await run.shutdown()
        }
        run = nil
        loaded?.removeExtractedFiles()
        loaded = nil
    }
}
