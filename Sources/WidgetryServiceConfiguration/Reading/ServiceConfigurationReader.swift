public import WidgetryJSON
import WidgetryExpressions

/// Which kind of service file a document is: the one requests are sent from (`Service.json`,
/// `Service.dev.json`) or the stub that answers them itself (`StubService.json`).
public enum ServiceFileKind: Sendable, CaseIterable {
    /// `Service.json` or `Service.dev.json`: no `response`, no `options.debugDelay`.
    case service
    /// `StubService.json`: actions may carry a canned `response`, `options` a `debugDelay`.
    case stub
}

/// Reads a service file (FORMAT.md#service.root):
///
/// ```json
/// {"defaults": {"baseUrl": "https://api.example.com", "headers": {"Accept": "application/json"}},
///  "actions": {"homeFeed": {"path": "feed", "resultType": "[Post]", "clearPolicy": "after", "nextAction": "currentUser"},
///              "currentUser": {"path": "me", "resultType": "Account"}},
///  "options": {"transformers": {"date": {"strToDate": {"format": "EEE MMM d HH:mm:ss Z y"}}}}}
/// ```
///
/// Unknown keys are errors, with the nearest known key as a hint, so a typo never silently
/// drops a setting. Keys starting with `***` are comments anywhere: they are skipped, and
/// removed from the values kept as written (`auth`, `parameters`, `set`, `response`) so a
/// comment never travels in a request or lands in the store. Every problem is reported with its
/// line, column and JSON Pointer, all of them at once, in file order.
///
/// Where upstream guessed, Widgetry reports an error instead: upstream treated a `headers` map
/// with a non-string value as empty, any `httpMethod` that is not an upper-case token as GET,
/// an unknown `clearPolicy` as `none`, a `needAuth` or `isUpload` that is not a boolean as
/// false, and silently dropped calls to a `nextAction` the file does not define. `baseUrl` must
/// be an `http(s)://` URL; date transformers in `options.transformers` are checked here rather
/// than when the first binding uses them.
public enum ServiceConfigurationReader {
    /// A part of a service file whose keys the reader checks.
    public enum Section: String, Sendable, CaseIterable {
        /// The top level: `auth`, `defaults`, `actions`, `options`.
        case root
        case defaults
        /// One entry of `actions`.
        case action
        case options
    }

    /// The keys `section` accepts in a file of `kind`, besides `***` comments; the JSON schemas
    /// in `Schemas/` declare the same.
    public static func keys(in section: Section, kind: ServiceFileKind) -> [String] {
        switch (section, kind) {
        case (.root, _): ["$schema", "auth", "defaults", "actions", "options"]
        case (.defaults, _):
            ["baseUrl", "httpMethod", "headers", "parameters", "resultKeyPath", "errorKeyPath", "needAuth", "socket", "parameterEncoding"]
        case (.action, .service): actionKeys
        case (.action, .stub): actionKeys + ["response", "status", "delay"]
        case (.options, .service): ["transformers"]
        case (.options, .stub): ["transformers", "debugDelay"]
        }
    }

    private static let actionKeys = [
        "path", "httpMethod", "headers", "parameters", "resultType", "resultKeyPath", "errorKeyPath", "needAuth",
        "nextAction", "clearPolicy", "set", "isUpload", "multipart", "parameterEncoding", "host",
    ]

    /// Whether a key is a comment (`***`, `***note`), ignored wherever it appears.
    public static func isComment(_ key: String) -> Bool {
        key.hasPrefix("***")
    }

    /// The service file in `document`, checked; `file` names it in errors.
    public static func read(_ document: JSONDocument, file: String, kind: ServiceFileKind) throws(ServiceConfigurationErrors) -> ServiceConfiguration {
        var reader = Reader(read: StrictReader(file: file, commentPrefix: "***"), kind: kind)
        var configuration = reader.configuration(document.root)
        if reader.read.hasProblems { throw ServiceConfigurationErrors(reader.read.problems) }
        configuration.warnings = reader.warnings
        return configuration
    }

    private struct Reader {
        var read: StrictReader<ServiceConfigurationErrorCode>
        let kind: ServiceFileKind
        /// Keys that have no effect, which upstream ignored.
        var warnings: [ServiceConfigurationError] = []
        /// Each `nextAction` value (and each action the auth section names), checked once every
        /// action name is known.
        private var nextActions: [JSONValue] = []

        init(read: StrictReader<ServiceConfigurationErrorCode>, kind: ServiceFileKind) {
            self.read = read
            self.kind = kind
        }

        var file: String { read.file }

