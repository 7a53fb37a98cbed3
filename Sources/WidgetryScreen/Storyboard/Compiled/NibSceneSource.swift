import WidgetryNIB
import WidgetryJSON

/// A scene of a compiled storyboard as the ``SceneBuilder`` reads it: the controller's nib, its
/// view nib and its prototype cells' nibs, linked by proxies. A nib has no lines, so a finding
/// is placed by the scene, the object being read and a key.
struct NibSceneSource: SceneSource {
    /// An object of one of the scene's nibs: a view, a cell, the controller.
    struct Object {
        let nib: CompiledNib
        let object: Int
    }

    /// A segue template of a nib.
    struct Segue {
        let nib: CompiledNib
        let template: Int
    }

    /// An event connection of a view, which is not a segue's.
    struct Action {
        let nib: CompiledNib
        let connection: CompiledNib.Connection
    }

    typealias View = Object
    typealias Cell = Object
    typealias NavigationItem = Int
    typealias Failure = NIBError

    let controller: CompiledController
    let index: CompiledControllerIndex
    /// The `.storyboardc` folder on disk, and its path in the bundle.
    let directory: String
    let folder: String
    let limits: NIBLimits

    /// How deep a view tree may nest before the nib is refused.
    static let maxDepth = 256

    private var controllerNib: CompiledNib { controller.nib }
    var scenePlace: SourcePlace { SourcePlace(file: controllerNib.file, location: nil) }
    var sceneSubject: String? { controller.name }
    var controllerObject: Object { Object(nib: controllerNib, object: controller.object) }
    var controllerSubject: String? { "\(controller.name), \(controller.className) object \(controller.object)" }

    // MARK: Nibs

    /// The controller's view nib, whose placeholders stand for objects of the controller's nib
    /// through its `UIExternalObjectsTableForViewLoading`.
    private func loadViewNib(_ name: String) throws(NIBError) -> CompiledNib {
        let archive = try CompiledStoryboardReader.readNib(named: name, directory: directory, file: folder, limits: limits)
        let table = try controllerNib.archive.reference(of: controller.object, key: "UIExternalObjectsTableForViewLoading")
        let externals = try table.map { (dictionary: Int) throws(NIBError) in try controllerNib.externalTable(dictionary) } ?? [:]
        return try CompiledNib(archive: archive, parent: controllerNib, externals: externals, controller: nil)
    }

    // MARK: Views

    func enter(_ view: Object, depth: Int, walked: inout Set<String>) throws(NIBError) {
        guard depth < Self.maxDepth, walked.insert("\(view.nib.file)#\(view.object)").inserted else {
            throw NIBError(.malformed, "view \(view.object) is reached twice, or the view tree nests deeper than \(Self.maxDepth)", file: view.nib.file,
                           objectIndex: view.object, key: "UISubviews", hint: "the archive is damaged: a view cannot be its own ancestor")
        }
    }

    func viewClass(of view: Object) throws(NIBError) -> SceneViewClass {
        let classes = try view.nib.classNames(of: view.object)
        return SceneViewClass(known: UIKitDefaults.elementTypes[classes.uiKit], custom: classes.custom, name: classes.uiKit, reference: "it",
                              subject: "\(controller.name), \(classes.uiKit) object \(view.object)")
    }

    func place(of view: Object) -> SourcePlace { SourcePlace(file: view.nib.file, location: nil) }
    func referenceID(of view: Object) -> String? { nil }
    func design(of view: Object, isRoot: Bool) -> ViewDesign { CompiledDesign(nib: view.nib).design(of: view.object, isRoot: isRoot) }

    /// An element's actions and the segues it performs (`perform:` sent to a segue template).
    func links(of view: Object) throws(NIBError) -> SceneLinks<Segue, Action> {
        var links = SceneLinks<Segue, Action>()
        for connection in view.nib.connections(from: view.object) where connection.kind == .event {
            if let destination = connection.destination, case .segueTemplate(let templateNib, let template) = try view.nib.resolve(destination) {
                links.segues.append(Segue(nib: templateNib, template: template))
            } else {
                links.actions.append(Action(nib: view.nib, connection: connection))
            }
        }
        return links
    }

