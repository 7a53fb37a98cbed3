public import WidgetryJSON

/// What a host app supplied in code, declared: the identifier, where requests for a host go,
/// how each service provider class signs its requests, the host's own actions, the user
/// defaults it registered, computed keys of entities, and fixes to bundle files it does not own.
/// Read from JSON by ``HostProfileReader`` (`Schemas/host-profile.schema.json`), or built in code
/// by a host that embeds the runtime.
public struct HostProfile: Sendable {
    /// The file the profile was read from, as findings name it; nil for a profile built in code.
    public var file: String?
    /// The identifier the widget runs as, for manifests that do not resolve one.
    public var identifier: String?
    /// Requests for a host go to another base URL instead: `api.twitter.com` →
    /// `http://127.0.0.1:8080`, so a bundle runs against a local stand-in without edits.
    public var hosts: [HostRedirect]
    /// How each `serviceProviderClassName` the bundle names signs its requests, by class name.
    public var providers: [String: ProviderAuth]
    /// The host's own actions by the name the bundle calls them (`login`, `newsTap:`), each a
    /// sequence of built-in steps.
    public var actions: [String: [HostStep]]
    /// User defaults registered before the run (`showAvatars: true`), as JSON.
    public var defaults: [String: JSONValue]
    /// Computed keys per entity: entity → key → expression over the object (`timeAgo(timestamp)`).
    public var keyPaths: [String: [String: String]]
    /// JSON Merge Patches (RFC 7386) applied to bundle files when they are read, by the file's
    /// path in the bundle: a fix to a bundle one does not own.
    public var patches: [String: JSONValue]
    /// The restoration identifiers the host sets in code on view controllers that have none in
    /// the storyboard, by controller class: each joins its scene with that screen file
    /// (FORMAT.md#graffiti.host-setup).
    public var restorationIdentifiers: [String: String] = [:]
    /// The host's own mediating controller classes, by class name (FORMAT.md#graffiti.host-types).
    public var objectTypes: [String: ObjectTypeDeclaration] = [:]

    /// A mediating controller class of the host: the format's type it extends, and the
    /// attributes and outlets of its own, which the host's code reads.
    public struct ObjectTypeDeclaration: Sendable, Equatable {
        public var base: String
        public var attributes: [String]
        public var outlets: [String]
        /// For a content provider class, the request it sends for its items.
        public var request: ProviderRequest?
        /// For a display controller class, the map of markers it draws.
        public var map: MapDeclaration?

        public init(base: String, attributes: [String] = [], outlets: [String] = [], request: ProviderRequest? = nil, map: MapDeclaration? = nil) {
            self.base = base
            self.attributes = attributes
            self.outlets = outlets
            self.request = request
            self.map = map
        }
    }

    public init(file: String? = nil, identifier: String? = nil, hosts: [HostRedirect] = [], providers: [String: ProviderAuth] = [:],
                actions: [String: [HostStep]] = [:], defaults: [String: JSONValue] = [:], keyPaths: [String: [String: String]] = [:],
                patches: [String: JSONValue] = [:]) {
        self.file = file
        self.identifier = identifier
        self.hosts = hosts
        self.providers = providers
        self.actions = actions
        self.defaults = defaults
        self.keyPaths = keyPaths
        self.patches = patches
    }

    /// Whether the profile declares nothing.
    public var isEmpty: Bool {
        identifier == nil && hosts.isEmpty && providers.isEmpty && actions.isEmpty && defaults.isEmpty && keyPaths.isEmpty && patches.isEmpty
            && restorationIdentifiers.isEmpty && objectTypes.isEmpty
    }

    /// One line per part the profile declares, for `inspect` and the snapshot's header; patches
    /// are listed by file, since they change what the bundle says.
    public var summaryLines: [String] {
        var lines: [String] = []
        if let identifier { lines.append("identifier \(identifier)") }
        for redirect in hosts { lines.append("host \(redirect.host) -> \(redirect.baseURL)") }
        for name in providers.keys.sorted() { lines.append("provider \(name): \(providers[name]!.kind)") }
        if !actions.isEmpty { lines.append("actions " + actions.keys.sorted().joined(separator: ", ")) }
        if !defaults.isEmpty { lines.append("defaults " + defaults.keys.sorted().joined(separator: ", ")) }
        for entity in keyPaths.keys.sorted() {
            lines.append("keyPaths \(entity): " + keyPaths[entity]!.keys.sorted().joined(separator: ", "))
        }
        for file in patches.keys.sorted() { lines.append("patch \(file)") }
        for name in objectTypes.keys.sorted() { lines.append("objectType \(name): \(objectTypes[name]!.base)") }
        for name in restorationIdentifiers.keys.sorted() { lines.append("restorationIdentifier \(name): \(restorationIdentifiers[name]!)") }
        return lines
    }
}

/// Requests for `host` go to `baseURL` instead: its scheme, host and port replace the request's,
/// and its path, if any, is put before the request's path.
public struct HostRedirect: Sendable, Equatable {
    /// A host name as requests name it (`api.twitter.com`), lower case.
    public var host: String
    /// An `http(s)://host[:port][/path]` URL without a query.
    public var baseURL: String

    public init(host: String, baseURL: String) {
        self.host = host.lowercased()
        self.baseURL = baseURL
    }
}
