import Foundation
public import WidgetryJSON

/// Reads a host profile (`Schemas/host-profile.schema.json`):
///
/// ```json
/// {"identifier": "mobi.favio.TwitterDemo",
///  "hosts": {"api.twitter.com": "http://127.0.0.1:8080"},
///  "providers": {"TwitterService": {"oauth1": {"consumerKey": {"env": "TWITTER_KEY"}, "consumerSecret": {"env": "TWITTER_SECRET"},
///                                              "token": {"env": "TWITTER_TOKEN"}, "tokenSecret": {"env": "TWITTER_TOKEN_SECRET"}}}},
///  "actions": {"login": [{"signIn": {}}, {"perform": "currentUser"}], "logout": [{"signOut": {}}]},
///  "defaults": {"showAvatars": true},
///  "keyPaths": {"Post": {"timeAgoString": "timeAgo(timestamp)"}},
///  "patches": {"Service.json": {"actions": {"homeTweets": {"set": {"hidden": null, "isHidden": false}}}}}}
/// ```
///
/// Strictly, like every reader of the project: unknown keys with a did-you-mean, every problem
/// at once with its line, column and JSON Pointer. Any string of `providers` may be
/// `{"env": "NAME"}`, read from `environment`, so that secrets stay out of files; without an
/// environment (lint and inspect need no secrets) such a value reads `${NAME}`.
public enum HostProfileReader {
    /// The keys of the profile's top level.
    public static let keys = ["$schema", "identifier", "hosts", "providers", "actions", "defaults", "keyPaths", "patches", "restorationIdentifiers", "objectTypes"]
    /// The keys of one of `objectTypes`.
    public static let objectTypeKeys = ["base", "attrs", "outlets", "request", "map"]
    /// The keys of an object type's `map`: the four it requires, then what its taps read.
    public static let mapKeys = ["outlet", "latitude", "longitude", "title", "markerTapSegue", "titleTapSegue", "infoView"]
    /// The keys of an object type's `request`.
    public static let requestKeys = ["url", "values", "results", "minimumLength"]
    /// The keys of one provider.
    public static let providerKeys = ["oauth1", "bearer", "headers"]
    /// The keys of `oauth1`.
    public static let oauth1Keys = ["consumerKey", "consumerSecret", "token", "tokenSecret"]
    /// The largest profile read: a profile is a page of settings.
    public static let maxBytes = 4 << 20

    /// The profile in the file at `path`; `file` names it in problems (default: `path`).
    public static func read(path: String, file: String? = nil, environment: [String: String]?) throws(HostProfileErrors) -> HostProfile {
        let name = file ?? path
        let unreadable = { (reason: String) in
            HostProfileErrors([HostProfileError(.unreadable, "cannot read the host profile: \(reason)", file: name, location: nil, pointer: nil,
                                                hint: "pass --profile a JSON file (Schemas/host-profile.schema.json)")])
        }
        let bytes: [UInt8]
        do throws(BoundedFile.Failure) {
            bytes = try BoundedFile.bytes(of: path, limit: maxBytes)
        } catch {
            switch error {
            case .cannotOpen: throw unreadable("no such file, or it cannot be opened")
            case .tooLarge(let limit): throw unreadable("larger than \(limit) bytes")
            case .readFailed(let reason): throw unreadable(reason)
            }
        }
        let document: JSONDocument
        do {
            document = try JSONParser.parse(bytes, fileName: name)
        } catch {
            throw HostProfileErrors([HostProfileError(.unreadable, error.message, file: name, location: error.location, pointer: nil,
                                                      hint: error.hint)])
        }
        return try read(document, file: name, environment: environment)
    }

    /// The profile in `document`; `file` names it in problems.
    public static func read(_ document: JSONDocument, file: String, environment: [String: String]?) throws(HostProfileErrors) -> HostProfile {
        var reader = Reader(read: StrictReader(file: file), environment: environment)
        var profile = reader.profile(document.root)
        if reader.read.hasProblems { throw HostProfileErrors(reader.read.problems) }
        profile.file = file
        return profile
    }

    private struct Reader {
        var read: StrictReader<HostProfileErrorCode>
        let environment: [String: String]?

