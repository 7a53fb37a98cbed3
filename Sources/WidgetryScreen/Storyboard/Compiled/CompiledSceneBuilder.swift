import WidgetryNIB
import WidgetryJSON

/// Builds one scene of a compiled storyboard (second pass, every controller already named):
/// the view tree from the controller's view nib and its prototype cells' nibs, the navigation
/// item, the segues with their destinations resolved, and the element entries (bindings,
/// actions, the controller's runtime attributes), as ``StoryboardReader`` builds them from XML.
struct CompiledSceneBuilder {
    let controller: CompiledController
    let index: CompiledControllerIndex
    let elementTypes: Set<String>
    /// The `.storyboardc` folder on disk, and its path in the bundle.
    let directory: String
    let folder: String
    let limits: NIBLimits
    var warnings: [StoryboardWarning] = []
    var problems: [ScreenError] = []
    private var segues: [SegueEntry] = []
    var elements: [ElementEntry] = []
    /// Identifiers of the controller's elements, of every cell's, and of the prototype being
    /// read, as the XML reader keeps them (FORMAT.md#screen.namespace).
    private var controllerIDs: Set<String> = []
    private var cellIDs: Set<String> = []
    private var prototypeIDs: Set<String>?
    private var names = StructuralElementNames()
    /// Segue templates a control or a cell performs; the controller's other templates are its own.
    private var usedTemplates: Set<String> = []
    /// Views already in the tree, so a damaged nib cannot make a view its own ancestor.
    private var walked: Set<String> = []
    /// The object being read, which messages name: a nib has no lines, so a problem is placed
    /// by its scene, object and key.
    private var subject: (object: Int, className: String)?

    /// How deep a view tree may nest before the nib is refused.
    static let maxDepth = 256

    init(controller: CompiledController, index: CompiledControllerIndex, elementTypes: Set<String>, directory: String, folder: String, limits: NIBLimits) {
        self.controller = controller
        self.index = index
        self.elementTypes = elementTypes
        self.directory = directory
        self.folder = folder
        self.limits = limits
    }

    private var controllerNib: CompiledNib { controller.nib }

    mutating func build() throws(NIBError) -> StoryboardScene {
        var view: ViewNode?
        var navigationItem: NavigationItemNode?
        if controller.kind != .navigationController {
            try controllerEntry()
            if let nibName = try controllerNib.archive.string(of: controller.object, key: "UINibName") {
                let viewNib = try loadViewNib(nibName)
                if let root = try rootView(of: viewNib) { view = try self.view(root, in: viewNib, depth: 0) }
            }
            navigationItem = try self.navigationItem()
            for template in try controllerNib.archive.objectItems(of: controller.object, key: "UIStoryboardSegueTemplates")
            where !usedTemplates.contains(Self.key(template, in: controllerNib)) {
                _ = try add(template: template, in: controllerNib)
            }
        }
        return StoryboardScene(id: controller.id, name: controller.name, restorationIdentifier: controller.restorationIdentifier,
                               kind: controller.kind, className: controller.className, rootControllerID: controller.rootControllerID,
                               view: view, navigationItem: navigationItem, segues: segues, elements: elements, problems: problems,
                               place: SourcePlace(file: controllerNib.file, location: nil))
    }

    // MARK: Nibs

    /// The controller's view nib, whose placeholders stand for objects of the controller's nib
    /// through its `UIExternalObjectsTableForViewLoading`.
    private func loadViewNib(_ name: String) throws(NIBError) -> CompiledNib {
        let archive = try CompiledStoryboardReader.readNib(named: name, directory: directory, file: folder, limits: limits)
        let table = try controllerNib.archive.reference(of: controller.object, key: "UIExternalObjectsTableForViewLoading")
        let externals = try table.map { (dictionary: Int) throws(NIBError) in try controllerNib.externalTable(dictionary) } ?? [:]
        return try CompiledNib(archive: archive, parent: controllerNib, externals: externals, controller: nil)
    }