        mutating func configuration(_ root: JSONValue) -> ServiceConfiguration {
            var configuration = ServiceConfiguration(file: file)
            guard let object = members(root, section: .root, what: "the service file") else { return configuration }
            _ = read.string(object["$schema"])
            if let auth = object["auth"] { configuration.auth = self.auth(auth) }
            if let defaults = object["defaults"] { configuration.defaults = self.defaults(defaults) }
            if let actions = object["actions"] { configuration.actions = self.actions(actions) }
            if let options = object["options"] { configuration.options = self.options(options) }
            return configuration
        }

        // MARK: Sections

        private mutating func auth(_ json: JSONValue) -> JSONObject? {
            guard let object = read.object(json, what: "auth", expected: "an object (the auth section: url and any keys the host reads)") else { return nil }
            _ = read.string(object["url"])
            for key in SignIn.actionKeys {
                if let name = object[key], read.string(name) != nil { nextActions.append(name) }
            }
            _ = read.string(object["tokenKeyPath"])
            let flow = OAuth1Endpoints.flowKeys.filter { object[$0] != nil }
            if let named = flow.first {
                for key in OAuth1Endpoints.keys where key != "url" { _ = read.string(object[key]) }
                for key in OAuth1Endpoints.keys where object[key] == nil {
                    read.report(.missingKey, "auth has \(named) but not \(key): the three-legged OAuth 1.0a sign-in needs all of "
                                + OAuth1Endpoints.keys.joined(separator: ", "), at: json,
                                hint: "url is the user's authorisation page ($token stands for the temporary token), callbackUrl where the service sends the user back")
                }
            }
            return ServiceConfigurationReader.withoutComments(json).objectValue
        }

        private mutating func defaults(_ json: JSONValue) -> ServiceDefaults {
            var defaults = ServiceDefaults()
            guard let object = members(json, section: .defaults, what: "defaults") else { return defaults }
            defaults.baseURL = baseURL(object["baseUrl"])
            defaults.httpMethod = httpMethod(object["httpMethod"])
            defaults.headers = headers(object["headers"]) ?? []
            defaults.parameters = parameters(object["parameters"]) ?? JSONObject()
            defaults.resultKeyPath = read.string(object["resultKeyPath"])
            defaults.errorKeyPath = read.string(object["errorKeyPath"])
            defaults.needAuth = read.bool(object["needAuth"])
            defaults.socket = read.string(object["socket"])
            defaults.parameterEncoding = parameterEncoding(object["parameterEncoding"])
            return defaults
        }

        private mutating func actions(_ json: JSONValue) -> [ServiceAction] {
            guard let byName = read.object(json, what: "actions", expected: "an object of actions by name") else { return [] }
            let names = Set(byName.keys)
            var actions: [ServiceAction] = []
            for member in byName {
                checkActionName(member)
                if let action = action(named: member.key, member.value) { actions.append(action) }
            }
            for next in nextActions {
                guard let name = next.stringValue, !names.contains(name) else { continue }
                let key = next.pointer.lastToken?.text ?? "nextAction"
                read.report(ServiceConfigurationError(.unknownAction, "\(key) \"\(name)\" names no action of this file", file: file, at: next,
                                                      hint: Suggestion.didYouMean(name, among: byName.keys)
                                                          ?? (names.isEmpty ? "declare it in \"actions\"" : "the actions are " + Reader.quotedList(byName.keys)))
                                .renaming(name, among: Array(byName.keys)))
            }
            return actions
        }

        private mutating func checkActionName(_ member: JSONObject.Member) {
            let name = member.key
            guard name.isEmpty || name.contains(".") else { return }
            let parts = name.split(separator: ".").map(String.init)
            let suggestion = parts.enumerated().map { $0.offset == 0 ? $0.element : $0.element.prefix(1).uppercased() + $0.element.dropFirst() }.joined()
            read.report(ServiceConfigurationError(
                .invalidActionName, name.isEmpty ? "an action has an empty name" : "action name \"\(name)\" contains a dot", file: file,
                location: member.keyLocation ?? member.value.location, pointer: member.value.pointer,
                hint: "actions are looked up by key path (actions.<name>.<key>), so a name must be non-empty and without dots"
                    + (suggestion.isEmpty ? "" : "; rename it \"\(suggestion)\"")))
        }