        mutating func profile(_ root: JSONValue) -> HostProfile {
            var profile = HostProfile()
            guard let object = read.object(root, allowed: Set(HostProfileReader.keys), what: "the host profile") else { return profile }
            _ = read.string(object["$schema"])
            if let identifier = object["identifier"] { profile.identifier = self.identifier(identifier) }
            if let hosts = object["hosts"] { profile.hosts = self.hosts(hosts) }
            if let providers = object["providers"] { profile.providers = self.providers(providers) }
            if let actions = object["actions"] { profile.actions = self.actions(actions) }
            if let defaults = object["defaults"], let members = read.object(defaults, what: "defaults", expected: "an object of user defaults by key") {
                for member in members { profile.defaults[member.key] = member.value }
            }
            if let keyPaths = object["keyPaths"] { profile.keyPaths = self.keyPaths(keyPaths) }
            if let patches = object["patches"] { profile.patches = self.patches(patches) }
            if let identifiers = object["restorationIdentifiers"] { profile.restorationIdentifiers = restorationIdentifiers(identifiers) }
            if let types = object["objectTypes"] { profile.objectTypes = objectTypes(types) }
            return profile
        }

        // MARK: Sections

        private mutating func objectTypes(_ json: JSONValue) -> [String: HostProfile.ObjectTypeDeclaration] {
            guard let members = read.object(json, what: "objectTypes", expected: "an object of the host's controller classes by name") else { return [:] }
            var types: [String: HostProfile.ObjectTypeDeclaration] = [:]
            for member in members {
                guard let object = read.object(member.value, allowed: Set(HostProfileReader.objectTypeKeys), what: "objectTypes.\(member.key)"),
                      let base = read.required("base", of: object, in: member.value, what: "objectTypes.\(member.key)").flatMap({ read.string($0) }) else { continue }
                let attributes = object["attrs"].flatMap { read.strings($0) } ?? []
                let outlets = object["outlets"].flatMap { read.strings($0) } ?? []
                let request = object["request"].flatMap { self.request($0, of: member.key, attributes: attributes) }
                let map = object["map"].flatMap { self.map($0, of: member.key, attributes: attributes, outlets: outlets) }
                types[member.key] = HostProfile.ObjectTypeDeclaration(base: base, attributes: attributes, outlets: outlets, request: request, map: map)
            }
            return types
        }

        /// A provider class's request (FORMAT.md#profile.request): an http(s) URL whose every
        /// placeholder is the search text, one of the class's attributes, or one of `values`.
        private mutating func request(_ json: JSONValue, of type: String, attributes: [String]) -> ProviderRequest? {
            let what = "objectTypes.\(type).request"
            guard let object = read.object(json, allowed: Set(HostProfileReader.requestKeys), what: what),
                  let urlValue = read.required("url", of: object, in: json, what: what), let url = read.string(urlValue) else { return nil }
            var request = ProviderRequest(url: url)
            // Every name `values` gives, read or not: a value that could not be read is its own problem.
            var named: [String] = []
            if let values = object["values"], let members = read.object(values, what: what + ".values", expected: "an object of placeholder values by name") {
                for member in members {
                    named.append(member.key)
                    guard let value = secret(member.value) else { continue }
                    request.values[member.key] = value
                    if member.value.stringValue == nil { request.secrets.insert(member.key) }
                }
            }
            if let results = object["results"] { request.results = read.string(results) ?? "" }
            if let minimum = object["minimumLength"], let length = read.integer(minimum, expected: "a whole number of characters") {
                guard (0...10_000).contains(length) else {
                    read.report(.invalidValue, "\(what).minimumLength is \(length)", at: minimum, hint: "a number of characters from 0 to 10000")
                    return nil
                }
                request.minimumLength = Int(length)
            }
            var names = ["searchString"]
            for name in attributes + named where !names.contains(name) { names.append(name) }
            for name in ProviderRequest.placeholders(in: url) where !names.contains(name) {
                read.report(.invalidValue, "\(what).url has the placeholder {\(name)}, which is neither the search text, an attribute of \(type), nor one of values",
                            at: urlValue, hint: "use one of \(names.joined(separator: ", ")), or add \"\(name)\" to values")
            }
            let sample = ProviderRequest(url: url).url(with: Dictionary(uniqueKeysWithValues: ProviderRequest.placeholders(in: url).map { ($0, "x") }))
            if let components = URLComponents(string: sample), let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
               components.host?.isEmpty == false {
                return request
            }
            read.report(.invalidValue, "\(what).url is \"\(url)\", not an http(s) URL", at: urlValue,
                        hint: "a URL such as \"https://maps.googleapis.com/maps/api/place/nearbysearch/json?keyword={searchString}\"")
            return nil
        }