    /// The view the `view` outlet of the nib's owner points at; else the first top-level object.
    private func rootView(of nib: CompiledNib) throws(NIBError) -> Int? {
        for connection in nib.connections where connection.kind == .outlet && connection.label == "view" {
            if case .controller = try nib.resolve(connection.source), let destination = connection.destination { return destination }
        }
        return try CompiledNib.firstOwnObject(in: nib.archive)
    }

    private static func key(_ object: Int, in nib: CompiledNib) -> String { "\(nib.file)#\(object)" }

    // MARK: Views

    private mutating func view(_ object: Int, in nib: CompiledNib, depth: Int) throws(NIBError) -> ViewNode {
        let archive = nib.archive
        guard depth < Self.maxDepth, walked.insert(Self.key(object, in: nib)).inserted else {
            throw NIBError(.malformed, "view \(object) is reached twice, or the view tree nests deeper than \(Self.maxDepth)", file: nib.file,
                           objectIndex: object, key: "UISubviews", hint: "the archive is damaged: a view cannot be its own ancestor")
        }
        let classes = try nib.classNames(of: object)
        let outer = subject
        subject = (object, classes.uiKit)
        defer { subject = outer }
        let className: String
        if let known = UIKitDefaults.elementTypes[classes.uiKit] {
            className = known
        } else {
            className = "UIView"
            warn(.unknownElement, "\(classes.uiKit) is not an element Widgetry models; it is kept as a plain view (UIView)", file: nib.file)
        }
        let type = classes.custom.flatMap { ElementKind(typeName: $0) != nil || elementTypes.contains($0) ? $0 : nil } ?? className
        let structuralName = names.next(className)
        let attributes = try runtimeAttributes(of: object, in: nib)
        let links = try self.links(of: object, in: nib)
        let binding = bindingSpec(attributes, file: nib.file)
        let action = try links.actions.isEmpty ? nil : self.action(links.actions, of: object, in: nib)
        let needsID = attributes.binding != nil || action != nil || !links.segues.isEmpty
        let id = attributes.identifier ?? (needsID ? structuralName : nil)
        if let id { register(id, file: nib.file) }
        if let id, binding != nil || action != nil {
            elements.append(ElementEntry(id: id, action: action, attrs: [], bindings: binding.map { [$0] } ?? [], outlets: [],
                                         place: SourcePlace(file: nib.file, location: nil)))
        }
        var segue: String?
        for link in links.segues {
            if let added = try add(template: link.template, in: link.nib), segue == nil { segue = added }
        }

        let header = try archive.reference(of: object, key: "UITableHeaderView")
        let footer = try archive.reference(of: object, key: "UITableFooterView")
        var children: [ViewNode] = []
        for subview in try archive.objectItems(of: object, key: "UISubviews") where subview != header && subview != footer {
            guard try !UIKitDefaults.isPlumbing(nib.classNames(of: subview).uiKit) else { continue }
            children.append(try view(subview, in: nib, depth: depth + 1))
        }
        if let custom = try archive.reference(of: object, key: "UICustomView") {
            children.append(try view(custom, in: nib, depth: depth + 1))
        }
        // Header and footer before the prototypes, in the XML's order, so segues number alike.
        var headerNode: ViewNode?
        var footerNode: ViewNode?
        if let header { headerNode = try view(header, in: nib, depth: depth + 1) }
        if let footer { footerNode = try view(footer, in: nib, depth: depth + 1) }
        let prototypes = try self.prototypes(of: object, in: nib, depth: depth)
        for constraint in try archive.objectItems(of: object, key: "UIViewAutolayoutConstraints") where try isElement(constraint, in: nib) {
            children.append(try view(constraint, in: nib, depth: depth + 1))
        }
        return ViewNode(id: id, type: type, properties: try initialProperties(of: object, in: nib, className: classes.uiKit) + attributes.properties,
                        children: children, header: headerNode, footer: footerNode, prototypes: prototypes, segue: segue,
                        place: SourcePlace(file: nib.file, location: nil), design: CompiledDesign.design(of: object, in: archive))
    }

