import WidgetryXML
import WidgetryJSON

/// Builds one scene of a storyboard (second pass, every controller already named): the view
/// tree, the navigation item, the segues with their destinations resolved, and the element
/// entries Interface Builder makes (bindings, actions, the controller's runtime attributes).
struct SceneBuilder {
    let controller: StoryboardController
    let index: ControllerIndex
    let elementTypes: Set<String>
    var warnings: [StoryboardWarning] = []
    private var problems: [ScreenError] = []
    private var segues: [SegueEntry] = []
    private var elements: [ElementEntry] = []
    /// Identifiers of the controller's elements, of the elements of every cell, and of the
    /// prototype being read: prototypes may share identifiers (one entry configures the same
    /// element of every cell), but not within one cell or with the controller (FORMAT.md#screen.namespace).
    private var controllerIDs: [String: SourceLocation] = [:]
    private var cellIDs: [String: SourceLocation] = [:]
    private var prototypeIDs: [String: SourceLocation]?
    private var names = StructuralElementNames()
    /// Interface Builder ids of the views that outlets or actions of other views point at: they
    /// need names.
    private let outletDestinations: Set<String>
    /// Interface Builder ids of the views of the scene, which actions may be sent to.
    private let viewIDs: Set<String>
    /// Elements whose action is sent to another view, resolved to its name once the scene is read.
    private var pendingActionTargets: [(element: String, destination: String, location: SourceLocation)] = []
    /// The name each named view goes by, by Interface Builder id, to resolve outlets.
    private var namesByIBID: [String: String] = [:]
    /// Outlets of views, resolved to names once the whole scene is read.
    private var pendingOutlets: [(owner: String, connection: XMLElementNode)] = []

    init(controller: StoryboardController, index: ControllerIndex, elementTypes: Set<String>) {
        self.controller = controller
        self.index = index
        self.elementTypes = elementTypes
        let views = Self.views(under: controller.element)
        viewIDs = Set(views.compactMap { $0["id"] })
        let actionDestinations = views.flatMap { $0.children(named: "connections").flatMap { $0.children(named: "action") } }
            .compactMap { $0["destination"] }.filter { $0 != controller.id && !controller.placeholderIDs.contains($0) }
        outletDestinations = Set(Self.viewOutlets(under: controller.element).compactMap { $0["destination"] } + actionDestinations)
    }

    private var file: String { index.file }

    mutating func build() -> StoryboardScene {
        let element = controller.element
        var view: ViewNode?
        var navigationItem: NavigationItemNode?
        if controller.kind != .navigationController {
            controllerEntry(element)
            if let root = element.children.first(where: { $0["key"] == "view" }) { view = self.view(root, of: element) }
            navigationItem = self.navigationItem(of: element)
            for segue in connections(of: element).segues { _ = add(segue) }
            resolveOutlets()
            resolveActionTargets()
        }
        return StoryboardScene(id: controller.id, name: controller.name, restorationIdentifier: controller.restorationIdentifier,
                               kind: controller.kind, className: controller.className, rootControllerID: controller.rootControllerID,
                               view: view, navigationItem: navigationItem, segues: segues, elements: elements,
                               problems: problems.sorted { ($0.location?.offset ?? 0) < ($1.location?.offset ?? 0) },
                               place: place(of: element))
    }

    // MARK: Views

