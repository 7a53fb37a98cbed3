public import WidgetryXML
public import Foundation
public import WidgetryBundle
public import WidgetryExpressions
public import WidgetryJSON
public import WidgetryService
public import WidgetryServiceConfiguration
public import WidgetryStore
public import WidgetryModel
public import WidgetryScreen
public import WidgetryHostProfile

/// One loaded widget, running headlessly: its store, its service (stub, dev or prod), the run's
/// clock, and its entry screen. Events of the action engine drive the screen (FORMAT.md#render).
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
        /// The user defaults the widget starts with (`defaults.showAvatars`).
        public var defaults: [String: Value]
        /// Where to record which bindings took which branch, when coverage is wanted.
        public var coverage: CoverageRecorder?
        /// Value transformers of the host's own, by name; they replace built-in ones of the same name.
        public var transformers: [String: BindingTransformer]
        /// View classes of the host's own, each shown as the element kind it behaves like.
        public var elementTypes: [String: ElementKind]
        /// A JSON Merge Patch applied to the stub file before it is read (a scenario that
        /// removes a response to see the error path).
        public var stubPatch: JSONValue?
        /// How many times one render may evaluate a screen's bindings, when they read elements,
        /// while they keep changing elements; a render that has not settled by then stops and
        /// reports `render.pass-limit`.
        public var maxRenderPasses: Int
        /// Limits on the bundle's storyboard and Xcode model XML.
        public var xmlLimits: XMLLimits
        /// The largest file ``ScreenRun/pickMedia(_:with:)`` reads.
        public var maxPickedFileBytes: Int
        /// The most screens the navigation stack holds; a segue past it is refused with
        /// `navigation.depth-limit`. Every screen on the stack follows every action event, so
        /// the stack's depth bounds what one step costs.
        public var maxStackDepth: Int = defaultMaxStackDepth
        /// What the host app supplied in code, declared: its providers sign requests (unless
        /// ``credentials`` are given), its `hosts` redirect requests, its `defaults` come under
        /// ``defaults``, and its actions are host handlers. Its identifier and patches apply when
        /// the bundle is read (``WidgetBundle/ReadOptions``).
        public var profile: HostProfile = HostProfile()

        /// Enough for a chain of elements, each bound to the one before, eight long.
        public static let defaultMaxRenderPasses = CompiledScreen.defaultMaxRenderPasses
        /// 50 MiB: a long phone video.
        public static let defaultMaxPickedFileBytes = 50 << 20
        /// 64 screens: far more than any app shows a person at once.
        public static let defaultMaxStackDepth = 64

        public init(service: ServiceSelection = .stub, now: Date = Date(), timeZone: TimeZone = .gmt,
                    locale: Locale = Locale(identifier: "en_US_POSIX"), clock: Timeline.Clock = .virtual,
                    storeFile: String? = nil, credentials: Credentials? = nil, transport: HTTPTransportOptions = HTTPTransportOptions(),
                    screen: String? = nil, recordsStubs: Bool = false, defaults: [String: Value] = [:],
                    coverage: CoverageRecorder? = nil, stubPatch: JSONValue? = nil, transformers: [String: BindingTransformer] = [:],
                    elementTypes: [String: ElementKind] = [:], maxRenderPasses: Int = defaultMaxRenderPasses,
                    xmlLimits: XMLLimits = .default, maxPickedFileBytes: Int = defaultMaxPickedFileBytes) {
            self.maxRenderPasses = maxRenderPasses
            self.xmlLimits = xmlLimits
            self.maxPickedFileBytes = maxPickedFileBytes
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
            self.defaults = defaults
            self.coverage = coverage
            self.stubPatch = stubPatch
            self.transformers = transformers
            self.elementTypes = elementTypes
        }
    }

    public let bundle: WidgetBundle
    public let options: Options
    /// The store, the service file and the action engine the screens use.
    public let services: WidgetServices
    public var store: ObjectStore? { services.store }
    public var engine: ActionEngine { services.engine }
    public var timeline: Timeline { services.timeline }
    /// The user defaults every screen reads.
    public var defaults: WidgetDefaults { environment.defaults }
    /// The screens shown, the entry screen first; segues push, `wx_dismissed` pops (FORMAT.md#run.navigation).
    public private(set) var stack: [ScreenRun] = []
    /// The screen on top of the stack.
    public var screen: ScreenRun { stack[stack.count - 1] }
    private let environment: WidgetEnvironment
    /// Handlers for actions the host performs itself; register them before ``run(until:)``.
    public let hostHandlers = HostHandlers()
    /// Called with every event of the run, in order; see ``observe(_:)``.
    private var observers: [(RunEvent) -> Void] = []
    /// Dismissed screens whose result a screen below waits for (typed flow).
    private var awaitingUpdates: [(from: ScreenRun, to: ScreenRun)] = []
    /// The names of the screens shown so far, in the order first shown.
    public private(set) var visitedScreens: [String] = []
    /// Screens compiled so far, by name.
    private var compiledScreens: [String: CompiledScreen] = [:]
    /// The bundle's storyboard, read once for every screen the run opens (nil without one);
    /// its problems when it cannot be read, which opening a screen reports.
    private let storyboard: Result<Storyboard?, ScreenErrors>

    /// Loads the bundle's model, store, service file and entry screen; every problem found is thrown.
    public init(bundle: WidgetBundle, options: Options) throws(WidgetRunError) {
        self.bundle = bundle
        self.options = options
        services = try WidgetServices(bundle: bundle, options: options)
        let storyboard = Self.readStoryboard(of: bundle, options: options)
        self.storyboard = storyboard
        let name = options.screen ?? ScreenSource.entryScreen(in: bundle, storyboard: storyboard)
        guard let name else {
            services.shutdownNow()
            throw .noScreen
        }
        environment = WidgetEnvironment(store: services.store, engine: services.engine, transformers: services.transformers,
                                        transformerContext: services.transformerContext, evaluation: EvaluationContext(now: options.now),
                                        jsonFiles: bundle.otherJSONFilesByPath,
                                        hostHandlers: hostHandlers,
                                        defaults: WidgetDefaults(options.profile.defaultValues.merging(options.defaults) { _, given in given }),
                                        coverage: options.coverage, elementTypes: options.elementTypes,
                                        maxRenderPasses: options.maxRenderPasses, maxPickedFileBytes: options.maxPickedFileBytes,
                                        serviceProviders: Set(options.profile.providers.keys),
                                        hostObjects: HostObjectBehaviours(uses: bundle.hostObjects, profile: options.profile))
        do throws(WidgetRunError) {
            // The manifest's entry screen is named in its file; --screen on the command line.
            let namedAt = options.screen == nil
                ? Diagnostic.Place(file: bundle.manifest.file, location: bundle.manifest.entryScreenLocation, pointer: JSONPointer.root.appending(key: "entryScreen"))
                : nil
            stack = [try open(name, content: .null, namedAt: namedAt)]
        } catch {
            services.shutdownNow()
            throw error
        }
        visitedScreens = [name]
        HostStepRunner.install(options.profile, on: self)
        engine.observe { [weak self] event in self?.handle(event) }
    }

    /// What the bundle says that has no effect and upstream skipped silently, found so far: the
    /// storyboard's warnings, the service file's ignored keys, and the warnings of every screen
    /// compiled (an outlet that names nothing, an action nothing defines). A run goes on after
    /// them; `--strict` refuses them. Written in the bundle's dialect's names.
    public var loadWarnings: [Diagnostic] {
        let screenWarnings = compiledScreens.keys.sorted().flatMap { compiledScreens[$0]!.warnings.flatMap(\.diagnostics) }
        let warnings = Self.warnings(of: storyboard)
            + (services.configuration.warnings.flatMap(\.diagnostics) + screenWarnings).map { $0.with(severity: .warning) }
            + unknownActions(in: compiledScreens.keys.sorted().map { compiledScreens[$0]!.document }) + hostObjectWarnings
        return warnings.map(bundle.dialect.dialect.spelled)
    }

    /// The storyboard's warnings among the ``loadWarnings`` a run of `bundle` with `options`
    /// gives, known before any run is made (`run --scenario` reports them before its first step);
    /// none when the bundle has no storyboard or it cannot be read, which opening a screen reports.
    public static func storyboardWarnings(of bundle: WidgetBundle, options: Options = Options()) -> [Diagnostic] {
        warnings(of: readStoryboard(of: bundle, options: options)).map(bundle.dialect.dialect.spelled)
    }

    /// `bundle`'s storyboard as a run with `options` reads it (nil without one), or its problems.
    private static func readStoryboard(of bundle: WidgetBundle, options: Options) -> Result<Storyboard?, ScreenErrors> {
        Result { () throws(ScreenErrors) in
            try ScreenSource.storyboard(in: bundle, elementTypes: Set(options.elementTypes.keys), xmlLimits: options.xmlLimits)
        }
    }

    /// The warnings of a storyboard as read, as a run reports them.
    private static func warnings(of storyboard: Result<Storyboard?, ScreenErrors>) -> [Diagnostic] {
        (((try? storyboard.get()) ?? nil)?.warnings ?? []).map(\.runDiagnostic)
    }

    /// Loads screen `name` with `content`, ready to be shown; refuses content other than the
    /// entity the screen declares as its `input`. `namedAt` is where the name is written, for
    /// the error when the bundle has no such screen.
    private func open(_ name: String, content: Value, checkingInput: Bool = false, namedAt: Diagnostic.Place? = nil) throws(WidgetRunError) -> ScreenRun {
        guard ScreenSource.mayOpen(name, in: bundle) else { throw .unknownScreen(name, known: bundle.screens.map(\.name), namedAt: namedAt) }
        let screen: ScreenRun
        do throws(ScreenErrors) {
            let compiled = try compiledScreen(named: name)
            let document = compiled.document
            if checkingInput, let input = document.input, !TypedFlow.value(content, isA: input.entity) {
                throw ScreenErrors([ScreenError(.wrongInput, "\(name) takes \(TypedFlow.article(input.entity)) as its content, not \(TypedFlow.describe(content))",
                                                file: document.file, at: input.place,
                                                hint: "segue to \(name) from a place whose content is \(TypedFlow.article(input.entity)), such as a row of \(input.entity) objects")])
            }
            screen = ScreenRun(compiled: compiled, environment: environment, content: content)
        } catch {
            throw .screen(error)
        }
        screen.navigate = { [weak self, weak screen] (segue, content) throws(InteractionError) in
            guard let self, let screen else { return }
            try perform(segue, content: content, from: screen)
        }
        screen.onAlert = { [weak self, weak screen] alert in
            guard let self, let screen else { return }
            notify(.alert(screen: screen.document.name, alert: alert))
        }
        return screen
    }

    /// Adds `observer`, called with every event of the run from now on (actions, navigation,
    /// alerts), in order, after the observers added before it. Add it before ``run(until:)`` to
    /// see every event. Observers are only ever added: one cannot silence another.
    public func observe(_ observer: @escaping (RunEvent) -> Void) {
        observers.append(observer)
    }

    private func notify(_ event: RunEvent) {
        for observer in observers { observer(event) }
    }

    /// Screen `name` compiled, the first time it opens: a bundle does not change while it runs,
    /// so each later opening only makes the screen's elements and objects.
    private func compiledScreen(named name: String) throws(ScreenErrors) -> CompiledScreen {
        if let known = compiledScreens[name] { return known }
        let document = try ScreenSource.document(named: name, in: bundle, storyboard: try storyboard.get(), elementTypes: Set(options.elementTypes.keys),
                                                 xmlLimits: options.xmlLimits)
        let compiled = try ScreenCompiler.compile(document, in: environment.compilation)
        compiledScreens[name] = compiled
        return compiled
    }

    /// A segue (FORMAT.md#screen.segue): the destination screen opens on top with the source's content.
    private func perform(_ segue: SegueEntry, content: Value, from source: ScreenRun) throws(InteractionError) {
        guard stack.count < options.maxStackDepth else {
            throw InteractionError("segue \(segue.id) would put screen \(stack.count + 1) on a navigation stack of at most \(options.maxStackDepth)",
                                   code: InteractionError.stackDepthLimit)
        }
        let destination: ScreenRun
        do throws(WidgetRunError) {
            destination = try open(segue.destination, content: content, checkingInput: true)
        } catch {
            throw InteractionError("segue \(segue.id) cannot open \(segue.destination):\n\(error)")
        }
        stack.append(destination)
        if !visitedScreens.contains(segue.destination) { visitedScreens.append(segue.destination) }
        notify(.navigated(from: source.document.name, to: segue.destination, kind: segue.kind == .present ? .present : .show,
                            time: timeline.now))
    }

    /// An action's event reaches every screen on the stack (a status controller follows its
    /// action wherever it was started); dismissed screens then leave the stack.
    private func handle(_ event: ActionEvent) {
        notify(.action(event))
        for screen in stack { screen.handle(event) }
        deliverAwaitedUpdates(event)
        settle()
    }

    /// Leaves the screen on top, uncovering the one below (the back button of a pushed screen;
    /// a presented one goes with `wx_dismissed`).
    func goBack() throws(InteractionError) {
        guard stack.count > 1 else { throw InteractionError("\(screen.document.name) is the first screen; there is nothing to go back to") }
        let left = stack.removeLast()
        notify(.navigated(from: left.document.name, to: screen.document.name, kind: .back, time: timeline.now))
    }

    /// Dismissed screens leave the stack, uncovering the one below, which takes the objects the
    /// dismissed screen produces when it declares their entity as its `update`. A screen is
    /// usually dismissed when its action is ready, before the import: the screen below then
    /// waits for that action's success.
    func settle() {
        while stack.count > 1, stack[stack.count - 1].controller.isDismissed {
            let dismissed = stack.removeLast()
            notify(.navigated(from: dismissed.document.name, to: screen.document.name, kind: .dismiss, time: timeline.now))
            guard screen.document.update != nil else { continue }
            if dismissed.output.isEmpty {
                awaitingUpdates.append((from: dismissed, to: screen))
            } else {
                deliver(dismissed.output, to: screen)
            }
        }
    }

    /// Hands a dismissed screen's action result to the screen waiting for it.
    private func deliverAwaitedUpdates(_ event: ActionEvent) {
        guard event.kind == .success, let store else { return }
        awaitingUpdates.removeAll { pair in
            guard pair.from.started(event.action) else { return false }
            deliver(event.objects.compactMap { store.object($0).map { .object($0) } }, to: pair.to)
            return true
        }
    }

    private func deliver(_ objects: [Value], to receiver: ScreenRun) {
        guard let update = receiver.document.update, let object = objects.first(where: { TypedFlow.value($0, isA: update.entity) }) else { return }
        receiver.receive(update: object)
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

extension StoryboardWarning {
    /// The warning as a run reports it before it goes on.
    public var runDiagnostic: Diagnostic {
        Diagnostic(code: code.rawValue, severity: .warning, file: file, location: location, pointer: nil,
                   message: message, hint: "the run goes on without it; --strict refuses the bundle")
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
    /// The bundle has no screen files and no storyboard.
    case noScreen
    /// A screen the run was asked to show that the bundle lacks; `known` are the screens there
    /// are, `namedAt` where the name is written (the manifest's `entryScreen`), when in a file.
    case unknownScreen(String, known: [String], namedAt: Diagnostic.Place? = nil)
    /// The host profile asks for something the bundle cannot give (a computed key on an entity
    /// the model lacks); `file` is the profile's.
    case profile(String, file: String?)
    /// The run could not be set up for a reason outside the bundle.
    case other(String)

    public var description: String {
        switch self {
        case .model(let errors): errors.description
        case .store(let error): error.description
        case .service(let errors): errors.description
        case .screen(let errors): errors.description
        case .unsupportedLocale, .noScreen, .unknownScreen, .profile, .other: diagnostics.map { "\($0.message) [\($0.code)]" + ($0.hint.map { "\n  hint: \($0)" } ?? "") }.joined()
        }
    }
}

extension WidgetRunError: DiagnosticConvertible {
    public var diagnostics: [Diagnostic] {
        switch self {
        case .model(let errors): errors.diagnostics
        case .store(let error): error.diagnostics
        case .service(let errors): errors.diagnostics
        case .screen(let errors): errors.diagnostics
        case .unsupportedLocale(let identifier):
            [Self.diagnostic("run.unsupported-locale", "locale \(identifier) is not supported",
                             hint: "the `ago` transformer names its units in " + TransformerContext.elapsedTimeLanguages.sorted().joined(separator: ", ")
                                 + " only; use en_US, en_GB or en_US_POSIX")]
        case .noScreen:
            [Self.diagnostic("run.no-screen", "the bundle has no screen",
                             hint: "add a screen file (Feed.json holding {\"Feed\": {…}}) or Base.lproj/Main.storyboard")]
        case .unknownScreen(let name, let known, let place?):
            // Named in the manifest: the finding lint reports there, in the same words.
            [Self.diagnostic("unknown-screen", "entryScreen names \(name), which is not a screen of the bundle",
                             hint: Suggestion.hint(for: name, among: known.sorted(), noun: "screens"), at: place)]
        case .unknownScreen(let name, let known, nil):
            [Self.diagnostic("run.unknown-screen", "the bundle has no screen \(name)", hint: Suggestion.hint(for: name, among: known.sorted(), noun: "screens"))]
        case .profile(let message, let file):
            [Diagnostic(code: "profile.invalid-value", severity: .error, file: file ?? "", location: nil, pointer: nil, message: message,
                        hint: "computed keys are new keys of an entity of the model, each an expression over its attributes and relationships")]
        case .other(let message):
            [Self.diagnostic("run.failed", message)]
        }
    }

    private static func diagnostic(_ code: String, _ message: String, hint: String? = nil, at place: Diagnostic.Place? = nil) -> Diagnostic {
        Diagnostic(code: code, severity: .error, file: place?.file ?? "", location: place?.location, pointer: place?.pointer, message: message, hint: hint)
    }
}
