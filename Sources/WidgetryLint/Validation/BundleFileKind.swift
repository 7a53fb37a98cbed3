public import WidgetryBundle
public import WidgetryJSON

/// What a JSON file of a bundle is, by its place and name, as the loader reads bundles: the
/// manifest, a screen, a service file, the stub service, the model or a scenario.
///
/// Each kind names the schema its files follow. To check a new kind of file, add a case here,
/// its schema file in `Schemas/` (then run `scripts/embed-schemas`), and its rule in
/// ``BundleFileKind/classify(path:root:)``.
public enum BundleFileKind: Sendable, Hashable, CustomStringConvertible {
    /// `Info.json`.
    case manifest
    /// `X.json` at the top level whose root object has the key `X`.
    case screen(name: String)
    /// `Service.json`.
    case service
    /// `Service.dev.json`.
    case developmentService
    /// `StubService.json`.
    case stubService
    /// `Model.json`.
    case model
    /// `Tests/NAME.scenario.json`.
    case scenario
    /// `.widgetry.json`: how `widgetry lint` treats the bundle.
    case lintConfiguration

    /// The bundled schema file that files of this kind follow.
    public var schemaFile: String? {
        switch self {
        case .manifest: "manifest.schema.json"
        case .screen: "screen.schema.json"
        case .service, .developmentService: "service.schema.json"
        case .stubService: "stub-service.schema.json"
        case .model: "model.schema.json"
        case .scenario: "scenario.schema.json"
        case .lintConfiguration: "lint-config.schema.json"
        }
    }

    /// The bundled schema file that files of this kind follow in a bundle of `dialect`: a
    /// Graffiti screen follows `graffiti-screen.schema.json` (FORMAT.md#graffiti).
    public func schemaFile(in dialect: Dialect) -> String? {
        if case .screen = self, dialect == .graffiti { return "graffiti-screen.schema.json" }
        return schemaFile
    }

    /// The names `widgetry validate --kind` takes, each with the kind it means; a screen's name
    /// is read from its file.
    public static let argumentNames = ["manifest", "screen", "service", "stub-service", "model", "scenario", "lint-config"]

    /// The kind `--kind name` means, for a file whose root is `root` (a screen is named by its
    /// root's single key); nil for an unknown name.
    public static func named(_ name: String, root: JSONValue?) -> BundleFileKind? {
        switch name {
        case "manifest": .manifest
        case "screen": .screen(name: root?.objectValue?.first(where: { !$0.key.hasPrefix("$") })?.key ?? "")
        case "service": .service
        case "stub-service": .stubService
        case "model": .model
        case "scenario": .scenario
        case "lint-config": .lintConfiguration
        default: nil
        }
    }

    public var description: String {
        switch self {
        case .manifest: "manifest"
        case .screen(let name): "screen \(name)"
        case .service: "service"
        case .developmentService: "development service"
        case .stubService: "stub service"
        case .model: "model"
        case .scenario: "scenario"
        case .lintConfiguration: "lint configuration"
        }
    }

    /// The kind of the JSON file at `path` (relative to the bundle root, `/`-separated) whose
    /// parsed root is `root`; nil for a JSON file no schema covers (another resource). `root` is
    /// nil when the file did not parse, so a screen cannot be told from another file.
    public static func classify(path: String, root: JSONValue?) -> BundleFileKind? {
        classify(path: path) { name in root?.objectValue?[name] != nil }
    }

    /// ``classify(path:root:)`` for a file read as a ``JSONTape`` (nil when it did not parse).
    public static func classify(path: String, tape: JSONTape?) -> BundleFileKind? {
        classify(path: path) { name in tape.flatMap { $0.member(name, of: $0.root) } != nil }
    }

    /// The kind of the file at `path`; `rootHasMember` says whether its root object has a member
    /// of the given name (false when it is not an object or did not parse).
    private static func classify(path: String, rootHasMember: (String) -> Bool) -> BundleFileKind? {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        if parts.count == 2, parts[0] == BundleFileName.testsFolder, parts[1].hasSuffix(BundleFileName.scenarioSuffix) {
            return .scenario
        }
        guard parts.count == 1, path.hasSuffix(".json") else { return nil }
        switch path {
        case BundleFileName.jsonManifest: return .manifest
        case BundleFileName.service: return .service
        case BundleFileName.developmentService: return .developmentService
        case BundleFileName.stubService: return .stubService
        case BundleFileName.model: return .model
        case BundleFileName.lintConfiguration: return .lintConfiguration
        default:
            let name = String(path.dropLast(".json".count))
            return rootHasMember(name) ? .screen(name: name) : nil
        }
    }

    /// Whether a file at `path` (relative to the bundle root) may be of a known kind, before it
    /// is read: top-level JSON files and scenarios.
    public static func isCandidate(_ path: String) -> Bool {
        if !path.utf8.contains(UInt8(ascii: "/")) { return path.hasSuffix(".json") }
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        if parts.count == 2 { return parts[0] == BundleFileName.testsFolder && parts[1].hasSuffix(BundleFileName.scenarioSuffix) }
        return parts.count == 1 && path.hasSuffix(".json")
    }
}
