public import WidgetryJSON

/// How one import treats the store beyond the JSON it reads: what a networking action's
/// `clearPolicy` and `set` ask for.
public struct ImportOptions: Sendable {
    /// Delete every object of the target entity and its sub-entities, in the same transaction,
    /// before importing (`clearPolicy: after`: the list is replaced in one change).
    public var clearsEntityFirst: Bool
    /// Attribute values written on every top-level imported object (`set`), taken verbatim:
    /// converted by the import rules, no substitution. Errors point into this object.
    public var set: JSONObject?

    public init(clearsEntityFirst: Bool = false, set: JSONObject? = nil) {
        self.clearsEntityFirst = clearsEntityFirst
        self.set = set
    }
}