        private mutating func action(named name: String, _ json: JSONValue) -> ServiceAction? {
            guard let object = members(json, section: .action, what: "action \(name)") else { return nil }
            var action = ServiceAction(name: name, location: json.location, pointer: json.pointer)
            action.path = read.string(object["path"])
            action.httpMethod = httpMethod(object["httpMethod"])
            action.headers = headers(object["headers"])
            action.parameters = parameters(object["parameters"])
            action.resultType = resultType(object["resultType"])
            action.resultKeyPath = read.string(object["resultKeyPath"])
            action.errorKeyPath = read.string(object["errorKeyPath"])
            action.needAuth = read.bool(object["needAuth"])
            if let next = object["nextAction"], let name = read.string(next) {
                action.nextAction = name
                nextActions.append(next)
            }
            action.clearPolicy = clearPolicy(object["clearPolicy"]) ?? .none
            if let set = object["set"], read.object(set, what: "set", expected: "an object of attribute values") != nil {
                action.set = ServiceConfigurationReader.withoutComments(set).objectValue
            }
            action.isUpload = read.bool(object["isUpload"]) ?? false
            action.multipart = multipart(object["multipart"])
            action.parameterEncoding = parameterEncoding(object["parameterEncoding"])
            action.host = read.bool(object["host"]) ?? false
            if kind == .stub, let response = object["response"] {
                action.response = ServiceConfigurationReader.withoutComments(response)
            }
            if kind == .stub, let delay = object["delay"] { action.delay = seconds(delay) }
            if kind == .stub, let status = object["status"] {
                if let code = status.integerValue, (100...599).contains(code) {
                    action.status = Int(code)
                } else {
                    let _: Int? = read.wrongType(status, expected: "an HTTP status from 100 to 599")
                }
            }
            return action
        }

        private mutating func options(_ json: JSONValue) -> ServiceOptions {
            var options = ServiceOptions()
            // Upstream read transformers (and a stub's debugDelay) from options and left every other key to the host.
            guard let object = read.object(json, what: "options", expected: "an object (options)") else { return options }
            let known = Set(ServiceConfigurationReader.keys(in: .options, kind: kind))
            for member in object where !known.contains(member.key) {
                let keyPlace = JSONValue(member.value.kind, location: member.keyLocation ?? member.value.location, pointer: member.value.pointer)
                let hint = Reader.unknownKeyHint(member.key, section: .options, kind: kind, allowed: Array(known))
                let warning = ServiceConfigurationError(.ignoredKey, "options.\(member.key) has no effect in \(file); it is ignored, as upstream ignored it",
                                                        file: file, at: keyPlace, hint: hint)
                // A hint saying where the key belongs is not a misspelling.
                warnings.append(hint == Suggestion.didYouMean(member.key, among: Array(known)) ? warning.renaming(member.key, among: Array(known)) : warning)
            }
            if let transformers = object["transformers"],
               read.object(transformers, what: "transformers", expected: "an object (transformers by kind: date)") != nil {
                options.transformers = transformers
                checkTransformers(transformers)
            }
            if kind == .stub, let delay = object["debugDelay"] { options.debugDelay = seconds(delay) }
            return options
        }

        /// Date transformers are registered when a run starts; checking them now reports a bad
        /// definition with the rest of the file's problems.
        private mutating func checkTransformers(_ transformers: JSONValue) {
            var registry = BindingTransformerRegistry()
            do {
                try registry.registerDateTransformers(from: transformers)
            } catch {
                let code: ServiceConfigurationError.Code = error.code == .unknownStyle ? .invalidValue : .wrongType
                read.report(ServiceConfigurationError(code, error.message, file: file, location: error.location, pointer: error.pointer,
                                                      hint: error.hint))
            }
        }

        // MARK: Values

        private mutating func baseURL(_ json: JSONValue?) -> String? {
            guard let json, var url = read.string(json) else { return nil }
            let scheme = url.hasPrefix("https://") ? "https://" : url.hasPrefix("http://") ? "http://" : nil
            guard let scheme, url.count > scheme.count, !url.dropFirst(scheme.count).hasPrefix("/") else {
                read.report(.invalidValue, "baseUrl \"\(url)\" is not an http or https URL", at: json,
                            hint: "write an absolute URL such as \"https://api.example.com/v1/\"")
                return nil
            }
            if !url.hasSuffix("/") { url += "/" }
            return url
        }

        private mutating func httpMethod(_ json: JSONValue?) -> HTTPMethod? {
            guard let json, let text = read.string(json) else { return nil }
            if let method = HTTPMethod(rawValue: text) { return method }
            let upper = text.uppercased()
            read.report(.invalidValue, "httpMethod \"\(text)\" is not an upper-case HTTP method", at: json,
                        hint: HTTPMethod(rawValue: upper) != nil ? "did you mean \"\(upper)\"?"
                            : "write an upper-case method such as \"GET\", \"POST\" or \"DELETE\"")
            return nil
        }

        private mutating func headers(_ json: JSONValue?) -> [HeaderField]? {
            guard let json, let object = read.object(json, what: "headers", expected: "an object of header values by name") else { return nil }
            return object.compactMap { member in
                guard let value = member.value.stringValue else { return read.wrongType(member.value, expected: "a string (header values are text)") }
                return HeaderField(member.key, value)
            }
        }

        private mutating func parameters(_ json: JSONValue?) -> JSONObject? {
            guard let json, read.object(json, what: "parameters", expected: "an object of parameters by name") != nil else { return nil }
            return ServiceConfigurationReader.withoutComments(json).objectValue
        }

