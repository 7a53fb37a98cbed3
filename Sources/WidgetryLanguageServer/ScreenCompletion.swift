import WidgetryLint
import WidgetryScreen

/// Completion of what a screen file's structure takes at a place: the screen's keys, an object
/// entry's keys, the controller types, the `attrs` and `outlets` a type takes, an element
/// entry's keys, the keys an element answers (in `attrs`, a binding's `to` and a view's
/// `properties`), a binding's keys, the element types of `views`, what an outlet may point at,
/// the entities of `input` and `update`, service providers, transformer and image names.
/// The runtime's own tables (``ObjectType``, ``ElementKind``) say what each takes.
enum ScreenCompletion {
    /// The candidates at `place` of a screen file whose text is `bytes`; `screen` is the screen
    /// as lint last read it (for the kinds of its elements), nil when it does not read. Nil
    /// when the place takes nothing this knows of.
    static func candidates(at place: JSONPlace, in bytes: [UInt8], screen: ScreenDocument?, definitions: BundleDefinitions) -> [CompletionCandidate]? {
        let path = place.path.map(\.description)
        guard path.count >= 1 else { return nil }
        switch place.role {
        case .key: return keys(at: path, place: place, in: bytes, screen: screen)
        case .value: return values(at: path, place: place, in: bytes, screen: screen, definitions: definitions)
        }
    }

    /// The keys of the members of the object at `path`.
    private static func keys(at path: [String], place: JSONPlace, in bytes: [UInt8], screen: ScreenDocument?) -> [CompletionCandidate]? {
        let rest = Array(path.dropFirst())
        switch rest.count {
        case 0:
            return CompletionCandidate.keys(["objects", "elements", "views", "navigationItem", "segues", "input", "update"], in: nil, documentedUnder: "screen.")
        case 2 where rest[0] == "objects":
            return CompletionCandidate.keys(["type", "alias", "attrs", "evals", "outlets"], in: nil, documentedUnder: "screen.object.")
        case 3 where rest[0] == "objects" && (rest[2] == "attrs" || rest[2] == "outlets"):
            guard let type = objectType(rest[1], entry: place.containers[3], in: bytes, screen: screen) else { return nil }
            return rest[2] == "attrs" ? attributes(of: type) : outlets(of: type)
        case 2 where rest[0] == "elements":
            return CompletionCandidate.keys(["action", "attrs", "bindings", "outlets"], in: nil, documentedUnder: "screen.element.")
        case 3 where rest[0] == "elements" && rest[2] == "attrs":
            let id = rest[1]
            if id == "@self" {
                return CompletionCandidate.keys(ScreenController.attributeNames.sorted(), in: nil, documentedUnder: "screen.self.") { _ in "controller key" }
            }
            if let typeName = screen?.objects.first(where: { $0.id == id || $0.alias == id })?.type, let type = ObjectType(rawValue: typeName) {
                return attributes(of: type)
            }
            return elementKeys(of: screen.flatMap { kinds(in: $0)[id] })
        case 4 where rest[0] == "elements" && rest[2] == "bindings":
            return CompletionCandidate.keys(["to", "from", "predicateFormat", "ifTrue", "ifFalse", "placeholder", "transformer", "format"],
                                            in: nil, documentedUnder: "binding.")
        case _ where rest.first == "views" && rest.last == "properties" && place.containers.count >= 2:
            let node = JSONPlace.members(ofObjectAt: place.containers[place.containers.count - 2], in: bytes)
            return elementKeys(of: node.first { $0.key == "type" }?.value.flatMap { ElementKind(typeName: $0) })
        default:
            return nil
        }
    }

    /// The type of the object `id` whose entry starts at byte `entry`: as the text names it, else
    /// as the screen read it (a Graffiti controller type, read as the WidgetKit type it stands for).
    private static func objectType(_ id: String, entry: Int, in bytes: [UInt8], screen: ScreenDocument?) -> ObjectType? {
        let members = JSONPlace.members(ofObjectAt: entry, in: bytes)
        if let written = members.first(where: { $0.key == "type" })?.value, let type = ObjectType(rawValue: written) { return type }
        return screen?.objects.first { $0.id == id }.flatMap { ObjectType(rawValue: $0.type) }
    }

