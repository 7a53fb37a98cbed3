public import WidgetryExpressions
public import WidgetryJSON
public import WidgetryService
public import WidgetryStore
public import WidgetryScreen

/// Handlers the host registers by action name. A handler replaces the network action of the
/// same name; without one, the service file's action runs (as upstream). Names, not selectors:
/// nothing is dispatched dynamically.
public final class HostHandlers {
    private var handlers: [String: (HostCall) -> Void] = [:]

    public init() {}

    public func register(_ action: String, _ handler: @escaping (HostCall) -> Void) {
        handlers[action] = handler
    }

    func handler(for action: String) -> ((HostCall) -> Void)? {
        handlers[action]
    }

    /// The actions registered.
    var actionNames: Set<String> { Set(handlers.keys) }
}

/// What a screen needs from the widget running it: the store, the action engine and its clock,
/// the transformers, and the evaluation context (the run's `now`).
public struct WidgetEnvironment {
    public let store: ObjectStore?
    public let engine: ActionEngine
    public var timeline: Timeline { engine.timeline }
    public let transformers: BindingTransformerRegistry
    public let transformerContext: TransformerContext
    public let evaluation: EvaluationContext
    /// The bundle's other JSON files by path (what `JSONFileDataProvider` reads).
    public let jsonFiles: [String: JSONValue]
    public let hostHandlers: HostHandlers
    /// The user defaults every screen and cell reads as `defaults`.
    public let defaults: WidgetDefaults
    /// Records which way bindings went, when coverage is wanted.
    public let coverage: CoverageRecorder?
    /// View classes of the host's own, each shown as the element kind it behaves like
    /// (`"TweetTextView": .textView`).
    public let elementTypes: [String: ElementKind]
    /// How many times one render may evaluate a screen's bindings while they keep changing
    /// elements they read (at least 1).
    public let maxRenderPasses: Int
    /// The largest file a media picker reads.
    public let maxPickedFileBytes: Int
    /// Service provider classes the host supplies (a host profile's `providers`).
    public let serviceProviders: Set<String>
    /// What the host's own classes do: their requests for items, their maps.
    public let hostObjects: HostObjectBehaviours

    public init(store: ObjectStore?, engine: ActionEngine, transformers: BindingTransformerRegistry, transformerContext: TransformerContext,
                evaluation: EvaluationContext, jsonFiles: [String: JSONValue] = [:], hostHandlers: HostHandlers = HostHandlers(),
                defaults: WidgetDefaults = WidgetDefaults(), coverage: CoverageRecorder? = nil, elementTypes: [String: ElementKind] = [:],
                maxRenderPasses: Int = WidgetRun.Options.defaultMaxRenderPasses, maxPickedFileBytes: Int = WidgetRun.Options.defaultMaxPickedFileBytes,
                serviceProviders: Set<String> = [], hostObjects: HostObjectBehaviours = HostObjectBehaviours()) {
        self.serviceProviders = serviceProviders
        self.hostObjects = hostObjects
        self.maxRenderPasses = max(maxRenderPasses, 1)
        self.maxPickedFileBytes = maxPickedFileBytes
        self.coverage = coverage
        self.elementTypes = elementTypes
        self.jsonFiles = jsonFiles
        self.defaults = defaults
        self.hostHandlers = hostHandlers
        self.store = store
        self.engine = engine
        self.transformers = transformers
        self.transformerContext = transformerContext
        self.evaluation = evaluation
    }
}

extension WidgetEnvironment {
    /// What screens of this widget compile against: the host's view classes, the store's model,
    /// the transformers and the bundle's JSON files.
    public var compilation: ScreenCompiler.Context {
        ScreenCompiler.Context(elementTypes: elementTypes, model: store?.model, transformers: transformers, jsonFiles: Set(jsonFiles.keys),
                               serviceProviders: serviceProviders)
    }

    /// The element kind a view's `type` names: a UIKit or framework class Widgetry knows, or a
    /// class the host registered.
    public func elementKind(named name: String) -> ElementKind? {
        ElementKind(typeName: name, hostTypes: elementTypes)
    }
}
