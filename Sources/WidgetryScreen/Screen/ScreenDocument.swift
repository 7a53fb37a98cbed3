public import WidgetryJSON

/// A screen file, read and checked (FORMAT.md#screen): its mediating controllers (`objects`),
/// its element entries (`elements`), and the view tree it shows (`views`, Widgetry's replacement
/// for the storyboard), in document order. Produced by ``ScreenReader``.
public struct ScreenDocument: Sendable {
    /// The screen's name: the key under which the file holds it (its restoration identifier).
    public var name: String
    public var file: String
    public var objects: [ObjectEntry]
    public var elements: [ElementEntry]
    /// The controller's root view; nil when the file describes no views.
    public var view: ViewNode?
    /// The title view and bar button items of the navigation bar.
    public var navigationItem: NavigationItemNode?
    /// The bar of the navigation controller that shows the screen, as its storyboard designs it.
    public var navigationBar: ViewDesign?
    /// Segues by identifier, in file order.
    public var segues: [SegueEntry]
    /// The entity the screen's content must be (`"input": "Post"`): a segue passing anything
    /// else is refused.
    public var input: TypeDeclaration?
    /// The entity of the objects the screen takes back from a screen dismissed above it
    /// (`"update": "Post"`): they become its `update`.
    public var update: TypeDeclaration?
    /// What was read for the screen beyond its file and storyboard scene but is not run (a
    /// connection in a registered cell nib), each with its place.
    public var warnings: [StoryboardWarning] = []

    public init(name: String, file: String, objects: [ObjectEntry] = [], elements: [ElementEntry] = [], view: ViewNode? = nil,
                navigationItem: NavigationItemNode? = nil, segues: [SegueEntry] = []) {
        self.name = name
        self.file = file
        self.objects = objects
        self.elements = elements
        self.view = view
        self.navigationItem = navigationItem
        self.segues = segues
    }
}

/// An entity name a screen declares, with where it is written.
public struct TypeDeclaration: Sendable, Equatable {
    public var entity: String
    public var place: SourcePlace

    public init(entity: String, place: SourcePlace) {
        self.entity = entity
        self.place = place
    }
}

/// Where an entry or value is written, for errors.
public struct SourcePlace: Sendable, Equatable {
    public var location: SourceLocation?
    public var pointer: JSONPointer
    /// The file, when it is not the screen's own file (a view read from the storyboard).
    public var file: String?
    /// Where each member of an entry is written, by key (``init(entry:)``), so a problem with
    /// one value of the entry is placed at that value, not at the entry's `{`.
    public var members: [String: SourcePlace] = [:]

    public init(_ value: JSONValue) {
        location = value.location
        pointer = value.pointer
    }

    /// The place of the entry `value`, an object, with the places of its members.
    public init(entry value: JSONValue) {
        self.init(value)
        if case .object(let object) = value.kind {
            for member in object { members[member.key] = SourcePlace(member.value) }
        }
    }

    /// Where the member `key` of the entry is written; the entry's place when it has no such
    /// member (or the place is not an entry's: a view of a storyboard).
    public func member(_ key: String) -> SourcePlace {
        members[key] ?? self
    }

    /// A place in `file`, which has no JSON Pointers (an element of a storyboard); a compiled
    /// storyboard's nibs have no lines either, so their places name only the file.
    public init(file: String, location: SourceLocation?) {
        self.file = file
        self.location = location
        pointer = .root
    }
}

/// An `objects` entry (FORMAT.md#screen.object): a mediating controller created by `type`.
public struct ObjectEntry: Sendable {
    public var id: String
    public var type: String
    public var alias: String?
    /// Properties set by key, in file order.
    public var attrs: [(key: String, value: JSONValue)]
    public var evals: [(name: String, spec: BindingSpec)]
    public var outlets: [OutletEntry]
    public var place: SourcePlace

