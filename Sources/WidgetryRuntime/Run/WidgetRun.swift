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
        public var clock: Timeline.Clock
        /// Keep the store in this SQLite file instead of memory.
        public var storeFile: String?
        public var credentials: Credentials?
        public var transport: HTTPTransportOptions
        /// The screen to show instead of the bundle's entry screen.
        public var screen: String?

        public init(service: ServiceSelection = .stub, now: Date = Date(), timeZone: TimeZone = .gmt, clock: Timeline.Clock = .virtual,
                    storeFile: String? = nil, credentials: Credentials? = nil, transport: HTTPTransportOptions = HTTPTransportOptions(),
                    screen: String? = nil) {
            self.service = service
            self.now = now
            self.timeZone = timeZone
            self.clock = clock
            self.storeFile = storeFile
            self.credentials = credentials
            self.transport = transport
            self.screen = screen
        }
    }

    public let bundle: WidgetBundle
    public let options: Options
    public let store: ObjectStore?
    public let engine: ActionEngine
    public let timeline: Timeline
    /// The screens shown, the entry screen first; segues push, `wx_dismissed` pops (§3.9).
    public private(set) var stack: [ScreenRun] = []
    /// The screen on top of the stack.
    public var screen: ScreenRun { stack[stack.count - 1] }
    private let environment: WidgetEnvironment
    /// Handlers for actions the host performs itself; register them before ``run(until:)``.
    public let hostHandlers = HostHandlers()
    private let transport: HTTPTransport?

    /// Loads the bundle's model, store, service file and entry screen; every problem found is thrown.
    public init(bundle: WidgetBundle, options: Options) throws(WidgetRunError) {
        self.bundle = bundle
        self.options = options
        var model: EntityModel?
        if let source = bundle.model {
            do throws(ModelErrors) { model = try BundleModel.load(source, bundleRoot: bundle.rootPath) } catch { throw .model(error) }
        }
        if let model {
            if let file = options.storeFile {
                do throws(StoreError) { store = try ObjectStore(model: model, filePath: file) } catch { throw .store(error) }
            } else {
                store = ObjectStore(model: model)
            }
        } else {
            store = nil
        }
        func file(_ source: BundleFile?) -> ServiceFiles.File? { source.map { ($0.path, $0.document) } }
        let configuration: ServiceConfiguration
        do throws(ServiceConfigurationErrors) {
            configuration = try ServiceFiles.read(options.service, prod: file(bundle.service), dev: file(bundle.developmentService),
                                                  stub: file(bundle.stubService))
        } catch {
            throw .service(error)
        }
        var transformers = BindingTransformerRegistry()
        if let definitions = configuration.options.transformers {
            do { try transformers.registerDateTransformers(from: definitions) } catch { throw .other("\(configuration.file): \(error)") }
        }
        let transformerContext = TransformerContext(now: options.now, timeZone: options.timeZone)
        timeline = Timeline(clock: options.clock, start: options.now)
        let backend: ActionEngine.Backend
        if options.service == .stub {
            backend = .stub(StubResponder(configuration: configuration))
            transport = nil
        } else {
            let http = HTTPTransport(options: options.transport)
            backend = .network(http)
            transport = http
        }
        engine = ActionEngine(configuration: configuration, backend: backend, timeline: timeline, store: store,
                              importer: JSONImporter(transformers: transformers, transformerContext: transformerContext),
                              options: .init(widgetIdentifier: bundle.manifest.identifier, credentials: options.credentials))
        let name = options.screen ?? bundle.manifest.entryScreen ?? bundle.screens.first?.name
        guard let name else { throw .other("the bundle has no screen") }
        environment = WidgetEnvironment(store: store, engine: engine, transformers: transformers, transformerContext: transformerContext,
                                            evaluation: EvaluationContext(now: options.now),
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
        try? await transport?.shutdown()
    }
}

/// Why a widget could not be loaded.
public enum WidgetRunError: Error, Sendable, CustomStringConvertible {
    case model(ModelErrors)
    case store(StoreError)
    case service(ServiceConfigurationErrors)
    case screen(ScreenErrors)
    case other(String)

    public var description: String {
        switch self {
        case .model(let errors): errors.description
        case .store(let error): error.description
        case .service(let errors): errors.description
        case .screen(let errors): errors.description
        case .other(let message): message
        }
    }
}