    func parts(of view: Object, _ visit: (ScenePart<Object, Object>) throws(NIBError) -> Void) throws(NIBError) {
        let (nib, object) = (view.nib, view.object)
        let archive = nib.archive
        let header = try archive.reference(of: object, key: "UITableHeaderView")
        let footer = try archive.reference(of: object, key: "UITableFooterView")
        for subview in try archive.objectItems(of: object, key: "UISubviews") where subview != header && subview != footer {
            guard try !UIKitDefaults.isPlumbing(nib.classNames(of: subview).uiKit) else { continue }
            try visit(.child(Object(nib: nib, object: subview)))
        }
        if let custom = try archive.reference(of: object, key: "UICustomView") { try visit(.child(Object(nib: nib, object: custom))) }
        // Header and footer before the prototypes, in the XML's order, so segues number alike.
        if let header { try visit(.header(Object(nib: nib, object: header))) }
        if let footer { try visit(.footer(Object(nib: nib, object: footer))) }
        try prototypes(of: object, in: nib, visit)
        for constraint in try archive.objectItems(of: object, key: "UIViewAutolayoutConstraints") where try isElement(constraint, in: nib) {
            try visit(.child(Object(nib: nib, object: constraint)))
        }
    }

    /// A constraint is an element when it has an identifier or a binding (FORMAT.md#bundle.storyboard).
    private func isElement(_ constraint: Int, in nib: CompiledNib) throws(NIBError) -> Bool {
        for pair in nib.keyValuePairs[constraint] ?? [] {
            let keyPath = try nib.archive.string(of: pair, key: "UIKeyPath")
            if keyPath == "wx.identifier" || keyPath == "wx.addBinding" { return true }
        }
        return false
    }

    /// A table's or collection's prototype cells: each a nib inside the view
    /// (`UITableViewCellPrototypeNibs`, a collection's `UICollectionViewCellNibDict`), whose
    /// placeholders stand for objects of this nib (`…CellPrototypeNibExternalObjects`).
    private func prototypes(of table: Int, in nib: CompiledNib, _ visit: (ScenePart<Object, Object>) throws(NIBError) -> Void) throws(NIBError) {
        let archive = nib.archive
        let (nibsKey, externalsKey) = if try archive.reference(of: table, key: "UITableViewCellPrototypeNibs") != nil {
            ("UITableViewCellPrototypeNibs", "UITableViewCellPrototypeNibExternalObjects")
        } else {
            ("UICollectionViewCellNibDict", "UICollectionViewCellPrototypeNibExternalObjects")
        }
        guard let dictionary = try archive.reference(of: table, key: nibsKey) else { return }
        var externalTables: [String: Int] = [:]
        if let objects = try archive.reference(of: table, key: externalsKey) {
            for pair in try archive.stringPairs(of: objects) {
                guard case .object(let target) = pair.value else {
                    throw archive.mismatchError(objects, "UINibEncoderEmptyKey", expected: "an object reference")
                }
                externalTables[pair.key] = target
            }
        }
        for pair in try archive.stringPairs(of: dictionary) {
            guard case .object(let holder) = pair.value else {
                throw archive.mismatchError(dictionary, "UINibEncoderEmptyKey", expected: "a UINib reference")
            }
            guard !pair.key.isEmpty else {
                try visit(.unnamedPrototype(SourcePlace(file: nib.file, location: nil)))
                continue
            }
            let externals = try externalTables[pair.key].map { (table: Int) throws(NIBError) in try nib.externalTable(table) } ?? [:]
            let cellNib = try CompiledNib(archive: try archive.nestedArchive(holder), parent: nib, externals: externals, controller: nil)
            guard let cell = try CompiledNib.firstOwnObject(in: cellNib.archive) else {
                throw NIBError(.malformed, "the prototype nib of \(pair.key) holds no cell", file: cellNib.file, objectIndex: NIBArchive.rootObjectIndex,
                               key: "UINibTopLevelObjectsKey", hint: "a prototype's nib holds the cell and proxies")
            }
            try visit(.prototype(Object(nib: cellNib, object: cell), reuseIdentifier: pair.key))
        }
    }

    // MARK: The controller

    /// The view the `view` outlet of the view nib's owner points at; else its first top-level object.
    func rootView() throws(NIBError) -> Object? {
        guard let nibName = try controllerNib.archive.string(of: controller.object, key: "UINibName") else { return nil }
        let nib = try loadViewNib(nibName)
        for connection in nib.connections where connection.kind == .outlet && connection.label == "view" {
            if case .controller = try nib.resolve(connection.source), let destination = connection.destination { return Object(nib: nib, object: destination) }
        }
        return try CompiledNib.firstOwnObject(in: nib.archive).map { Object(nib: nib, object: $0) }
    }

    func navigationBarDesign() throws(NIBError) -> ViewDesign? {
        try controllerNib.archive.reference(of: controller.object, key: "UINavigationBar").map { CompiledDesign(nib: controllerNib).design(of: $0) }
    }

