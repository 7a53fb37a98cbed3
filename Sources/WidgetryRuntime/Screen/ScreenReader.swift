public import WidgetryJSON

/// Reads a screen file (FORMAT.md#screen): the object under the screen's name holds `objects`, `elements` and
/// Widgetry's `views`, `navigationItem` and `segues`; other root keys (`***` comments) are ignored.
///
/// Stricter than upstream on purpose: an unknown key in an `objects` entry stopped the original
/// runtime; here every unknown key is an error (in `elements` entries too, where upstream ignored
/// them, so a misspelt `bindings` is not silently dropped), as is a value of the wrong type. Keys
/// starting with `***` are comments anywhere. All problems are reported at once, in file order.
public enum ScreenReader {
    public static func read(_ document: JSONDocument, screen name: String, file: String) throws(ScreenErrors) -> ScreenDocument {
        var reader = Reader(file: file)
        let screen = reader.screen(document.root, name: name)
        if !reader.errors.isEmpty { throw ScreenErrors(reader.errors.sorted { ($0.location?.offset ?? 0) < ($1.location?.offset ?? 0) }) }
        return screen
    }

    static let screenKeys: Set<String> = ["objects", "elements", "views", "navigationItem", "segues", "input", "update"]
    static let objectKeys: Set<String> = ["type", "alias", "attrs", "evals", "outlets"]
    static let elementKeys: Set<String> = ["action", "attrs", "bindings", "outlets"]
    static let bindingKeys: Set<String> = ["to", "from", "predicateFormat", "ifTrue", "ifFalse", "placeholder", "transformer", "format"]
    static let viewKeys: Set<String> = ["id", "type", "properties", "children", "header", "footer", "prototypes", "segue"]
    static let prototypeKeys: Set<String> = ["reuseIdentifier", "children", "segue"]
    static let navigationKeys: Set<String> = ["title", "titleView", "leftBarButtonItems", "rightBarButtonItems"]
    static let segueKeys: Set<String> = ["destination", "kind"]

    private struct Reader {
        let file: String
        var errors: [ScreenError] = []
        /// Ids of the controller's views, and of views in any cell prototype.
        var viewIDs: [String: SourcePlace] = [:]
        var cellViewIDs: [String: SourcePlace] = [:]
        /// Ids of the prototype being read: prototypes may share ids (one entry configures the
        /// same element of every cell), but not within one cell or with the controller (FORMAT.md#screen.namespace).
        var prototypeViewIDs: [String: SourcePlace]?

        mutating func screen(_ root: JSONValue, name: String) -> ScreenDocument {
            var document = ScreenDocument(name: name, file: file)
            guard let definition = root[name] else {
                fail(.missingScreen, "\(file) has no key \"\(name)\" holding the screen", at: root,
                     hint: "a screen file holds its screen under its own name: {\"\(name)\": {\"objects\": …, \"elements\": …}}")
                return document
            }
            guard let screen = members(definition, allowed: ScreenReader.screenKeys, what: "screen \(name)") else { return document }
            if let objects = screen["objects"].flatMap({ members($0, allowed: nil, what: "objects") }) {
                document.objects = objects.compactMap { member in object(member.key, member.value) }
            }
            if let elements = screen["elements"].flatMap({ members($0, allowed: nil, what: "elements") }) {
                document.elements = elements.compactMap { member in element(member.key, member.value) }
            }
            if let views = screen["views"] { document.view = view(views) }
            if let navigation = screen["navigationItem"] { document.navigationItem = navigationItem(navigation) }
            if let segues = screen["segues"].flatMap({ members($0, allowed: nil, what: "segues") }) {
                document.segues = segues.compactMap { member in segue(member.key, member.value) }
            }
            document.input = screen["input"].flatMap { json in string(json).map { TypeDeclaration(entity: $0, place: SourcePlace(json)) } }
            document.update = screen["update"].flatMap { json in string(json).map { TypeDeclaration(entity: $0, place: SourcePlace(json)) } }
            return document
        }

        // MARK: Entries

        private mutating func object(_ id: String, _ json: JSONValue) -> ObjectEntry? {
            guard let entry = members(json, allowed: ScreenReader.objectKeys, what: "object \(id)") else { return nil }
            guard let typeValue = entry["type"] else {
                fail(.missingKey, "object \(id) has no \"type\"", at: json, hint: "name the mediating controller's class, e.g. \"type\": \"ManagedObjectsProvider\"")
                return nil
            }
            guard let type = string(typeValue) else { return nil }
            return ObjectEntry(id: id, type: type, alias: entry["alias"].flatMap { string($0) }, attrs: attrs(entry["attrs"]),
                               evals: evals(entry["evals"]), outlets: outlets(entry["outlets"]), place: SourcePlace(json))
        }

