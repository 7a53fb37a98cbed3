import Synchronization
import WidgetryBundle
import WidgetryJSON
import WidgetryReporting
import WidgetryRender
import WidgetryRuntime
import WidgetryServiceConfiguration

/// One widget shown by `widgetry preview`. The widget runs in a ``WidgetHost`` of its own,
/// which keeps its run on a task of its own and does its requests in order: interactions,
/// reloads that keep the screen, switches of service. The session draws the state each request
/// leaves (the picture and the text snapshot), numbers it, and publishes it: `/state` answers
/// with the last one at once, even while a request is under way, and subscribers hear each
/// new version (the page's server-sent events).
final class PreviewSession: Sendable {
    private static let widget = "preview"

    private let host: WidgetHost
    private let source: String
    private let device: Device
    /// The most events of the run one interaction may cause.
    private let eventLimit: Int
    private let listeners = PreviewListeners()
    /// The version of the state published last, kept with its announcement so versions reach
    /// subscribers in order.
    private let version = Mutex(0)
    /// The service the widget was last asked to use, for the state of a failed load.
    private let service: Mutex<ServiceSelection>
    /// The first load, which every request waits for.
    private let firstLoad = Mutex<Task<Void, Never>?>(nil)
    /// Reads the host's events, which the preview does not show, so they are not kept.
    private let drain: Task<Void, Never>

    /// Starts the widget at `source` (a folder, archive or URL), read by `loader` (and again on
    /// every reload), run with `options`, drawn for `device`.
    init(source: String, loader: any BundleLoading, options: WidgetRun.Options, device: Device,
         eventLimit: Int = PreviewLimits().maxEvents) {
        let host = WidgetHost(options: WidgetHost.Options(run: options, loader: loader))
        self.host = host
        self.source = source
        self.device = device
        self.eventLimit = eventLimit
        service = Mutex(options.service)
        drain = Task { for await _ in host.events {} }
        let load = Task { await self.load() }
        firstLoad.withLock { $0 = load }
    }

    /// The state now: the last one published, at once, even while an interaction is under way;
    /// before the first load, the state that load leaves.
    func state() async -> PreviewState {
        if let published = listeners.latest { return published }
        await loaded()
        return listeners.latest ?? PreviewState(version: 0, screen: "", service: "", picture: "", snapshot: "", error: nil)
    }

    /// Performs `interaction` on the screen shown, to idle or to the limit of events one request
    /// may cause; a refusal when the screen does not offer it or the limit was reached.
    func perform(_ interaction: Interaction) async -> Result<PreviewState, PreviewRefusal> {
        await loaded()
        let eventLimit = eventLimit
        do throws(WidgetHostError) {
            return try await host.withRun(Self.widget) { run in
                do throws(InteractionError) {
                    try await run.perform(interaction, eventLimit: eventLimit)
                } catch where error.code == InteractionError.eventLimit {
                    // The run moved before it stopped: the page shows where it stands.
                    self.publish(self.draw(run))
                    return .failure(PreviewRefusal(status: 422, code: Self.code(of: error), message: error.message))
                } catch {
                    // A refusal without a code is the screen's answer, not a limit's or the gate's
                    // (PreviewSecurityTests), so it keeps its words alone.
                    return .failure(PreviewRefusal(status: 422, message: "\(interaction.description): \(error)"))
                }
                return .success(self.publish(self.draw(run)))
            }
        } catch {
            let reason: String
            if case .notRunning(_, let cause) = error {
                reason = describe(cause)
            } else {
                reason = listeners.latest?.error ?? "it did not load"
            }
            return .failure(PreviewRefusal(status: 409, code: Self.code(of: error), message: "the widget is not running: \(reason)"))
        }
    }

    /// The code of `error` as a diagnostic, which a refusal carries beside its words.
    private static func code(of error: any DiagnosticConvertible) -> String? {
        error.diagnostics.first?.code.description
    }

    /// Starts the widget again against another service file (stub, dev or prod), on the screen
    /// it was showing.
    func use(_ service: ServiceSelection) async -> PreviewState {
        await loaded()
        return await reload(service: service)
    }

