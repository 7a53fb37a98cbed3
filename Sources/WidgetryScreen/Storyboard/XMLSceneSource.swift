import WidgetryXML
import WidgetryJSON

/// A scene of a storyboard's XML source (or a cell xib's) as the ``SceneBuilder`` reads it:
/// elements with their tags, attributes, `<connections>` and Interface Builder ids, placed at
/// their lines.
struct XMLSceneSource: SceneSource {
    typealias View = XMLElementNode
    typealias Cell = XMLElementNode
    typealias NavigationItem = XMLElementNode
    typealias Action = XMLElementNode
    typealias Segue = XMLElementNode
    /// Reading XML already parsed cannot fail: there is no such error. (`Never` would say the
    /// same, but Swift 6.3 crashes lowering the typed-throwing visitors' witnesses with it.)
    enum Failure: Error {}

    let controller: StoryboardController
    let index: ControllerIndex
    /// Interface Builder ids of the views that outlets or actions of other views point at: they
    /// need names.
    private let outletDestinations: Set<String>
    /// Interface Builder ids of the views of the scene, which actions may be sent to.
    private let viewIDs: Set<String>

    init(controller: StoryboardController, index: ControllerIndex) {
        self.controller = controller
        self.index = index
        let views = Self.views(under: controller.element)
        viewIDs = Set(views.compactMap { $0["id"] })
        let actionDestinations = views.flatMap { $0.children(named: "connections").flatMap { $0.children(named: "action") } }
            .compactMap { $0["destination"] }.filter { $0 != controller.id && !controller.placeholderIDs.contains($0) }
        outletDestinations = Set(Self.viewOutlets(under: controller.element).compactMap { $0["destination"] } + actionDestinations)
    }

    var file: String { index.file }
    var scenePlace: SourcePlace { place(of: controller.element) }
    var sceneSubject: String? { nil }
    var controllerObject: XMLElementNode { controller.element }
    var controllerSubject: String? { nil }

    func place(of element: XMLElementNode) -> SourcePlace {
        SourcePlace(file: file, location: index.document.location(of: element))
    }

    // MARK: Views

    func enter(_ view: XMLElementNode, depth: Int, walked: inout Set<String>) {}

    func viewClass(of element: XMLElementNode) -> SceneViewClass {
        SceneViewClass(known: StoryboardVocabulary.classNames[element.name], custom: element["customClass"], name: "<\(element.name)>",
                       reference: "<\(element.name)>", subject: nil)
    }

    func referenceID(of element: XMLElementNode) -> String? { element["id"] }

    func links(of element: XMLElementNode) -> SceneLinks<Segue, XMLElementNode> {
        var links = SceneLinks<Segue, XMLElementNode>()
        for connection in element.children(named: "connections").flatMap(\.children) {
            switch connection.name {
            case "segue" where connection["kind"] != "relationship": links.segues.append(connection)
            case "action": links.actions.append(connection)
            case "outlet", "outletCollection":
                links.outlets.append(SceneOutlet(property: connection["property"], destination: connection["destination"],
                                                 isArray: connection.name == "outletCollection", place: place(of: connection)))
            default: break
            }
        }
        links.isOutletDestination = element["id"].map(outletDestinations.contains) ?? false
        return links
    }

    func design(of element: XMLElementNode, isRoot: Bool) -> ViewDesign {
        index.design.design(of: element, controller: isRoot ? controller.element : nil)
    }

    func parts(of element: XMLElementNode, _ visit: (ScenePart<XMLElementNode, XMLElementNode>) throws(Failure) -> Void) throws(Failure) {
        for child in element.children {
            switch (child.name, child["key"]) {
            case ("subviews", _):
                for subview in child.children { try visit(.child(subview)) }
            case (_, "tableHeaderView"):
                try visit(.header(child))
            case (_, "tableFooterView"):
                try visit(.footer(child))
            case (_, "customView"), (_, "contentView"), (_, "backgroundView"):
                try visit(.child(child))
            case ("sections", _):
                for cell in child.children(named: "tableViewSection").flatMap({ $0.children(named: "cells") }).flatMap(\.children) {
                    try visit(.child(cell))
                }
            case ("prototypes", _), ("cells", _):
                for cell in child.children {
                    if let reuseIdentifier = cell["reuseIdentifier"], !reuseIdentifier.isEmpty {
                        try visit(.prototype(cell, reuseIdentifier: reuseIdentifier))
                    } else {
                        try visit(.unnamedPrototype(place(of: cell)))
                    }
                }
            case ("constraints", _):
                for constraint in child.children where Self.isElement(constraint) { try visit(.child(constraint)) }
            default:
                break
            }
        }
    }

    /// A constraint is an element when it has an identifier or a binding (FORMAT.md#bundle.storyboard).
    private static func isElement(_ constraint: XMLElementNode) -> Bool {
        constraint.children(named: "userDefinedRuntimeAttributes").flatMap { $0.children(named: "userDefinedRuntimeAttribute") }
            .contains { $0["keyPath"] == "wx.identifier" || $0["keyPath"] == "wx.addBinding" }
    }