        private mutating func element(_ id: String, _ json: JSONValue) -> ElementEntry? {
            guard let entry = members(json, allowed: ScreenReader.elementKeys, what: "element \(id)") else { return nil }
            var bindings: [BindingSpec] = []
            if let list = entry["bindings"] {
                if case .array(let items) = list.kind {
                    bindings = items.compactMap { binding($0, target: true) }
                } else {
                    fail(.wrongType, "bindings of \(id) must be an array of binding objects, not \(list.typeName)", at: list)
                }
            }
            return ElementEntry(id: id, action: entry["action"].flatMap { action($0) }, attrs: attrs(entry["attrs"]), bindings: bindings,
                                outlets: outlets(entry["outlets"]), place: SourcePlace(json))
        }

        private mutating func attrs(_ json: JSONValue?) -> [(key: String, value: JSONValue)] {
            guard let json, let object = members(json, allowed: nil, what: "attrs") else { return [] }
            return object.map { (key: $0.key, value: $0.value) }
        }

        private mutating func evals(_ json: JSONValue?) -> [(name: String, spec: BindingSpec)] {
            guard let json, let object = members(json, allowed: nil, what: "evals") else { return [] }
            return object.compactMap { member in binding(member.value, target: false).map { (name: member.key, spec: $0) } }
        }

        private mutating func binding(_ json: JSONValue, target: Bool) -> BindingSpec? {
            let allowed = target ? ScreenReader.bindingKeys : ScreenReader.bindingKeys.subtracting(["to", "from"])
            guard let entry = members(json, allowed: allowed, what: target ? "a binding" : "an evaluation") else { return nil }
            var spec = BindingSpec(location: json.location, pointer: json.pointer)
            if let to = entry["to"] { spec.to = string(to) ?? spec.to }
            spec.from = entry["from"].flatMap { string($0) }
            spec.predicateFormat = entry["predicateFormat"].flatMap { string($0) }
            spec.ifTrue = entry["ifTrue"]
            spec.ifFalse = entry["ifFalse"]
            spec.placeholder = entry["placeholder"].flatMap { string($0) }
            spec.transformer = entry["transformer"].flatMap { string($0) }
            spec.format = entry["format"].flatMap { string($0) }
            return spec
        }

        private mutating func outlets(_ json: JSONValue?) -> [OutletEntry] {
            guard let json, let object = members(json, allowed: nil, what: "outlets") else { return [] }
            return object.compactMap { member in
                switch member.value.kind {
                case .string(let id):
                    return OutletEntry(property: member.key, targets: [id], isArray: false, place: SourcePlace(member.value))
                case .array(let items):
                    let ids = items.compactMap { string($0) }
                    return ids.count == items.count ? OutletEntry(property: member.key, targets: ids, isArray: true, place: SourcePlace(member.value)) : nil
                default:
                    fail(.wrongType, "outlet \(member.key) takes an id or an array of ids, not \(member.value.typeName)", at: member.value)
                    return nil
                }
            }
        }

        private mutating func action(_ json: JSONValue) -> ActionEntry? {
            guard let entry = members(json, allowed: ["target", "selector"], what: "an action") else { return nil }
            guard let target = required(entry, "target", in: json, what: "an action"),
                  let selector = required(entry, "selector", in: json, what: "an action") else { return nil }
            return ActionEntry(target: target, selector: selector, place: SourcePlace(json))
        }

        // MARK: Views

        private mutating func view(_ json: JSONValue) -> ViewNode? {
            guard let entry = members(json, allowed: ScreenReader.viewKeys, what: "a view") else { return nil }
            guard let type = required(entry, "type", in: json, what: "a view", hint: "a UIKit class name such as \"UILabel\"") else { return nil }
            let id = entry["id"].flatMap { string($0) }
            if let id, let idValue = entry["id"] {
                let place = SourcePlace(idValue)
                if var inCell = prototypeViewIDs {
                    if let first = inCell[id] ?? viewIDs[id] {
                        fail(.duplicateID, "view id \(id) is used twice (first at line \(first.location?.line ?? 0))", at: idValue,
                             hint: "ids must be unique across the screen and within each cell; cells may share ids (docs/FORMAT.md#screen.namespace)")
                    }
                    inCell[id] = place
                    prototypeViewIDs = inCell
                    if cellViewIDs[id] == nil { cellViewIDs[id] = place }
                } else if let first = viewIDs[id] ?? cellViewIDs[id] {
                    fail(.duplicateID, "view id \(id) is used twice (first at line \(first.location?.line ?? 0))", at: idValue,
                         hint: "ids must be unique across the screen and within each cell; cells may share ids (docs/FORMAT.md#screen.namespace)")
                } else {
                    viewIDs[id] = place
                }
            }
            var prototypes: [CellPrototype] = []
            if let list = entry["prototypes"] {
                if case .array(let items) = list.kind {
                    prototypes = items.compactMap { prototype($0) }
                } else {
                    fail(.wrongType, "prototypes must be an array of cell prototypes, not \(list.typeName)", at: list)
                }
            }
            return ViewNode(id: id, type: type, properties: attrs(entry["properties"]), children: views(entry["children"]),
                            header: entry["header"].flatMap { view($0) }, footer: entry["footer"].flatMap { view($0) },
                            prototypes: prototypes, segue: entry["segue"].flatMap { string($0) }, place: SourcePlace(json))
        }

