public import WidgetryExpressions
public import WidgetryJSON
public import WidgetryServiceConfiguration

/// Builds the request an action sends for an argument (FORMAT.md#service.request, uploads FORMAT.md#service.upload).
///
/// - URL: an absolute `path` (starting with `http`), else `baseUrl + path`, else `baseUrl`.
///   `$key` placeholders (no dots: `destroy/$tweetId.json` reads `tweetId`) are substituted when
///   the argument is an object or a dictionary and left as written otherwise.
///   Unlike upstream, which inserted values raw and then encoded the whole URL, each value is
///   percent-encoded on its own, keeping only RFC 3986 unreserved characters, so `/`, `?`, `#`,
///   `%`, `&`, `=` and `+` in a value stay inside its path segment or query value; a value that
///   would make a path segment `.` or `..` is refused (``ActionError/Code/substitution``). The
///   template's own text is encoded as upstream did (query-allowed set: space `%20`, `#` `%23`,
///   non-ASCII as UTF-8 escapes), except that an existing `%XX` escape is kept where upstream
///   wrote `%25XX`. No URL is ``ActionError/Code/noURL`` and a result that is not an http(s) URL
///   with a host ``ActionError/Code/invalidURL``; upstream dropped such calls silently.
/// - Parameters: the merged parameters with `$keyPath` substitution in ``substitution`` mode when
///   the argument is an object or a dictionary, sent by the action's ``ParameterEncoding``: a
///   form body for every method (what upstream did), the same text as the URL's query, or compact
///   JSON. No parameters, no body.
/// - Headers: the merged headers, then `Content-Type` when there is a body, then for `needAuth`
///   actions the credentials (`Authorization: Bearer …` and the credential headers); each replaces
///   a header of the same name (case-insensitively) in place, and is named in
///   ``ServiceRequest/credentialHeaders``. Credentials never go in the URL or the body, so a
///   redirect that drops those headers leaves nothing of them behind. A `needAuth` action without
///   credentials is ``ActionError/Code/missingCredentials``, checked before anything else
///   (upstream left authentication to a host hook).
/// - Uploads (`isUpload`): no parameters; a `multipart/form-data` body with one part per
///   `multipart` entry (data, or the bytes of the file a string names), or the argument itself
///   as the body. The multipart boundary is derived from the parts, so the same inputs give the
///   same bytes.
public struct RequestBuilder: Sendable {
    /// Added to `needAuth` actions only.
    public var credentials: Credentials?
    /// How `$keyPath` is substituted in parameters; ``JSONSubstitutionMode/upstream`` reproduces
    /// upstream's text substitution with its fallback.
    public var substitution: JSONSubstitutionMode
    /// Where the file an upload value names is read: given the path (a `file://` URL already
    /// turned into one), the path to read, or an error saying why it may not be read. Nil reads
    /// the path as given (a host's own call); a run confines it to the bundle.
    public var uploadFiles: UploadFiles?

    /// See ``uploadFiles``.
    public typealias UploadFiles = @Sendable (String) throws -> String

    public init(credentials: Credentials? = nil, substitution: JSONSubstitutionMode = .fixed) {
        self.credentials = credentials
        self.substitution = substitution
    }

    /// A request and what a caller should report about it.
    public struct Outcome: Sendable, Equatable {
        public var request: ServiceRequest
        /// In ``JSONSubstitutionMode/upstream`` mode, why the substituted parameters did not parse:
        /// the request then carries the unsubstituted parameters, `$…` included (upstream defect
        /// FORMAT.md#differences.behaviour). Nil when substitution worked or was not needed.
        public var parameterFallback: JSONParseError?

        public init(request: ServiceRequest, parameterFallback: JSONParseError? = nil) {
            self.request = request
            self.parameterFallback = parameterFallback
        }
    }

    /// The request `action` sends for `argument`.
    public func request(for action: ResolvedAction, argument: Value) throws(ActionError) -> ServiceRequest {
        try outcome(for: action, argument: argument).request
    }

