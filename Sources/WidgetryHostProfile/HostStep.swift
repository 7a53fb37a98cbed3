public import WidgetryJSON

/// One step of a host action, built in: what upstream hosts wrote in Swift for `login`,
/// `logout`, `newsTap:` and the like. A host action runs its steps in order.
public enum HostStep: Sendable, Equatable {
    /// Takes the user's token from the profile's provider: signed requests carry it again.
    case signIn
    /// Signs the user in through the service file's `auth` section: its three-legged OAuth 1.0a
    /// flow with the provider's consumer, the user's authorisation approved headlessly; the
    /// steps after it run once the token credentials sign the user's requests.
    case oauth1SignIn
    /// Forgets the user's token and deletes the objects of the owner entity and those they own
    /// (`isOwnerEntity`, `ownerRelationship`), with everything else in `entities`.
    case signOut(clearing: [String])
    /// Posts a notification by name: screens that render on it (`renderOn`) render.
    case postNotification(String)
    /// Sets a user default to `value`, or to what `expression` evaluates to over the call
    /// (`sender` is the element that sent it, `argument` the action's argument, `defaults`).
    case setDefault(key: String, value: DefaultValue)
    /// Sets `values` on every object of `entity` that `predicate` matches (all without one),
    /// in one transaction.
    case updateObjects(entity: String, predicate: String?, values: JSONObject)
    /// Performs another action by name (a service action or a host action), with the call's
    /// argument and sender.
    case perform(String)
    /// Scrolls the screen's table back to its first row.
    case scrollToTop
    /// Closes the screen that called the action, as `wx_dismissed` does.
    case dismiss

    /// A value a ``HostStep/setDefault(key:value:)`` sets.
    public enum DefaultValue: Sendable, Equatable {
        case json(JSONValue)
        /// An expression in the predicate language, evaluated when the step runs.
        case expression(String)
    }

    /// The step's name in a profile, as in `{"signIn": {}}`.
    public var name: String {
        switch self {
        case .signIn: "signIn"
        case .oauth1SignIn: "oauth1SignIn"
        case .signOut: "signOut"
        case .postNotification: "postNotification"
        case .setDefault: "setDefault"
        case .updateObjects: "updateObjects"
        case .perform: "perform"
        case .scrollToTop: "scrollToTop"
        case .dismiss: "dismiss"
        }
    }

    /// Every step name a profile may use.
    public static let names = ["signIn", "oauth1SignIn", "signOut", "postNotification", "setDefault", "updateObjects", "perform", "scrollToTop", "dismiss"]
}
