import Foundation
import Synchronization
import WidgetryBundle
import WidgetryJSON
import WidgetryLint
import WidgetryRender
import WidgetryRuntime
import WidgetryServiceConfiguration

/// What the preview shows at one moment: the picture of the screen, its text snapshot (the
/// request log, events, statuses and store counts among it), or the load error in its place.
struct PreviewState: Sendable {
    /// Raised by every change, so the page knows when to fetch again.
    var version: Int
    var screen: String
    /// The service file the widget talks to.
    var service: String
    var picture: String
    var snapshot: String
    /// Why the bundle cannot be shown, with its location; nil when it runs.
    var error: String?
}

/// Why a request was refused: a 4xx with the message, and a stable code for refusals that are
/// the preview's own rules (its gate and limits).
struct PreviewRefusal: Error, Sendable {
    var status: Int
    var code: String? = nil
    var message: String
}

/// Runs one widget for `widgetry preview` on a task of its own (a run is confined to one task):
/// interactions and reloads reach it as commands, in order, and each answers with the state it
/// leaves. Subscribers hear the version of every new state (the page's server-sent events).
final class PreviewWorker: Sendable {
    enum Command: Sendable {
        case perform(Interaction, CheckedContinuation<Result<PreviewState, PreviewRefusal>, Never>)
        case reload(CheckedContinuation<PreviewState, Never>)
        case service(ServiceSelection, CheckedContinuation<PreviewState, Never>)
        case state(CheckedContinuation<PreviewState, Never>)
    }

    private let commands: AsyncStream<Command>.Continuation
    private let task: Task<Void, Never>
    private let listeners = PreviewListeners()

    /// Starts the widget `load` reads (called again on every reload), run with `options`, drawn
    /// for `device`.
    init(load: @escaping @Sendable () async throws -> WidgetBundle, options: WidgetRun.Options, device: Device,
         eventLimit: Int = PreviewLimits().maxEvents) {
        let (stream, continuation) = AsyncStream.makeStream(of: Command.self)
        commands = continuation
        let listeners = self.listeners
        task = Task {
            let loop = PreviewLoop(load: load, options: options, device: device, eventLimit: eventLimit, listeners: listeners)
            await loop.start(keeping: options.screen)
            for await command in stream {
                switch command {
                case .state(let reply):
                    reply.resume(returning: loop.state)
                case .reload(let reply):
                    await loop.start(keeping: loop.state.screen.isEmpty ? nil : loop.state.screen)
                    reply.resume(returning: loop.state)
                case .perform(let interaction, let reply):
                    reply.resume(returning: await loop.perform(interaction))
                case .service(let selection, let reply):
                    loop.options.service = selection
                    await loop.start(keeping: loop.state.screen.isEmpty ? nil : loop.state.screen)
                    reply.resume(returning: loop.state)
                }
            }
            await loop.stop()
        }
    }

    /// The state now: the last one published, at once, even while an interaction is under way;
    /// before the first load, the state that load leaves.
    func state() async -> PreviewState {
        if let published = listeners.latest { return published }
        return await withCheckedContinuation { commands.yield(.state($0)) }
    }

    /// Performs `interaction` on the screen shown, to idle or to the limit of events one request
    /// may cause; a refusal when the screen does not offer it or the limit was reached.
    func perform(_ interaction: Interaction) async -> Result<PreviewState, PreviewRefusal> {
        await withCheckedContinuation { commands.yield(.perform(interaction, $0)) }
    }

    /// Starts the widget again against another service file (stub, dev or prod), on the screen
    /// it was showing.
    func use(_ service: ServiceSelection) async -> PreviewState {
        await withCheckedContinuation { commands.yield(.service(service, $0)) }
    }

    /// Reads the bundle again and starts it on the screen it was showing, when that still exists.
    func reload() async -> PreviewState {
        await withCheckedContinuation { commands.yield(.reload($0)) }
    }

    /// The versions of the states to come, until the stream is dropped.
    func changes() -> AsyncStream<Int> {
        listeners.subscribe()
    }

    /// Stops the widget.
    func stop() async {
        commands.finish()
        listeners.finishAll()
        await task.value
    }
}

