import WidgetryExpressions
import WidgetryJSON

/// What each controller needs to work, checked when the screen is compiled where upstream
/// crashed later (docs/FORMAT.md#differences.errors), and what the compiled screen records about
/// its bindings.
extension ScreenCompiler {
    mutating func checkRequirements(_ graph: ScreenGraph) {
        for declaration in [document.input, document.update].compactMap({ $0 }) {
            guard let model = context.model else {
                fail(.invalidValue, "the screen declares entity \(declaration.entity), but the bundle has no data model", at: declaration.place)
                continue
            }
            if model.entity(named: declaration.entity) == nil {
                fail(.invalidValue, "the screen declares entity \(declaration.entity), which the data model does not have", at: declaration.place,
                     hint: Suggestion.hint(for: declaration.entity, among: model.entities.map(\.name), noun: "entities"),
                     misspelt: declaration.entity, among: model.entities.map(\.name))
            }
        }
        for entry in document.objects {
            guard let object = graph.objectsByID[entry.id] else { continue }
            checkNeeds(of: object, entry: entry)
            for key in ["predicateFormat", "filterFormat"] {
                guard let format = object.attribute(key).stringValue else { continue }
                do {
                    _ = try Predicate(format: format, arguments: [])
                } catch {
                    fail(.invalidValue, "\(entry.id).\(key) does not parse: \(error)", at: entry.attributePlace(key), cause: DiagnosticCode(error.code.rawValue))
                }
            }
        }
        for entry in document.objects {
            guard let object = graph.objectsByID[entry.id], object.type.isActionController,
                  case .object(let form) = object.outlet("form"), let formID = (form as? Element)?.id else { continue }
            if graph.formFields[formID]?.mandatory.isEmpty ?? true {
                fail(.missingKey, "\(entry.id) sends form \(formID), which has no mandatoryFields", at: entry.place,
                     hint: "give \(formID) \"outlets\": {\"mandatoryFields\": [\"…\"]}")
            }
        }
    }

    /// A provider's entity or file, a display controller's rows outlet.
    private mutating func checkNeeds(of object: ScreenObject, entry: ObjectEntry) {
        switch object.type {
        case .managedObjectsProvider, .managedObjectsCollection:
            guard let entity = object.attribute("entityName").stringValue else {
                fail(.missingKey, "\(entry.id) needs an entityName", at: entry.place, hint: "name the entity it fetches, e.g. \"entityName\": \"Post\"")
                return
            }
            if let model = context.model, model.entity(named: entity) == nil {
                fail(.invalidValue, "\(entry.id) fetches \(entity), which the data model does not have", at: entry.attributePlace("entityName"),
                     hint: Suggestion.hint(for: entity, among: model.entities.map(\.name), noun: "entities"), misspelt: entity, among: model.entities.map(\.name))
            } else if context.model == nil {
                fail(.invalidValue, "\(entry.id) fetches \(entity), but the bundle has no data model", at: entry.attributePlace("entityName"))
            }
        case .jsonFileDataProvider:
            guard let name = object.attribute("fileName").stringValue else {
                fail(.missingKey, "\(entry.id) needs a fileName", at: entry.place, hint: "name a JSON file of the bundle without .json, e.g. \"fileName\": \"people\"")
                return
            }
            if !context.jsonFiles.contains("\(name).json") {
                let names = context.jsonFiles.sorted().map { String($0.dropLast(".json".count)) }
                fail(.invalidValue, "\(entry.id) reads \(name).json, which the bundle does not have", at: entry.attributePlace("fileName"),
                     hint: Suggestion.hint(for: name, among: names, noun: "JSON files (without .json)"), misspelt: name, among: names)
            }
        case _ where object.type.showsRows && object.outlet(object.type.rowsOutlet!).isNull:
            let outlet = object.type.rowsOutlet!
            fail(.missingKey, "\(entry.id) has no \(outlet) outlet", at: entry.place, hint: "point \"outlets\": {\"\(outlet)\": …} at it")
        default:
            break
        }
    }

    /// Whether any binding of the screen reads an element: a binding that may read anything
    /// does; otherwise one of its key paths (``CompiledBinding/readPaths``), walked through the
    /// screen's names, reaches an element, directly (`title.text`) or through an object's
    /// outlet (`postAction.sender.text`).
    static func bindingsReadElements(_ graph: ScreenGraph) -> Bool {
        graph.bindings.contains { _, compiled in
            compiled.contains { binding in binding.readPaths.map { $0.contains { reachesElement($0, in: graph.namespace) } } ?? true }
        }
    }

    private static func reachesElement(_ path: [String], in namespace: Namespace) -> Bool {
        var value = Value.object(namespace)
        for key in path {
            value = value.value(forKey: key)
            switch value {
            case .object(let object) where object is Element: return true
            case .object: continue
            case .array(let items): return items.contains { if case .object(let object) = $0 { object is Element } else { false } }
            default: return false
            }
        }
        return false
    }
}
