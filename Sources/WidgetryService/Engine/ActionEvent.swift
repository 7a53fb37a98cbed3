public import WidgetryJSON
public import WidgetryStore

/// What an action did, as status controllers and tests observe it (FORMAT.md#service.events): `<action>Start`,
/// `…Progress`, `…Ready`, `…Success`, `…Error`, in order, on the run's timeline.
public struct ActionEvent: Sendable, CustomStringConvertible {
    public enum Kind: String, Sendable, CaseIterable {
        case start = "Start"
        case progress = "Progress"
        case ready = "Ready"
        case success = "Success"
        case error = "Error"
    }

    public var kind: Kind
    public var action: String
    /// Who asked (a control's identifier); nil for on-load, timer and chained calls.
    public var sender: String?
    /// Run time, in seconds.
    public var time: Double
    /// For ``Kind/ready`` of an action without `resultType`: the JSON the response held. A typed
    /// action's result is read into the store without a tree (its objects come with
    /// ``Kind/success``), so its ready event carries none.
    public var json: JSONValue?
    /// For ``Kind/success``: the imported objects, in order.
    public var objects: [ObjectID]
    /// For ``Kind/error``.
    public var error: ActionError?
    /// For ``Kind/progress``: the part done, from 0 to 1.
    public var progress: Double?

    public init(kind: Kind, action: String, sender: String?, time: Double, json: JSONValue? = nil, objects: [ObjectID] = [],
                error: ActionError? = nil, progress: Double? = nil) {
        self.kind = kind
        self.action = action
        self.sender = sender
        self.time = time
        self.json = json
        self.objects = objects
        self.error = error
        self.progress = progress
    }

    /// The notification name upstream posted: `homeFeedReady`.
    public var name: String { action + kind.rawValue }

    public var description: String {
        var text = "\(RunTimeText.seconds(time)) \(name)"
        if let sender { text += " sender=\(sender)" }
        if let progress { text += " progress=\(Int((progress * 100).rounded()))%" }
        if !objects.isEmpty { text += " objects=\(objects.map(\.description).joined(separator: ","))" }
        if let error { text += " error=\(error)" }
        return text
    }
}

/// Run times as snapshots, logs and the command line print them: `t=0.250`.
public enum RunTimeText {
    /// `t=1.250`: run time to the millisecond. A time no millisecond count holds (a host's
    /// `run(until:)` far past ``NumericPolicy/maximumSeconds``) prints as the number it is.
    public static func seconds(_ time: Double) -> String {
        guard time.isFinite, abs(time) < 1e15 else { return "t=\(time)" }
        let milliseconds = Int((time * 1000).rounded())
        let whole = milliseconds / 1000, fraction = milliseconds % 1000
        return "t=\(whole)." + String(repeating: "0", count: 3 - String(fraction).count) + String(fraction)
    }
}

/// What a successful action produced.
public enum ActionResult: Sendable, Equatable {
    /// An action without `resultType`: the JSON as it came (nothing imported, no `nextAction`).
    case json(JSONValue)
    /// The imported objects (one for a `T` result).
    case objects([ObjectID])
}
