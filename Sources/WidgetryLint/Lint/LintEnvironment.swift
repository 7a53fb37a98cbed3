import Foundation
import WidgetryExpressions
import WidgetryRuntime
import WidgetryService
import WidgetryStore

/// A runtime environment in which screens can be loaded to be checked: the bundle's model in an
/// empty store, its stub (or other) service file, its transformers, on a clock that never runs.
/// Loading a screen here runs exactly the checks the runtime makes when it shows the screen.
enum LintEnvironment {
    static func make(_ context: LintContext) -> WidgetEnvironment {
        let configuration = context.services.first?.configuration ?? ServiceConfiguration(file: "(none)")
        var transformers = BindingTransformerRegistry()
        for service in context.services {
            if let definitions = service.configuration.options.transformers { try? transformers.registerDateTransformers(from: definitions) }
        }
        let now = Date(timeIntervalSince1970: 0)
        let transformerContext = TransformerContext(now: now)
        let timeline = Timeline(clock: .virtual, start: now)
        let store = context.model.map { ObjectStore(model: $0) }
        let engine = ActionEngine(configuration: configuration, backend: .stub(StubResponder(configuration: configuration)), timeline: timeline,
                                  store: store, importer: JSONImporter(transformers: transformers, transformerContext: transformerContext),
                                  options: .init(widgetIdentifier: context.bundle.manifest.identifier))
        let jsonFiles = Dictionary(context.bundle.otherJSONFiles.map { ($0.path, $0.root) }, uniquingKeysWith: { first, _ in first })
        return WidgetEnvironment(store: store, engine: engine, transformers: transformers, transformerContext: transformerContext,
                                 evaluation: EvaluationContext(now: now), jsonFiles: jsonFiles)
    }
}
