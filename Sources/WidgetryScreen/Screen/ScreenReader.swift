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
        var reader = Reader(read: StrictReader(file: file, commentPrefix: "***"))
        let screen = reader.screen(document.root, name: name)
        if reader.read.hasProblems { throw ScreenErrors(reader.read.problems) }
        return screen
    }

    static let screenKeys: Set<String> = ["objects", "elements", "views", "navigationItem", "segues", "input", "update"]
    static let objectKeys: Set<String> = ["type", "alias", "attrs", "evals", "outlets"]
    static let elementKeys: Set<String> = ["action", "attrs", "bindings", "outlets"]
    static let bindingKeys: Set<String> = ["to", "from", "predicateFormat", "ifTrue", "ifFalse", "placeholder", "transformer", "format"]
    static let viewKeys: Set<String> = ["id", "type", "properties", "children", "header", "footer", "prototypes", "segue", "design"]
    static let prototypeKeys: Set<String> = ["reuseIdentifier", "children", "segue", "design"]
    static let navigationKeys: Set<String> = ["title", "titleView", "leftBarButtonItems", "rightBarButtonItems"]
    static let segueKeys: Set<String> = ["destination", "kind"]

    private struct Reader {
        var read: StrictReader<ScreenErrorCode>
        var file: String { read.file }
        /// The views' ids, unique across the screen and within each cell (FORMAT.md#screen.namespace).
        var viewIDs = ElementNamespace()

        mutating func screen(_ root: JSONValue, name: String) -> ScreenDocument {
            var document = ScreenDocument(name: name, file: file)
            guard let definition = root[name] else {
                read.report(.missingScreen, "\(file) has no key \"\(name)\" holding the screen", at: root,
                     hint: "a screen file holds its screen under its own name: {\"\(name)\": {\"objects\": …, \"elements\": …}}")
                return document
            }
            guard let screen = read.object(definition, allowed: ScreenReader.screenKeys, what: "screen \(name)") else { return document }
            if let objects = screen["objects"].flatMap({ read.object($0, what: "objects") }) {
                document.objects = objects.compactMap { member in object(member.key, member.value) }
            }
            if let elements = screen["elements"].flatMap({ read.object($0, what: "elements") }) {
                document.elements = elements.compactMap { member in element(member.key, member.value) }
            }
            if let views = screen["views"] { document.view = view(views) }
            if let navigation = screen["navigationItem"] { document.navigationItem = navigationItem(navigation) }
            if let segues = screen["segues"].flatMap({ read.object($0, what: "segues") }) {
                document.segues = segues.compactMap { member in segue(member.key, member.value) }
            }
            document.input = screen["input"].flatMap { json in read.string(json).map { TypeDeclaration(entity: $0, place: SourcePlace(json)) } }
            document.update = screen["update"].flatMap { json in read.string(json).map { TypeDeclaration(entity: $0, place: SourcePlace(json)) } }
            return document
        }

        // MARK: Entries

        private mutating func object(_ id: String, _ json: JSONValue) -> ObjectEntry? {
            guard let entry = read.object(json, allowed: ScreenReader.objectKeys, what: "object \(id)") else { return nil }
            guard let type = read.string(read.required("type", of: entry, in: json, what: "object \(id)",
                                                  hint: "name the mediating controller's class, e.g. \"type\": \"ManagedObjectsProvider\"")) else { return nil }
            return ObjectEntry(id: id, type: type, alias: entry["alias"].flatMap { read.string($0) }, attrs: attrs(entry["attrs"]),
                               evals: evals(entry["evals"]), outlets: outlets(entry["outlets"]), place: SourcePlace(entry: json))
        }

        private mutating func element(_ id: String, _ json: JSONValue) -> ElementEntry? {
            guard let entry = read.object(json, allowed: ScreenReader.elementKeys, what: "element \(id)") else { return nil }
            let bindings = read.array(entry["bindings"], expected: "an array of binding objects")?.compactMap { binding($0, target: true) } ?? []
            return ElementEntry(id: id, action: entry["action"].flatMap { action($0) }, attrs: attrs(entry["attrs"]), bindings: bindings,
                                outlets: outlets(entry["outlets"]), place: SourcePlace(entry: json))
        }

        private mutating func attrs(_ json: JSONValue?) -> [(key: String, value: JSONValue)] {
            guard let json, let object = read.object(json, what: "attrs") else { return [] }
            return object.map { (key: $0.key, value: $0.value) }
        }

        private mutating func evals(_ json: JSONValue?) -> [(name: String, spec: BindingSpec)] {
            guard let json, let object = read.object(json, what: "evals") else { return [] }
            return object.compactMap { member in binding(member.value, target: false).map { (name: member.key, spec: $0) } }
        }

        private mutating func binding(_ json: JSONValue, target: Bool) -> BindingSpec? {
            let allowed = target ? ScreenReader.bindingKeys : ScreenReader.bindingKeys.subtracting(["to", "from"])
            guard let entry = read.object(json, allowed: allowed, what: target ? "a binding" : "an evaluation") else { return nil }
            var spec = BindingSpec(location: json.location, pointer: json.pointer)
            spec.members = SourcePlace(entry: json).members
            if let to = entry["to"] { spec.to = read.string(to) ?? spec.to }
            spec.from = entry["from"].flatMap { read.string($0) }
            spec.predicateFormat = entry["predicateFormat"].flatMap { read.string($0) }
            spec.ifTrue = entry["ifTrue"]
            spec.ifFalse = entry["ifFalse"]
            spec.placeholder = entry["placeholder"].flatMap { read.string($0) }
            spec.transformer = entry["transformer"].flatMap { read.string($0) }
            spec.format = entry["format"].flatMap { read.string($0) }
            return spec
        }

        private mutating func outlets(_ json: JSONValue?) -> [OutletEntry] {
            guard let json, let object = read.object(json, what: "outlets") else { return [] }
            return object.compactMap { member in
                switch member.value.kind {
                case .string(let id):
                    return OutletEntry(property: member.key, targets: [id], isArray: false, place: SourcePlace(member.value))
                case .array(let items):
                    let ids = items.compactMap { read.string($0) }
                    return ids.count == items.count ? OutletEntry(property: member.key, targets: ids, isArray: true, place: SourcePlace(member.value)) : nil
                default:
                    return read.wrongType(member.value, expected: "an id or an array of ids")
                }
            }
        }

        private mutating func action(_ json: JSONValue) -> ActionEntry? {
            guard let entry = read.object(json, allowed: ["target", "selector"], what: "an action") else { return nil }
            guard let target = read.string(read.required("target", of: entry, in: json, what: "an action")),
                  let selector = read.string(read.required("selector", of: entry, in: json, what: "an action")) else { return nil }
            return ActionEntry(target: target, selector: selector, place: SourcePlace(entry: json))
        }

        // MARK: Views

        private mutating func view(_ json: JSONValue) -> ViewNode? {
            guard let entry = read.object(json, allowed: ScreenReader.viewKeys, what: "a view") else { return nil }
            guard let type = read.string(read.required("type", of: entry, in: json, what: "a view", hint: "a UIKit class name such as \"UILabel\"")) else { return nil }
            let id = entry["id"].flatMap { read.string($0) }
            if let id, let idValue = entry["id"], let repeated = viewIDs.register(id, at: idValue.location) {
                read.report(.duplicateID, "view id \(id) is used twice (first at line \(repeated.first?.line ?? 0))", at: idValue,
                            hint: "ids must be unique across the screen and within each cell; cells may share ids (docs/FORMAT.md#screen.namespace)")
            }
            let prototypes = read.array(entry["prototypes"], expected: "an array of cell prototypes")?.compactMap { prototype($0) } ?? []
            return ViewNode(id: id, type: type, properties: attrs(entry["properties"]), children: views(entry["children"]),
                            header: entry["header"].flatMap { view($0) }, footer: entry["footer"].flatMap { view($0) },
                            prototypes: prototypes, segue: entry["segue"].flatMap { read.string($0) }, place: SourcePlace(entry: json),
                            design: entry["design"].map { ViewDesignReader.design($0, read: &read) } ?? .unspecified)
        }

        private mutating func views(_ json: JSONValue?) -> [ViewNode] {
            read.array(json, expected: "an array of views")?.compactMap { view($0) } ?? []
        }

        private mutating func prototype(_ json: JSONValue) -> CellPrototype? {
            guard let entry = read.object(json, allowed: ScreenReader.prototypeKeys, what: "a cell prototype") else { return nil }
            guard let reuseIdentifier = read.string(read.required("reuseIdentifier", of: entry, in: json, what: "a cell prototype")) else { return nil }
            let scope = viewIDs.enterCell()
            defer { viewIDs.leaveCell(scope) }
            return CellPrototype(reuseIdentifier: reuseIdentifier, children: views(entry["children"]),
                                 segue: entry["segue"].flatMap { read.string($0) }, place: SourcePlace(entry: json),
                                 design: entry["design"].map { ViewDesignReader.design($0, read: &read) } ?? .unspecified)
        }

        private mutating func navigationItem(_ json: JSONValue) -> NavigationItemNode? {
            guard let entry = read.object(json, allowed: ScreenReader.navigationKeys, what: "navigationItem") else { return nil }
            return NavigationItemNode(title: entry["title"].flatMap { read.string($0) }, titleView: entry["titleView"].flatMap { view($0) },
                                      leftBarButtonItems: views(entry["leftBarButtonItems"]), rightBarButtonItems: views(entry["rightBarButtonItems"]))
        }

        private mutating func segue(_ id: String, _ json: JSONValue) -> SegueEntry? {
            guard let entry = read.object(json, allowed: ScreenReader.segueKeys, what: "segue \(id)") else { return nil }
            guard let destination = read.string(read.required("destination", of: entry, in: json, what: "segue \(id)", hint: "the name of the screen it shows")) else { return nil }
            let kind = read.choice(entry["kind"], SegueEntry.Kind.self, what: "segue kind", invalid: .invalidValue) ?? .show
            return SegueEntry(id: id, destination: destination, kind: kind, place: SourcePlace(entry: json))
        }
    }
}