    /// A constraint is an element when it has an identifier or a binding (FORMAT.md#bundle.storyboard).
    private func isElement(_ constraint: Int, in nib: CompiledNib) throws(NIBError) -> Bool {
        for pair in nib.keyValuePairs[constraint] ?? [] {
            let keyPath = try nib.archive.string(of: pair, key: "UIKeyPath")
            if keyPath == "wx.identifier" || keyPath == "wx.addBinding" { return true }
        }
        return false
    }

    // MARK: Prototype cells

    /// A table's prototype cells: each a nib inside the table (`UITableViewCellPrototypeNibs`),
    /// whose placeholders stand for objects of this nib (`…PrototypeNibExternalObjects`).
    private mutating func prototypes(of table: Int, in nib: CompiledNib, depth: Int) throws(NIBError) -> [CellPrototype] {
        let archive = nib.archive
        guard let dictionary = try archive.reference(of: table, key: "UITableViewCellPrototypeNibs") else { return [] }
        var externalTables: [String: Int] = [:]
        if let objects = try archive.reference(of: table, key: "UITableViewCellPrototypeNibExternalObjects") {
            for pair in try archive.stringPairs(of: objects) {
                guard case .object(let target) = pair.value else {
                    throw archive.mismatchError(objects, "UINibEncoderEmptyKey", expected: "an object reference")
                }
                externalTables[pair.key] = target
            }
        }
        var prototypes: [CellPrototype] = []
        for pair in try archive.stringPairs(of: dictionary) {
            guard case .object(let holder) = pair.value else {
                throw archive.mismatchError(dictionary, "UINibEncoderEmptyKey", expected: "a UINib reference")
            }
            guard !pair.key.isEmpty else {
                warn(.missingReuseIdentifier, "a cell prototype without a reuseIdentifier is never shown", file: nib.file)
                continue
            }
            let externals = try externalTables[pair.key].map { (table: Int) throws(NIBError) in try nib.externalTable(table) } ?? [:]
            let cellNib = try CompiledNib(archive: try archive.nestedArchive(holder), parent: nib, externals: externals, controller: nil)
            guard let cell = try CompiledNib.firstOwnObject(in: cellNib.archive) else {
                throw NIBError(.malformed, "the prototype nib of \(pair.key) holds no cell", file: cellNib.file, objectIndex: NIBArchive.rootObjectIndex,
                               key: "UINibTopLevelObjectsKey", hint: "a prototype's nib holds the cell and proxies")
            }
            prototypes.append(try prototype(cell, reuseIdentifier: pair.key, in: cellNib, depth: depth + 1))
        }
        return prototypes
    }

    private mutating func prototype(_ cell: Int, reuseIdentifier: String, in nib: CompiledNib, depth: Int) throws(NIBError) -> CellPrototype {
        let outer = (prototypeIDs, names)
        prototypeIDs = []
        names = StructuralElementNames()
        defer { (prototypeIDs, names) = outer }
        var children: [ViewNode] = []
        if let content = try nib.archive.reference(of: cell, key: "UIContentView") {
            for subview in try nib.archive.objectItems(of: content, key: "UISubviews") {
                guard try !UIKitDefaults.isPlumbing(nib.classNames(of: subview).uiKit) else { continue }
                children.append(try view(subview, in: nib, depth: depth + 1))
            }
        }
        var segue: String?
        for connection in nib.connections(from: cell) where connection.kind == .outlet
            && (connection.label == "selectionSegueTemplate" || connection.label == "accessoryActionSegueTemplate") {
            guard let destination = connection.destination, case .segueTemplate(let templateNib, let template) = try nib.resolve(destination) else { continue }
            if let added = try add(template: template, in: templateNib), segue == nil { segue = added }
        }
        return CellPrototype(reuseIdentifier: reuseIdentifier, children: children, segue: segue, place: SourcePlace(file: nib.file, location: nil),
                             design: CompiledDesign.design(of: cell, in: nib.archive))
    }

    // MARK: Navigation item and controller

