package import WidgetryExpressions
import WidgetryJSON

/// The live elements and objects of one showing of a screen, made from its ``CompiledScreen``:
/// the view tree, the names (elements, objects, aliases, `content`, `defaults`), the
/// objects with their attributes, the outlets connected, the `elements` entries applied, and
/// the bindings with their live targets.
///
/// Setting values on live things (a view's properties, an object's attributes, what an
/// `elements` entry sets, an outlet's target) is checked here, where it happens: the compiler
/// makes a graph to check a screen, and reports what ``problems`` holds. A graph of a screen
/// that compiled has none.
package final class ScreenGraph {
    package let namespace = Namespace()
    package let controller: ScreenController
    package private(set) var root: Element?
    package private(set) var titleView: Element?
    package private(set) var barButtonItems: [Element] = []
    /// Every identified element not in a cell, in document order.
    package private(set) var elements: [(id: String, element: Element)] = []
    package private(set) var objects: [ScreenObject] = []
    package private(set) var objectsByID: [String: ScreenObject] = [:]
    /// The fields of each form (`FormDisplayView`), by the form's id.
    package private(set) var formFields: [String: FormFields] = [:]
    /// Bindings of screen elements and `@self` with their targets, in entry order.
    package private(set) var bindings: [(target: any KeyValueCoding, compiled: [CompiledBinding])] = []
    /// What went wrong connecting outlets and setting attributes, in order.
    package private(set) var problems: [ScreenError] = []

    private let file: String

    /// Makes the graph of `screen`, with `content` and `defaults` as the screen's names of those.
    package init(_ screen: CompiledScreen, content: Value, defaults: Value) {
        file = screen.document.file
        controller = ScreenController(name: screen.document.name, hostProviders: screen.serviceProviders)
        controller.content = content
        root = screen.root.map(element(from:))
        titleView = screen.titleView.map(element(from:))
        barButtonItems = screen.barButtonItems.map(element(from:))
        for (id, element) in elements { namespace.register(id, .object(element)) }
        for blueprint in screen.objects {
            let object = ScreenObject(id: blueprint.id, type: blueprint.type, hostProviders: screen.serviceProviders)
            namespace.register(blueprint.id, .object(object))
            objects.append(object)
            objectsByID[blueprint.id] = object
        }
        for blueprint in screen.objects {
            if let alias = blueprint.alias { namespace.register(alias, .object(objectsByID[blueprint.id]!)) }
        }
        namespace.set("content", content)
        namespace.set("defaults", defaults)
        for blueprint in screen.objects {
            let object = objectsByID[blueprint.id]!
            for (key, value, place) in blueprint.attributes {
                do throws(KeyValueError) {
                    try object.setValue(value, forKey: key)
                } catch {
                    let known = blueprint.type.attributes.keys.sorted().joined(separator: ", ")
                    fail(error, "\(blueprint.id): \(error)", at: place, hint: error.reason == .unknownKey ? "\(blueprint.type.rawValue) has: \(known)" : nil)
                }
            }
        }
        for outlet in screen.outlets { connect(outlet) }
        for attribute in screen.elementAttributes {
            do throws(KeyValueError) {
                try target(named: attribute.target)?.setValue(attribute.value, forKey: attribute.key)
            } catch {
                fail(error, "\(attribute.target): \(error)", at: attribute.place,
                     hint: attribute.key == "serviceProviderClassName" ? ScreenController.providerHint(attribute.value) : nil)
            }
        }
        for (name, compiled) in screen.bindings {
            if let target = target(named: name) { bindings.append((target, compiled)) }
        }
    }

    /// Breaks the cycles the graph may hold (see ``Element/releaseValues()``), for a graph made
    /// only to check a screen; a running screen does the same with its own when it goes.
    package func release() {
        func walk(_ element: Element) {
            element.children.forEach(walk)
            element.releaseValues()
        }
        root.map(walk)
        titleView.map(walk)
        barButtonItems.forEach(walk)
        for object in objects { object.releaseValues() }
    }

    /// `@self`, or the element or object named `name`.
    package func target(named name: String) -> (any KeyValueCoding)? {
        if name == "@self" { return controller }
        guard case .object(let object) = namespace.value(forKey: name) else { return nil }
        return object
    }

    private func element(from blueprint: ViewBlueprint) -> Element {
        let made = Element(id: blueprint.id, kind: blueprint.kind, childElements: blueprint.children.map(element(from:)))
        for (key, value) in blueprint.properties {
            do throws(KeyValueError) {
                try made.setInitialValue(value, forKey: key)
            } catch {
                fail(error, "\(blueprint.id ?? blueprint.typeName): \(error)", at: blueprint.place)
            }
        }
        if let id = blueprint.id { elements.append((id, made)) }
        return made
    }

    // MARK: Outlets

    private func connect(_ outlet: OutletBlueprint) {
        let targets = outlet.targets.map(namespace.value(forKey:))
        if let object = objectsByID[outlet.owner], let kind = object.type.outlets[outlet.property] {
            for target in targets {
                guard Self.fits(target, kind) else {
                    fail(.outletKind, "outlet \(outlet.property) of \(outlet.owner) takes \(Self.describe(kind)), not \(Self.describe(target))", at: outlet.place)
                    continue
                }
                object.connect(outlet.property, to: target, appending: outlet.isArray || kind == .elements)
            }
            return
        }
        guard case .object(let owner) = namespace.value(forKey: outlet.owner), let element = owner as? Element else { return }
        if element.kind == .formDisplayView, outlet.property == "mandatoryFields" || outlet.property == "optionalFields" {
            let fields = targets.compactMap { target -> Element? in
                if case .object(let element) = target { return element as? Element }
                return nil
            }
            if outlet.property == "optionalFields" {
                formFields[outlet.owner, default: FormFields()].optional += fields
            } else {
                formFields[outlet.owner, default: FormFields()].mandatory += fields
            }
            return
        }
        // Any other element outlet is a write of its target at the outlet's key.
        do throws(KeyValueError) {
            try element.setValue(targets[0], forKey: outlet.property)
        } catch {
            fail(.outletKind, "outlet \(outlet.property) of \(outlet.owner): \(error)", at: outlet.place)
            return
        }
        if element.kind == .mediaUploadForm, outlet.property == "uploadContainer", case .object(let container) = targets[0], let container = container as? Element {
            formFields[outlet.owner] = FormFields(mandatory: [container], optional: [])
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

    private func fail(_ code: ScreenError.Code, _ message: String, at place: SourcePlace, hint: String? = nil) {
        problems.append(ScreenError(code, message, file: file, at: place, hint: hint))
    }

    /// A value a key would not take: an unknown key, or a value of the wrong kind.
    private func fail(_ error: KeyValueError, _ message: String, at place: SourcePlace, hint: String? = nil) {
        fail(error.reason == .unknownKey ? .unknownAttribute : .invalidValue, message, at: place, hint: hint)
    }
}

/// A form's fields (docs/FORMAT.md#elements.forms): the mandatory ones and the optional ones, in outlet order.
package struct FormFields {
    package var mandatory: [Element] = []
    package var optional: [Element] = []

    package init(mandatory: [Element] = [], optional: [Element] = []) {
        self.mandatory = mandatory
        self.optional = optional
    }
}
