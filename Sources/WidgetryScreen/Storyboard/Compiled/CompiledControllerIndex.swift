import WidgetryNIB

/// A view controller of a compiled storyboard as the first pass finds it: enough to name it
/// and to resolve segues to it before any scene is built.
struct CompiledController: NavigationChainLink {
    /// Its key in `Info.plist` (storyboard ID, or `<UIKitClass>-<id>`).
    let identifier: String
    /// Its nib, whose ``CompiledNib/controller`` is ``object``.
    let nib: CompiledNib
    let object: Int
    /// The Interface Builder id, recovered from the view nib's name or the identifier.
    let id: String
    let name: String
    let restorationIdentifier: String?
    let storyboardIdentifier: String?
    let kind: StoryboardScene.Kind
    let className: String
    var rootControllerID: String?
    /// A navigation controller's root as its nib names it: the root's id, or its storyboard ID.
    let rootHint: (id: String?, storyboardIdentifier: String?)?
}

/// The controllers of a compiled storyboard, by id and by identifier, and the warnings found so far.
struct CompiledControllerIndex {
    let file: String
    var controllers: [CompiledController] = []
    var byID: [String: CompiledController] = [:]
    var byIdentifier: [String: CompiledController] = [:]
    var warnings: [StoryboardWarning] = []
    private var names: Set<String> = []

    init(file: String) {
        self.file = file
    }

    /// Adds the controller of the nib `archive`, which `Info.plist` lists under `identifier`.
    mutating func add(identifier: String, archive: NIBArchive) throws(NIBError) {
        guard let object = try CompiledNib.firstOwnObject(in: archive) else {
            throw NIBError(.malformed, "the nib of controller \(identifier) has no controller among its top-level objects", file: archive.file,
                           objectIndex: NIBArchive.rootObjectIndex, key: "UINibTopLevelObjectsKey",
                           hint: "a controller's nib holds the controller and proxies")
        }
        let nib = try CompiledNib(archive: archive, parent: nil, externals: [:], controller: object)
        add(try Self.controller(identifier: identifier, nib: nib, object: object))
    }

    private mutating func add(_ controller: CompiledController) {
        if controller.kind != .navigationController, controller.restorationIdentifier == nil, let storyboardID = controller.storyboardIdentifier {
            warn(.noRestorationIdentifier, "controller \(storyboardID) has a storyboard ID but no restoration identifier, so no screen file is read for it",
                 file: controller.nib.file)
        }
        if !names.insert(controller.name).inserted {
            warn(.duplicateScreen, "a second controller is named \(controller.name); the first one is the screen of that name", file: controller.nib.file)
        }
        if byID[controller.id] == nil { byID[controller.id] = controller }
        byIdentifier[controller.identifier] = controller
        controllers.append(controller)
    }

    static func controller(identifier: String, nib: CompiledNib, object: Int) throws(NIBError) -> CompiledController {
        let archive = nib.archive
        let classes = try nib.classNames(of: object)
        let kind = UIKitDefaults.controllerKind(classes.uiKit)
        let storyboardID = try archive.string(of: object, key: "UIStoryboardIdentifier")
        let restoration = try archive.string(of: object, key: "UIRestorationIdentifier")
        let prefix = classes.uiKit + "-"
        let id = try Self.id(of: object, in: archive)
            ?? (identifier.hasPrefix(prefix) && identifier.count > prefix.count ? String(identifier.dropFirst(prefix.count)) : identifier)
        var rootHint: (id: String?, storyboardIdentifier: String?)?
        if kind == .navigationController, let root = try archive.objectItems(of: object, key: "UIViewControllers").first {
            rootHint = (try Self.id(of: root, in: archive), try archive.string(of: root, key: "UIStoryboardIdentifier"))
        }
        return CompiledController(identifier: identifier, nib: nib, object: object, id: id, name: restoration ?? storyboardID ?? "Scene-\(id)",
                                  restorationIdentifier: restoration, storyboardIdentifier: storyboardID, kind: kind,
                                  className: classes.custom ?? classes.uiKit, rootControllerID: nil, rootHint: rootHint)
    }

    /// A controller's Interface Builder id: the part of its view nib's name (`<id>-view-<viewId>`)
    /// before `-view-`, else its identifier without the `<UIKitClass>-` ibtool puts before it.
    private static func id(of object: Int, in archive: NIBArchive) throws(NIBError) -> String? {
        if let nibName = try archive.string(of: object, key: "UINibName"), let range = nibName.range(of: "-view-"), range.lowerBound > nibName.startIndex {
            return String(nibName[..<range.lowerBound])
        }
        return nil
    }

    /// Sets each navigation controller's root, once every controller is known. A root that
    /// has no nib of its own is read from its copy inside the navigation controller's nib.
    mutating func resolveRoots() throws(NIBError) {
        for (position, controller) in controllers.enumerated() where controller.kind == .navigationController {
            guard let hint = controller.rootHint else { continue }
            var rootID = hint.id.flatMap { byID[$0]?.id } ?? hint.storyboardIdentifier.flatMap { id in controllers.first { $0.storyboardIdentifier == id }?.id }
            if rootID == nil, let copy = try controller.nib.archive.objectItems(of: controller.object, key: "UIViewControllers").first {
                let nib = try CompiledNib(archive: controller.nib.archive, parent: nil, externals: [:], controller: copy)
                let embedded = try Self.controller(identifier: "\(controller.identifier)#\(copy)", nib: nib, object: copy)
                add(embedded)
                rootID = embedded.id
            }
            controllers[position].rootControllerID = rootID
            if byID[controller.id]?.identifier == controller.identifier { byID[controller.id] = controllers[position] }
            byIdentifier[controller.identifier] = controllers[position]
        }
    }

    /// The controller a segue to `id` shows: through navigation controllers to their root.
    func shownController(for id: String) -> CompiledController? {
        WidgetryScreen.shownController(for: id) { byID[$0] }
    }

    mutating func warn(_ code: StoryboardWarning.Code, _ message: String, file: String) {
        warnings.append(StoryboardWarning(code: code, message: message, file: file, location: nil))
    }
}