    /// Reads the bundle again and starts it on the screen it was showing, when that still exists.
    func reload() async -> PreviewState {
        await loaded()
        return await reload(service: nil)
    }

    /// The versions of the states to come, until the stream is dropped.
    func changes() -> AsyncStream<Int> {
        listeners.subscribe()
    }

    /// Stops the widget.
    func stop() async {
        listeners.finishAll()
        await loaded()
        await host.shutdown()
        await drain.value
    }

    // MARK: Loading

    /// Waits for the first load.
    private func loaded() async {
        await firstLoad.withLock { $0 }?.value
    }

    /// Loads the widget and publishes the state it leaves.
    private func load() async {
        do throws(WidgetHostError) {
            try await host.load(identifier: Self.widget, source: source, service: service.withLock { $0 })
            try await publishDrawing()
        } catch {
            publishFailure(error)
        }
    }

    /// Starts the widget anew, with `service` when given, and publishes the state it leaves.
    /// A widget whose first load failed is loaded again.
    private func reload(service selection: ServiceSelection?) async -> PreviewState {
        if let selection { service.withLock { $0 = selection } }
        do throws(WidgetHostError) {
            do throws(WidgetHostError) {
                try await host.reload(Self.widget, service: selection)
            } catch .unknownWidget {
                try await host.load(identifier: Self.widget, source: source, service: service.withLock { $0 })
            }
            return try await publishDrawing()
        } catch {
            return publishFailure(error)
        }
    }

    // MARK: Publishing

    /// Draws the widget as it stands, in its place among the widget's requests, and publishes it.
    @discardableResult
    private func publishDrawing() async throws(WidgetHostError) -> PreviewState {
        try await host.withRun(Self.widget) { run in self.publish(self.draw(run)) }
    }

    /// The run's screen drawn, the version left for ``publish(_:)`` to give.
    private func draw(_ run: WidgetRun) -> PreviewState {
        let drawn = ScreenPicture.draw(run, device: device)
        let options = PictureOptions()
        let size = options.pixelSize(of: drawn)
        return PreviewState(version: 0, screen: run.screen.document.name, service: run.options.service.rawValue,
                            picture: HTMLPicture.page(drawn, images: ScreenPicture.images(of: run.bundle), options: options),
                            pictureWidth: size.width, pictureHeight: size.height,
                            snapshot: SnapshotText.render(run), error: nil)
    }

    /// Gives `state` the next version and announces it.
    @discardableResult
    private func publish(_ state: PreviewState) -> PreviewState {
        version.withLock { version in
            version += 1
            var numbered = state
            numbered.version = version
            listeners.announce(numbered)
            return numbered
        }
    }

    /// Publishes `error` in place of the widget, the last picture and snapshot kept.
    @discardableResult
    private func publishFailure(_ error: WidgetHostError) -> PreviewState {
        let last = listeners.latest
        let message: String
        switch error {
        case .loadFailed(_, _, let cause), .notRunning(_, let cause): message = describe(cause)
        default: message = "\(error)"
        }
        return publish(PreviewState(version: 0, screen: last?.screen ?? "", service: service.withLock { $0 }.rawValue,
                                    picture: last?.picture ?? "", pictureWidth: last?.pictureWidth ?? 0, pictureHeight: last?.pictureHeight ?? 0,
                                    snapshot: last?.snapshot ?? "", error: message))
    }

    /// A load error as the command line prints it: `file:line:column: error: message [code]`
    /// with the source line and the hint; the bundle's files named as the command line named
    /// the bundle.
    private func describe(_ cause: WidgetHostError.LoadFailure) -> String {
        switch cause {
        case .bundle(let error):
            guard let place = try? BundleSource(argument: source) else { return TextReporter.render(ReportedDiagnostics(error).report) }
            return TextReporter.render(ReportedDiagnostics(error, in: BundlePlace(place)).report)
        case .run(let error):
            return TextReporter.render(ReportedDiagnostics(error).report)
        }
    }
}
