package import WidgetryExpressions
public import WidgetryJSON

/// A screen checked and compiled once (docs/FORMAT.md#screen.load-order): its view tree with
/// every kind known and every initial property accepted, its objects with their attributes, its
/// outlets by name, its bindings, `evals` and result chains compiled, and the facts a render
/// needs that do not change while the screen runs.
///
/// Immutable and free of live state: a run makes its elements and objects from it
/// (``ScreenGraph``) and keeps only what changes. Made by ``ScreenCompiler``, which refuses a
/// screen with any problem, so a compiled screen always makes a whole graph.
public struct CompiledScreen {
    /// The screen file (and storyboard scene) it was compiled from.
    public let document: ScreenDocument
    /// The controller's root view, its title view and its bar button items.
    package let root: ViewBlueprint?
    package let titleView: ViewBlueprint?
    package let barButtonItems: [ViewBlueprint]
    /// The mediating controllers, in document order.
    package let objects: [ObjectBlueprint]
    /// Every outlet of the objects and elements, in document order.
    package let outlets: [OutletBlueprint]
    /// Attributes the `elements` entries set on elements of the screen and on `@self`.
    package let elementAttributes: [ElementAttribute]
    /// Bindings of screen elements and `@self`, by target name, in entry order.
    package let bindings: [(target: String, compiled: [CompiledBinding])]
    /// Entries for elements of cells: their attributes and bindings, applied to every cell made.
    package let cellEntries: [String: CellEntry]
    /// Each table element's cell prototypes, by the table's id.
    package let prototypes: [String: [CellPrototype]]
    /// `evals` of objects (`cellIdentifier`), compiled, by object id and name.
    package let evaluations: [String: [String: CompiledBinding]]
    /// Result chains of providers, compiled from their attributes, by provider id.
    package internal(set) var resultChains: [String: ResultChain] = [:]
    /// What tapping an element does (`action` entries), by element id.
    package let tapActions: [String: ActionEntry]
    /// The segue each element performs when tapped, by element id.
    package let segues: [String: String]
    /// Whether some binding of the screen reads an element: then a render evaluates the
    /// bindings again while they change elements.
    package internal(set) var bindingsReadElements = false
    /// What the screen does that upstream skipped silently (an outlet that names nothing): the
    /// screen loads, a run lists them among its problems, and lint reports them as warnings.
    public internal(set) var warnings: [ScreenError] = []
    /// The host's service provider classes `serviceProviderClassName` may name (``ScreenCompiler/Context/serviceProviders``).
    package internal(set) var serviceProviders: Set<String> = []

    /// How many times one render evaluates a screen's bindings, by default, while they keep
    /// changing elements they read (docs/FORMAT.md#render.settling).
    public static let defaultMaxRenderPasses = 8

    package init(document: ScreenDocument, root: ViewBlueprint?, titleView: ViewBlueprint?, barButtonItems: [ViewBlueprint], objects: [ObjectBlueprint],
                 outlets: [OutletBlueprint], elementAttributes: [ElementAttribute], bindings: [(target: String, compiled: [CompiledBinding])],
                 cellEntries: [String: CellEntry], prototypes: [String: [CellPrototype]], evaluations: [String: [String: CompiledBinding]],
                 tapActions: [String: ActionEntry], segues: [String: String]) {
        self.document = document
        self.root = root
        self.titleView = titleView
        self.barButtonItems = barButtonItems
        self.objects = objects
        self.outlets = outlets
        self.elementAttributes = elementAttributes
        self.bindings = bindings
        self.cellEntries = cellEntries
        self.prototypes = prototypes
        self.evaluations = evaluations
        self.tapActions = tapActions
        self.segues = segues
    }
}

/// A view as compiled: a kind the runtime knows, initial properties the kind accepts (the
/// compiler's graph checks them), its children (a table's header first and footer last).
package struct ViewBlueprint {
    package let id: String?
    package let kind: ElementKind
    /// The type as written (`UILabel`, or a host's class).
    package let typeName: String
    package let properties: [(String, Value)]
    package let children: [ViewBlueprint]
    package let place: SourcePlace
}

/// A mediating controller as compiled: a known type, its alias, the attributes it sets.
package struct ObjectBlueprint {
    package let id: String
    package let type: ObjectType
    package let alias: String?
    package let attributes: [(key: String, value: Value, place: SourcePlace)]
}

/// An outlet whose targets all name something of the screen.
package struct OutletBlueprint {
    package let owner: String
    package let property: String
    package let targets: [String]
    package let isArray: Bool
    package let place: SourcePlace
}

/// An attribute an `elements` entry sets on an element of the screen or on `@self`.
package struct ElementAttribute {
    package let target: String
    package let key: String
    package let value: Value
    package let place: SourcePlace
}

/// What an `elements` entry sets on an element of a cell, applied to every cell made. A class,
/// so that each cell holds it with one reference count.
package final class CellEntry {
    package let attributes: [(key: String, value: Value, place: SourcePlace)]
    package let bindings: [CompiledBinding]

    init(attributes: [(key: String, value: Value, place: SourcePlace)], bindings: [CompiledBinding]) {
        self.attributes = attributes
        self.bindings = bindings
    }
}