/// The worker task's own state: the run, the state it shows, the version counter. Made and used
/// on that task only.
private final class PreviewLoop {
    let load: @Sendable () async throws -> WidgetBundle
    var options: WidgetRun.Options
    let device: Device
    let eventLimit: Int
    let listeners: PreviewListeners
    private var run: WidgetRun?
    private var version = 0
    private(set) var state = PreviewState(version: 0, screen: "", service: "", picture: "", snapshot: "", error: nil)

    init(load: @escaping @Sendable () async throws -> WidgetBundle, options: WidgetRun.Options, device: Device, eventLimit: Int,
         listeners: PreviewListeners) {
        self.load = load
        self.options = options
        self.device = device
        self.eventLimit = eventLimit
        self.listeners = listeners
    }

    private func publish(_ new: PreviewState) {
        state = new
        listeners.announce(new)
    }

    private func draw(_ run: WidgetRun) -> PreviewState {
        version += 1
        return PreviewState(version: version, screen: run.screen.document.name, service: options.service.rawValue,
                            picture: ScreenPicture.html(run, device: device),
                            snapshot: SnapshotText.render(run), error: nil)
    }

    /// Loads the bundle and starts it on `screen` when it still has it, else on its entry
    /// screen; a load error becomes the state's error, the last picture kept.
    func start(keeping screen: String?) async {
        await run?.shutdown()
        run = nil
        do {
            let bundle = try await load()
            var chosen = options
            if let screen { chosen.screen = screen }
            let first = Result { () throws(WidgetRunError) in try WidgetRun(bundle: bundle, options: chosen) }
            let started: WidgetRun
            switch first {
            case .success(let made):
                started = made
            case .failure(let error):
                // The screen shown before the change is gone: start where the options say.
                guard screen != nil, screen != options.screen else { throw error }
                started = try WidgetRun(bundle: bundle, options: options)
            }
            await started.run(until: .infinity)
            run = started
            publish(draw(started))
        } catch {
            version += 1
            publish(PreviewState(version: version, screen: state.screen, service: options.service.rawValue, picture: state.picture,
                                 snapshot: state.snapshot, error: Self.describe(error)))
        }
    }

    /// A load error as the command line prints it: `file:line:column: error: message [code]`
    /// with the source line and the hint.
    static func describe(_ error: any Error) -> String {
        if let reported = error as? ReportedDiagnostics { return TextReporter.render(reported.report) }
        if let convertible = error as? any DiagnosticConvertible { return TextReporter.render(ReportedDiagnostics(convertible).report) }
        return "\(error)"
    }

    func perform(_ interaction: Interaction) async -> Result<PreviewState, PreviewRefusal> {
        guard let current = run else {
            return .failure(PreviewRefusal(status: 409, message: "the widget is not running: \(state.error ?? "it did not load")"))
        }
        do {
            try await current.perform(interaction, eventLimit: eventLimit)
        } catch where error.code == InteractionError.eventLimit {
            // The run moved before it stopped: the page shows where it stands.
            publish(draw(current))
            return .failure(PreviewRefusal(status: 422, code: error.code, message: error.message))
        } catch {
            return .failure(PreviewRefusal(status: 422, message: "\(interaction.description): \(error)"))
        }
        publish(draw(current))
        return .success(state)
    }

    func stop() async {
        await run?.shutdown()
        run = nil
    }
}

/// Who hears of new states: the page's event streams.
final class PreviewListeners: Sendable {
    private let streams = Mutex<[UUID: AsyncStream<Int>.Continuation]>([:])
    private let published = Mutex<PreviewState?>(nil)

    /// The state announced last; nil before the first.
    var latest: PreviewState? { published.withLock { $0 } }

    /// A stream of the versions to come (only the newest kept when a reader lags).
    func subscribe() -> AsyncStream<Int> {
        let (stream, continuation) = AsyncStream.makeStream(of: Int.self, bufferingPolicy: .bufferingNewest(1))
        let id = UUID()
        streams.withLock { $0[id] = continuation }
        continuation.onTermination = { [weak self] _ in _ = self?.streams.withLock { $0.removeValue(forKey: id) } }
        return stream
    }

    func announce(_ state: PreviewState) {
        published.withLock { $0 = state }
        let version = state.version
        for stream in streams.withLock({ Array($0.values) }) { stream.yield(version) }
    }

    func finishAll() {
        for stream in streams.withLock({ Array($0.values) }) { stream.finish() }
    }
}
