import WidgetryJSON

/// Builds one scene of a storyboard (second pass, every controller already named), from either
/// form through its ``SceneSource``: the view tree, the navigation item, the segues with their
/// destinations resolved, and the element entries Interface Builder makes (bindings, actions,
/// outlets, the controller's runtime attributes).
struct SceneBuilder<Source: SceneSource> {
    let source: Source
    let elementTypes: Set<String>
    var findings: SceneFindings
    var warnings: [StoryboardWarning] { findings.warnings }
    var segues: [SegueEntry] = []
    var elements: [ElementEntry] = []
    private var namespace = ElementNamespace()
    /// Segues already added, which the controller's own list may repeat.
    var usedSegues: Set<AnyHashable> = []
    /// The views read so far, so a damaged source cannot make a view its own ancestor.
    private var walked: Set<String> = []
    /// Elements whose action is sent to another view, resolved to its name once the scene is read.
    var pendingActionTargets: [(element: String, destination: String, place: SourcePlace)] = []
    /// The name each named view goes by, by ``SceneSource/referenceID(of:)``, to resolve outlets.
    var namesByReference: [String: String] = [:]
    /// Outlets of views, resolved to names once the whole scene is read.
    var pendingOutlets: [(owner: String, outlet: SceneOutlet)] = []

    init(source: Source, elementTypes: Set<String>) {
        self.source = source
        self.elementTypes = elementTypes
        findings = SceneFindings(subject: source.sceneSubject)
    }

    mutating func build() throws(Source.Failure) -> StoryboardScene {
        let controller = source.controller
        var view: ViewNode?
        var navigationItem: NavigationItemNode?
        var navigationBar: ViewDesign?
        if controller.kind == .navigationController {
            navigationBar = try source.navigationBarDesign()
        } else {
            try controllerEntry()
            if let root = try source.rootView() { view = try self.view(root, depth: 0, isRoot: true) }
            navigationItem = try self.navigationItem()
            for segue in try source.controllerSegues() where !usedSegues.contains(source.identity(of: segue)) { _ = try add(segue) }
            resolveOutlets()
            resolveActionTargets()
        }
        return StoryboardScene(id: controller.id, name: controller.name, restorationIdentifier: controller.restorationIdentifier,
                               kind: controller.kind, className: controller.className, rootControllerID: controller.rootControllerID,
                               view: view, navigationItem: navigationItem, navigationBar: navigationBar, segues: segues, elements: elements,
                               problems: findings.problems.sorted { ($0.location?.offset ?? 0) < ($1.location?.offset ?? 0) },
                               place: source.scenePlace)
    }

    /// A cell that is registered under `reuseIdentifier` rather than read as a table's prototype
    /// (a xib `cellNibNames` names), with the entries set on its elements and the problems found in it.
    mutating func registeredPrototype(_ cell: Source.Cell, reuseIdentifier: String) throws(Source.Failure)
        -> (prototype: CellPrototype?, elements: [ElementEntry], problems: [ScreenError]) {
        var prototype: CellPrototype?
        if reuseIdentifier.isEmpty {
            findings.warn(.missingReuseIdentifier, "a cell prototype without a reuseIdentifier is never shown", at: source.place(of: cell))
        } else {
            prototype = try self.prototype(cell, reuseIdentifier: reuseIdentifier, depth: 0)
        }
        resolveOutlets()
        resolveActionTargets()
        return (prototype, elements, findings.problems)
    }

    // MARK: Views

