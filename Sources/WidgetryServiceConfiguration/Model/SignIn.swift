import WidgetryJSON

/// The sign-in a service file's `auth` section describes (Widgetry's reading of the section,
/// whose other keys stay the host's): the action that signs the app in, the one that signs a
/// user in, the one that signs the user out, and where their answers hold the token.
///
/// The engine keeps the tokens: a `needAuth` request carries the user's token when a user is
/// signed in, else the app's, else the host's credentials. A `needAuth` action performed with
/// none of them signs the app in first.
public struct SignIn: Sendable, Equatable {
    /// Which sign-in a token came from.
    public enum Level: String, Sendable {
        case app
        case user
    }

    /// The keys of `auth` that name actions.
    static let actionKeys = ["app", "user", "signOut"]

    /// The action that signs the app in (`auth.app`).
    public var appAction: String?
    /// The action that signs a user in (`auth.user`), typically sent a sign-in form's value.
    public var userAction: String?
    /// The action that signs the user out (`auth.signOut`); the app stays signed in.
    public var signOutAction: String?
    /// The dotted path to the token in a sign-in answer (`auth.tokenKeyPath`, `access_token`
    /// unless it says otherwise), read before `resultKeyPath`.
    public var tokenKeyPath: String

    public init(appAction: String? = nil, userAction: String? = nil, signOutAction: String? = nil, tokenKeyPath: String = "access_token") {
        self.appAction = appAction
        self.userAction = userAction
        self.signOutAction = signOutAction
        self.tokenKeyPath = tokenKeyPath
    }

    /// The sign-in `auth` describes; nil when it names no sign-in action.
    init?(auth: JSONObject) {
        appAction = auth["app"]?.stringValue
        userAction = auth["user"]?.stringValue
        signOutAction = auth["signOut"]?.stringValue
        tokenKeyPath = auth["tokenKeyPath"]?.stringValue ?? "access_token"
        if appAction == nil, userAction == nil, signOutAction == nil { return nil }
    }

    /// The level `action` signs in at, if it is a sign-in action.
    public func level(of action: String) -> Level? {
        action == userAction ? .user : action == appAction ? .app : nil
    }

    /// Whether `action` signs in (its answer holds a token) or out (it forgets one).
    public func concerns(_ action: String) -> Bool {
        level(of: action) != nil || action == signOutAction
    }
}

extension ServiceConfiguration {
    /// The sign-in the `auth` section describes, if any.
    public var signIn: SignIn? {
        auth.flatMap(SignIn.init(auth:))
    }
}
