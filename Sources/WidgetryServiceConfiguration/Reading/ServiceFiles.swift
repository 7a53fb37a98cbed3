public import WidgetryJSON

/// The service file a run reads for a ``ServiceSelection``, chosen as upstream chooses it
/// (FORMAT.md#service.files): `prod` reads `Service.json`, `dev` reads `Service.dev.json` and falls
/// back to `Service.json` when the bundle has none, `stub` reads `StubService.json`.
///
/// The files come in as parsed documents, so this works for any source of bundles; a file the
/// selection needs and the bundle lacks is a `service.missing-file` error rather than upstream's
/// printed message and silently dropped actions.
public enum ServiceFiles {
    public static let prodFileName = "Service.json"
    public static let devFileName = "Service.dev.json"
    public static let stubFileName = "StubService.json"

    /// A service file of the bundle: its bundle-relative path and parsed contents.
    public typealias File = (path: String, document: JSONDocument)

    /// The file chosen for a selection and how to read it.
    public struct Choice: Sendable {
        public var path: String
        public var document: JSONDocument
        public var kind: ServiceFileKind
    }

    /// The file `selection` reads, from the bundle's `Service.json` (`prod`), `Service.dev.json`
    /// (`dev`) and `StubService.json` (`stub`), each nil when the bundle has none.
    public static func choose(_ selection: ServiceSelection, prod: File?, dev: File?, stub: File?) throws(ServiceConfigurationErrors) -> Choice {
        switch selection {
        case .prod:
            if let prod { return Choice(path: prod.path, document: prod.document, kind: .service) }
            throw missing(prodFileName, message: "the bundle has no \(prodFileName)", stubExists: stub != nil)
        case .dev:
            if let file = dev ?? prod { return Choice(path: file.path, document: file.document, kind: .service) }
            throw missing(devFileName, message: "the bundle has neither \(devFileName) nor \(prodFileName)", stubExists: stub != nil)
        case .stub:
            if let stub { return Choice(path: stub.path, document: stub.document, kind: .stub) }
            throw ServiceConfigurationErrors([
                ServiceConfigurationError(.missingFile, "the bundle has no \(stubFileName)", file: stubFileName,
                                          hint: "add \(stubFileName) with canned responses, or run with --service prod"),
            ])
        }
    }

    /// The configuration `selection` runs with: the chosen file, read as a service or stub file.
    public static func read(_ selection: ServiceSelection, prod: File?, dev: File?, stub: File?) throws(ServiceConfigurationErrors) -> ServiceConfiguration {
        let choice = try choose(selection, prod: prod, dev: dev, stub: stub)
        return try ServiceConfigurationReader.read(choice.document, file: choice.path, kind: choice.kind)
    }

    private static func missing(_ file: String, message: String, stubExists: Bool) -> ServiceConfigurationErrors {
        ServiceConfigurationErrors([
            ServiceConfigurationError(.missingFile, message, file: file,
                                      hint: "add \(prodFileName)" + (stubExists ? ", or run with --service stub to answer from \(stubFileName)" : "")),
        ])
    }
}
