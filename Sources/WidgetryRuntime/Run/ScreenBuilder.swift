import WidgetryExpressions
import WidgetryJSON

/// Loads a screen into its run (FORMAT.md#screen.load-order, steps 1–8): the view tree, the names, the objects and their
/// attributes, the outlets, the element entries. Collects every problem with its place.
struct ScreenBuilder {
    let run: ScreenRun
    var errors: [ScreenError] = []
    /// Ids of elements that live in cell prototypes (not in the controller's namespace).
    private var cellElementIDs: Set<String> = []
    private var file: String { run.document.file }

    init(run: ScreenRun) {
        self.run = run
    }

    mutating func build() {
        buildViews()
        registerElements()
        createObjects()
        run.namespace.set("content", run.controller.content)
        run.namespace.set("defaults", .object(run.environment.defaults))
        applyObjectEntries()
        resolveOutlets()
        applyElementEntries()
        run.findWhetherBindingsReadElements()
        checkRequirements()
    }

    // MARK: Requirements

    /// What each controller needs to work, checked at load time where upstream crashed later
    /// (FORMAT.md#differences.errors).
    private mutating func checkRequirements() {
        for declaration in [run.document.input, run.document.update].compactMap({ $0 }) {
            guard let store = run.environment.store else {
                fail(.invalidValue, "the screen declares entity \(declaration.entity), but the bundle has no data model", at: declaration.place)
                continue
            }
            if store.model.entity(named: declaration.entity) == nil {
                fail(.invalidValue, "the screen declares entity \(declaration.entity), which the data model does not have", at: declaration.place,
                     hint: "entities: " + store.model.entities.map(\.name).joined(separator: ", "))
            }
        }
        for entry in run.document.objects {
            guard let object = run.objectsByID[entry.id] else { continue }
            switch object.type {
            case .managedObjectsProvider, .managedObjectsCollection:
                guard let entity = object.attribute("entityName").stringValue else {
                    fail(.missingKey, "\(entry.id) needs an entityName", at: entry.place, hint: "name the entity it fetches, e.g. \"entityName\": \"Post\"")
                    continue
                }
                if let store = run.environment.store, store.model.entity(named: entity) == nil {
                    fail(.invalidValue, "\(entry.id) fetches \(entity), which the data model does not have", at: entry.place,
                         hint: "entities: " + store.model.entities.map(\.name).joined(separator: ", "))
                } else if run.environment.store == nil {
                    fail(.invalidValue, "\(entry.id) fetches \(entity), but the bundle has no data model", at: entry.place)
                }
            case .jsonFileDataProvider:
                guard let name = object.attribute("fileName").stringValue else {
                    fail(.missingKey, "\(entry.id) needs a fileName", at: entry.place, hint: "name a JSON file of the bundle without .json, e.g. \"fileName\": \"people\"")
                    continue
                }
                if run.environment.jsonFiles["\(name).json"] == nil {
                    fail(.invalidValue, "\(entry.id) reads \(name).json, which the bundle does not have", at: entry.place,
                         hint: "JSON files of the bundle: " + run.environment.jsonFiles.keys.sorted().joined(separator: ", "))
                }
            case _ where object.type.showsRows && object.outlet(object.type.rowsOutlet!).isNull:
                let outlet = object.type.rowsOutlet!
                fail(.missingKey, "\(entry.id) has no \(outlet) outlet", at: entry.place, hint: "point \"outlets\": {\"\(outlet)\": …} at it")
            default:
                break
            }
            for key in ["predicateFormat", "filterFormat"] {
                guard let format = object.attribute(key).stringValue else { continue }
                do {
                    _ = try Predicate(format: format, arguments: [])
                } catch {
                    let place = entry.attrs.first { $0.key == key }.map { SourcePlace($0.value) } ?? entry.place
                    fail(.invalidValue, "\(entry.id).\(key) does not parse: \(error)", at: place, cause: error.code.rawValue)
                }
            }
        }
        for entry in run.document.objects {
            guard let object = run.objectsByID[entry.id], object.type.isActionController,
                  case .object(let form) = object.outlet("form"), let formID = (form as? Element)?.id else { continue }
            if run.formFields[formID]?.mandatory.isEmpty ?? true {
                fail(.missingKey, "\(entry.id) sends form \(formID), which has no mandatoryFields", at: entry.place,
                     hint: "give \(formID) \"outlets\": {\"mandatoryFields\": [\"…\"]}")
            }
        }
    }

