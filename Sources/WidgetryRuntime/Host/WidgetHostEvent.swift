public import WidgetryJSON
public import WidgetryStore

/// What happened to the widgets of a ``WidgetHost``, each event naming its widget.
///
/// A widget's events come in the order they happened: download progress while its bundle is
/// fetched, then the events of its first run (actions, navigation, alerts), then
/// ``loaded(identifier:screen:items:time:)`` (or ``failed(identifier:error:)`` at the point of
/// failure); later runs add their own events. The same widget and options give the same
/// events in the same order. Events of different widgets interleave as their loads and runs
/// happen to go.
public enum WidgetHostEvent: Sendable {
    /// The widget loaded and ran for the host's load limit (``WidgetHost/Options/loadRunLimit``,
    /// until idle by default): `screen` is its entry screen, `items` what the entry screen's
    /// tables show, one entry per table display controller in document order. `time` is the run
    /// time reached.
    case loaded(identifier: String, screen: String, items: [TableItems], time: Double)
    /// The widget did not load; `error` has the code (`host.load-failed`) and the cause.
    case failed(identifier: String, error: WidgetHostError)
    /// An action started: a network or stub action (`…Start`), or a host command was called.
    case actionStarted(identifier: String, action: String, sender: String?, time: Double)
    /// An action succeeded. A typed action (one with `resultType`) reports the `objects` it
    /// imported; an action without `resultType` reports the JSON it received as `result` (its
    /// `…Ready`, the last notification the engine posts for it); a host command reports the
    /// value it returned as `result`.
    case actionSucceeded(identifier: String, action: String, sender: String?, time: Double, objects: [ObjectID], result: JSONValue?)
    /// An action failed, with the engine's error (`action.…`) or the command's.
    case actionFailed(identifier: String, action: String, sender: String?, time: Double, error: ActionFailure)
    /// The screen on top changed.
    case navigated(identifier: String, from: String, to: String, kind: RunEvent.Navigation, time: Double)
    /// A screen showed an alert (an action error with a status message).
    case alertShown(identifier: String, screen: String, title: String, message: String, time: Double)
    /// Part of the widget's bundle archive arrived; `totalBytes` is the size the server
    /// announced, when it did.
    case downloadProgress(identifier: String, receivedBytes: Int64, totalBytes: Int64?)

    /// The widget the event is about.
    public var identifier: String {
        switch self {
        case .loaded(let identifier, _, _, _), .failed(let identifier, _), .actionStarted(let identifier, _, _, _),
             .actionSucceeded(let identifier, _, _, _, _, _), .actionFailed(let identifier, _, _, _, _),
             .navigated(let identifier, _, _, _, _), .alertShown(let identifier, _, _, _, _),
             .downloadProgress(let identifier, _, _):
            identifier
        }
    }

    /// What a table of the entry screen shows after loading.
    public struct TableItems: Sendable, Equatable {
        /// One row: its object and what its cell's identified elements show.
        public struct Row: Sendable, Equatable {
            /// The row's object as snapshots print it (`<Post #7>` for a store object).
            public var object: String
            public var reuseIdentifier: String
            /// Each identified element of the cell, by id in prototype order, with its display
            /// state (for a label: `{"text": …, "hidden": …}`).
            public var cells: JSONObject

            public init(object: String, reuseIdentifier: String, cells: JSONObject) {
                self.object = object
                self.reuseIdentifier = reuseIdentifier
                self.cells = cells
            }
        }

        /// The id of the table element.
        public var table: String
        /// The id of the display controller filling it.
        public var controller: String
        /// The rows of every section, in order.
        public var rows: [Row]

        public init(table: String, controller: String, rows: [Row]) {
            self.table = table
            self.controller = controller
            self.rows = rows
        }
    }

    /// Why an action failed: a stable code (`action.server`, or a host command's own), a
    /// message, and the HTTP status when a response came back.
    public struct ActionFailure: Sendable, Equatable, CustomStringConvertible {
        public var code: String
        public var message: String
        public var status: Int?

        public init(code: String, message: String, status: Int? = nil) {
            self.code = code
            self.message = message
            self.status = status
        }

        public var description: String {
            "\(message) [\(code)]" + (status.map { " (HTTP \($0))" } ?? "")
        }
    }
}