    /// The request `action` sends for `argument`, with the parameter substitution fallback, if any.
    public func outcome(for action: ResolvedAction, argument: Value) throws(ActionError) -> Outcome {
        let credentials = try credentials(for: action)
        var url = try URLTemplate(for: action).expanded(with: argument)
        var body: [UInt8] = []
        var contentType: String?
        var fallback: JSONParseError?

        if action.action.isUpload {
            (body, contentType) = try uploadBody(for: action, argument: argument)
        } else {
            let parameters: JSONObject
            (parameters, fallback) = try substitutedParameters(of: action, argument: argument)
            if !parameters.isEmpty {
                switch encoding(of: action, signedBy: credentials) {
                case .form:
                    body = Array(FormEncoding.encode(parameters).utf8)
                    contentType = FormEncoding.contentType
                case .query:
                    url = RequestBuilder.appendingQuery(FormEncoding.encode(parameters), to: url)
                case .json:
                    body = Array(JSONValue(.object(parameters)).serialized().utf8)
                    contentType = "application/json"
                }
            }
        }
        try URLTemplate.check(url, action: action.name)

        var headers = action.headers
        if let contentType { headers.setting(HeaderField("Content-Type", contentType)) }
        var credentialHeaders: Set<String> = []
        if let credentials {
            if let token = credentials.bearerToken, !token.isEmpty {
                headers.setting(HeaderField("Authorization", "Bearer \(token)"))
                credentialHeaders.insert("authorization")
            }
            for header in credentials.headers {
                headers.setting(header)
                credentialHeaders.insert(header.name.lowercased())
            }
        }
        let request = ServiceRequest(action: action.name, method: action.httpMethod, url: url, headers: headers, body: body,
                                     credentialHeaders: credentialHeaders)
        return Outcome(request: request, parameterFallback: fallback)
    }

    /// How `action` sends its parameters: as declared; else, for a request signed with OAuth 1.0a,
    /// in the query for GET, HEAD and DELETE and in a form body otherwise (what OAuth clients
    /// send, RFC 5849 §3.4.1.3.1); else in a form body, as upstream did.
    private func encoding(of action: ResolvedAction, signedBy credentials: Credentials?) -> ParameterEncoding {
        guard !action.declaresParameterEncoding, credentials?.oauth1 != nil else { return action.parameterEncoding }
        return [HTTPMethod.get, .head, .delete].contains(action.httpMethod) ? .query : .form
    }

    /// The credentials to add: nil for actions without `needAuth`; an error when they are needed and missing.
    private func credentials(for action: ResolvedAction) throws(ActionError) -> Credentials? {
        guard action.needAuth else { return nil }
        guard let credentials, (credentials.bearerToken.map { !$0.isEmpty } ?? false) || !credentials.headers.isEmpty || credentials.oauth1 != nil else {
            throw ActionError(.missingCredentials, "action '\(action.name)' needs authentication and no credentials were given",
                              hint: "the host supplies credentials; on the command line pass --bearer TOKEN or --auth-header 'Name: value'")
        }
        return credentials
    }

    private func substitutedParameters(of action: ResolvedAction, argument: Value) throws(ActionError) -> (JSONObject, JSONParseError?) {
        let parameters = action.parameters
        guard !parameters.isEmpty, RequestBuilder.isKeyValueSource(argument) else { return (parameters, nil) }
        do {
            let result = try StringSubstitution.substituteJSON(JSONValue(.object(parameters)), source: argument, mode: substitution)
            guard let substituted = result.json.objectValue else { return (parameters, result.fallbackReason) }
            return (substituted, result.fallbackReason)
        } catch {
            throw ActionError(.substitution, "action '\(action.name)': cannot substitute the parameters: \(error.message)")
        }
    }

    private func uploadBody(for action: ResolvedAction, argument: Value) throws(ActionError) -> ([UInt8], String) {
        guard let multipart = action.action.multipart else {
            let content = try UploadContent(argument, subject: "the argument", action: action.name, files: uploadFiles)
            return (content.bytes, content.contentType)
        }
        var parts: [MultipartBody.Part] = []
        for part in multipart {
            let subject = "part '\(part.name)' (\(part.keyPath))"
            let value: Value
            do {
                value = try argument.value(forKeyPath: part.keyPath)
            } catch {
                throw ActionError(.upload, "action '\(action.name)': \(subject): \(error.message)")
            }
            let content = try UploadContent(value, subject: subject, action: action.name, files: uploadFiles)
            parts.append(MultipartBody.Part(name: part.name, fileName: content.fileName ?? part.name,
                                            contentType: content.contentType, content: content.bytes))
        }
        let body = MultipartBody(parts: parts)
        return (body.bytes, body.contentType)
    }

    /// Whether `$…` substitution reads from `argument`: an object or a dictionary, as upstream.
    static func isKeyValueSource(_ argument: Value) -> Bool {
        switch argument {
        case .object, .dictionary: true
        default: false
        }
    }

    /// `url` with `query` added after `?`, or after `&` when it already has a query.
    static func appendingQuery(_ query: String, to url: String) -> String {
        guard let questionMark = url.firstIndex(of: "?") else { return url + "?" + query }
        if url.index(after: questionMark) == url.endIndex || url.hasSuffix("&") { return url + query }
        return url + "&" + query
    }
}