    /// Where the value of attribute `key` is written; the entry's place when it has none.
    public func attributePlace(_ key: String) -> SourcePlace {
        attrs.first { $0.key == key }.map { SourcePlace($0.value) } ?? place
    }
}

/// An `elements` entry (FORMAT.md#screen.element): a UI element (or `@self`, the controller) by identifier.
public struct ElementEntry: Sendable {
    public var id: String
    public var action: ActionEntry?
    public var attrs: [(key: String, value: JSONValue)]
    public var bindings: [BindingSpec]
    public var outlets: [OutletEntry]
    public var place: SourcePlace
}

/// `{property: id}` or `{property: [id, …]}` (FORMAT.md#screen.outlets).
public struct OutletEntry: Sendable, Equatable {
    public var property: String
    public var targets: [String]
    /// Whether the file gave an array (targets are appended to the property's array).
    public var isArray: Bool
    public var place: SourcePlace
}

/// `{"target": id, "selector": name}`: what a button or bar button item does when tapped.
public struct ActionEntry: Sendable, Equatable {
    public var target: String
    public var selector: String
    public var place: SourcePlace
}

/// An element of the view tree: a UIKit (or framework) view with its initial properties.
/// (A class: a table's header and footer are views too.)
public final class ViewNode: Sendable {
    public let id: String?
    /// The type name as written (`UILabel`); checked against the element kinds the runtime knows.
    public let type: String
    public let properties: [(key: String, value: JSONValue)]
    public let children: [ViewNode]
    /// A table's header and footer views.
    public let header: ViewNode?
    public let footer: ViewNode?
    /// A table's or collection's cell prototypes.
    public let prototypes: [CellPrototype]
    /// The segue a tap performs (buttons and bar button items).
    public let segue: String?
    public let place: SourcePlace
    /// Where the view sits and how it looks, as designed (what `widgetry render` draws).
    public let design: ViewDesign

    /// The views directly under this one: the header, the children, the footer (cell
    /// prototypes are not among them).
    public var subviews: [ViewNode] {
        [header].compactMap { $0 } + children + [footer].compactMap { $0 }
    }

    public init(id: String?, type: String, properties: [(key: String, value: JSONValue)], children: [ViewNode], header: ViewNode?,
                footer: ViewNode?, prototypes: [CellPrototype], segue: String?, place: SourcePlace, design: ViewDesign = .unspecified) {
        self.id = id
        self.type = type
        self.properties = properties
        self.children = children
        self.header = header
        self.footer = footer
        self.prototypes = prototypes
        self.segue = segue
        self.place = place
        self.design = design
    }
}

/// A table or collection cell prototype: its reuse identifier and its own elements.
public struct CellPrototype: Sendable {
    public var reuseIdentifier: String
    public var children: [ViewNode]
    /// The segue a tap on the cell performs.
    public var segue: String?
    public var place: SourcePlace
    /// The cell's own frame and look, as designed (its height is the row's).
    public var design: ViewDesign

    public init(reuseIdentifier: String, children: [ViewNode], segue: String?, place: SourcePlace, design: ViewDesign = .unspecified) {
        self.reuseIdentifier = reuseIdentifier
        self.children = children
        self.segue = segue
        self.place = place
        self.design = design
    }
}

/// The navigation bar of a screen.
public struct NavigationItemNode: Sendable {
    public var title: String?
    public var titleView: ViewNode?
    public var leftBarButtonItems: [ViewNode]
    public var rightBarButtonItems: [ViewNode]
    /// The title of the item's `backBarButtonItem`: what the back button of a screen pushed
    /// above this one shows (a blank title shows the chevron alone); nil when it has none.
    public var backButtonTitle: String? = nil
}

/// A transition to another screen.
public struct SegueEntry: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable {
        /// Pushed on the navigation stack.
        case show
        /// Presented modally (dismissed by `wx_dismissed`).
        case present
    }

    public var id: String
    public var destination: String
    public var kind: Kind
    public var place: SourcePlace
}