        private mutating func views(_ json: JSONValue?) -> [ViewNode] {
            guard let json else { return [] }
            guard case .array(let items) = json.kind else {
                fail(.wrongType, "children must be an array of views, not \(json.typeName)", at: json)
                return []
            }
            return items.compactMap { view($0) }
        }

        private mutating func prototype(_ json: JSONValue) -> CellPrototype? {
            guard let entry = members(json, allowed: ScreenReader.prototypeKeys, what: "a cell prototype") else { return nil }
            guard let reuseIdentifier = required(entry, "reuseIdentifier", in: json, what: "a cell prototype") else { return nil }
            let outer = prototypeViewIDs
            prototypeViewIDs = [:]
            defer { prototypeViewIDs = outer }
            return CellPrototype(reuseIdentifier: reuseIdentifier, children: views(entry["children"]),
                                 segue: entry["segue"].flatMap { string($0) }, place: SourcePlace(json))
        }

        private mutating func navigationItem(_ json: JSONValue) -> NavigationItemNode? {
            guard let entry = members(json, allowed: ScreenReader.navigationKeys, what: "navigationItem") else { return nil }
            return NavigationItemNode(title: entry["title"].flatMap { string($0) }, titleView: entry["titleView"].flatMap { view($0) },
                                      leftBarButtonItems: views(entry["leftBarButtonItems"]), rightBarButtonItems: views(entry["rightBarButtonItems"]))
        }

        private mutating func segue(_ id: String, _ json: JSONValue) -> SegueEntry? {
            guard let entry = members(json, allowed: ScreenReader.segueKeys, what: "segue \(id)") else { return nil }
            guard let destination = required(entry, "destination", in: json, what: "segue \(id)", hint: "the name of the screen it shows") else { return nil }
            var kind = SegueEntry.Kind.show
            if let value = entry["kind"], let text = string(value) {
                if let known = SegueEntry.Kind(rawValue: text) {
                    kind = known
                } else {
                    fail(.invalidValue, "segue kind \(text) is not one of show, present", at: value)
                }
            }
            return SegueEntry(id: id, destination: destination, kind: kind, place: SourcePlace(json))
        }

        // MARK: Helpers

        /// The members of an object without comments, checking keys against `allowed` (nil: any).
        private mutating func members(_ json: JSONValue, allowed: Set<String>?, what: String) -> JSONObject? {
            guard case .object(let object) = json.kind else {
                fail(.wrongType, "\(what) must be an object, not \(json.typeName)", at: json)
                return nil
            }
            var kept = JSONObject()
            for member in object where !member.key.hasPrefix("***") {
                if let allowed, !allowed.contains(member.key) {
                    let place = JSONValue(member.value.kind, location: member.keyLocation ?? member.value.location, pointer: member.value.pointer)
                    fail(.unknownKey, "\(what) has no key \"\(member.key)\"", at: place,
                         hint: "allowed: " + allowed.sorted().joined(separator: ", "))
                    continue
                }
                kept[member.key] = member.value
            }
            return kept
        }

        /// The string at `key`: a missing key and a wrong type are each one error.
        private mutating func required(_ entry: JSONObject, _ key: String, in json: JSONValue, what: String, hint: String? = nil) -> String? {
            guard let value = entry[key] else {
                fail(.missingKey, "\(what) needs a \"\(key)\"", at: json, hint: hint)
                return nil
            }
            return string(value)
        }

        private mutating func string(_ json: JSONValue) -> String? {
            guard let text = json.stringValue else {
                fail(.wrongType, "expected a string, not \(json.typeName)", at: json)
                return nil
            }
            return text
        }

        private mutating func fail(_ code: ScreenError.Code, _ message: String, at value: JSONValue, hint: String? = nil) {
            errors.append(ScreenError(code, message, file: file, location: value.location, pointer: value.pointer, hint: hint))
        }
    }
}