    // MARK: Views

    private mutating func buildViews() {
        if let view = run.document.view { run.root = element(from: view, inCell: false) }
        if let navigation = run.document.navigationItem {
            if let titleView = navigation.titleView { run.titleView = element(from: titleView, inCell: false) }
            run.barButtonItems = (navigation.leftBarButtonItems + navigation.rightBarButtonItems).compactMap { element(from: $0, inCell: false) }
        }
    }

    private mutating func element(from node: ViewNode, inCell: Bool) -> Element? {
        guard let kind = run.environment.elementKind(named: node.type) else {
            fail(.unknownType, "\(node.type) is not an element type Widgetry knows", at: node.place,
                 hint: "use one of: " + run.environment.acceptedElementTypeNames.joined(separator: ", ")
                    + "; a host registers its own view classes with WidgetRun.Options.elementTypes")
            return nil
        }
        let children = ([node.header].compactMap { $0 } + node.children + [node.footer].compactMap { $0 }).compactMap { element(from: $0, inCell: inCell) }
        for prototype in node.prototypes {
            // Built once to check them; each row gets its own cell (``makeCell``).
            for child in prototype.children { _ = element(from: child, inCell: true) }
        }
        if !node.prototypes.isEmpty, let id = node.id { run.prototypes[id] = node.prototypes }
        let made: Element
        do throws(KeyValueError) {
            made = try Element(id: node.id, kind: kind, properties: node.properties.map { ($0.key, Value(json: $0.value)) }, children: children)
        } catch {
            fail(error.reason == .unknownKey ? .unknownAttribute : .invalidValue, "\(node.id ?? node.type): \(error)", at: node.place)
            return nil
        }
        if let id = node.id {
            if inCell { cellElementIDs.insert(id) } else { run.elements.append((id, made)) }
            if let segue = node.segue {
                if run.document.segues.contains(where: { $0.id == segue }) {
                    run.segues[id] = segue
                } else {
                    fail(.unknownSegue, "\(id) performs segue \(segue), which the screen's segues do not define", at: node.place,
                         hint: "add \"segues\": {\"\(segue)\": {\"destination\": \"…\"}}")
                }
            }
        }
        return made
    }

    // MARK: Names and objects

    private func registerElements() {
        for (id, element) in run.elements { run.namespace.register(id, .object(element)) }
    }

    private mutating func createObjects() {
        for entry in run.document.objects {
            guard let type = ObjectType(rawValue: entry.type) else {
                fail(.unknownType, "object \(entry.id) has type \(entry.type), which is not a mediating controller Widgetry knows", at: entry.place,
                     hint: "known types: " + ObjectType.allCases.map(\.rawValue).joined(separator: ", "))
                continue
            }
            let object = ScreenObject(id: entry.id, type: type)
            guard run.namespace.register(entry.id, .object(object)) else {
                fail(.duplicateID, "object \(entry.id) has the id of an element of the screen", at: entry.place,
                     hint: "ids must be unique across the screen: an element would shadow the object (docs/FORMAT.md#screen.namespace)")
                continue
            }
            run.objects.append(object)
            run.objectsByID[entry.id] = object
        }
        for entry in run.document.objects {
            guard let alias = entry.alias, run.objectsByID[entry.id] != nil else { continue }
            if !run.namespace.register(alias, .object(run.objectsByID[entry.id]!)) {
                fail(.duplicateID, "alias \(alias) of \(entry.id) is already a name of the screen", at: entry.place)
            }
        }
    }

    private mutating func applyObjectEntries() {
        for entry in run.document.objects {
            guard let object = run.objectsByID[entry.id] else { continue }
            for (key, json) in entry.attrs {
                do throws(KeyValueError) {
                    try object.setValue(Value(json: json), forKey: key)
                } catch {
                    let known = object.type.attributes.keys.sorted().joined(separator: ", ")
                    fail(error.reason == .unknownKey ? .unknownAttribute : .invalidValue, "\(entry.id): \(error)", at: SourcePlace(json),
                         hint: error.reason == .unknownKey ? "\(object.type.rawValue) has: \(known)" : nil)
                }
            }
            for (name, spec) in entry.evals {
                do throws(BindingError) {
                    run.evaluations[entry.id, default: [:]][name] = try CompiledBinding(spec, transformers: run.environment.transformers)
                } catch {
                    fail(.binding, "\(entry.id).evals.\(name): \(error.message) [\(error.code.rawValue)]", place: SourcePlace(location: spec.location, pointer: spec.pointer),
                         hint: error.hint, cause: error.code.rawValue)
                }
            }
            if object.type.isProvider { compileResultChain(of: object, entry: entry) }
        }
    }

