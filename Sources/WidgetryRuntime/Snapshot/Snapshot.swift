public import Foundation
public import WidgetryExpressions
public import WidgetryScreen
public import WidgetryService
import WidgetryStore

/// What a run shows at one moment, read from the run once: the screen with its elements and
/// tables, the statuses, alerts, requests, events, changes, the store's counts and the problems.
///
/// Every view of a run is made from this value, never from the run again: the text snapshot
/// (``SnapshotText``), the JSON snapshot (``SnapshotJSON``), what scenario expectations
/// evaluate against and what a host is told a screen shows. So they cannot disagree.
public struct Snapshot {
    /// An element with its state (`displayState`), the targets that show their placeholder,
    /// and what expectations read by name: `wx_value`, `wx_visible`, whether it is enabled.
    public struct ElementState {
        public var id: String?
        public var type: String
        /// The UIKit element the type is, or behaves like (a host's view class).
        public var kind: ElementKind
        public var state: [(name: String, value: Value)]
        public var placeholders: [String]
        public var children: [ElementState]
        public var value: Value
        public var visible: Value
        public var enabled: Bool
        /// A table's or collection's pull-to-refresh control, when it has one (pictures draw it
        /// while it refreshes; the text snapshot does not list it).
        public var refreshControl: [ElementState]
    }

    /// A table display controller's rows as its last render made them.
    public struct Table {
        public struct Row {
            public var object: Value
            public var reuseIdentifier: String
            /// The cell's identified elements, in prototype order.
            public var elements: [(id: String, element: ElementState)]
        }

        public struct Section {
            public var name: String
            public var rows: [Row]
        }

        /// The id of the table element and of its controller.
        public var table: String
        public var controller: String
        public var sections: [Section]
    }

    /// A status controller, or the status of an action controller's last call (`name.status`):
    /// its flags as the controller holds them (null before any call).
    public struct Status {
        public var name: String
        public var action: Value
        public var inProgress: Value
        public var isSuccess: Value
        public var isFailure: Value
        public var progress: Value
    }

    /// A request the engine sent, as its log prints it (secrets redacted).
    public struct Request {
        public var time: Double
        public var action: String
        public var method: String
        public var url: String
        /// The URL the action addressed, when a host redirect sent the request to ``url``.
        public var originalURL: String?
        /// The first line, the headers, an empty line and the body.
        public var lines: [String]
        public var signedAs: String?
        /// Why the parameters went unsubstituted, when they did.
        public var parameterFallback: String?
    }

    public var screen: String
    /// The bundle files a host profile patched as they were read.
    public var patchedFiles: [String]
    public var stack: [String]
    public var time: Double
    public var date: Date
    public var content: Value
    public var dismissed: Bool
    /// The title view, then the bar button items.
    public var navigation: [ElementState]
    /// The title the navigation bar shows (``navigationTitle(titleView:item:)``), if any.
    public var navigationTitle: String?
    public var views: ElementState?
    /// Every identified element of the screen (not of cells), in document order, the
    /// navigation bar's last.
    public var namedElements: [(id: String, element: ElementState)]
    public var tables: [Table]
    /// The maps the host's controllers draw, as markers (none unless a host profile declares one).
    public var maps: [Map]
    public var statuses: [Status]
    public var alerts: [ScreenRun.Alert]
    public var requests: [Request]
    public var events: [ActionEvent]
    public var changes: [(time: Double, change: ElementChange)]
    /// Objects per entity (not counting sub-entities), in model order; nil without a store.
    public var store: [(entity: String, count: Int)]?
    public var problems: [ScreenError]

