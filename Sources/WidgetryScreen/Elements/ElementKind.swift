/// What an element is: the UIKit (or framework) class a screen names in its view tree.
///
/// The kind decides which keys an element answers and what its `wx_value` means (upstream
/// format, FORMAT.md#elements.kinds). Several file names can map to one kind (`TextInputView` is a text field,
/// `AnimatedConstraint` a layout constraint); ``typeName`` gives the canonical name back.
public enum ElementKind: Sendable, Hashable, CaseIterable {
    case view
    case label
    case button
    case barButtonItem
    case imageView
    case textField
    case textView
    case searchBar
    case switchControl
    case activityIndicator
    case refreshControl
    case progressView
    case tableView
    case collectionView
    case formDisplayView
    case contentDisplayView
    case containerView
    /// A form whose one mandatory field is its upload container; it uploads what is picked
    /// into it and then gives, as its own field value, a value of the upload's result (FORMAT.md#elements.media-upload).
    case mediaUploadForm
    /// Holds a picked image or movie for a media upload form.
    case uploadContainer
    case layoutConstraint

    /// The kind a screen file's type name stands for, or nil for a type Widgetry does not model.
    public init?(typeName: String) {
        guard let kind = ElementKind.byTypeName[typeName] else { return nil }
        self = kind
    }

    /// The kind `typeName` names: a class Widgetry knows, else one of the host's own view
    /// classes (`"TweetTextView": .textView`).
    public init?(typeName: String, hostTypes: [String: ElementKind]) {
        guard let kind = ElementKind(typeName: typeName) ?? hostTypes[typeName] else { return nil }
        self = kind
    }

    /// Other names screen files use for a kind, besides its canonical ``typeName``.
    private static let aliases: [(name: String, kind: ElementKind)] = [("TextInputView", .textField), ("AnimatedConstraint", .layoutConstraint)]

    private static let byTypeName: [String: ElementKind] =
        Dictionary(uniqueKeysWithValues: allCases.map { ($0.typeName, $0) } + aliases.map { ($0.name, $0.kind) })

    /// The canonical type name: what messages and snapshots print.
    public var typeName: String {
        switch self {
        case .view: "UIView"
        case .label: "UILabel"
        case .button: "UIButton"
        case .barButtonItem: "UIBarButtonItem"
        case .imageView: "UIImageView"
        case .textField: "UITextField"
        case .textView: "UITextView"
        case .searchBar: "UISearchBar"
        case .switchControl: "UISwitch"
        case .activityIndicator: "UIActivityIndicatorView"
        case .refreshControl: "UIRefreshControl"
        case .progressView: "UIProgressView"
        case .tableView: "UITableView"
        case .collectionView: "UICollectionView"
        case .formDisplayView: "FormDisplayView"
        case .contentDisplayView: "ContentDisplayView"
        case .containerView: "ContainerView"
        case .mediaUploadForm: "MediaUploadFormView"
        case .uploadContainer: "UploadContainerView"
        case .layoutConstraint: "NSLayoutConstraint"
        }
    }

    /// Every name ``init(typeName:)`` accepts: the canonical names, then the aliases.
    package static let acceptedTypeNames: [String] = allCases.map(\.typeName) + aliases.map(\.name)

    /// Whether the element is a view (everything but a layout constraint). Bar button items
    /// count as views here: they answer `hidden` as UIKit's have since iOS 16.
    public var isView: Bool { self != .layoutConstraint }

    /// Whether `wx_disabled` means "not enabled" (controls) rather than "no user interaction".
    public var isControl: Bool {
        switch self {
        case .button, .barButtonItem, .textField, .switchControl, .searchBar: true
        default: false
        }
    }

    /// Whether the element shows a text that `wx_value` reads and writes.
    var showsText: Bool {
        switch self {
        case .label, .textField, .textView, .searchBar: true
        default: false
        }
    }

    /// Whether the element can hold a pull-to-refresh control.
    var scrolls: Bool { self == .tableView || self == .collectionView }

    /// The stored property `wx_value` reads and writes, or nil when it has none (plain views and
    /// containers: reads null, writes are ignored).
    var valueProperty: ElementProperty? {
        switch self {
        case .label, .textField, .textView, .searchBar: .text
        case .button, .barButtonItem: .title
        case .imageView: .image
        case .activityIndicator: .animating
        case .refreshControl: .refreshing
        case .switchControl: .on
        case .progressView: .progress
        case .layoutConstraint: .constant
        case .view, .tableView, .collectionView, .formDisplayView, .contentDisplayView, .containerView, .mediaUploadForm, .uploadContainer: nil
        }
    }
}