    private mutating func compileResultChain(of object: ScreenObject, entry: ObjectEntry) {
        let names = object.attribute("resultChain").elements?.compactMap(\.stringValue)
            ?? object.attribute("resultChainTxt").stringValue?.split(separator: "|").map(String.init)
        guard let names, !names.isEmpty else { return }
        let arguments = object.attribute("resultChainArgs").elements?.compactMap(\.stringValue)
            ?? object.attribute("resultChainArgsTxt").stringValue?.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
        do throws(ResultChainError) {
            run.resultChains[entry.id] = try ResultChain(names: names, arguments: arguments)
        } catch {
            fail(.invalidValue, "\(entry.id): \(error.message)", at: entry.place)
        }
    }

    // MARK: Outlets

    private mutating func resolveOutlets() {
        let objectIDs = Set(run.document.objects.map(\.id))
        let owners = run.document.objects.map { ($0.id, $0.outlets) }
            + run.document.elements.filter { !objectIDs.contains($0.id) }.map { ($0.id, $0.outlets) }
        for (ownerID, outlets) in owners {
            for outlet in outlets { connect(outlet, of: ownerID) }
        }
    }

    private mutating func connect(_ outlet: OutletEntry, of ownerID: String) {
        var targets: [Value] = []
        for id in outlet.targets {
            let target = run.namespace.value(forKey: id)
            if target.isNull {
                fail(.unresolvedOutlet, "outlet \(outlet.property) of \(ownerID) names \(id), which is not an element or object of the screen",
                     place: outlet.place, hint: "upstream skipped it silently; check the id")
            } else {
                targets.append(target)
            }
        }
        if let object = run.objectsByID[ownerID] {
            guard let kind = object.type.outlets[outlet.property] else {
                fail(.unknownOutlet, "\(object.type.rawValue) \(ownerID) has no outlet \(outlet.property)", place: outlet.place,
                     hint: "its outlets: " + object.type.outlets.keys.sorted().joined(separator: ", "))
                return
            }
            for target in targets {
                guard ScreenBuilder.fits(target, kind) else {
                    fail(.outletKind, "outlet \(outlet.property) of \(ownerID) takes \(ScreenBuilder.describe(kind)), not \(ScreenBuilder.describe(target))",
                         place: outlet.place)
                    continue
                }
                object.connect(outlet.property, to: target, appending: outlet.isArray || kind == .elements)
            }
        } else if case .object(let owner)? = Optional(run.namespace.value(forKey: ownerID)), let form = owner as? Element, form.kind == .formDisplayView,
                  outlet.property == "mandatoryFields" || outlet.property == "optionalFields" {
            let fields = targets.compactMap { target -> Element? in
                if case .object(let element) = target { return element as? Element }
                return nil
            }
            if outlet.property == "optionalFields" {
                run.formFields[ownerID, default: FormFields()].optional += fields
            } else {
                run.formFields[ownerID, default: FormFields()].mandatory += fields
            }
        } else if case .object(let owner)? = Optional(run.namespace.value(forKey: ownerID)), let element = owner as? Element,
                  !outlet.isArray, targets.count == 1, ElementKey(outlet.property, kind: element.kind) != nil {
            // Any other element outlet is a write of its target at the outlet's key.
            do throws(KeyValueError) {
                try element.setValue(targets[0], forKey: outlet.property)
            } catch {
                fail(.outletKind, "outlet \(outlet.property) of \(ownerID): \(error)", place: outlet.place)
                return
            }
            if element.kind == .mediaUploadForm, outlet.property == "uploadContainer", case .object(let container) = targets[0],
               let container = container as? Element {
                run.formFields[ownerID] = FormFields(mandatory: [container], optional: [])
            }
        } else if ownerID == "@self" || run.namespace.value(forKey: ownerID).isNull == false {
            fail(.unknownOutlet, "\(ownerID) has no outlet \(outlet.property)", place: outlet.place)
        }
    }