    private mutating func view(_ view: Source.View, depth: Int, isRoot: Bool = false) throws(Source.Failure) -> ViewNode {
        let source = source
        try source.enter(view, depth: depth, walked: &walked)
        let viewClass = try source.viewClass(of: view)
        let outer = findings.subject
        findings.subject = viewClass.subject ?? outer
        defer { findings.subject = outer }
        let place = source.place(of: view)
        let className: String
        if let known = viewClass.known {
            className = known
        } else {
            className = "UIView"
            findings.warn(.unknownElement, "\(viewClass.name) is not an element Widgetry models; it is kept as a plain view (UIView)", at: place)
        }
        let type = viewClass.custom.flatMap { ElementKind(typeName: $0) != nil || elementTypes.contains($0) ? $0 : nil } ?? className
        let structuralName = namespace.structuralName(className)
        let attributes = try source.runtimeAttributes(of: view, findings: &findings)
        let links = try source.links(of: view)
        let binding = bindingSpec(attributes, file: place.file ?? "")
        let action = links.actions.isEmpty ? nil : try self.action(links.actions, of: viewClass)
        let needsID = attributes.binding != nil || action != nil || !links.segues.isEmpty || !links.outlets.isEmpty || links.isOutletDestination
        let id = attributes.identifier ?? (needsID ? structuralName : nil)
        if let id {
            register(id, at: place)
            if let reference = source.referenceID(of: view) { namesByReference[reference] = id }
            pendingOutlets += links.outlets.filter { !CompositeViewParts.isPart($0.property, of: viewClass.custom) }.map { (id, $0) }
        }
        if let id, let action, action.target.hasPrefix(Self.pendingTargetPrefix) {
            pendingActionTargets.append((id, String(action.target.dropFirst(Self.pendingTargetPrefix.count)), action.place))
        }
        if let id, binding != nil || action != nil {
            elements.append(ElementEntry(id: id, action: action, attrs: [], bindings: binding.map { [$0] } ?? [], outlets: [], place: place))
        }
        var segue: String?
        for link in links.segues {
            if let added = try add(link), segue == nil { segue = added }
        }

        var children: [ViewNode] = []
        var header: ViewNode?
        var footer: ViewNode?
        var prototypes: [CellPrototype] = []
        try source.parts(of: view) { (part) throws(Source.Failure) in
            switch part {
            case .child(let child): children.append(try self.view(child, depth: depth + 1))
            case .header(let child): header = try self.view(child, depth: depth + 1)
            case .footer(let child): footer = try self.view(child, depth: depth + 1)
            case .prototype(let cell, let reuseIdentifier): prototypes.append(try prototype(cell, reuseIdentifier: reuseIdentifier, depth: depth + 1))
            case .unnamedPrototype(let place): findings.warn(.missingReuseIdentifier, "a cell prototype without a reuseIdentifier is never shown", at: place)
            }
        }
        return ViewNode(id: id, type: type, properties: try source.initialProperties(of: view, viewClass: viewClass) + attributes.properties,
                        children: children, header: header, footer: footer, prototypes: prototypes, segue: segue, place: place,
                        design: source.design(of: view, isRoot: isRoot))
    }

    private mutating func prototype(_ cell: Source.Cell, reuseIdentifier: String, depth: Int) throws(Source.Failure) -> CellPrototype {
        let source = source
        let scope = namespace.enterCell()
        defer { namespace.leaveCell(scope) }
        var children: [ViewNode] = []
        try source.contents(of: cell) { (view) throws(Source.Failure) in children.append(try self.view(view, depth: depth + 1)) }
        var segue: String?
        try source.segues(of: cell) { (link) throws(Source.Failure) in
            if let added = try add(link), segue == nil { segue = added }
        }
        return CellPrototype(reuseIdentifier: reuseIdentifier, children: children, segue: segue, place: source.place(of: cell),
                             design: source.design(of: cell))
    }

    // MARK: Navigation item and controller

    private mutating func navigationItem() throws(Source.Failure) -> NavigationItemNode? {
        let (title, item) = try source.navigationItem()
        guard let item else {
            return title.map { NavigationItemNode(title: $0, titleView: nil, leftBarButtonItems: [], rightBarButtonItems: []) }
        }
        var titleView: ViewNode?
        if let view = try source.titleView(of: item) { titleView = try self.view(view, depth: 0) }
        return NavigationItemNode(title: title, titleView: titleView, leftBarButtonItems: try barButtonItems(of: item, side: .left),
                                  rightBarButtonItems: try barButtonItems(of: item, side: .right), backButtonTitle: try source.backButtonTitle(of: item))
    }

    private mutating func barButtonItems(of item: Source.NavigationItem, side: BarSide) throws(Source.Failure) -> [ViewNode] {
        var items: [ViewNode] = []
        for object in try source.barButtonItems(of: item, side: side) { items.append(try view(object, depth: 0)) }
        return items
    }

    /// The controller's own runtime attributes: attributes and a binding of `@self`.
    private mutating func controllerEntry() throws(Source.Failure) {
        let outer = findings.subject
        findings.subject = source.controllerSubject
        defer { findings.subject = outer }
        let place = source.scenePlace
        let attributes = try source.runtimeAttributes(of: source.controllerObject, findings: &findings)
        let binding = bindingSpec(attributes, file: place.file ?? "")
        guard binding != nil || !attributes.properties.isEmpty else { return }
        elements.append(ElementEntry(id: "@self", action: nil, attrs: attributes.properties, bindings: binding.map { [$0] } ?? [], outlets: [],
                                     place: place))
    }

    // MARK: Names

    private mutating func register(_ id: String, at place: SourcePlace) {
        guard let repeated = namespace.register(id, at: place.location) else { return }
        findings.problem(.storyboardDuplicateIdentifier, "identifier \(id) is used twice\(repeated.first.map { " (first at line \($0.line))" } ?? "")",
                         at: place, hint: "identifiers must be unique across the screen and within each cell; cells may share them (docs/FORMAT.md#screen.namespace)")
    }

    /// A binding's spec; a problem with it is placed at `wx.addBinding`.
    private mutating func bindingSpec(_ attributes: StoryboardRuntimeAttributes, file: String) -> BindingSpec? {
        var found: [ScreenError] = []
        let spec = attributes.bindingSpec(file: file, problems: &found)
        for problem in found { findings.add(problem, key: "wx.addBinding") }
        return spec
    }
}
