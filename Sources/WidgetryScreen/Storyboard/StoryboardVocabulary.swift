/// What the tags, attributes and segue kinds of Interface Builder's storyboard XML mean to
/// Widgetry: the UIKit class of each element tag, the titles of system bar button items, the
/// segue kinds it runs, and which user-defined runtime attributes only change the look.
enum StoryboardVocabulary {
    /// The UIKit class each element tag stands for. Containers that only hold subviews
    /// (scroll and stack views, cells, content views) are plain views.
    static let classNames: [String: String] = [
        "view": "UIView",
        "label": "UILabel",
        "button": "UIButton",
        "imageView": "UIImageView",
        "textField": "UITextField",
        "textView": "UITextView",
        "searchBar": "UISearchBar",
        "switch": "UISwitch",
        "activityIndicatorView": "UIActivityIndicatorView",
        "progressView": "UIProgressView",
        "tableView": "UITableView",
        "collectionView": "UICollectionView",
        "barButtonItem": "UIBarButtonItem",
        "constraint": "NSLayoutConstraint",
        "scrollView": "UIView",
        "stackView": "UIView",
        "visualEffectView": "UIView",
        "containerView": "UIView",
        "tableViewCell": "UIView",
        "tableViewCellContentView": "UIView",
        "collectionViewCell": "UIView",
        "collectionViewCellContentView": "UIView",
        "collectionReusableView": "UIView",
    ]

    /// Tags of controls that take `enabled="NO"`.
    static let controlTags: Set<String> = ["button", "textField", "switch", "barButtonItem"]

    /// The tags of view controllers and how Widgetry treats them.
    static func controllerKind(tag: String) -> StoryboardScene.Kind {
        switch tag {
        case "viewController": .viewController
        case "tableViewController": .tableViewController
        case "collectionViewController": .collectionViewController
        case "navigationController": .navigationController
        default: .other
        }
    }

    /// UIKit's class of a controller tag (`tabBarController` → `UITabBarController`).
    static func controllerClassName(tag: String) -> String {
        guard let first = tag.first else { return "UIViewController" }
        return "UI" + first.uppercased() + tag.dropFirst()
    }

    /// The title a bar button item with `systemItem` shows; nil for the items drawn as icons.
    static func title(ofSystemItem item: String) -> String? {
        switch item {
        case "add": "+"
        case "done": "Done"
        case "cancel": "Cancel"
        case "save": "Save"
        case "edit": "Edit"
        case "undo": "Undo"
        case "redo": "Redo"
        case "close": "Close"
        default: nil
        }
    }

    /// What a segue of `kind` does; nil for the kinds that are not transitions a tap performs
    /// (`relationship`, `embed`, `unwind`) or that Widgetry does not know.
    static func transition(ofSegueKind kind: String) -> SegueEntry.Kind? {
        switch kind {
        case "show", "push", "showDetail", "replace", "custom": .show
        case "presentation", "modal", "popoverPresentation", "popover": .present
        default: nil
        }
    }

    /// Runtime attribute types that hold a value a key can take; the others (colors, images,
    /// geometry) only change the look and are skipped.
    static let valueAttributeTypes: Set<String> = ["string", "localizedString", "number", "boolean", "nil"]

    /// Runtime attribute key paths that only change the look or the layout (row height hints,
    /// layer styling), skipped like the visual attribute types.
    static func isVisualKeyPath(_ keyPath: String) -> Bool {
        keyPath.hasPrefix("wx.layoutHint.") || keyPath.hasPrefix("layer.")
    }

    /// Interface Builder's `YES`/`NO`.
    static func flag(_ text: String?) -> Bool? {
        switch text {
        case "YES": true
        case "NO": false
        default: nil
        }
    }
}
