public import WidgetryExpressions
public import WidgetryJSON
public import WidgetryModel

/// Checks and compiles a screen (docs/FORMAT.md#screen.load-order, steps 1–8): the view tree, the
/// names, the objects and their attributes, the outlets, the element entries, the bindings and
/// what each controller needs. Every problem is reported at once, with its place.
///
/// The compiler needs only the screen and what the bundle declares (its data model, its JSON
/// files, its transformers, the host's view classes), never a store, a service or a clock, so
/// lint checks a screen exactly as a run loads it without running anything.
public struct ScreenCompiler {
    /// What a screen is compiled against.
    public struct Context {
        /// View classes of the host's own, each shown as the element kind it behaves like.
        public var elementTypes: [String: ElementKind]
        /// The bundle's data model; nil when it has none.
        public var model: EntityModel?
        /// The transformers bindings may name.
        public var transformers: BindingTransformerRegistry
        /// The paths of the bundle's other JSON files (what `JSONFileDataProvider` reads).
        public var jsonFiles: Set<String>
        /// Service provider classes of the host's own (a host profile's `providers`), which
        /// `serviceProviderClassName` may name besides the standard ones.
        public var serviceProviders: Set<String>

        public init(elementTypes: [String: ElementKind] = [:], model: EntityModel? = nil, transformers: BindingTransformerRegistry = BindingTransformerRegistry(),
                    jsonFiles: Set<String> = [], serviceProviders: Set<String> = []) {
            self.serviceProviders = serviceProviders
            self.elementTypes = elementTypes
            self.model = model
            self.transformers = transformers
            self.jsonFiles = jsonFiles
        }

        /// The element kind a view's `type` names: a UIKit or framework class Widgetry knows, or
        /// a class the host registered.
        public func elementKind(named name: String) -> ElementKind? {
            ElementKind(typeName: name, hostTypes: elementTypes)
        }

        /// Every type name a view may have, for hints.
        var acceptedElementTypeNames: [String] {
            ElementKind.acceptedTypeNames + elementTypes.keys.sorted()
        }
    }

    /// What a name of the screen is, known before anything is made.
    enum Name {
        case element(ElementKind)
        case object(ObjectType)
    }

    let document: ScreenDocument
    let context: Context
    var errors: [ScreenError] = []
    /// What the screen does that upstream skipped silently; the screen still loads.
    var warnings: [ScreenError] = []
    /// The screen's elements, objects and aliases; ``isName(_:)`` adds `content` and `defaults`.
    var names: [String: Name] = [:]
    /// Ids of elements that live in cell prototypes (not in the controller's namespace).
    var cellElementIDs: Set<String> = []
    var prototypes: [String: [CellPrototype]] = [:]
    var segues: [String: String] = [:]
    var objects: [ObjectBlueprint] = []
    /// The type of each object, by id (not by alias).
    var objectTypes: [String: ObjectType] = [:]
    var evaluations: [String: [String: CompiledBinding]] = [:]
    var resultChains: [String: ResultChain] = [:]
    var outlets: [OutletBlueprint] = []
    var elementAttributes: [ElementAttribute] = []
    var bindings: [(target: String, compiled: [CompiledBinding])] = []
    var cellEntries: [String: CellEntry] = [:]
    var tapActions: [String: ActionEntry] = [:]

    /// Compiles `document` against `context`; throws every problem found.
    public static func compile(_ document: ScreenDocument, in context: Context) throws(ScreenErrors) -> CompiledScreen {
        var compiler = ScreenCompiler(document: document, context: context)
        return try compiler.compile()
    }

    /// Every error and every warning of `document` (``CompiledScreen/warnings``), what lint
    /// reports: a screen with errors does not compile, but its warnings are still found.
    public static func check(_ document: ScreenDocument, in context: Context) -> (errors: [ScreenError], warnings: [ScreenError]) {
        var compiler = ScreenCompiler(document: document, context: context)
        do throws(ScreenErrors) {
            return ([], try compiler.compile().warnings)
        } catch {
            return (error.errors, compiler.warnings)
        }
    }

    private init(document: ScreenDocument, context: Context) {
        self.document = document
        self.context = context
    }