    /// The values the string member at `path` takes.
    private static func values(at path: [String], place: JSONPlace, in bytes: [UInt8], screen: ScreenDocument?,
                               definitions: BundleDefinitions) -> [CompletionCandidate]? {
        let rest = Array(path.dropFirst())
        if rest.count == 4 || rest.count == 5, rest[0] == "objects", rest[2] == "outlets", place.containers.count > 3 {
            // An outlet's target (or one of an array's): what the outlet of the object's type may point at.
            guard let type = objectType(rest[1], entry: place.containers[3], in: bytes, screen: screen),
                  let kind = type.outlets[rest[3]], let screen else { return nil }
            return targets(of: kind, in: screen)
        }
        switch place.key {
        case "type" where rest.count == 3 && rest[0] == "objects":
            return ObjectType.allCases.map { type in
                CompletionCandidate(label: type.rawValue, kind: .class, detail: role(of: type),
                                    documentation: CompletionCandidate.documentation(of: type.rawValue, in: nil, under: "objects.type."))
            }
        case "type" where rest.first == "views" || rest.first == "navigationItem":
            return ElementKind.allCases.map { kind in
                CompletionCandidate(label: kind.typeName, kind: .class, detail: "element",
                                    documentation: CompletionCandidate.documentation(of: kind.typeName, in: nil, under: "elements.kind."))
            }
        case "to" where rest.count == 5 && rest[0] == "elements" && rest[2] == "bindings":
            return elementKeys(of: screen.flatMap { kinds(in: $0)[rest[1]] })
        case "input" where rest.count == 1, "update" where rest.count == 1:
            return definitions.entities.map { CompletionCandidate(label: $0.name, kind: .class, detail: "entity") }
        case "serviceProviderClassName":
            let declared = definitions.context.map { Array($0.profile.providers.keys) } ?? []
            return Set(ObjectType.serviceProviderNames + declared).map { CompletionCandidate(label: $0, kind: .class, detail: "service provider") }
        case "transformer":
            return definitions.transformers.map { CompletionCandidate(label: $0.key, kind: .function, detail: $0.value) }
        case "wx_imageName":
            return definitions.images.map { CompletionCandidate(label: $0.key, kind: .file, detail: "image in \($0.value)") }
        default:
            return nil
        }
    }

    /// The attributes `type` takes, each with its kind and any default.
    private static func attributes(of type: ObjectType) -> [CompletionCandidate] {
        type.attributes.map { name, attribute in
            let kind = switch attribute.kind {
            case .string: "string"
            case .bool: "boolean"
            case .number: "number"
            case .strings: "array of strings"
            case .any: "any value"
            case .name(let names): "one of " + names.joined(separator: ", ")
            }
            let fallback = CompletionCandidate(label: name, kind: .field, detail: "\(kind) attribute of \(type.rawValue)")
            guard let row = CompletionCandidate.documentation(of: name, in: nil, under: "objects.") else { return fallback }
            return CompletionCandidate(label: name, kind: .field, detail: fallback.detail, documentation: row)
        }
    }

    /// The outlets `type` takes, each with what it may point at.
    private static func outlets(of type: ObjectType) -> [CompletionCandidate] {
        type.outlets.map { name, kind in
            let target = switch kind {
            case .provider: "a provider"
            case .displayController: "a display controller"
            case .actionController: "an action controller"
            case .searchController: "a search controller"
            case .element: "an element"
            case .elements: "elements"
            case .anyObject: "any object"
            }
            return CompletionCandidate(label: name, kind: .reference, detail: "outlet of \(type.rawValue) to \(target)",
                                       documentation: CompletionCandidate.documentation(of: name, in: nil, under: "objects."))
        }
    }

    /// What an outlet of `kind` may point at in `screen`: its objects of the right sort, its
    /// elements (outside cells), or both.
    private static func targets(of kind: ObjectType.OutletKind, in screen: ScreenDocument) -> [CompletionCandidate] {
        let objects = screen.objects.compactMap { entry in ObjectType(rawValue: entry.type).map { (id: entry.id, type: $0) } }
        let elements = kinds(in: screen, cells: false).map { CompletionCandidate(label: $0.key, kind: .variable, detail: $0.value.typeName) }
        let accepts: ((ObjectType) -> Bool)? = switch kind {
        case .provider: { $0.isProvider }
        case .displayController: { $0.isDisplayController }
        case .actionController: { $0.isActionController }
        case .searchController: { $0 == .searchActionController }
        case .anyObject: { _ in true }
        case .element, .elements: nil
        }
        let named = objects.filter { accepts?($0.type) ?? false }.map { CompletionCandidate(label: $0.id, kind: .reference, detail: $0.type.rawValue) }
        switch kind {
        case .element, .elements: return elements
        case .anyObject: return named + elements
        default: return named
        }
    }

    /// The keys an element of `kind` answers; of any kind when it is not known.
    private static func elementKeys(of kind: ElementKind?) -> [CompletionCandidate] {
        let keys = kind.map(\.answeredKeys) ?? Array(Set(ElementKind.allCases.flatMap(\.answeredKeys))).sorted()
        let owner = kind.map { "key of \($0.typeName)" } ?? "element key"
        return keys.map { key in
            CompletionCandidate(label: key, kind: .property, detail: owner,
                                documentation: CompletionCandidate.documentation(of: key, in: nil, under: "elements.key."))
        }
    }

    /// What a controller type is, for an item's detail.
    private static func role(of type: ObjectType) -> String {
        if type.isProvider { return "provider" }
        if type.isDisplayController { return "display controller" }
        if type.isActionController { return "action controller" }
        return "status controller"
    }

    /// The kind of each identified element of the screen: its views, title view, bar button
    /// items and, unless `cells` is false, the elements of its cells.
    static func kinds(in screen: ScreenDocument, cells: Bool = true) -> [String: ElementKind] {
        var kinds: [String: ElementKind] = [:]
        for node in screen.allViews(includingCells: cells) {
            if let id = node.id, let kind = ElementKind(typeName: node.type) { kinds[id] = kinds[id] ?? kind }
        }
        return kinds
    }
}
