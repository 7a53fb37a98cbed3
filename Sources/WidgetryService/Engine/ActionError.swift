public import WidgetryJSON

/// Why performing an action failed. Every failure is reported (an `…Error` event), never dropped.
public struct ActionError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Code: String, Sendable, CaseIterable {
        /// The service file has no such action.
        case unknownAction = "action.unknown"
        /// Neither the action's `path` nor the file's `baseUrl` gives a URL.
        case noURL = "action.no-url"
        /// The URL, after substitution, is not a valid URL.
        case invalidURL = "action.invalid-url"
        /// A `$key` in the URL or parameters could not be read from the argument.
        case substitution = "action.substitution"
        /// `needAuth` and the host gave no credentials.
        case missingCredentials = "action.missing-credentials"
        /// A multipart part's content is missing or not data / a file path.
        case upload = "action.upload"
        /// Could not connect, or the connection failed.
        case connection = "action.connection"
        case timeout = "action.timeout"
        /// The server redirected more often than the transport follows, or in a loop.
        case tooManyRedirects = "action.too-many-redirects"
        /// Plain http to a host that is not loopback, which the transport does not allow.
        case insecureURL = "action.insecure-url"
        /// A redirect from https to plain http, or to plain http off loopback.
        case insecureRedirect = "action.insecure-redirect"
        /// The response body is larger than the transport's limit.
        case responseTooLarge = "action.response-too-large"
        /// The server answered with a status outside 2xx.
        case server = "action.server"
        /// The body is not JSON.
        case invalidJSON = "action.invalid-json"
        /// `resultKeyPath` or `resultType` does not fit the response's shape.
        case resultShape = "action.result-shape"
        /// Importing the result into the store failed.
        case importFailed = "action.import"
        /// A stub action without a `response` (upstream: code 404, "Test response not implemented.").
        case notImplemented = "action.not-implemented"
        /// A `nextAction` chain went past its limit.
        case chainLimit = "action.chain-limit"
        /// A `nextAction` chain came back to an action already in it.
        case chainCycle = "action.chain-cycle"
        case cancelled = "action.cancelled"
        /// A sign-in action's answer holds no token where the `auth` section says.
        case signIn = "action.sign-in"
        /// A `host` action, and the host handles no such action (and no stub stands in).
        case noHostCommand = "action.no-host-command"
        /// The host's command failed; ``ActionError/hostCode`` is its own code.
        case host = "action.host"
    }

    public var code: Code
    public var message: String
    /// The HTTP status, when a response came back (404 for a stub without a response).
    public var status: Int?
    public var hint: String?
    /// For ``Code/host``: the code the host's command gave (`auth.denied`).
    public var hostCode: String?

    public init(_ code: Code, _ message: String, status: Int? = nil, hint: String? = nil, hostCode: String? = nil) {
        self.code = code
        self.message = message
        self.status = status
        self.hint = hint
        self.hostCode = hostCode
    }

    public var description: String {
        var text = "\(message) [\(hostCode ?? code.rawValue)]"
        if let status { text += " (HTTP \(status))" }
        if let hint { text += "; \(hint)" }
        return text
    }
}

extension ActionError: DiagnosticConvertible {
    /// The failure as one diagnostic about the service file's action (no place: it happened
    /// while running), with the HTTP status in its message.
    public var diagnostics: [Diagnostic] {
        [Diagnostic(code: hostCode ?? code.rawValue, severity: .error, file: "", location: nil, pointer: nil,
                    message: status.map { "\(message) (HTTP \($0))" } ?? message, hint: hint)]
    }
}
