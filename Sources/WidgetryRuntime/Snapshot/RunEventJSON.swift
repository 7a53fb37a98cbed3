public import WidgetryJSON
import WidgetryService
import WidgetryScreen

/// Run events as JSON lines (`widgetry run --events FILE`): one object per event, keys in a fixed
/// order, every key present for its kind of event. The same run gives the same bytes.
///
/// ```
/// {"time":0.0,"event":"action","name":"currentUserStart","action":"currentUser","kind":"start","sender":null,"objects":[],"error":null}
/// {"time":1.5,"event":"navigated","from":"FeedViewController","to":"NewPostViewController","kind":"present"}
/// {"time":2.0,"event":"alert","screen":"NewPostViewController","title":"Error","message":"Could not post"}
/// ```
///
/// `time` is run time in seconds; `objects` are the ids of the objects a `…Success` imported;
/// `error` is `{"code","message","status"}` for an `…Error`, null otherwise.
public enum RunEventJSON {
    /// The event as one line of JSON, without the line break.
    public static func line(_ event: RunEvent) -> String {
        json(event).serialized()
    }

    /// The event as a JSON object.
    public static func json(_ event: RunEvent) -> JSONValue {
        JSONValue(.object(members(event, widget: nil)))
    }

    /// The event's members, with `widget` after `event` when given (the host's form, see
    /// ``WidgetHostEventJSON``).
    static func members(_ event: RunEvent, widget: String?) -> JSONObject {
        switch event {
        case .action(let action):
            return actionMembers(time: action.time, widget: widget, action: action.action, kind: action.kind,
                                 sender: action.sender, objects: action.objects.map(\.description),
                                 error: action.error.map { ($0.code.rawValue, $0.message, $0.status) })
        case .navigated(let from, let to, let kind, let time):
            var object = head(time: .double(time), event: "navigated", widget: widget)
            object["from"] = JSONValue(.string(from))
            object["to"] = JSONValue(.string(to))
            object["kind"] = JSONValue(.string(kind.rawValue))
            return object
        case .alert(let screen, let alert):
            var object = head(time: .double(alert.time), event: "alert", widget: widget)
            object["screen"] = JSONValue(.string(screen))
            object["title"] = JSONValue(.string(alert.title))
            object["message"] = JSONValue(.string(alert.message))
            return object
        }
    }

    /// `time`, `event` and (for the host) `widget`: the keys every line starts with.
    static func head(time: JSONValue.Kind, event: String, widget: String?) -> JSONObject {
        var object = JSONObject()
        object["time"] = JSONValue(time)
        object["event"] = JSONValue(.string(event))
        if let widget { object["widget"] = JSONValue(.string(widget)) }
        return object
    }

    /// An action line: the notification's name (`homeFeedSuccess`), the action, its kind
    /// (`start`, `progress`, `ready`, `success`, `error`), sender, objects and error.
    static func actionMembers(time: Double, widget: String?, action: String, kind: ActionEvent.Kind, sender: String?, objects: [String],
                              error: (code: String, message: String, status: Int?)?) -> JSONObject {
        var object = head(time: .double(time), event: "action", widget: widget)
        object["name"] = JSONValue(.string(action + kind.rawValue))
        object["action"] = JSONValue(.string(action))
        object["kind"] = JSONValue(.string(kind.rawValue.lowercased()))
        object["sender"] = sender.map { JSONValue(.string($0)) } ?? JSONValue(.null)
        object["objects"] = JSONValue(.array(objects.map { JSONValue(.string($0)) }))
        if let error {
            var errorObject = JSONObject()
            errorObject["code"] = JSONValue(.string(error.code))
            errorObject["message"] = JSONValue(.string(error.message))
            errorObject["status"] = error.status.map { JSONValue(.integer(Int64($0))) } ?? JSONValue(.null)
            object["error"] = JSONValue(.object(errorObject))
        } else {
            object["error"] = JSONValue(.null)
        }
        return object
    }
}