    /// Reads `run` as it is now.
    public init(_ run: WidgetRun) {
        let screenRun = run.screen
        screen = screenRun.document.name
        patchedFiles = run.bundle.patchedFiles
        stack = run.stack.map(\.document.name)
        time = run.timeline.now
        date = run.timeline.date
        content = screenRun.controller.content
        dismissed = screenRun.controller.isDismissed
        let state = { (element: Element) in ElementState(element, in: screenRun) }
        navigation = ([screenRun.titleView].compactMap { $0 } + screenRun.barButtonItems).map(state)
        navigationTitle = Self.navigationTitle(titleView: screenRun.titleView.map(state), item: screenRun.document.navigationItem)
        views = screenRun.root.map(state)
        namedElements = (screenRun.elements + [screenRun.titleView].compactMap { $0 }.compactMap { element in element.id.map { ($0, element) } }
            + screenRun.barButtonItems.compactMap { element in element.id.map { ($0, element) } }).map { ($0.id, ElementState($0.element, in: screenRun, deep: false)) }
        tables = Self.tables(of: screenRun)
        maps = Self.maps(of: screenRun)
        statuses = Self.statusControllers(of: screenRun).map { Status(name: $0.0, controller: $0.1) }
        alerts = screenRun.alerts
        requests = run.engine.requestLog.map { Request($0, credentials: run.engine.options.credentials) }
        events = run.engine.events
        changes = screenRun.changes
        store = run.store.map { store in
            store.model.entities.map { entity in (entity.name, store.objects(of: entity.name, includingDescendants: false).count) }
        }
        problems = screenRun.problems
    }

    /// What the tables of `screen` show, one per table display controller that has rendered,
    /// in document order.
    static func tables(of screen: ScreenRun) -> [Table] {
        screen.objects.filter(\.type.showsRows).compactMap { controller in
            screen.tables[controller.id].map { Table($0, controller: controller.id, in: screen) }
        }
    }

    /// The declared status controllers, then the per-call statuses of action controllers.
    static func statusControllers(of screen: ScreenRun) -> [(String, ScreenObject)] {
        screen.objects.filter { $0.type == .actionStatusController }.map { ($0.id, $0) }
            + screen.objects.filter(\.type.isActionController).compactMap { object -> (String, ScreenObject)? in
                guard case .object(let status) = object.value(forKey: "status"), let status = status as? ScreenObject else { return nil }
                return ("\(object.id).status", status)
            }
    }
}

extension Snapshot.ElementState {
    /// `element` (with its children when `deep`) as it is now.
    init(_ element: Element, in screen: ScreenRun, deep: Bool = true) {
        id = element.id
        type = element.kind.typeName
        kind = element.kind
        state = element.displayState
        placeholders = screen.placeholderTargets(of: element)
        children = deep ? element.children.map { Snapshot.ElementState($0, in: screen) } : []
        value = element.value(forKey: "wx_value")
        visible = element.value(forKey: "wx_visible")
        enabled = !(element.value(forKey: "wx_disabled").doubleValue.map { $0 != 0 } ?? false)
        if deep, case .object(let control) = element.value(forKey: "refreshControl"), let control = control as? Element {
            refreshControl = [Snapshot.ElementState(control, in: screen)]
        } else {
            refreshControl = []
        }
    }
}

extension Snapshot.Table {
    init(_ table: RenderedTable, controller: String, in screen: ScreenRun) {
        self.table = table.tableID
        self.controller = controller
        sections = table.sections.map { section in
            Section(name: section.name, rows: section.rows.map { row in
                Row(object: row.object, reuseIdentifier: row.reuseIdentifier,
                    elements: row.elements.map { ($0.id, Snapshot.ElementState($0.element, in: screen)) })
            })
        }
    }

    /// Every row, section after section.
    public var rows: [Row] { sections.flatMap(\.rows) }
}

extension Snapshot.Status {
    init(name: String, controller: ScreenObject) {
        self.name = name
        action = controller.attribute("actionName")
        inProgress = controller.value(forKey: "inProgress")
        isSuccess = controller.value(forKey: "isSuccess")
        isFailure = controller.value(forKey: "isFailure")
        progress = controller.value(forKey: "progress")
    }
}

extension Snapshot.Request {
    /// `logged` as the log prints it, with `credentials` redacted.
    public init(_ logged: ActionEngine.LoggedRequest, credentials: Credentials?) {
        let secrets = SecretValues(credentials: credentials)
        time = logged.time
        action = logged.request.action
        method = logged.request.method.rawValue
        url = secrets.redacting(logged.request.url)
        originalURL = logged.request.originalURL.map { secrets.redacting($0) }
        lines = logged.request.logLines(redacting: credentials)
        signedAs = logged.signedAs?.rawValue
        parameterFallback = logged.parameterFallback?.message
    }
}
