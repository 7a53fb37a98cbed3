import Foundation
import Testing
import WidgetryExpressions
import WidgetryJSON
import WidgetryRuntime
import WidgetryScreen
import WidgetryService
import WidgetryServiceConfiguration
import WidgetryStore
import WidgetryModel

/// The upstream crash points of §8 this layer owns, each a typed, located error instead.
struct CrashPointTests {
    let model: EntityModel

    init() throws {
        model = try ModelJSONReader.read(JSONParser.parse(#"""
            {"entities": {"Item": {"attributes": {"name": {"type": "String", "optional": true}}}}}
            """#), file: "Model.json")
    }

    /// Loads a screen `S` whose `objects`, `elements` and `views` are given; returns its errors.
    private func errors(objects: String = "{}", elements: String = "{}", views: String = #"{"type": "UIView"}"#) -> [ScreenError] {
        let text = #"{"S": {"objects": \#(objects), "elements": \#(elements), "views": \#(views)}}"#
        let store = ObjectStore(model: model)
        let timeline = Timeline()
        let engine = ActionEngine(configuration: ServiceConfiguration(file: "StubService.json"), backend: .stub(StubResponder(configuration: ServiceConfiguration(file: "StubService.json"))),
                                  timeline: timeline, store: store, importer: JSONImporter(transformerContext: TransformerContext(now: Date())),
                                  options: .init(widgetIdentifier: "w"))
        let environment = WidgetEnvironment(store: store, engine: engine, transformers: BindingTransformerRegistry(),
                                            transformerContext: TransformerContext(now: Date()), evaluation: EvaluationContext())
        do {
            let document = try ScreenReader.read(JSONParser.parse(text, fileName: "S.json"), screen: "S", file: "S.json")
            _ = try ScreenRun(document: document, environment: environment)
            return []
        } catch let error as ScreenErrors {
            return error.errors
        } catch {
            Issue.record("\(error)")
            return []
        }
    }

    @Test func unknownObjectKeysTypesAttributesAndOutlets() {
        #expect(errors(objects: #"{"p": {"type": "ManagedObjectsProvider", "attrs": {"entityName": "Item"}, "bindings": []}}"#).map(\.code) == [.unknownKey])
        #expect(errors(objects: #"{"p": {"type": "NoSuchController"}}"#).map(\.code) == [.unknownType])
        #expect(errors(objects: #"{"p": {"type": "ManagedObjectsProvider", "attrs": {"entityName": "Item", "sortBy": "name"}}}"#).map(\.code) == [.unknownAttribute])
        #expect(errors(objects: #"{"p": {"type": "ManagedObjectsProvider", "attrs": {"entityName": "Item", "resultChainArgs": [1, 2]}}}"#).map(\.code) == [.invalidValue])
        #expect(errors(objects: #"{"d": {"type": "ContentDisplayController", "outlets": {"provider": "x"}}}"#).map(\.code) == [.unknownOutlet])
        let mistyped = errors(objects: #"{"s": {"type": "ActionStatusController"}, "d": {"type": "ContentDisplayController", "outlets": {"mainContentProvider": "s"}}}"#)
        #expect(mistyped.map(\.code) == [.outletKind])
        #expect(mistyped.first?.message.contains("a content provider") == true)
    }

    /// Upstream skipped an outlet that names nothing; the screen loads, and the run lists a
    /// located warning among its problems, with the nearest name as a hint.
    @Test func anOutletToNothingIsAWarningTheRunKeeps() throws {
        let text = #"{"S": {"objects": {"provider": {"type": "ManagedObjectsProvider", "attrs": {"entityName": "Item"}}, "d": {"type": "ContentDisplayController", "outlets": {"mainContentProvider": "providr"}}}, "views": {"type": "UIView"}}}"#
        let document = try ScreenReader.read(JSONParser.parse(text, fileName: "S.json"), screen: "S", file: "S.json")
        let (errors, warnings) = ScreenCompiler.check(document, in: ScreenCompiler.Context(model: model))
        #expect(errors.isEmpty)
        #expect(warnings.map(\.code) == [.unresolvedOutlet])
        #expect(warnings.first?.location?.line == 1)
        #expect(warnings.first?.pointer?.description == "/S/objects/d/outlets/mainContentProvider")
        #expect(warnings.first?.hint == "did you mean \"provider\"?")
        let compiled = try ScreenCompiler.compile(document, in: ScreenCompiler.Context(model: model))
        #expect(compiled.warnings == warnings)
    }

    @Test func resultChainsAreCheckedWhenLoaded() {
        let mismatch = errors(objects: #"{"p": {"type": "ManagedObjectsProvider", "attrs": {"entityName": "Item", "resultChain": ["wx_first", "wx_count"], "resultChainArgs": [""]}}}"#)
        #expect(mismatch.map(\.code) == [.invalidValue])
        #expect(mismatch.first?.message.contains("resultChainArgs has 1 entries for 2 functions") == true)
        let unknown = errors(objects: #"{"p": {"type": "ManagedObjectsProvider", "attrs": {"entityName": "Item", "resultChain": ["wx_nope"]}}}"#)
        #expect(unknown.map(\.code) == [.invalidValue])
        #expect(unknown.first?.message.contains("wx_nope") == true)
    }

    @Test func aJSONFileProviderNeedsAFileOfTheBundle() {
        #expect(errors(objects: #"{"p": {"type": "JSONFileDataProvider"}}"#).map(\.code) == [.missingKey])
        #expect(errors(objects: #"{"p": {"type": "JSONFileDataProvider", "attrs": {"fileName": "absent"}}}"#).map(\.code) == [.invalidValue])
    }

    @Test func providersNeedAKnownEntityAndParsingPredicates() {
        #expect(errors(objects: #"{"p": {"type": "ManagedObjectsProvider"}}"#).map(\.code) == [.missingKey])
        #expect(errors(objects: #"{"p": {"type": "ManagedObjectsProvider", "attrs": {"entityName": "Nope"}}}"#).map(\.code) == [.invalidValue])
        let predicate = errors(objects: #"{"p": {"type": "ManagedObjectsProvider", "attrs": {"entityName": "Item", "predicateFormat": "name ==="}}}"#)
        #expect(predicate.map(\.code) == [.invalidValue])
        #expect(predicate.first?.pointer?.description == "/S/objects/p/attrs/predicateFormat")
    }

    @Test func aTableControllerNeedsItsTableAndAFormItsFields() {
        #expect(errors(objects: #"{"t": {"type": "TableDisplayController"}}"#).map(\.code) == [.missingKey])
        let form = errors(objects: #"{"a": {"type": "ButtonActionController", "outlets": {"form": "form"}}}"#,
                          views: #"{"type": "UIView", "children": [{"id": "form", "type": "FormDisplayView"}]}"#)
        #expect(form.map(\.code) == [.missingKey])
        #expect(form.first?.message.contains("mandatoryFields") == true)
    }

    @Test func elementsEntriesMustNameSomethingAndBindEachTargetOnce() {
        #expect(errors(elements: #"{"ghost": {"attrs": {"hidden": true}}}"#).map(\.code) == [.unknownElement])
        let views = #"{"type": "UIView", "children": [{"id": "label", "type": "UILabel"}]}"#
        #expect(errors(elements: #"{"label": {"attrs": {"colour": 1}}}"#, views: views).map(\.code) == [.unknownAttribute])
        #expect(errors(elements: #"{"label": {"bindings": [{"from": "a"}, {"from": "b"}]}}"#, views: views).map(\.code) == [.binding])
        #expect(errors(elements: #"{"label": {"bindings": [{"from": "a", "transformer": "noSuch"}]}}"#, views: views).map(\.code) == [.binding])
        #expect(errors(elements: #"{"label": {"attrs": {"hidden": null}}}"#, views: views).map(\.code) == [.invalidValue], "nil into a scalar (§8.14)")
        #expect(errors(views: #"{"type": "UIView", "children": [{"id": "x", "type": "UIFancyView"}]}"#).map(\.code) == [.unknownType])
        #expect(errors(views: #"{"type": "UIView", "children": [{"id": "b", "type": "UIButton", "segue": "nope"}]}"#).map(\.code) == [.unknownSegue])
    }
}
