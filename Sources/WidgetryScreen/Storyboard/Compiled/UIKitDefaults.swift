/// What UIKit classes mean to a compiled storyboard: which element type each class is, which
/// classes are ibtool's plumbing, and, in one table, the value a key has when ibtool omitted it
/// (ibtool writes only the keys whose value is not UIKit's default).
enum UIKitDefaults {
    /// A default value: a number (booleans are 0 and 1) or a text.
    enum Value: Equatable {
        case number(Double)
        case text(String)
    }

    /// The defaults of the keys Widgetry reads, by the class that declares them. A class
    /// inherits its superclass's defaults (``superclass``).
    static let table: [String: [String: Value]] = [
        "UIView": ["UIHidden": .number(0), "UIAlpha": .number(1), "UITag": .number(0), "UIOpaque": .number(0),
                   "UIViewContentHuggingPriority": .text("{250, 250}"), "UIViewContentCompressionResistancePriority": .text("{750, 750}")],
        "UIControl": ["UIDisabled": .number(0)],
        "UIBarButtonItem": ["UIEnabled": .number(1), "UITag": .number(0), "UIIsSystemItem": .number(0)],
        "UITextField": ["UIText": .text(""), "UIPlaceholder": .text("")],
        "UISearchBar": ["UIText": .text(""), "UIPlaceholder": .text("")],
        "UITextView": ["UIText": .text(""), "UIEditable": .number(1)],
        "UISwitch": ["UISwitchOn": .number(0)],
        // An activity indicator hugs its fixed-size spinner at 750, which ibtool leaves out.
        "UIActivityIndicatorView": ["UIAnimating": .number(0), "UIViewContentHuggingPriority": .text("{750, 750}")],
        "UIProgressView": ["UIProgress": .number(0)],
        "NSLayoutConstraint": ["NSConstant": .number(0)],
    ]

    /// The UIKit superclass of the classes a storyboard holds; classes not listed are views.
    static let superclass: [String: String] = [
        "UIControl": "UIView",
        "UIButton": "UIControl",
        "UITextField": "UIControl",
        "UISwitch": "UIControl",
        "UISlider": "UIControl",
        "UISegmentedControl": "UIControl",
        "UIScrollView": "UIView",
        "UITableView": "UIScrollView",
        "UICollectionView": "UIScrollView",
        "UITextView": "UIScrollView",
        "UIBarButtonItem": "UIBarItem",
        "UIBarItem": "NSObject",
        "NSLayoutConstraint": "NSObject",
        "UIView": "NSObject",
    ]

    /// The default of `key` for an object of `className` (searching its superclasses); nil when
    /// the table does not know the key.
    static func value(of key: String, in className: String) -> Value? {
        var current: String? = className
        var steps = 0
        while let name = current, steps < 16 {
            if let value = table[name]?[key] { return value }
            current = name == "NSObject" ? nil : superclass[name] ?? "UIView"
            steps += 1
        }
        return nil
    }

    /// The element type of each UIKit class a storyboard holds, as the XML reader names the
    /// tags: containers that only hold subviews are plain views.
    static let elementTypes: [String: String] = [
        "UIView": "UIView",
        "UILabel": "UILabel",
        "UIButton": "UIButton",
        "UIImageView": "UIImageView",
        "UITextField": "UITextField",
        "UITextView": "UITextView",
        "UISearchBar": "UISearchBar",
        "UISwitch": "UISwitch",
        "UIActivityIndicatorView": "UIActivityIndicatorView",
        "UIProgressView": "UIProgressView",
        "UITableView": "UITableView",
        "UICollectionView": "UICollectionView",
        "UIBarButtonItem": "UIBarButtonItem",
        "NSLayoutConstraint": "NSLayoutConstraint",
        "UIScrollView": "UIView",
        "UIStackView": "UIView",
        "UIVisualEffectView": "UIView",
        "UITableViewCell": "UIView",
        "UITableViewCellContentView": "UIView",
        "UICollectionViewCell": "UIView",
        "UICollectionViewCellContentView": "UIView",
        "UICollectionReusableView": "UIView",
    ]

    /// Classes of controls, which take `enabled`.
    static let controls: Set<String> = ["UIButton", "UITextField", "UISwitch", "UIBarButtonItem"]

    /// Views ibtool adds that the author did not draw (a cell's separator, the layout guides
    /// of a controller's view): every private UIKit class, whose name starts with `_`.
    static func isPlumbing(_ className: String) -> Bool {
        className.hasPrefix("_")
    }

    /// Outlets ibtool adds to wire nibs together, not the author's.
    static let plumbingOutlets: Set<String> = ["view", "sceneViewController", "storyboard", "sourceView",
                                               "previewTemplate", "commitTemplate", "sender"]

    /// `UIBarButtonSystemItem` raw values, by the name Interface Builder's XML gives them.
    static let systemItems: [Int64: String] = [
        0: "done", 1: "cancel", 2: "edit", 3: "save", 4: "add", 5: "flexibleSpace", 6: "fixedSpace", 7: "compose",
        8: "reply", 9: "action", 10: "organize", 11: "bookmarks", 12: "search", 13: "refresh", 14: "stop", 15: "camera",
        16: "trash", 17: "play", 18: "pause", 19: "rewind", 20: "fastForward", 21: "undo", 22: "redo", 23: "pageCurl", 24: "close",
    ]

    /// The controller kind of a UIKit controller class.
    static func controllerKind(_ className: String) -> StoryboardScene.Kind {
        switch className {
        case "UIViewController": .viewController
        case "UITableViewController": .tableViewController
        case "UICollectionViewController": .collectionViewController
        case "UINavigationController": .navigationController
        default: .other
        }
    }
}
