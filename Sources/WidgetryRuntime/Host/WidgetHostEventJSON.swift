public import WidgetryJSON
import WidgetryService

/// A host's events as JSON lines: the shape of ``RunEventJSON`` with `"widget"` after
/// `"event"`, keys in a fixed order, the same bytes for the same events.
///
/// ```
/// {"time":null,"event":"download","widget":"feed","receivedBytes":0,"totalBytes":4096}
/// {"time":0.0,"event":"action","widget":"feed","name":"currentUserStart","action":"currentUser","kind":"start","sender":null,"objects":[],"error":null,"result":null}
/// {"time":0.5,"event":"loaded","widget":"feed","screen":"FeedViewController","tables":[{"table":"tableView","controller":"tableDisplayController","rows":6}]}
/// {"time":null,"event":"failed","widget":"news","code":"host.load-failed","message":"widget 'news' could not be loaded from …"}
/// ```
///
/// Action lines add `"result"` (a host command's or an untyped action's result). Events that
/// happen outside a run (downloads, failed loads) have a null `time`. A `loaded` line counts
/// the rows of each table; the event itself carries them.
public enum WidgetHostEventJSON {
    /// The event as one line of JSON, without the line break.
    public static func line(_ event: WidgetHostEvent) -> String {
        json(event).serialized()
    }

    /// The event as a JSON object.
    public static func json(_ event: WidgetHostEvent) -> JSONValue {
        var object: JSONObject
        switch event {
        case .loaded(let identifier, let screen, let items, let time):
            object = RunEventJSON.head(time: .double(time), event: "loaded", widget: identifier)
            object["screen"] = JSONValue(.string(screen))
            object["tables"] = JSONValue(.array(items.map { table in
                var tableObject = JSONObject()
                tableObject["table"] = JSONValue(.string(table.table))
                tableObject["controller"] = JSONValue(.string(table.controller))
                tableObject["rows"] = JSONValue(.integer(Int64(table.rows.count)))
                return JSONValue(.object(tableObject))
            }))
        case .failed(let identifier, let error):
            object = RunEventJSON.head(time: .null, event: "failed", widget: identifier)
            object["code"] = JSONValue(.string(error.code))
            object["message"] = JSONValue(.string(error.message))
        case .actionStarted(let identifier, let action, let sender, let time):
            object = RunEventJSON.actionMembers(time: time, widget: identifier, action: action, kind: .start, sender: sender, objects: [], error: nil)
            object["result"] = JSONValue(.null)
        case .actionSucceeded(let identifier, let action, let sender, let time, let objects, let result):
            object = RunEventJSON.actionMembers(time: time, widget: identifier, action: action, kind: .success, sender: sender,
                                                objects: objects.map(\.description), error: nil)
            object["result"] = result ?? JSONValue(.null)
        case .actionFailed(let identifier, let action, let sender, let time, let error):
            object = RunEventJSON.actionMembers(time: time, widget: identifier, action: action, kind: .error, sender: sender, objects: [],
                                                error: (error.code, error.message, error.status))
            object["result"] = JSONValue(.null)
        case .navigated(let identifier, let from, let to, let kind, let time):
            object = RunEventJSON.members(.navigated(from: from, to: to, kind: kind, time: time), widget: identifier)
        case .alertShown(let identifier, let screen, let title, let message, let time):
            object = RunEventJSON.members(.alert(screen: screen, alert: ScreenRun.Alert(time: time, title: title, message: message)), widget: identifier)
        case .downloadProgress(let identifier, let receivedBytes, let totalBytes):
            object = RunEventJSON.head(time: .null, event: "download", widget: identifier)
            object["receivedBytes"] = JSONValue(.integer(receivedBytes))
            object["totalBytes"] = totalBytes.map { JSONValue(.integer($0)) } ?? JSONValue(.null)
        }
        return JSONValue(.object(object))
    }
}