    private static func fits(_ target: Value, _ kind: ObjectType.OutletKind) -> Bool {
        guard case .object(let object) = target else { return false }
        switch kind {
        case .provider: return (object as? ScreenObject)?.type.isProvider == true
        case .displayController: return (object as? ScreenObject)?.type.isDisplayController == true
        case .actionController: return (object as? ScreenObject)?.type.isActionController == true
        case .searchController: return (object as? ScreenObject)?.type == .searchActionController
        case .element, .elements: return object is Element
        case .anyObject: return true
        }
    }

    private static func describe(_ kind: ObjectType.OutletKind) -> String {
        switch kind {
        case .provider: "a content provider"
        case .displayController: "a display controller"
        case .actionController: "an action controller"
        case .searchController: "a SearchActionController"
        case .element: "an element"
        case .elements: "elements"
        case .anyObject: "an object"
        }
    }

    private static func describe(_ target: Value) -> String {
        guard case .object(let object) = target else { return target.typeName }
        return object.keyValueTypeName
    }

    // MARK: Element entries

    private mutating func applyElementEntries() {
        for entry in run.document.elements {
            let target: (any KeyValueCoding)?
            if entry.id == "@self" {
                target = run.controller
            } else if case .object(let object) = run.namespace.value(forKey: entry.id) {
                target = object
            } else if cellElementIDs.contains(entry.id) {
                target = nil
            } else {
                fail(.unknownElement, "elements entry \(entry.id) names no element of the screen, of its cells or of its objects", at: entry.place,
                     hint: "give the view \"id\": \"\(entry.id)\" in the views section")
                continue
            }
            if let action = entry.action {
                if action.target != "@self", run.namespace.value(forKey: action.target).isNull {
                    fail(.unresolvedOutlet, "the action of \(entry.id) targets \(action.target), which is not a name of the screen", place: action.place)
                } else {
                    run.tapActions[entry.id] = action
                }
            }
            var attrs: [(key: String, value: Value, place: SourcePlace)] = []
            for (key, json) in entry.attrs {
                let value = Value(json: json)
                if let target {
                    do throws(KeyValueError) {
                        try target.setValue(value, forKey: key)
                    } catch {
                        fail(error.reason == .unknownKey ? .unknownAttribute : .invalidValue, "\(entry.id): \(error)", at: SourcePlace(json))
                    }
                } else {
                    attrs.append((key, value, SourcePlace(json)))
                }
            }
            var compiled: [CompiledBinding] = []
            var targets: Set<String> = []
            for spec in entry.bindings {
                guard targets.insert(spec.to).inserted else {
                    fail(.binding, "\(entry.id) binds \(spec.to) twice; upstream ignored the second binding", place: SourcePlace(location: spec.location, pointer: spec.pointer))
                    continue
                }
                do throws(BindingError) {
                    compiled.append(try CompiledBinding(spec, transformers: run.environment.transformers))
                } catch {
                    fail(.binding, "\(entry.id): \(error.message) [\(error.code.rawValue)]", place: SourcePlace(location: spec.location, pointer: spec.pointer),
                         hint: error.hint, cause: error.code.rawValue)
                }
            }
            if let target {
                // Bindings of objects are kept but never evaluated, as upstream (FORMAT.md#screen.element).
                if !(target is ScreenObject), !compiled.isEmpty { run.bindings.append((target, compiled)) }
            } else {
                run.cellEntries[entry.id] = (attrs, compiled)
            }
        }
    }

    // MARK: Errors

    private mutating func fail(_ code: ScreenError.Code, _ message: String, at place: SourcePlace, hint: String? = nil, cause: String? = nil) {
        errors.append(ScreenError(code, message, file: file, at: place, hint: hint, cause: cause))
    }

    private mutating func fail(_ code: ScreenError.Code, _ message: String, place: SourcePlace, hint: String? = nil, cause: String? = nil) {
        fail(code, message, at: place, hint: hint, cause: cause)
    }
}

extension SourcePlace {
    init(location: SourceLocation?, pointer: JSONPointer) {
        self.init(JSONValue(.null, location: location, pointer: pointer))
    }
}
