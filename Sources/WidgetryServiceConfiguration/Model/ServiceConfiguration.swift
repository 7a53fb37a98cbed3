public import WidgetryJSON

/// Which service file a run talks to: `Service.json` (prod), `Service.dev.json` (dev, falling
/// back to `Service.json` when the bundle has none, as upstream debug builds do) or
/// `StubService.json` (stub: canned responses, no network).
public enum ServiceSelection: String, CaseIterable, Sendable {
    case prod
    case dev
    case stub
}

/// A service file, read and checked: defaults, actions by name, the auth section and options
/// (FORMAT.md#service.root). Produced by ``ServiceConfigurationReader``.
public struct ServiceConfiguration: Sendable {
    /// The file it was read from (bundle-relative), for messages.
    public var file: String
    public var defaults: ServiceDefaults
    /// The actions in the order the file declares them.
    public var actions: [ServiceAction]
    /// The `auth` section as written (`url` and any custom keys); nil when absent.
    public var auth: JSONObject?
    public var options: ServiceOptions
    /// What the file says that has no effect and upstream ignored (an `options` key other than
    /// `transformers`, which upstream left to the host): a run goes on and reports them, lint
    /// warns, `--strict` refuses them.
    public var warnings: [ServiceConfigurationError] = []

    public init(file: String, defaults: ServiceDefaults = ServiceDefaults(), actions: [ServiceAction] = [],
                auth: JSONObject? = nil, options: ServiceOptions = ServiceOptions()) {
        self.file = file
        self.defaults = defaults
        self.actions = actions
        self.auth = auth
        self.options = options
    }

    /// The action named `name`.
    public func action(named name: String) -> ServiceAction? {
        actions.first { $0.name == name }
    }
}

/// The `defaults` section: what every action inherits unless it says otherwise.
public struct ServiceDefaults: Sendable {
    /// With a trailing `/` added when missing; actions cannot override it.
    public var baseURL: String?
    public var httpMethod: HTTPMethod?
    public var headers: [HeaderField]
    public var parameters: JSONObject
    public var resultKeyPath: String?
    public var errorKeyPath: String?
    public var needAuth: Bool?
    /// Exposed upstream as the socket URL and never used.
    public var socket: String?
    public var parameterEncoding: ParameterEncoding?

    public init(baseURL: String? = nil, httpMethod: HTTPMethod? = nil, headers: [HeaderField] = [], parameters: JSONObject = JSONObject(),
                resultKeyPath: String? = nil, errorKeyPath: String? = nil, needAuth: Bool? = nil, socket: String? = nil,
                parameterEncoding: ParameterEncoding? = nil) {
        self.baseURL = baseURL
        self.httpMethod = httpMethod
        self.headers = headers
        self.parameters = parameters
        self.resultKeyPath = resultKeyPath
        self.errorKeyPath = errorKeyPath
        self.needAuth = needAuth
        self.socket = socket
        self.parameterEncoding = parameterEncoding
    }
}

/// The `options` section.
public struct ServiceOptions: Sendable {
    /// `options.transformers` as written (date transformers, registered with
    /// `BindingTransformerRegistry.registerDateTransformers(from:)`); nil when absent.
    public var transformers: JSONValue?
    /// Seconds a stub waits before answering (stub files only); nil or ≤ 0 answers at once.
    public var debugDelay: Double?

    public init(transformers: JSONValue? = nil, debugDelay: Double? = nil) {
        self.transformers = transformers
        self.debugDelay = debugDelay
    }
}