    /// The view `element` and everything under it; `controller` when it is a controller's root view.
    private mutating func view(_ element: XMLElementNode, of controller: XMLElementNode? = nil) -> ViewNode {
        let location = index.document.location(of: element)
        let className: String
        if let known = StoryboardVocabulary.classNames[element.name] {
            className = known
        } else {
            className = "UIView"
            warn(.unknownElement, "<\(element.name)> is not an element Widgetry models; it is kept as a plain view (UIView)", at: location)
        }
        let type = element["customClass"].flatMap { ElementKind(typeName: $0) != nil || elementTypes.contains($0) ? $0 : nil } ?? className
        let structuralName = names.next(className)
        let attributes = runtimeAttributes(of: element)
        let links = connections(of: element)
        let binding = attributes.bindingSpec(file: file, problems: &problems)
        let action = links.actions.isEmpty ? nil : self.action(links.actions, of: element)
        let isOutletEnd = element["id"].map(outletDestinations.contains) ?? false
        let needsID = attributes.binding != nil || action != nil || !links.segues.isEmpty || !links.outlets.isEmpty || isOutletEnd
        let id = attributes.identifier ?? (needsID ? structuralName : nil)
        if let id {
            register(id, at: location)
            if let ibID = element["id"] { namesByIBID[ibID] = id }
            pendingOutlets += links.outlets.map { (id, $0) }
        }
        if let id, let action, action.target.hasPrefix(Self.pendingTargetPrefix) {
            pendingActionTargets.append((id, String(action.target.dropFirst(Self.pendingTargetPrefix.count)), action.place.location ?? location))
        }
        if let id, binding != nil || action != nil {
            elements.append(ElementEntry(id: id, action: action, attrs: [], bindings: binding.map { [$0] } ?? [], outlets: [],
                                         place: place(of: element)))
        }
        var segue: String?
        for link in links.segues {
            if let added = add(link), segue == nil { segue = added }
        }

        var children: [ViewNode] = []
        var header: ViewNode?
        var footer: ViewNode?
        var prototypes: [CellPrototype] = []
        for child in element.children {
            switch (child.name, child["key"]) {
            case ("subviews", _):
                for subview in child.children { children.append(view(subview)) }
            case (_, "tableHeaderView"):
                header = view(child)
            case (_, "tableFooterView"):
                footer = view(child)
            case (_, "customView"), (_, "contentView"), (_, "backgroundView"):
                children.append(view(child))
            case ("sections", _):
                for cell in child.children(named: "tableViewSection").flatMap({ $0.children(named: "cells") }).flatMap(\.children) {
                    children.append(view(cell))
                }
            case ("prototypes", _), ("cells", _):
                prototypes += child.children.compactMap { prototype($0) }
            case ("constraints", _):
                for constraint in child.children where Self.isElement(constraint) { children.append(view(constraint)) }
            default:
                break
            }
        }
        return ViewNode(id: id, type: type, properties: initialProperties(of: element) + attributes.properties, children: children,
                        header: header, footer: footer, prototypes: prototypes, segue: segue, place: place(of: element),
                        design: index.design.design(of: element, controller: controller))
    }

    /// A constraint is an element when it has an identifier or a binding (FORMAT.md#bundle.storyboard).
    private static func isElement(_ constraint: XMLElementNode) -> Bool {
        constraint.children(named: "userDefinedRuntimeAttributes").flatMap { $0.children(named: "userDefinedRuntimeAttribute") }
            .contains { $0["keyPath"] == "wx.identifier" || $0["keyPath"] == "wx.addBinding" }
    }

    /// A cell of a xib that `cellNibNames` registers under `reuseIdentifier` (the nib's name, as
    /// UIKit registers it), with the entries Interface Builder set on its elements and the
    /// problems found in it.
    mutating func registeredPrototype(_ cell: XMLElementNode, reuseIdentifier: String)
        -> (prototype: CellPrototype?, elements: [ElementEntry], problems: [ScreenError]) {
        let prototype = prototype(cell, reuseIdentifier: reuseIdentifier)
        resolveOutlets()
        resolveActionTargets()
        return (prototype, elements, problems)
    }

    private mutating func prototype(_ cell: XMLElementNode, reuseIdentifier registered: String? = nil) -> CellPrototype? {
        let location = index.document.location(of: cell)
        guard let reuseIdentifier = registered ?? cell["reuseIdentifier"], !reuseIdentifier.isEmpty else {
            warn(.missingReuseIdentifier, "a cell prototype without a reuseIdentifier is never shown", at: location)
            return nil
        }
        let outer = (prototypeIDs, names)
        prototypeIDs = [:]
        names = StructuralElementNames()
        defer { (prototypeIDs, names) = outer }
        var children: [ViewNode] = []
        let content = cell.children.first { $0["key"] == "contentView" }
        if let content {
            for subview in content.children(named: "subviews").flatMap(\.children) { children.append(view(subview)) }
        }
        var segue: String?
        for link in connections(of: cell).segues {
            if let added = add(link), segue == nil { segue = added }
        }
        return CellPrototype(reuseIdentifier: reuseIdentifier, children: children, segue: segue, place: place(of: cell),
                             design: index.design.cellDesign(of: cell, contentView: content))
    }

    // MARK: Navigation item and controller

    private mutating func navigationItem(of controller: XMLElementNode) -> NavigationItemNode? {
        let item = controller.children.first { $0.name == "navigationItem" }
        let title = item?["title"] ?? controller["title"]
        guard let item else {
            return title.map { NavigationItemNode(title: $0, titleView: nil, leftBarButtonItems: [], rightBarButtonItems: []) }
        }
        let titleView = item.children.first { $0["key"] == "titleView" }.map { view($0) }
        return NavigationItemNode(title: title, titleView: titleView, leftBarButtonItems: barButtonItems(of: item, side: "left"),
                                  rightBarButtonItems: barButtonItems(of: item, side: "right"))
    }

