public import WidgetryBundle
import WidgetryJSON
public import WidgetryExpressions
public import WidgetryService
public import WidgetryServiceConfiguration
public import WidgetryStore
import WidgetryModel

/// A widget's data and network side, set up from its bundle: the model and store, the service
/// file the options choose, its transformers, and the action engine on the run's timeline.
/// ``WidgetRun`` shows screens on top of it; `widgetry call` uses it alone.
public struct WidgetServices {
    public let store: ObjectStore?
    public let configuration: ServiceConfiguration
    public let transformers: BindingTransformerRegistry
    public let transformerContext: TransformerContext
    public let timeline: Timeline
    public let engine: ActionEngine
    /// The network client, for dev and prod; close it with ``shutdown()``.
    public let transport: HTTPTransport?
    /// What the real service answered, when the options ask to record stubs.
    public let recorder: RecordingTransport?

    /// Reads everything the options name; every problem is thrown with its place.
    public init(bundle: WidgetBundle, options: WidgetRun.Options) throws(WidgetRunError) {
        guard TransformerContext.supports(options.locale) else { throw .unsupportedLocale(options.locale.identifier) }
        var model: EntityModel?
        if let source = bundle.model {
            do throws(ModelErrors) { model = try BundleModel.load(source, bundleRoot: bundle.rootPath, xmlLimits: options.xmlLimits) } catch { throw .model(error) }
        }
        if let model, let file = options.storeFile {
            do throws(StoreError) { store = try ObjectStore(model: model, filePath: file) } catch { throw .store(error) }
        } else {
            store = model.map { ObjectStore(model: $0) }
        }
        if let store, !options.profile.keyPaths.isEmpty {
            do throws(ComputedKeys.Failure) {
                store.setComputedKeys(try ComputedKeys(options.profile.keyPaths, model: store.model, context: EvaluationContext(now: options.now)))
            } catch {
                throw .profile(error.description, file: options.profile.file)
            }
        }
        func file(_ source: BundleFile?) -> ServiceFiles.File? { source.map { ($0.path, $0.document) } }
        var stub = file(bundle.stubService)
        if let patch = options.stubPatch, let original = stub {
            stub = (original.0, JSONDocument(root: original.1.root.merging(patch), source: original.1.source))
        }
        do throws(ServiceConfigurationErrors) {
            if bundle.dialect.dialect == .graffiti, bundle.service == nil, bundle.developmentService == nil, stub == nil {
                // Graffiti's networking file is optional (GoogleMapsDemo has none): no service actions (FORMAT.md#graffiti.no-service).
                let none = JSONDocument(root: JSONValue(.object(JSONObject())), source: SourceText(fileName: ServiceFiles.prodFileName, bytes: Array("{}".utf8)))
                configuration = try ServiceConfigurationReader.read(none, file: ServiceFiles.prodFileName,
                                                                    kind: options.service == .stub ? .stub : .service)
            } else {
                configuration = try ServiceFiles.read(options.service, prod: file(bundle.service), dev: file(bundle.developmentService),
                                                      stub: stub)
            }
        } catch {
            throw .service(error)
        }
        var transformers: BindingTransformerRegistry
        do throws(ServiceConfigurationErrors) { transformers = try configuration.transformers() } catch { throw .service(error) }
        for (name, transformer) in options.transformers { transformers.register(name: name, transformer) }
        self.transformers = transformers
        transformerContext = TransformerContext(now: options.now, timeZone: options.timeZone, locale: options.locale)
        timeline = Timeline(clock: options.clock, start: options.now)
        let credentials = options.credentials ?? options.profile.credentials(for: bundle)
        let backend: ActionEngine.Backend
        // A real service rejects a repeated nonce and a stale timestamp; a stub checks neither,
        // and seeded nonces on the run's clock keep what stub runs print the same every time.
        let nonces: NonceSource
        if options.service == .stub {
            backend = .stub(StubResponder(configuration: configuration))
            transport = nil
            recorder = nil
            nonces = .seeded(0)
        } else {
            let http = HTTPTransport(options: options.transport)
            transport = http
            recorder = options.recordsStubs ? RecordingTransport(base: http, secrets: SecretValues(credentials: credentials)) : nil
            backend = .network(recorder ?? http)
            nonces = .system
        }
        engine = ActionEngine(configuration: configuration, backend: backend, timeline: timeline, store: store,
                              importer: JSONImporter(transformers: transformers, transformerContext: transformerContext),
                              options: .init(widgetIdentifier: bundle.manifest.identifier, credentials: credentials,
                                             uploadFiles: { [root = bundle.rootPath] path in try ConfinedPath(path, in: root).resolved() },
                                             hostRedirects: options.profile.redirects, nonces: nonces))
    }

    /// Closes the network client, if any, from synchronous code (a run whose setup failed).
    public func shutdownNow() {
        transport?.shutdownNow()
    }

    /// Closes the network client, if any.
    public func shutdown() async {
        try? await transport?.shutdown()
    }
}
