import Synchronization
import WidgetryDiagnostics
public import WidgetryExpressions
import WidgetryService
import WidgetryStore
public import WidgetryScreen

/// One screen of a running widget: its elements, its mediating controllers and its bindings,
/// loaded in the order of FORMAT.md#screen.load-order, rendered after every event, and shown as a snapshot.
///
/// Confined to the run's thread (the timeline's): build it, send it events and read it there.
public final class ScreenRun {
    /// The screen as compiled: what does not change while it shows.
    public let compiled: CompiledScreen
    public var document: ScreenDocument { compiled.document }
    public let controller: ScreenController
    public let namespace: Namespace
    let environment: WidgetEnvironment

    /// The controller's root view, its navigation bar items, and every identified element not
    /// in a cell, in document order.
    public let root: Element?
    public let titleView: Element?
    public let barButtonItems: [Element]
    public let elements: [(id: String, element: Element)]
    /// The mediating controllers, in document order.
    public let objects: [ScreenObject]
    let objectsByID: [String: ScreenObject]
    /// Bindings of controller elements and `@self`, in entry order.
    let bindings: [(target: any KeyValueCoding, compiled: [CompiledBinding])]
    /// The fields of each form (`FormDisplayView`), by the form's id.
    let formFields: [String: FormFields]
    /// The elements that read a content display view's content rather than the screen's.
    let contentScopes: ViewContentScopes
    /// Each table element's cell prototypes, by the table's id.
    var prototypes: [String: [CellPrototype]] { compiled.prototypes }
    /// Whether some binding of the screen reads an element (or a content display view's content,
    /// which elements inside it read as `content`): then a render evaluates the bindings again
    /// while they change elements (see ``applyBindings()``).
    var bindingsReadElements: Bool { compiled.bindingsReadElements || contentScopes.contentIsBound }
    /// Entries for elements of cells: their attributes and bindings, applied to every cell made.
    var cellEntries: [String: CellEntry] { compiled.cellEntries }
    /// `evals` of objects (`cellIdentifier`), compiled.
    var evaluations: [String: [String: CompiledBinding]] { compiled.evaluations }
    /// Result chains of providers, compiled.
    var resultChains: [String: ResultChain] { compiled.resultChains }
    /// What tapping an element does (`action` entries), by element id.
    var tapActions: [String: ActionEntry] { compiled.tapActions }
    /// The latest text change per search controller: a throttled step runs only if it is still
    /// the latest.
    var searchGenerations: [String: Int] = [:]
    /// The items the requests of the host's providers gave (FORMAT.md#profile.request), by provider id.
    var requestedItems: [String: [Value]] = [:]
    /// How many requests each such provider sent: only the latest one's answer is kept.
    var providerRequestsSent: [String: Int] = [:]
    /// Opens a segue's destination (set by the widget run).
    var navigate: ((SegueEntry, Value) throws(InteractionError) -> Void)?
    /// Tells the widget run about an alert shown.
    var onAlert: ((Alert) -> Void)?
    /// The segue each element performs when tapped, by element id.
    var segues: [String: String] { compiled.segues }
    /// Keeps the screen following its store's saves.
    var storeObservation: StoreObservation?
    /// How many saves the store made, and how many the last render had seen.
    let storeSaves = SaveCounter()
    var savesRendered = 0
    /// Predicates by their text, parsed once: providers and action controllers use them on every
    /// render or call.
    var predicates: [String: Predicate] = [:]
    /// Cell prototypes prepared for making cells, by table id and reuse identifier.
    var cellPlans: [String: CellPlan] = [:]
    /// The status of the last call each action controller made, by the order of their first
    /// calls. A new call replaces its controller's status (the controller shows only the last),
    /// so an event costs the same after a thousand timer ticks as after one.
    var perCallStatuses: [ScreenObject] = []
    /// Where each action controller's status is in ``perCallStatuses``, by controller id.
    var perCallStatusIndex: [String: Int] = [:]
    /// The actions this screen's action controllers called.
    var calledActions: Set<String> = []
    /// Store objects whose rows were deleted and collapse until the store deletes them.
    var collapsedRows: Set<ObjectID> = []
    /// Per table display controller: the rows of the last render.
    public internal(set) var tables: [String: RenderedTable] = [:]
    /// Every change of an element of the screen (not of cells, which are made anew each render),
    /// with the run time it happened at, in order.
    public internal(set) var changes: [(time: Double, change: ElementChange)] = []
    /// For each bound object, the targets whose last render wrote the binding's placeholder.
    var placeholders: [ObjectIdentifier: [String]] = [:]
    /// The objects the last action this screen started produced (its `Success`), which a
    /// screen below takes as its `update` when this one is dismissed.
    public internal(set) var output: [Value] = []
    /// Alerts the screen showed, in order.
    public private(set) var alerts: [Alert] = []
    /// Problems met while running (a binding that could not be evaluated), each once, in the
    /// order first met.
    public private(set) var problems: [ScreenError] = []