    /// `leftBarButtonItem`, or the items of `<leftBarButtonItems>` (and the same on the right).
    private mutating func barButtonItems(of item: XMLElementNode, side: String) -> [ViewNode] {
        if let single = item.children.first(where: { $0.name == "barButtonItem" && $0["key"] == "\(side)BarButtonItem" }) {
            return [view(single)]
        }
        var items: [ViewNode] = []
        for element in item.children(named: "\(side)BarButtonItems").flatMap(\.children) { items.append(view(element)) }
        return items
    }

    /// The controller's own runtime attributes: attributes and a binding of `@self`.
    private mutating func controllerEntry(_ element: XMLElementNode) {
        let attributes = runtimeAttributes(of: element)
        let binding = attributes.bindingSpec(file: file, problems: &problems)
        guard binding != nil || !attributes.properties.isEmpty else { return }
        elements.append(ElementEntry(id: "@self", action: nil, attrs: attributes.properties, bindings: binding.map { [$0] } ?? [], outlets: [],
                                     place: place(of: element)))
    }

    // MARK: Connections

    private struct Links {
        var segues: [XMLElementNode] = []
        var actions: [XMLElementNode] = []
        /// `<outlet>` and `<outletCollection>` connections.
        var outlets: [XMLElementNode] = []
    }

    private func connections(of element: XMLElementNode) -> Links {
        var links = Links()
        for connection in element.children(named: "connections").flatMap(\.children) {
            switch connection.name {
            case "segue" where connection["kind"] != "relationship": links.segues.append(connection)
            case "action": links.actions.append(connection)
            case "outlet", "outletCollection": links.outlets.append(connection)
            default: break
            }
        }
        return links
    }

    /// The first action of an element, when it targets the controller (`dismissAction:` on a
    /// Cancel item): an action entry with target `@self`. Others are warned about.
    private mutating func action(_ actions: [XMLElementNode], of element: XMLElementNode) -> ActionEntry? {
        var kept: ActionEntry?
        for action in actions {
            let location = index.document.location(of: action)
            guard kept == nil else {
                warn(.ignoredConnection, "<\(element.name)> has more than one action; only the first is performed", at: location)
                continue
            }
            guard let selector = action["selector"], !selector.isEmpty else {
                warn(.ignoredConnection, "an action without a selector is ignored", at: location)
                continue
            }
            guard let destination = action["destination"], destination == controller.id || controller.placeholderIDs.contains(destination) else {
                if let destination = action["destination"], viewIDs.contains(destination) {
                    // Sent to another view of the scene (a media form's detachAction:): named once the scene is read.
                    kept = ActionEntry(target: Self.pendingTargetPrefix + destination, selector: selector, place: SourcePlace(file: file, location: location))
                    continue
                }
                warn(.ignoredConnection, "action \(selector) is sent to \(action["destination"] ?? "nothing"), not to the view controller; it is ignored",
                     at: location)
                continue
            }
            kept = ActionEntry(target: "@self", selector: selector, place: SourcePlace(file: file, location: location))
        }
        return kept
    }

    /// Adds a segue of the scene and returns its id; nil when it is not performed.
    private mutating func add(_ segue: XMLElementNode) -> String? {
        let location = index.document.location(of: segue)
        let kindName = segue["kind"] ?? "show"
        guard let transition = StoryboardVocabulary.transition(ofSegueKind: kindName) else {
            warn(.unsupportedSegue, "\(kindName) segues are not performed", at: location)
            return nil
        }
        guard let destinationID = segue["destination"], !destinationID.isEmpty else {
            problem(.storyboardSegue, "a \(kindName) segue has no destination", at: location)
            return nil
        }
        guard let destination = index.byID[destinationID] else {
            problem(.storyboardSegue, "a segue leads to \(destinationID), which is not a controller of the storyboard", at: location)
            return nil
        }
        guard let shown = index.shownController(for: destinationID) else {
            problem(.storyboardSegue, "a segue leads to navigation controller \(destination.name), which has no root view controller", at: location,
                    hint: "connect its rootViewController relationship")
            return nil
        }
        guard shown.kind != .other else {
            warn(.unsupportedSegue, "a segue leads to \(shown.className) \(shown.name), which Widgetry does not run", at: location)
            return nil
        }
        let id = segue["identifier"].flatMap { $0.isEmpty ? nil : $0 } ?? "segue-\(segues.count + 1)"
        guard !segues.contains(where: { $0.id == id }) else {
            problem(.storyboardSegue, "two segues of \(controller.name) are named \(id)", at: location, hint: "give each segue its own identifier")
            return nil
        }
        // A segue to a navigation controller shows it modally, whatever its kind.
        let kind = destination.kind == .navigationController ? .present : transition
        segues.append(SegueEntry(id: id, destination: shown.name, kind: kind, place: SourcePlace(file: file, location: location)))
        return id
    }

    // MARK: Outlets