        /// A display controller class's map (FORMAT.md#profile.map): one of the class's own
        /// outlets, the key paths of a marker's coordinates and title, and, for its taps, the
        /// class's own attributes naming segues and its own outlet naming an info view.
        private mutating func map(_ json: JSONValue, of type: String, attributes: [String], outlets: [String]) -> MapDeclaration? {
            let what = "objectTypes.\(type).map"
            guard let object = read.object(json, allowed: Set(HostProfileReader.mapKeys), what: what) else { return nil }
            var parts: [String: String] = [:]
            for key in HostProfileReader.mapKeys {
                let required = ["outlet", "latitude", "longitude", "title"].contains(key)
                let given = required ? read.required(key, of: object, in: json, what: what) : object[key]
                guard let value = given, let text = read.string(value) else { continue }
                let own: (names: [String], noun: String, section: String)? = switch key {
                case "outlet", "infoView": (outlets, "outlets", "outlets")
                case "markerTapSegue", "titleTapSegue": (attributes, "attributes", "attrs")
                default: nil
                }
                guard !text.isEmpty else {
                    read.report(.invalidValue, "\(what).\(key) is empty", at: value,
                                hint: own.map { "one of the class's \($0.noun)" } ?? "a key path on each item, such as \"name\"")
                    continue
                }
                if let own, !own.names.contains(text) {
                    read.report(.invalidValue, "\(what).\(key) is \(text), which is not one of the \(own.noun) of \(type)", at: value,
                                hint: own.names.isEmpty ? "declare it in objectTypes.\(type).\(own.section)" : "one of \(own.names.joined(separator: ", "))")
                    continue
                }
                parts[key] = text
            }
            guard let outlet = parts["outlet"], let latitude = parts["latitude"], let longitude = parts["longitude"], let title = parts["title"] else { return nil }
            return MapDeclaration(outlet: outlet, latitude: latitude, longitude: longitude, title: title,
                                  markerTapSegue: parts["markerTapSegue"], titleTapSegue: parts["titleTapSegue"], infoView: parts["infoView"])
        }

        private mutating func restorationIdentifiers(_ json: JSONValue) -> [String: String] {
            guard let members = read.object(json, what: "restorationIdentifiers",
                                            expected: "an object of restoration identifiers by view controller class") else { return [:] }
            var identifiers: [String: String] = [:]
            for member in members {
                guard let identifier = read.string(member.value) else { continue }
                guard !identifier.isEmpty else {
                    read.report(.invalidValue, "restorationIdentifiers.\(member.key) is empty", at: member.value,
                                hint: "the name of the screen file the controller reads, such as \"TweetsViewController\" for TweetsViewController.json")
                    continue
                }
                identifiers[member.key] = identifier
            }
            return identifiers
        }

        private mutating func identifier(_ json: JSONValue) -> String? {
            guard let identifier = read.string(json) else { return nil }
            guard !identifier.isEmpty, !identifier.contains("$("), identifier.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" || $0 == "_" }) else {
                read.report(.invalidValue, "\"\(identifier)\" is not a bundle identifier", at: json,
                            hint: "a reverse-DNS name of letters, digits, '.', '-' and '_', such as mobi.favio.TwitterDemo")
                return nil
            }
            return identifier
        }

        private mutating func hosts(_ json: JSONValue) -> [HostRedirect] {
            guard let members = read.object(json, what: "hosts", expected: "an object of base URLs by host name") else { return [] }
            var redirects: [HostRedirect] = []
            for member in members {
                guard let base = read.string(member.value) else { continue }
                let host = member.key
                if host.isEmpty || host.contains("/") || host.contains(":") || host.contains(" ") {
                    let keyPlace = JSONValue(member.value.kind, location: member.keyLocation ?? member.value.location, pointer: member.value.pointer)
                    read.report(.invalidValue, "hosts key \"\(host)\" is not a host name", at: keyPlace,
                                hint: "name the host alone, as requests name it: \"api.twitter.com\", without scheme, port or path")
                    continue
                }
                guard let url = URLComponents(string: base), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
                      let target = url.host, !target.isEmpty, url.query == nil, url.fragment == nil, url.user == nil else {
                    read.report(.invalidValue, "hosts.\(host) is \"\(base)\", not an http(s) base URL", at: member.value,
                                hint: "a base URL such as \"http://127.0.0.1:8080\", without query or fragment")
                    continue
                }
                redirects.append(HostRedirect(host: host, baseURL: base.hasSuffix("/") ? String(base.dropLast()) : base))
            }
            return redirects.sorted { $0.host < $1.host }
        }