    private mutating func compile() throws(ScreenErrors) -> CompiledScreen {
        let root = document.view.flatMap { view(from: $0, inCell: false) }
        let titleView = document.navigationItem?.titleView.flatMap { view(from: $0, inCell: false) }
        let barButtonItems = document.navigationItem.map { ($0.leftBarButtonItems + $0.rightBarButtonItems).compactMap { view(from: $0, inCell: false) } } ?? []
        compileObjects()
        compileOutlets()
        compileElementEntries()
        var compiled = CompiledScreen(
            document: document, root: root, titleView: titleView, barButtonItems: barButtonItems, objects: objects, outlets: outlets,
            elementAttributes: elementAttributes, bindings: bindings, cellEntries: cellEntries, prototypes: prototypes, evaluations: evaluations,
            tapActions: tapActions, segues: segues)
        compiled.serviceProviders = context.serviceProviders
        compiled.warnings = warnings
        let graph = ScreenGraph(compiled, content: .null, defaults: .null)
        defer { graph.release() }
        errors += graph.problems
        for entry in document.objects {
            if let object = graph.objectsByID[entry.id], object.type.isProvider { compileResultChain(of: object, entry: entry) }
        }
        checkRequirements(graph)
        if !errors.isEmpty { throw ScreenErrors(errors) }
        compiled.resultChains = resultChains
        compiled.bindingsReadElements = Self.bindingsReadElements(graph)
        return compiled
    }

    // MARK: Views

    private mutating func view(from node: ViewNode, inCell: Bool) -> ViewBlueprint? {
        guard let kind = context.elementKind(named: node.type) else {
            fail(.unknownType, "\(node.type) is not an element type Widgetry knows", at: node.place.member("type"),
                 hint: Suggestion.didYouMean(node.type, among: context.acceptedElementTypeNames)
                    ?? "a UIKit class such as UILabel, or one the host registers with WidgetRun.Options.elementTypes",
                 misspelt: node.type, among: context.acceptedElementTypeNames)
            return nil
        }
        let children = node.subviews.compactMap { view(from: $0, inCell: inCell) }
        for prototype in node.prototypes {
            for child in prototype.children { _ = view(from: child, inCell: true) }
        }
        if !node.prototypes.isEmpty, let id = node.id { prototypes[id] = node.prototypes }
        let properties = node.properties.map { ($0.key, Value(json: $0.value)) }
        if inCell {
            // Cells are made by the run; their elements are checked here, once.
            do throws(KeyValueError) {
                _ = try Element(id: node.id, kind: kind, properties: properties)
            } catch {
                fail(error.reason == .unknownKey ? .unknownAttribute : .invalidValue, "\(node.id ?? node.type): \(error)", at: node.place)
                return nil
            }
        }
        if let id = node.id {
            if inCell {
                cellElementIDs.insert(id)
            } else if names[id] == nil {
                names[id] = .element(kind)
            }
            if let segue = node.segue {
                if document.segues.contains(where: { $0.id == segue }) {
                    segues[id] = segue
                } else {
                    fail(.unknownSegue, "\(id) performs segue \(segue), which the screen's segues do not define", at: node.place.member("segue"),
                         hint: Suggestion.didYouMean(segue, among: document.segues.map(\.id))
                            ?? "add \"segues\": {\"\(segue)\": {\"destination\": \"…\"}}",
                         misspelt: segue, among: document.segues.map(\.id))
                }
            }
        }
        return ViewBlueprint(id: node.id, kind: kind, typeName: node.type, properties: properties, children: children, place: node.place)
    }

    // MARK: Objects

