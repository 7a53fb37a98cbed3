public import Foundation
public import WidgetryBundle
public import WidgetryExpressions
public import WidgetryService
public import WidgetryStore

/// One loaded widget, running headlessly: its store, its service (stub, dev or prod), the run's
/// clock, and its entry screen. Events of the action engine drive the screen (§4.5).
public final class WidgetRun {
    /// How a run is set up.
    public struct Options: Sendable {
        public var service: ServiceSelection
        /// The run's time 0 (`now()`, the `ago` transformer): a fixed instant makes output reproducible.
        public var now: Date
        public var timeZone: TimeZone
        /// The device's locale as the widget sees it (see ``TransformerContext/locale``).
        public var locale: Locale
        public var clock: Timeline.Clock
        /// Keep the store in this SQLite file instead of memory.
        public var storeFile: String?
        public var credentials: Credentials?
        public var transport: HTTPTransportOptions
        /// The screen to show instead of the bundle's entry screen.
        public var screen: String?
        /// Keep what the real service answers, to write a stub file (dev and prod only).
        public var recordsStubs: Bool

        public init(service: ServiceSelection = .stub, now: Date = Date(), timeZone: TimeZone = .gmt,
                    locale: Locale = Locale(identifier: "en_US_POSIX"), clock: Timeline.Clock = .virtual,
                    storeFile: String? = nil, credentials: Credentials? = nil, transport: HTTPTransportOptions = HTTPTransportOptions(),
                    screen: String? = nil, recordsStubs: Bool = false) {
            self.service = service
            self.now = now
            self.timeZone = timeZone
            self.locale = locale
            self.clock = clock
            self.storeFile = storeFile
            self.credentials = credentials
            self.transport = transport
            self.screen = screen
            self.recordsStubs = recordsStubs
        }
    }

    public let bundle: WidgetBundle
    public let options: Options
    /// The store, the service file and the action engine the screens use.
    public let services: WidgetServices
    public var store: ObjectStore? { services.store }
    public var engine: ActionEngine { services.engine }
    public var timeline: Timeline { services.timeline }
    /// The screens shown, the entry screen first; segues push, `wx_dismissed` pops (§3.9).
    public private(set) var stack: [ScreenRun] = []
    /// The screen on top of the stack.
    public var screen: ScreenRun { stack[stack.count - 1] }
    private let environment: WidgetEnvironment
    /// Handlers for actions the host performs itself; register them before ``run(until:)``.
    public let hostHandlers = HostHandlers()

    /// Loads the bundle's model, store, service file and entry screen; every problem found is thrown.
    public init(bundle: WidgetBundle, options: Options) throws(WidgetRunError) {
        self.bundle = bundle
        self.options = options
        services = try WidgetServices(bundle: bundle, options: options)
        let name = options.screen ?? bundle.manifest.entryScreen ?? bundle.screens.first?.name
        guard let name else { throw .other("the bundle has no screen") }
        environment = WidgetEnvironment(store: services.store, engine: services.engine, transformers: services.transformers,
                                        transformerContext: services.transformerContext, evaluation: EvaluationContext(now: options.now),
                                        jsonFiles: Dictionary(bundle.otherJSONFiles.map { ($0.path, $0.root) }, uniquingKeysWith: { first, _ in first }),
                                        hostHandlers: hostHandlers)
        stack = [try open(name, content: .null)]
        engine.onEvent = { [weak self] event in self?.handle(event) }
    }

    /// Loads screen `name` with `content`, ready to be shown.
    private func open(_ name: String, content: Value) throws(WidgetRunError) -> ScreenRun {
        guard let definition = bundle.screen(named: name) else { throw .other("the bundle has no screen \(name)") }
        let screen: ScreenRun
        do throws(ScreenErrors) {
            let document = try ScreenReader.read(definition.file.document, screen: name, file: definition.file.path)
            screen = try ScreenRun(document: document, environment: environment, content: content)
        } catch {
            throw .screen(error)
        }
        screen.navigate = { [weak self, weak screen] segue, content in
            guard let self, let screen else { return }
            perform(segue, content: content, from: screen)
        }
        return screen
    }

    /// A segue (§3.9): the destination screen opens on top with the source's content.
    private func perform(_ segue: SegueEntry, content: Value, from source: ScreenRun) {
        do throws(WidgetRunError) {
            stack.append(try open(segue.destination, content: content))
        } catch {
            source.record("segue \(segue.id) cannot open \(segue.destination): \(error)", code: .unknownSegue, at: segue.place)
        }
    }

    /// An action's event reaches every screen on the stack (a status controller follows its
    /// action wherever it was started); dismissed screens then leave the stack.
    private func handle(_ event: ActionEvent) {
        for screen in stack { screen.handle(event) }
        while stack.count > 1, stack[stack.count - 1].controller.isDismissed { stack.removeLast() }
    }

    /// Runs until nothing is left to do (or until run time `limit`, in seconds).
    public func run(until limit: Double = .infinity) async {
        await timeline.run(until: limit)
    }

    /// Closes the network client, if any.
    public func shutdown() async {
        await services.shutdown()
    }
}

/// Why a widget could not be loaded.
public enum WidgetRunError: Error, Sendable, CustomStringConvertible {
    case model(ModelErrors)
    case store(StoreError)
    case service(ServiceConfigurationErrors)
    case screen(ScreenErrors)
    /// A locale whose language the transformers do not speak.
    case unsupportedLocale(String)
    case other(String)

    public var description: String {
        switch self {
        case .model(let errors): errors.description
        case .store(let error): error.description
        case .service(let errors): errors.description
        case .screen(let errors): errors.description
        case .unsupportedLocale(let identifier):
            "locale \(identifier) is not supported [run.unsupported-locale]\n  hint: the `ago` transformer names its units in "
                + TransformerContext.elapsedTimeLanguages.sorted().joined(separator: ", ") + " only; use en_US, en_GB or en_US_POSIX"
        case .other(let message): message
        }
    }
}