    /// The outlet connections of views under `element`: not the controller's own (its class's
    /// properties), nor a cell's (UIKit's plumbing, `contentDisplayView`).
    private static func viewOutlets(under element: XMLElementNode) -> [XMLElementNode] {
        var found: [XMLElementNode] = []
        func visit(_ node: XMLElementNode, isOwner: Bool) {
            for child in node.children {
                if child.name == "connections" {
                    if isOwner { found += child.children.filter { $0.name == "outlet" || $0.name == "outletCollection" } }
                } else {
                    visit(child, isOwner: !CellNibReader.cellTags.contains(child.name) && child.name != "navigationItem")
                }
            }
        }
        visit(element, isOwner: false)
        return found
    }

    /// What an action entry's target reads until the view it is sent to has its name.
    private static let pendingTargetPrefix = "#ib:"

    /// Every view under `element` (an element Widgetry models, with an Interface Builder id).
    private static func views(under element: XMLElementNode) -> [XMLElementNode] {
        var found: [XMLElementNode] = []
        var pending = element.children
        while let node = pending.popLast() {
            if node["id"] != nil, StoryboardVocabulary.classNames[node.name] != nil { found.append(node) }
            pending += node.children
        }
        return found
    }

    /// Actions sent to views of the scene get the view's name as their target.
    private mutating func resolveActionTargets() {
        for (element, destination, location) in pendingActionTargets {
            guard let index = elements.firstIndex(where: { $0.id == element }), let action = elements[index].action else { continue }
            if let name = namesByIBID[destination] {
                elements[index].action = ActionEntry(target: name, selector: action.selector, place: action.place)
            } else {
                elements[index].action = nil
                warn(.ignoredConnection, "action \(action.selector) is sent to \(destination), which is not an element; it is ignored", at: location)
            }
        }
    }

    /// The views' outlets as entries, like a screen file's `outlets` (FORMAT.md#screen.outlets):
    /// an `<outlet>` names one element, an `<outletCollection>` adds to an array. One that
    /// points at something that is not an element is warned about and left out.
    private mutating func resolveOutlets() {
        var byOwner: [(owner: String, outlets: [OutletEntry])] = []
        for (owner, connection) in pendingOutlets {
            let location = index.document.location(of: connection)
            guard let property = connection["property"], !property.isEmpty else {
                warn(.ignoredConnection, "an outlet without a property is ignored", at: location)
                continue
            }
            guard let target = connection["destination"].flatMap({ namesByIBID[$0] }) else {
                warn(.ignoredConnection, "outlet \(property) of \(owner) points at \(connection["destination"] ?? "nothing"), which is not an element; it is ignored",
                     at: location)
                continue
            }
            let isArray = connection.name == "outletCollection"
            let place = SourcePlace(file: file, location: location)
            if byOwner.last?.owner != owner { byOwner.append((owner, [])) }
            if isArray, let index = byOwner[byOwner.count - 1].outlets.firstIndex(where: { $0.property == property && $0.isArray }) {
                byOwner[byOwner.count - 1].outlets[index].targets.append(target)
            } else {
                byOwner[byOwner.count - 1].outlets.append(OutletEntry(property: property, targets: [target], isArray: isArray, place: place))
            }
        }
        for (owner, outlets) in byOwner {
            if let index = elements.firstIndex(where: { $0.id == owner }) {
                elements[index].outlets += outlets
            } else {
                elements.append(ElementEntry(id: owner, action: nil, attrs: [], bindings: [], outlets: outlets, place: outlets[0].place))
            }
        }
    }

    // MARK: Helpers

    private func place(of element: XMLElementNode) -> SourcePlace {
        SourcePlace(file: file, location: index.document.location(of: element))
    }

    private mutating func register(_ id: String, at location: SourceLocation) {
        var first: SourceLocation?
        if var inPrototype = prototypeIDs {
            first = inPrototype[id] ?? controllerIDs[id]
            inPrototype[id] = inPrototype[id] ?? location
            prototypeIDs = inPrototype
            if cellIDs[id] == nil { cellIDs[id] = location }
        } else {
            first = controllerIDs[id] ?? cellIDs[id]
            if first == nil { controllerIDs[id] = location }
        }
        if let first {
            problem(.storyboardDuplicateIdentifier, "identifier \(id) is used twice (first at line \(first.line))", at: location,
                    hint: "identifiers must be unique across the screen and within each cell; cells may share them (docs/FORMAT.md#screen.namespace)")
        }
    }

    mutating func problem(_ code: ScreenError.Code, _ message: String, at location: SourceLocation, hint: String? = nil) {
        problems.append(ScreenError(code, message, file: file, location: location, hint: hint))
    }

    mutating func warn(_ code: StoryboardWarning.Code, _ message: String, at location: SourceLocation) {
        warnings.append(StoryboardWarning(code: code, message: message, file: file, location: location))
    }
}