    // MARK: The controller

    func rootView() -> XMLElementNode? {
        controller.element.children.first { $0["key"] == "view" }
    }

    func navigationItem() -> (title: String?, item: XMLElementNode?) {
        let item = controller.element.children.first { $0.name == "navigationItem" }
        return (item?["title"] ?? controller.element["title"], item)
    }

    func navigationBarDesign() -> ViewDesign? {
        controller.element.children.first { $0.name == "navigationBar" && $0["key"] == "navigationBar" }.map { design(of: $0, isRoot: false) }
    }

    func titleView(of item: XMLElementNode) -> XMLElementNode? {
        item.children.first { $0["key"] == "titleView" }
    }

    /// `leftBarButtonItem`, or the items of `<leftBarButtonItems>` (and the same on the right).
    func barButtonItems(of item: XMLElementNode, side: BarSide) -> [XMLElementNode] {
        let side = side == .left ? "left" : "right"
        if let single = item.children.first(where: { $0.name == "barButtonItem" && $0["key"] == "\(side)BarButtonItem" }) {
            return [single]
        }
        return item.children(named: "\(side)BarButtonItems").flatMap(\.children)
    }

    /// The `title` of `<barButtonItem key="backBarButtonItem">`.
    func backButtonTitle(of item: XMLElementNode) -> String? {
        item.children.first { $0.name == "barButtonItem" && $0["key"] == "backBarButtonItem" }?["title"]
    }

    func controllerSegues() -> [Segue] {
        links(of: controller.element).segues
    }

    // MARK: Cells

    func contents(of cell: XMLElementNode, _ visit: (XMLElementNode) throws(Failure) -> Void) throws(Failure) {
        for subview in contentView(of: cell)?.children(named: "subviews").flatMap(\.children) ?? [] { try visit(subview) }
    }

    func segues(of cell: XMLElementNode, _ visit: (Segue) throws(Failure) -> Void) throws(Failure) {
        for segue in links(of: cell).segues { try visit(segue) }
    }

    func design(of cell: XMLElementNode) -> ViewDesign {
        index.design.cellDesign(of: cell, contentView: contentView(of: cell))
    }

    private func contentView(of cell: XMLElementNode) -> XMLElementNode? {
        cell.children.first { $0["key"] == "contentView" }
    }

    // MARK: Segues

    func kind(of segue: Segue) -> (name: String, transition: SegueEntry.Kind?) {
        let name = segue["kind"] ?? "show"
        return (name, StoryboardVocabulary.transition(ofSegueKind: name))
    }

    func destination(of segue: Segue) -> String? { segue["destination"] }
    func identifier(of segue: Segue) -> String? { segue["identifier"] }
    func identity(of segue: Segue) -> AnyHashable { ObjectIdentifier(segue) }
    func description(of segue: Segue) -> String { "a \(kind(of: segue).name) segue" }
    func controller(named destination: String) -> StoryboardController? { index.byID[destination] }
    func shownController(for id: String) -> StoryboardController? { index.shownController(for: id) }

    // MARK: Actions

    func selector(of action: XMLElementNode) -> String { action["selector"] ?? "" }
    func key(of action: XMLElementNode) -> String? { nil }

    func target(of action: XMLElementNode) -> SceneActionTarget {
        let destination = action["destination"]
        if let destination, destination == controller.id || controller.placeholderIDs.contains(destination) { return .controller }
        if let destination, viewIDs.contains(destination) { return .view(destination) }
        return .elsewhere(destination ?? "nothing")
    }

    // MARK: The scene's views

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

    /// Every view under `element` (an element Widgemodels, with an Interface Builder id).
    private static func views(under element: XMLElementNode) -> [XMLElementNode] {
        var found: [XMLElementNode] = []
        var pending = element.children
        while let node = pending.popLast() {
            if node["id"] != nil, StoryboardVocabulary.classNames[node.name] != nil { found.append(node) }
            pending += node.children
        }
        return found
    }
}

extension SceneBuilder where Source == XMLSceneSource {
    /// The scene: reading XML cannot fail.
    mutating func buildScene() -> StoryboardScene {
        switch Result(catching: { () throws(XMLSceneSource.Failure) in try build() }) {
        case .success(let scene): scene
        }
    }

    /// A cell xib's cell registered under `reuseIdentifier` (``registeredPrototype(_:reuseIdentifier:)``).
    mutating func registeredCell(_ cell: XMLElementNode, reuseIdentifier: String)
        -> (prototype: CellPrototype?, elements: [ElementEntry], problems: [ScreenError]) {
        switch Result(catching: { () throws(XMLSceneSource.Failure) in try registeredPrototype(cell, reuseIdentifier: reuseIdentifier) }) {
        case .success(let read): read
        }
    }
}
