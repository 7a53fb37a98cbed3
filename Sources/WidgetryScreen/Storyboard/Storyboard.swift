public import WidgetryJSON

/// An Interface Builder storyboard source read into screens (FORMAT.md#bundle.storyboard): each
/// view controller is a scene with its view tree, its navigation item, its segues, and the
/// bindings, actions and attributes set on it in Interface Builder. Read by
/// ``StoryboardReader``; ``ScreenSource`` joins a scene with its screen file.
public struct Storyboard: Sendable {
    /// The storyboard's path in the bundle, for messages.
    public var file: String
    /// Every view controller, navigation controllers included, in document order.
    public var scenes: [StoryboardScene]
    /// The Interface Builder id of the initial view controller, when the storyboard has one.
    public var initialControllerID: String?
    /// What was read but is not run (unknown elements, segues Widgetry does not perform), each
    /// with its place, in document order.
    public var warnings: [StoryboardWarning]

    public init(file: String, scenes: [StoryboardScene], initialControllerID: String?, warnings: [StoryboardWarning]) {
        self.file = file
        self.scenes = scenes
        self.initialControllerID = initialControllerID
        self.warnings = warnings
    }

    /// The first scene called `name`.
    public func scene(named name: String) -> StoryboardScene? {
        scenes.first { $0.name == name }
    }

    /// The scene of the controller with Interface Builder id `id`.
    public func scene(id: String) -> StoryboardScene? {
        scenes.first { $0.id == id }
    }

    /// The scene a controller shows: the controller itself, or for a navigation controller its
    /// root view controller (through nested navigation controllers). Nil when the chain ends
    /// without a root or loops.
    public func shownScene(for id: String) -> StoryboardScene? {
        shownController(for: id, in: scene(id:))
    }

    /// The bar of the navigation controller that shows scene `id`: the one whose root it is,
    /// else (a screen pushed onto the stack) the initial navigation controller's.
    public func navigationBar(showing id: String) -> ViewDesign? {
        let bars = scenes.filter { $0.kind == .navigationController }
        if let own = bars.first(where: { shownScene(for: $0.id)?.id == id }) { return own.navigationBar }
        return bars.first { $0.id == initialControllerID }?.navigationBar
    }

    /// The screen shown first: the initial view controller's, through a navigation controller
    /// to its root.
    public var entryScreen: String? {
        initialControllerID.flatMap { shownScene(for: $0)?.name }
    }
}

/// One view controller of a storyboard.
public struct StoryboardScene: Sendable {
    public enum Kind: String, Sendable {
        case viewController
        case tableViewController
        case collectionViewController
        case navigationController
        /// A controller Widgetry does not run (tab bar, page, split view, storyboard reference).
        case other
    }

    /// The controller's Interface Builder id (`zbs-L4-ivJ`).
    public var id: String
    /// The screen's name: its restoration identifier, else its storyboard identifier, else
    /// `Scene-<id>`. Segues reach every scene, named or not.
    public var name: String
    /// The restoration identifier: upstream reads the screen file `<restorationIdentifier>.json`
    /// for the controller, and for nothing else. Nil when the controller has none.
    public var restorationIdentifier: String?
    public var kind: Kind
    /// The controller's class: its custom class, else UIKit's.
    public var className: String
    /// A navigation controller's root view controller (its `rootViewController` relationship).
    public var rootControllerID: String?
    /// The controller's root view and everything under it.
    public var view: ViewNode?
    public var navigationItem: NavigationItemNode?
    /// A navigation controller's bar, as designed (its style and colours).
    public var navigationBar: ViewDesign?
    /// Segues whose source is in this scene (elements, cells, the controller), destinations
    /// resolved to screen names, in document order.
    public var segues: [SegueEntry]
    /// What Interface Builder sets on elements and on the controller (`@self`): `wx.addBinding`
    /// bindings, actions, the controller's runtime attributes; in document order.
    public var elements: [ElementEntry]
    /// Problems that keep the screen from loading; opening it reports them.
    public var problems: [ScreenError]
    public var place: SourcePlace
}

/// Something in a storyboard that is read but not run, with its place.
public struct StoryboardWarning: Sendable, Equatable, CustomStringConvertible {
    public enum Code: String, Sendable, CaseIterable {
        /// An element tag Widgetry does not model; it is kept as a plain view.
        case unknownElement = "storyboard.unknown-element"
        /// A segue Widgetry does not perform (embed, unwind, to a tab bar controller…).
        case unsupportedSegue = "storyboard.unsupported-segue"
        /// A connection (an action, a second segue) that has no effect headlessly.
        case ignoredConnection = "storyboard.ignored-connection"
        /// A controller with a storyboard identifier but no restoration identifier: no screen
        /// file is read for it.
        case noRestorationIdentifier = "storyboard.no-restoration-identifier"
        /// Two controllers with one name: the first is the screen of that name.
        case duplicateScreen = "storyboard.duplicate-screen"
        /// `initialViewController` names no controller of the storyboard.
        case unknownInitialController = "storyboard.unknown-initial-controller"
        /// A cell prototype without a reuse identifier, which no row can use.
        case missingReuseIdentifier = "storyboard.missing-reuse-identifier"
    }

    public var code: Code
    public var message: String
    public var file: String
    public var location: SourceLocation?

    public init(code: Code, message: String, file: String, location: SourceLocation?) {
        self.code = code
        self.message = message
        self.file = file
        self.location = location
    }

    /// `file:line:column: warning: message [code]`.
    public var description: String {
        var text = file
        if let location { text += ":\(location.line):\(location.column)" }
        return text + ": warning: \(message) [\(code.rawValue)]"
    }
}

/// A controller as a navigation chain sees it: its kind, and a navigation controller's root.
protocol NavigationChainLink {
    var kind: StoryboardScene.Kind { get }
    var rootControllerID: String? { get }
}

extension StoryboardScene: NavigationChainLink {}

/// The controller `id` shows: itself, or for a navigation controller its root view controller
/// (through nested navigation controllers), found by `lookup`. Nil when the chain ends without a
/// root or loops. One rule for scenes, and for the controllers both storyboard readers index.
func shownController<Link: NavigationChainLink>(for id: String, in lookup: (String) -> Link?) -> Link? {
    var visited: Set<String> = []
    var current = id
    while visited.insert(current).inserted, let link = lookup(current) {
        guard link.kind == .navigationController else { return link }
        guard let root = link.rootControllerID else { return nil }
        current = root
    }
    return nil
}