        private mutating func resultType(_ json: JSONValue?) -> ResultType? {
            guard let json, let text = read.string(json) else { return nil }
            if let type = ResultType(text) { return type }
            read.report(.invalidValue, "resultType \"\(text)\" is not an entity name or [entity name]", at: json,
                        hint: "write \"Post\" to import one object, \"[Post]\" to import an array")
            return nil
        }

        private mutating func clearPolicy(_ json: JSONValue?) -> ClearPolicy? {
            read.choice(json, ClearPolicy.self, what: "clearPolicy", invalid: .invalidValue)
        }

        private mutating func parameterEncoding(_ json: JSONValue?) -> ParameterEncoding? {
            read.choice(json, ParameterEncoding.self, what: "parameterEncoding", invalid: .invalidValue)
        }

        private mutating func multipart(_ json: JSONValue?) -> [MultipartPart]? {
            guard let json, let object = read.object(json, what: "multipart", expected: "an object of part names to key paths") else { return nil }
            var parts: [MultipartPart] = []
            for member in object {
                guard let keyPath = read.string(member.value) else { continue }
                guard !keyPath.isEmpty else {
                    read.report(.invalidValue, "multipart part \"\(member.key)\" has an empty key path", at: member.value,
                                hint: "write the key path of the part's content in the action's argument, e.g. \"image\"")
                    continue
                }
                parts.append(MultipartPart(name: member.key, keyPath: keyPath))
            }
            return parts
        }

        // MARK: Typed reads

        /// The members of an object, reporting keys `section` does not accept (besides comments).
        private mutating func members(_ json: JSONValue, section: Section, what: String) -> JSONObject? {
            let allowed = ServiceConfigurationReader.keys(in: section, kind: kind)
            let kind = kind
            return read.object(json, allowed: Set(allowed), what: what, expected: "an object (\(what))") { key in
                Reader.unknownKeyHint(key, section: section, kind: kind, allowed: allowed)
            }
        }

        private static func unknownKeyHint(_ key: String, section: Section, kind: ServiceFileKind, allowed: [String]) -> String {
            if kind == .service, ServiceConfigurationReader.keys(in: section, kind: .stub).contains(key) {
                return key == "response"
                    ? "canned responses belong in StubService.json; this file's actions are sent over the network"
                    : "\(key) applies to StubService.json only"
            }
            if section == .action, key == "baseUrl" {
                return "baseUrl is set once in \"defaults\"; for another host write an absolute path starting with http"
            }
            let homes = Section.allCases.filter { $0 != section && ServiceConfigurationReader.keys(in: $0, kind: .stub).contains(key) }
            if !homes.isEmpty {
                return "\"\(key)\" belongs in " + homes.map(\.place).joined(separator: " or ")
            }
            return Suggestion.didYouMean(key, among: allowed) ?? "the keys are " + quotedList(allowed)
        }

        private mutating func seconds(_ json: JSONValue) -> Double? {
            read.timeSpan(json, expected: "a number of seconds")
        }

        private static func quotedList(_ names: [String]) -> String {
            names.map { "\"\($0)\"" }.joined(separator: ", ")
        }
    }

    /// `json` without the members whose key is a comment, at any depth (bounded by the
    /// parser's depth limit). Values without comments are returned as they are.
    static func withoutComments(_ json: JSONValue) -> JSONValue {
        strippingComments(json) ?? json
    }

    /// nil when `json` holds no comment. (Not a conditional expression: JSONValue is
    /// ExpressibleByNilLiteral, so `cond ? value : nil` would give JSON null, not nil.)
    private static func strippingComments(_ json: JSONValue) -> JSONValue? {
        switch json.kind {
        case .object(let object):
            var result = object
            var changed = false
            for member in object {
                if isComment(member.key) {
                    result[member.key] = nil
                    changed = true
                } else if let stripped = strippingComments(member.value) {
                    result[member.key] = stripped
                    changed = true
                }
            }
            guard changed else { return nil }
            return JSONValue(.object(result), location: json.location, pointer: json.pointer)
        case .array(let elements):
            var result = elements
            var changed = false
            for (index, element) in elements.enumerated() {
                if let stripped = strippingComments(element) {
                    result[index] = stripped
                    changed = true
                }
            }
            guard changed else { return nil }
            return JSONValue(.array(result), location: json.location, pointer: json.pointer)
        default:
            return nil
        }
    }
}

extension ServiceConfigurationReader.Section {
    /// Where a key of this section is written, for hints.
    fileprivate var place: String {
        switch self {
        case .root: "the top level"
        case .defaults: "\"defaults\""
        case .action: "an action"
        case .options: "\"options\""
        }
    }
}