    func navigationItem() throws(NIBError) -> (title: String?, item: Int?) {
        let archive = controllerNib.archive
        let controllerTitle = try archive.string(of: controller.object, key: "UITitle")
        guard let item = try archive.reference(of: controller.object, key: "UINavigationItem") else { return (controllerTitle, nil) }
        return (try archive.string(of: item, key: "UITitle") ?? controllerTitle, item)
    }

    func titleView(of item: Int) throws(NIBError) -> Object? {
        try controllerNib.archive.reference(of: item, key: "UITitleView").map { Object(nib: controllerNib, object: $0) }
    }

    /// `UILeftBarButtonItems`, else `UILeftBarButtonItem` (and the same on the right).
    func barButtonItems(of item: Int, side: BarSide) throws(NIBError) -> [Object] {
        let archive = controllerNib.archive
        let side = side == .left ? "Left" : "Right"
        var objects = try archive.objectItems(of: item, key: "UI\(side)BarButtonItems")
        if objects.isEmpty, let single = try archive.reference(of: item, key: "UI\(side)BarButtonItem") { objects = [single] }
        return objects.map { Object(nib: controllerNib, object: $0) }
    }

    /// The `UITitle` of the item's `UIBackBarButtonItem`.
    func backButtonTitle(of item: Int) throws(NIBError) -> String? {
        let archive = controllerNib.archive
        return try archive.reference(of: item, key: "UIBackBarButtonItem").flatMap { (back: Int) throws(NIBError) in try archive.string(of: back, key: "UITitle") }
    }

    func controllerSegues() throws(NIBError) -> [Segue] {
        try controllerNib.archive.objectItems(of: controller.object, key: "UIStoryboardSegueTemplates").map { Segue(nib: controllerNib, template: $0) }
    }

    // MARK: Cells

    func contents(of cell: Object, _ visit: (Object) throws(NIBError) -> Void) throws(NIBError) {
        let archive = cell.nib.archive
        guard let content = try archive.reference(of: cell.object, key: "UIContentView") else { return }
        for subview in try archive.objectItems(of: content, key: "UISubviews") {
            guard try !UIKitDefaults.isPlumbing(cell.nib.classNames(of: subview).uiKit) else { continue }
            try visit(Object(nib: cell.nib, object: subview))
        }
    }

    func segues(of cell: Object, _ visit: (Segue) throws(NIBError) -> Void) throws(NIBError) {
        for connection in cell.nib.connections(from: cell.object) where connection.kind == .outlet
            && (connection.label == "selectionSegueTemplate" || connection.label == "accessoryActionSegueTemplate") {
            guard let destination = connection.destination, case .segueTemplate(let templateNib, let template) = try cell.nib.resolve(destination) else { continue }
            try visit(Segue(nib: templateNib, template: template))
        }
    }

    func design(of cell: Object) -> ViewDesign { CompiledDesign(nib: cell.nib).cellDesign(of: cell.object) }

    // MARK: Segues

    func kind(of segue: Segue) throws(NIBError) -> (name: String, transition: SegueEntry.Kind?) {
        let className = try segue.nib.archive.className(of: segue.template)
        return (className, Self.transition(ofTemplate: className))
    }

    func destination(of segue: Segue) throws(NIBError) -> String? {
        try segue.nib.archive.string(of: segue.template, key: "UIDestinationViewControllerIdentifier")
    }

    func identifier(of segue: Segue) throws(NIBError) -> String? { try segue.nib.archive.string(of: segue.template, key: "UIIdentifier") }
    func identity(of segue: Segue) -> AnyHashable { "\(segue.nib.file)#\(segue.template)" }
    func description(of segue: Segue) -> String { "segue template \(segue.template)" }
    func place(of segue: Segue) -> SourcePlace { SourcePlace(file: segue.nib.file, location: nil) }
    func controller(named destination: String) -> CompiledController? { index.byIdentifier[destination] }
    func shownController(for id: String) -> CompiledController? { index.shownController(for: id) }

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

    // MARK: Actions

    func selector(of action: Action) -> String { action.connection.label }
    func key(of action: Action) -> String? { action.connection.label }
    func place(of action: Action) -> SourcePlace { SourcePlace(file: action.nib.file, location: nil) }

    func target(of action: Action) throws(NIBError) -> SceneActionTarget {
        guard let destination = action.connection.destination, case .controller = try action.nib.resolve(destination) else { return .elsewhere(nil) }
        return .controller
    }
}
