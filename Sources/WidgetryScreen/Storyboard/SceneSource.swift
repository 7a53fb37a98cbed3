import WidgetryJSON

/// One storyboard form (the XML source, or the compiled nibs) as the ``SceneBuilder`` reads a
/// scene from it: the adapter answers questions about the scene's objects (its views, their
/// classes, attributes, connections and design values, its segues), and the builder keeps
/// every rule about what they make (names, ids, entries, segue numbering), so both forms read
/// alike by construction.
///
/// The adapters read; they never decide. Each answer is read when the builder asks for it, in
/// the order the builder needs it, so a damaged input fails at the same point whatever reads it.
protocol SceneSource {
    /// The controllers of the storyboard, as segues find them.
    associatedtype Controller: SceneController
    /// A view, a cell's view, a bar button item, a constraint, or the controller itself.
    associatedtype View
    /// A cell prototype.
    associatedtype Cell
    /// A navigation item.
    associatedtype NavigationItem
    /// A segue.
    associatedtype Segue
    /// An action connection.
    associatedtype Action
    /// Why the source cannot be read (`Never` when reading cannot fail).
    associatedtype Failure: Error

    /// The scene's controller.
    var controller: Controller { get }
    /// Where the scene is.
    var scenePlace: SourcePlace { get }
    /// What a finding outside any view is said to be about (``SceneFindings/subject``).
    var sceneSubject: String? { get }
    /// The object whose runtime attributes are the controller's own entry (`@self`), and the
    /// subject of the findings about them.
    var controllerObject: View { get }
    var controllerSubject: String? { get }

    // MARK: Views

    /// Checks that `view` may be read at `depth`, `walked` holding what the scene has read.
    func enter(_ view: View, depth: Int, walked: inout Set<String>) throws(Failure)
    func viewClass(of view: View) throws(Failure) -> SceneViewClass
    func place(of view: View) -> SourcePlace
    /// What connections of other objects know the view by (the XML's `id`), if any.
    func referenceID(of view: View) -> String?
    func runtimeAttributes(of view: View, findings: inout SceneFindings) throws(Failure) -> StoryboardRuntimeAttributes
    func links(of view: View) throws(Failure) -> SceneLinks<Segue, Action>
    /// What the view's own keys set, before its runtime attributes.
    func initialProperties(of view: View, viewClass: SceneViewClass) throws(Failure) -> [(key: String, value: JSONValue)]
    /// The view's design; `isRoot` for the controller's root view.
    func design(of view: View, isRoot: Bool) -> ViewDesign
    /// The parts of `view` in reading order (subviews, header, footer, prototypes, constraints
    /// that are elements), each given to `visit` as it is read.
    func parts(of view: View, _ visit: (ScenePart<View, Cell>) throws(Failure) -> Void) throws(Failure)

    // MARK: The controller

    func rootView() throws(Failure) -> View?
    /// The navigation item, and the title a scene without one has.
    func navigationItem() throws(Failure) -> (title: String?, item: NavigationItem?)
    func titleView(of item: NavigationItem) throws(Failure) -> View?
    func barButtonItems(of item: NavigationItem, side: BarSide) throws(Failure) -> [View]
    /// The title of the item's back bar button item, when it has one.
    func backButtonTitle(of item: NavigationItem) throws(Failure) -> String?
    /// A navigation controller's bar, as designed; nil when it has none.
    func navigationBarDesign() throws(Failure) -> ViewDesign?
    /// The controller's segues, some of which views and cells may already have performed.
    func controllerSegues() throws(Failure) -> [Segue]

    // MARK: Cells

    /// The views of the cell's content, each given to `visit` as it is read.
    func contents(of cell: Cell, _ visit: (View) throws(Failure) -> Void) throws(Failure)
    /// The segues the cell performs, each given to `visit` as it is read.
    func segues(of cell: Cell, _ visit: (Segue) throws(Failure) -> Void) throws(Failure)
    func place(of cell: Cell) -> SourcePlace
    func design(of cell: Cell) -> ViewDesign

    // MARK: Segues

    /// The kind's name (for messages) and the transition it makes; nil when it is not performed.
    func kind(of segue: Segue) throws(Failure) -> (name: String, transition: SegueEntry.Kind?)
    /// What names the destination controller.
    func destination(of segue: Segue) throws(Failure) -> String?
    func identifier(of segue: Segue) throws(Failure) -> String?
    /// What tells the segue from the others: the builder remembers which it has added.
    func identity(of segue: Segue) -> AnyHashable
    /// The segue as a message names it (`a show segue`).
    func description(of segue: Segue) -> String
    func place(of segue: Segue) -> SourcePlace
    /// The controller `destination` names, and the one a segue to `id` shows.
    func controller(named destination: String) -> Controller?
    func shownController(for id: String) -> Controller?

    // MARK: Actions

    /// The selector; empty when there is none.
    func selector(of action: Action) -> String
    /// The key a finding about the action (but its lack of a selector) is placed at, in a form without lines.
    func key(of action: Action) -> String?
    func place(of action: Action) -> SourcePlace
    func target(of action: Action) throws(Failure) -> SceneActionTarget
}

/// A controller as a scene names it and segues reach it.
protocol SceneController: NavigationChainLink {
    var id: String { get }
    var name: String { get }
    var restorationIdentifier: String? { get }
    var className: String { get }
}

extension StoryboardController: SceneController {}
extension CompiledController: SceneController {}

/// Which side of a navigation bar.
enum BarSide {
    case left
    case right
}

/// A view's class as a source names it.
struct SceneViewClass {
    /// The UIKit class of an element Widgetry models; nil for any other.
    var known: String?
    /// The custom class the view is of, if any.
    var custom: String?
    /// How a message names the view's kind (`<label>`, `UILabel`).
    var name: String
    /// How a message about its actions names the view (`<button>`, `it`).
    var reference: String
    /// What the findings about the view are said to be about, in a form without lines.
    var subject: String?
}

/// The connections of a view.
struct SceneLinks<Segue, Action> {
    var segues: [Segue] = []
    var actions: [Action] = []
    var outlets: [SceneOutlet] = []
    /// Whether an outlet or an action of another view points at this one, which then needs a name.
    var isOutletDestination = false
}

/// An outlet of a view (`<outlet>`, `<outletCollection>`).
struct SceneOutlet {
    var property: String?
    /// The ``SceneSource/referenceID(of:)`` of the view it points at.
    var destination: String?
    var isArray: Bool
    var place: SourcePlace
}

/// Where an action is sent.
enum SceneActionTarget {
    /// The scene's controller.
    case controller
    /// The view with this ``SceneSource/referenceID(of:)``.
    case view(String)
    /// Anything else; what is said of it (`is sent to nothing`), when something is.
    case elsewhere(String?)
}

/// A part of a view, in reading order.
enum ScenePart<View, Cell> {
    case child(View)
    case header(View)
    case footer(View)
    case prototype(Cell, reuseIdentifier: String)
    /// A prototype that has no reuse identifier, at its place.
    case unnamedPrototype(SourcePlace)
}