    private mutating func compileObjects() {
        for entry in document.objects {
            guard let type = ObjectType(rawValue: entry.type) else {
                fail(.unknownType, "object \(entry.id) has type \(entry.type), which is not a mediating controller Widgetry knows", at: entry.place.member("type"),
                     hint: Suggestion.hint(for: entry.type, among: ObjectType.allCases.map(\.rawValue), listing: false)
                        ?? "a controller type of docs/FORMAT.md#screen.object, such as ManagedObjectsProvider or OnLoadActionController",
                     misspelt: entry.type, among: ObjectType.allCases.map(\.rawValue))
                continue
            }
            guard names[entry.id] == nil else {
                fail(.duplicateID, "object \(entry.id) has the id of an element of the screen", at: entry.place,
                     hint: "ids must be unique across the screen: an element would shadow the object (docs/FORMAT.md#screen.namespace)")
                continue
            }
            objectTypes[entry.id] = type
            names[entry.id] = .object(type)
        }
        var aliases: [String: String] = [:]
        for entry in document.objects {
            guard let alias = entry.alias, let type = objectTypes[entry.id] else { continue }
            if names[alias] == nil {
                names[alias] = .object(type)
                aliases[entry.id] = alias
            } else {
                fail(.duplicateID, "alias \(alias) of \(entry.id) is already a name of the screen", at: entry.place.member("alias"))
            }
        }
        for entry in document.objects {
            guard let type = objectTypes[entry.id] else { continue }
            let attributes = entry.attrs.map { (key: $0.key, value: Value(json: $0.value), place: SourcePlace($0.value)) }
            objects.append(ObjectBlueprint(id: entry.id, type: type, alias: aliases[entry.id], attributes: attributes))
            for (name, spec) in entry.evals {
                if let compiled = compile(spec, of: "\(entry.id).evals.\(name)") { evaluations[entry.id, default: [:]][name] = compiled }
            }
        }
    }

    private mutating func compileResultChain(of object: ScreenObject, entry: ObjectEntry) {
        let names = object.attribute("resultChain").elements?.compactMap(\.stringValue)
            ?? object.attribute("resultChainTxt").stringValue?.split(separator: "|").map(String.init)
        guard let names, !names.isEmpty else { return }
        let arguments = object.attribute("resultChainArgs").elements?.compactMap(\.stringValue)
            ?? object.attribute("resultChainArgsTxt").stringValue?.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
        do throws(ResultChainError) {
            resultChains[entry.id] = try ResultChain(names: names, arguments: arguments)
        } catch {
            fail(.invalidValue, "\(entry.id): \(error.message)", at: entry.place)
        }
    }

    // MARK: Bindings

    /// `spec` compiled against the context's transformers; nil (and a problem) when it does not compile.
    mutating func compile(_ spec: BindingSpec, of owner: String) -> CompiledBinding? {
        do throws(BindingError) {
            return try CompiledBinding(spec, transformers: context.transformers)
        } catch {
            fail(.binding, "\(owner): \(error.message) [\(error.code.rawValue)]", at: SourcePlace(location: error.location, pointer: error.pointer),
                 hint: error.hint, cause: error.code.diagnosticCode,
                 misspelt: error.code == .unknownTransformer ? spec.transformer : nil, among: context.transformers.names)
            return nil
        }
    }

    /// Whether `name` names something of the screen: an element, an object, an alias, `content`
    /// or `defaults`.
    func isName(_ name: String) -> Bool {
        names[name] != nil || name == "content" || name == "defaults"
    }

    // MARK: Errors

    /// Records an error at `place`; with `misspelt`, the name written there, and the fix-it to
    /// the one name among `candidates` it surely means when there is one.
    mutating func fail(_ code: ScreenError.Code, _ message: String, at place: SourcePlace, hint: String? = nil, cause: DiagnosticCode? = nil,
                       misspelt: String? = nil, among candidates: [String] = []) {
        let error = ScreenError(code, message, file: document.file, at: place, hint: hint, cause: cause)
        errors.append(misspelt.map { error.renaming($0, among: candidates) } ?? error)
    }

    /// Records what upstream skipped silently: the screen still loads, and the run and lint
    /// report it as a warning (``CompiledScreen/warnings``). `misspelt` and `candidates` as
    /// ``fail(_:_:at:hint:cause:misspelt:among:)`` takes them.
    mutating func warn(_ code: ScreenError.Code, _ message: String, at place: SourcePlace, hint: String? = nil,
                       misspelt: String? = nil, among candidates: [String] = []) {
        let warning = ScreenError(code, message, file: document.file, at: place, hint: hint)
        warnings.append(misspelt.map { warning.renaming($0, among: candidates) } ?? warning)
    }
}

extension SourcePlace {
    package init(location: SourceLocation?, pointer: JSONPointer) {
        self.init(JSONValue(.null, location: location, pointer: pointer))
    }
}