    /// An alert as `handleError` shows it (FORMAT.md#objects.status).
    public struct Alert: Sendable, Equatable {
        public var time: Double
        public var title: String
        public var message: String

        public init(time: Double, title: String, message: String) {
            self.time = time
            self.title = title
            self.message = message
        }
    }

    /// Shows `compiled` with `content`: makes its elements and objects and sets the screen up
    /// to follow its store.
    public init(compiled: CompiledScreen, environment: WidgetEnvironment, content: Value = .null) {
        self.compiled = compiled
        self.environment = environment
        let graph = ScreenGraph(compiled, content: content, defaults: .object(environment.defaults))
        controller = graph.controller
        namespace = graph.namespace
        root = graph.root
        titleView = graph.titleView
        barButtonItems = graph.barButtonItems
        elements = graph.elements
        objects = graph.objects
        objectsByID = graph.objectsByID
        bindings = graph.bindings
        formFields = graph.formFields
        contentScopes = ViewContentScopes(root: graph.root, bindings: graph.bindings)
        problems = compiled.warnings + graph.problems
        setUp()
    }

    /// A screen's graph may hold cycles (an element's value naming an object whose outlet names
    /// the element); the screen is the graph's only way in, so it breaks them as it goes.
    deinit {
        var elements: [Element] = []
        forEachElement { elements.append($0) }  // all first: a value leads to the pull-to-refresh controls
        elements.forEach { $0.releaseValues() }
        for table in tables.values {
            for section in table.sections {
                for row in section.rows { row.elements.forEach { $0.element.releaseValues() } }
            }
        }
        for object in objects + perCallStatuses { object.releaseValues() }
    }

    /// Compiles `document` against `environment` (docs/FORMAT.md#screen.load-order) and shows it;
    /// every problem in it is reported at once.
    public convenience init(document: ScreenDocument, environment: WidgetEnvironment, content: Value = .null) throws(ScreenErrors) {
        self.init(compiled: try ScreenCompiler.compile(document, in: environment.compilation), environment: environment, content: content)
    }

    /// Collects the changes elements recorded since the last call.
    func collectChanges() {
        let time = environment.timeline.now
        forEachElement { element in
            for change in element.drainChanges() { changes.append((time, change)) }
        }
    }

    /// Calls `body` with every element of the screen (not of cells): the view tree with its
    /// pull-to-refresh controls, the title view and the bar button items, in that order.
    func forEachElement(_ body: (Element) -> Void) {
        func walk(_ element: Element) {
            body(element)
            element.children.forEach(walk)
            if case .object(let control) = element.value(forKey: "refreshControl"), let control = control as? Element { walk(control) }
        }
        root.map(walk)
        titleView.map(walk)
        barButtonItems.forEach(walk)
    }

    /// The predicate `format` parses to, parsed the first time it is asked for.
    func predicate(_ format: String) throws(PredicateSyntaxError) -> Predicate {
        if let known = predicates[format] { return known }
        let parsed = try Predicate(format: format, arguments: [])
        predicates[format] = parsed
        return parsed
    }

    /// The scope `target`'s bindings evaluate in: the screen's names, with `content` the content
    /// of the content display view around it when one has content (FORMAT.md#binding.view-content).
    func scope(of target: any KeyValueCoding) -> Value {
        guard let content = contentScopes.content(of: target) else { return .object(namespace) }
        return .object(namespace.copy(content: content))
    }

    /// The content `element` passes along a segue it performs: its view's content, else the
    /// screen's (FORMAT.md#screen.segue).
    func segueContent(of element: Element) -> Value {
        contentScopes.content(of: element) ?? controller.content
    }

    /// The binding targets of `object` that show their placeholder.
    public func placeholderTargets(of object: any KeyValueCoding) -> [String] {
        placeholders[ObjectIdentifier(object)] ?? []
    }

    func record(_ message: String, code: ScreenError.Code = .runtime, at place: SourcePlace? = nil, hint: String? = nil, cause: DiagnosticCode? = nil) {
        let problem = ScreenError(code, message, file: document.file, location: place?.location, pointer: place?.pointer, hint: hint, cause: cause)
        if !problems.contains(problem) { problems.append(problem) }
    }

    func record(_ error: BindingError) {
        record("\(error.message) [\(error.code.rawValue)]", code: .binding, at: SourcePlace(location: error.location, pointer: error.pointer),
               cause: error.code.diagnosticCode)
    }

    func showAlert(title: String, message: String) {
        let alert = Alert(time: environment.timeline.now, title: title, message: message)
        alerts.append(alert)
        onAlert?(alert)
    }
}

/// Counts a store's saves; written by the store's observer on whatever thread saves.
final class SaveCounter: Sendable {
    private let value = Mutex(0)

    var count: Int { value.withLock { $0 } }

    func increment() {
        value.withLock { $0 += 1 }
    }
}