    private mutating func navigationItem() throws(NIBError) -> NavigationItemNode? {
        let archive = controllerNib.archive
        let controllerTitle = try archive.string(of: controller.object, key: "UITitle")
        guard let item = try archive.reference(of: controller.object, key: "UINavigationItem") else {
            return controllerTitle.map { NavigationItemNode(title: $0, titleView: nil, leftBarButtonItems: [], rightBarButtonItems: []) }
        }
        let title = try archive.string(of: item, key: "UITitle") ?? controllerTitle
        var titleView: ViewNode?
        if let view = try archive.reference(of: item, key: "UITitleView") { titleView = try self.view(view, in: controllerNib, depth: 0) }
        return NavigationItemNode(title: title, titleView: titleView, leftBarButtonItems: try barButtonItems(of: item, side: "Left"),
                                  rightBarButtonItems: try barButtonItems(of: item, side: "Right"))
    }

    /// `UILeftBarButtonItems`, else `UILeftBarButtonItem` (and the same on the right).
    private mutating func barButtonItems(of item: Int, side: String) throws(NIBError) -> [ViewNode] {
        let archive = controllerNib.archive
        var objects = try archive.objectItems(of: item, key: "UI\(side)BarButtonItems")
        if objects.isEmpty, let single = try archive.reference(of: item, key: "UI\(side)BarButtonItem") { objects = [single] }
        var items: [ViewNode] = []
        for object in objects { items.append(try view(object, in: controllerNib, depth: 0)) }
        return items
    }

    /// The controller's own runtime attributes: attributes and a binding of `@self`.
    private mutating func controllerEntry() throws(NIBError) {
        subject = (controller.object, controller.className)
        defer { subject = nil }
        let attributes = try runtimeAttributes(of: controller.object, in: controllerNib)
        let binding = bindingSpec(attributes, file: controllerNib.file)
        guard binding != nil || !attributes.properties.isEmpty else { return }
        elements.append(ElementEntry(id: "@self", action: nil, attrs: attributes.properties, bindings: binding.map { [$0] } ?? [], outlets: [],
                                     place: SourcePlace(file: controllerNib.file, location: nil)))
    }

    // MARK: Connections

    private struct Links {
        var segues: [(nib: CompiledNib, template: Int)] = []
        var actions: [CompiledNib.Connection] = []
    }

    /// An element's actions and the segues it performs (`perform:` sent to a segue template).
    private func links(of object: Int, in nib: CompiledNib) throws(NIBError) -> Links {
        var links = Links()
        for connection in nib.connections(from: object) where connection.kind == .event {
            if let destination = connection.destination, case .segueTemplate(let templateNib, let template) = try nib.resolve(destination) {
                links.segues.append((templateNib, template))
            } else {
                links.actions.append(connection)
            }
        }
        return links
    }

    /// The first action of an element, when it targets the controller: an action entry with
    /// target `@self`. Others are warned about.
    private mutating func action(_ actions: [CompiledNib.Connection], of object: Int, in nib: CompiledNib) throws(NIBError) -> ActionEntry? {
        var kept: ActionEntry?
        for action in actions {
            guard kept == nil else {
                warn(.ignoredConnection, "it has more than one action; only the first is performed", file: nib.file, key: action.label)
                continue
            }
            guard !action.label.isEmpty else {
                warn(.ignoredConnection, "an action without a selector is ignored", file: nib.file)
                continue
            }
            guard let destination = action.destination, case .controller = try nib.resolve(destination) else {
                warn(.ignoredConnection, "action \(action.label) is not sent to the view controller; it is ignored", file: nib.file, key: action.label)
                continue
            }
            kept = ActionEntry(target: "@self", selector: action.label, place: SourcePlace(file: nib.file, location: nil))
        }
        return kept
    }