        private mutating func providers(_ json: JSONValue) -> [String: ProviderAuth] {
            guard let members = read.object(json, what: "providers", expected: "an object of providers by serviceProviderClassName") else { return [:] }
            var providers: [String: ProviderAuth] = [:]
            for member in members {
                guard let object = read.object(member.value, allowed: Set(HostProfileReader.providerKeys), what: "provider \(member.key)") else { continue }
                var auth = ProviderAuth()
                if let oauth1 = object["oauth1"], let keys = read.object(oauth1, allowed: Set(HostProfileReader.oauth1Keys), what: "oauth1") {
                    let consumerKey = read.required("consumerKey", of: keys, in: oauth1, what: "oauth1").flatMap { secret($0) }
                    let consumerSecret = read.required("consumerSecret", of: keys, in: oauth1, what: "oauth1").flatMap { secret($0) }
                    let token = keys["token"].flatMap { secret($0) }
                    let tokenSecret = keys["tokenSecret"].flatMap { secret($0) }
                    if (keys["token"] == nil) != (keys["tokenSecret"] == nil) {
                        read.report(.missingKey, "oauth1 has \(keys["token"] == nil ? "tokenSecret without token" : "token without tokenSecret")",
                                    at: oauth1, hint: "a user's token comes with its secret: give both, or neither to sign as the consumer alone")
                    }
                    if let consumerKey, let consumerSecret {
                        auth.oauth1 = ProviderAuth.OAuth1(consumerKey: consumerKey, consumerSecret: consumerSecret, token: token, tokenSecret: tokenSecret)
                    }
                }
                if let bearer = object["bearer"] { auth.bearer = secret(bearer) }
                if let headers = object["headers"], let fields = read.object(headers, what: "headers", expected: "an object of header values by name") {
                    for field in fields {
                        if let value = secret(field.value) { auth.headers.append((field.key, value)) }
                    }
                }
                if auth.oauth1 != nil, auth.bearer != nil {
                    read.report(.invalidValue, "provider \(member.key) has both oauth1 and bearer", at: member.value,
                                hint: "a request carries one Authorization header: keep one of them")
                }
                providers[member.key] = auth
            }
            return providers
        }

        /// A string, or `{"env": "NAME"}` read from the environment.
        private mutating func secret(_ json: JSONValue) -> String? {
            if json.stringValue != nil { return read.string(json) }
            guard case .object = json.kind else { return read.wrongType(json, expected: "a string or {\"env\": \"NAME\"}") }
            guard let object = read.object(json, allowed: ["env"], what: "the value", expected: "a string or {\"env\": \"NAME\"}"),
                  let nameValue = read.required("env", of: object, in: json, what: "the value"), let name = read.string(nameValue) else { return nil }
            guard let environment else { return "${\(name)}" }
            guard let value = environment[name] else {
                read.report(.missingEnvironment, "the environment has no variable \(name)", at: nameValue,
                            hint: "export \(name) before running, or write the value in the profile")
                return nil
            }
            return value
        }

        private mutating func actions(_ json: JSONValue) -> [String: [HostStep]] {
            guard let members = read.object(json, what: "actions", expected: "an object of host actions by name") else { return [:] }
            var actions: [String: [HostStep]] = [:]
            for member in members {
                let steps: [JSONValue]
                if case .array(let list) = member.value.kind {
                    steps = list
                } else if case .object = member.value.kind {
                    steps = [member.value]
                } else {
                    let _: Int? = read.wrongType(member.value, expected: "a step such as {\"perform\": \"currentUser\"}, or an array of steps")
                    continue
                }
                if steps.isEmpty {
                    read.report(.invalidValue, "host action \(member.key) has no steps", at: member.value,
                                hint: "give at least one step: " + HostStep.names.joined(separator: ", "))
                }
                actions[member.key] = steps.compactMap { step($0) }
            }
            return actions
        }

