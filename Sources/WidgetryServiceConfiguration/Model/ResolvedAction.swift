public import WidgetryJSON

/// An action with its file's defaults applied (FORMAT.md#service.action): the values a request is built from.
public struct ResolvedAction: Sendable {
    public var action: ServiceAction
    public var baseURL: String?
    public var httpMethod: HTTPMethod
    /// The defaults' headers, then the action's; an action header replaces a default one of the
    /// same name (case-insensitively) in place.
    public var headers: [HeaderField]
    /// The defaults' parameters with the action's on top.
    public var parameters: JSONObject
    public var resultKeyPath: String
    /// `error` unless the file says otherwise.
    public var errorKeyPath: String
    public var needAuth: Bool
    public var parameterEncoding: ParameterEncoding
    /// Whether the action or the defaults name the encoding (else it is `form`, upstream's).
    public var declaresParameterEncoding: Bool

    public var name: String { action.name }

    /// The URL before substitution: an absolute `path` as written, else `baseUrl + path`; nil
    /// when the path is relative and there is no base URL.
    public var urlTemplate: String? {
        if let path = action.path, path.hasPrefix("http") { return path }
        guard let base = baseURL, !base.isEmpty else { return nil }
        return base + (action.path ?? "")
    }

    public init(_ action: ServiceAction, defaults: ServiceDefaults) {
        self.action = action
        baseURL = defaults.baseURL
        httpMethod = action.httpMethod ?? defaults.httpMethod ?? .get
        var headers = defaults.headers
        for header in action.headers ?? [] { headers.setting(header) }
        self.headers = headers
        var parameters = defaults.parameters
        for member in action.parameters ?? JSONObject() { parameters[member.key] = member.value }
        self.parameters = parameters
        resultKeyPath = action.resultKeyPath ?? defaults.resultKeyPath ?? ""
        errorKeyPath = action.errorKeyPath ?? defaults.errorKeyPath ?? "error"
        needAuth = action.needAuth ?? defaults.needAuth ?? false
        parameterEncoding = action.parameterEncoding ?? defaults.parameterEncoding ?? .form
        declaresParameterEncoding = action.parameterEncoding != nil || defaults.parameterEncoding != nil
    }
}

extension ServiceConfiguration {
    /// The action named `name` with the defaults applied; nil when there is no such action.
    public func resolved(_ name: String) -> ResolvedAction? {
        action(named: name).map { ResolvedAction($0, defaults: defaults) }
    }
}