    /// Adds the segue of a template and returns its id; nil when it is not performed.
    private mutating func add(template: Int, in nib: CompiledNib) throws(NIBError) -> String? {
        usedTemplates.insert(Self.key(template, in: nib))
        let archive = nib.archive
        let className = try archive.className(of: template)
        guard let transition = Self.transition(ofTemplate: className) else {
            warn(.unsupportedSegue, "\(className) segues are not performed", file: nib.file)
            return nil
        }
        guard let identifier = try archive.string(of: template, key: "UIDestinationViewControllerIdentifier"), !identifier.isEmpty else {
            problem(.storyboardSegue, "segue template \(template) has no destination", file: nib.file)
            return nil
        }
        guard let destination = index.byIdentifier[identifier] else {
            problem(.storyboardSegue, "a segue leads to \(identifier), which is not a controller of the storyboard", file: nib.file)
            return nil
        }
        guard let shown = index.shownController(for: destination.id) else {
            problem(.storyboardSegue, "a segue leads to navigation controller \(destination.name), which has no root view controller", file: nib.file,
                    hint: "connect its rootViewController relationship")
            return nil
        }
        guard shown.kind != .other else {
            warn(.unsupportedSegue, "a segue leads to \(shown.className) \(shown.name), which Widgetry does not run", file: nib.file)
            return nil
        }
        let id = try archive.string(of: template, key: "UIIdentifier").flatMap { $0.isEmpty ? nil : $0 } ?? "segue-\(segues.count + 1)"
        guard !segues.contains(where: { $0.id == id }) else {
            problem(.storyboardSegue, "two segues of \(controller.name) are named \(id)", file: nib.file, hint: "give each segue its own identifier")
            return nil
        }
        // A segue to a navigation controller shows it modally, whatever its kind.
        let kind = destination.kind == .navigationController ? .present : transition
        segues.append(SegueEntry(id: id, destination: shown.name, kind: kind, place: SourcePlace(file: nib.file, location: nil)))
        return id
    }

    /// What a segue template of `className` does, as ``StoryboardVocabulary/transition(ofSegueKind:)``
    /// says for the XML kinds; nil for embed, unwind and unknown templates.
    static func transition(ofTemplate className: String) -> SegueEntry.Kind? {
        switch className {
        case "UIStoryboardShowSegueTemplate", "UIStoryboardPushSegueTemplate", "UIStoryboardShowDetailSegueTemplate",
             "UIStoryboardReplaceSegueTemplate", "UIStoryboardSegueTemplate":
            .show
        case "UIStoryboardPresentationSegueTemplate", "UIStoryboardModalSegueTemplate", "UIStoryboardPopoverPresentationSegueTemplate",
             "UIStoryboardPopoverSegueTemplate":
            .present
        default:
            nil
        }
    }

    // MARK: Helpers

    private mutating func register(_ id: String, file: String) {
        var repeated: Bool
        if var inPrototype = prototypeIDs {
            repeated = inPrototype.contains(id) || controllerIDs.contains(id)
            inPrototype.insert(id)
            prototypeIDs = inPrototype
            cellIDs.insert(id)
        } else {
            repeated = controllerIDs.contains(id) || cellIDs.contains(id)
            controllerIDs.insert(id)
        }
        if repeated {
            problem(.storyboardDuplicateIdentifier, "identifier \(id) is used twice", file: file,
                    hint: "identifiers must be unique across the screen and within each cell; cells may share them (docs/FORMAT.md#screen.namespace)")
        }
    }

    /// A binding's spec; a problem with it is placed at the subject's `wx.addBinding`.
    private mutating func bindingSpec(_ attributes: StoryboardRuntimeAttributes, file: String) -> BindingSpec? {
        var found: [ScreenError] = []
        let spec = attributes.bindingSpec(file: file, problems: &found)
        for var problem in found {
            problem.message = placed(problem.message, key: "wx.addBinding")
            problems.append(problem)
        }
        return spec
    }

    mutating func problem(_ code: ScreenError.Code, _ message: String, file: String, key: String? = nil, hint: String? = nil) {
        problems.append(ScreenError(code, placed(message, key: key), file: file, hint: hint))
    }

    mutating func warn(_ code: StoryboardWarning.Code, _ message: String, file: String, key: String? = nil) {
        warnings.append(StoryboardWarning(code: code, message: placed(message, key: key), file: file, location: nil))
    }

    /// `message` behind its place in the nib: `Scene-CR3-lf-MN1, UILabel object 27, wx.addBinding: …`.
    private func placed(_ message: String, key: String?) -> String {
        var place = controller.name
        if let subject { place += ", \(subject.className) object \(subject.object)" }
        if let key { place += ", \(key)" }
        return "\(place): \(message)"
    }
}