        private mutating func step(_ json: JSONValue) -> HostStep? {
            guard let object = read.object(json, allowed: Set(HostStep.names), what: "a step", expected: "a step: an object with one key, such as {\"signIn\": {}}") else { return nil }
            guard object.count == 1, let member = object.members.first else {
                read.report(.invalidValue, object.isEmpty ? "a step names no built-in" : "a step names \(object.count) built-ins", at: json,
                            hint: "one key per step; put several steps in an array, in order")
                return nil
            }
            let value = member.value
            switch member.key {
            case "signIn", "oauth1SignIn", "scrollToTop", "dismiss":
                guard read.object(value, allowed: [], what: member.key, expected: "{} (\(member.key) takes no settings)") != nil else { return nil }
                let plain: [String: HostStep] = ["signIn": .signIn, "oauth1SignIn": .oauth1SignIn, "dismiss": .dismiss, "scrollToTop": .scrollToTop]
                return plain[member.key]
            case "signOut":
                guard let settings = read.object(value, allowed: ["clearing"], what: "signOut") else { return nil }
                return .signOut(clearing: settings["clearing"].flatMap { read.strings($0, expected: "an array of entity names") } ?? [])
            case "postNotification":
                return read.string(value).map(HostStep.postNotification)
            case "perform":
                return read.string(value).map(HostStep.perform)
            case "setDefault":
                guard let settings = read.object(value, allowed: ["key", "value", "expression"], what: "setDefault"),
                      let keyValue = read.required("key", of: settings, in: value, what: "setDefault"), let key = read.string(keyValue) else { return nil }
                switch (settings["value"], settings["expression"]) {
                case (let literal?, nil):
                    return .setDefault(key: key, value: .json(literal))
                case (nil, let expression?):
                    guard let text = read.string(expression) else { return nil }
                    return .setDefault(key: key, value: .expression(text))
                default:
                    read.report(.invalidValue, "setDefault needs one of \"value\" and \"expression\"", at: value,
                                hint: "\"value\": true sets a constant; \"expression\": \"sender.isOn\" takes it from the call")
                    return nil
                }
            case "updateObjects":
                guard let settings = read.object(value, allowed: ["entity", "predicate", "values"], what: "updateObjects"),
                      let entityValue = read.required("entity", of: settings, in: value, what: "updateObjects"), let entity = read.string(entityValue),
                      let valuesJSON = read.required("values", of: settings, in: value, what: "updateObjects"),
                      let values = read.object(valuesJSON, what: "values", expected: "an object of attribute values") else { return nil }
                let predicate = settings["predicate"].flatMap { read.string($0) }
                return .updateObjects(entity: entity, predicate: predicate, values: values)
            default:
                return nil
            }
        }

        private mutating func keyPaths(_ json: JSONValue) -> [String: [String: String]] {
            guard let entities = read.object(json, what: "keyPaths", expected: "an object of computed keys by entity") else { return [:] }
            var result: [String: [String: String]] = [:]
            for entity in entities {
                guard let keys = read.object(entity.value, what: "keyPaths.\(entity.key)", expected: "an object of expressions by key") else { continue }
                var computed: [String: String] = [:]
                for key in keys {
                    if let expression = read.string(key.value) { computed[key.key] = expression }
                }
                result[entity.key] = computed
            }
            return result
        }

        private mutating func patches(_ json: JSONValue) -> [String: JSONValue] {
            guard let files = read.object(json, what: "patches", expected: "an object of JSON Merge Patches by bundle file") else { return [:] }
            var result: [String: JSONValue] = [:]
            for file in files {
                guard file.key.hasSuffix(".json"), !file.key.hasPrefix("/"), !file.key.split(separator: "/").contains("..") else {
                    let keyPlace = JSONValue(file.value.kind, location: file.keyLocation ?? file.value.location, pointer: file.value.pointer)
                    read.report(.invalidValue, "patches key \"\(file.key)\" is not a JSON file of the bundle", at: keyPlace,
                                hint: "name a .json file by its path in the bundle, such as \"Service.json\"")
                    continue
                }
                guard read.object(file.value, what: "patches.\(file.key)", expected: "an object (a JSON Merge Patch)") != nil else { continue }
                result[file.key] = file.value
            }
            return result
        }
    }
}
