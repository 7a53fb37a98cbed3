public import WidgetryExpressions

extension Element {
    /// What a person looks at on this element, in a fixed order per kind, for snapshots:
    ///
    /// | kind | properties |
    /// |---|---|
    /// | label | text, hidden |
    /// | button | title, enabled, hidden |
    /// | bar button item | title, enabled |
    /// | image view | image, hidden |
    /// | text field | text, enabled, hidden, placeholder |
    /// | text view | text, editable, hidden, placeholder |
    /// | search bar | text, hidden, placeholder |
    /// | switch | on, enabled |
    /// | activity indicator | animating, hidden |
    /// | refresh control | refreshing |
    /// | progress view | progress, hidden |
    /// | layout constraint | constant |
    /// | views, tables, collections, display and container views | hidden |
    /// | media upload form | uploadResult, hidden |
    /// | upload container | media (its size), isMovie, hidden |
    ///
    /// An image prints as `name:<name>` or `url:<url>` (null without one); a table's rows and
    /// a refresh control are rendered by the runtime, not here.
    public var displayState: [(name: String, value: Value)] {
        let properties = kind.displayedProperties
        return zip(properties, stored(properties)).map { property, value in
            if case .object(let object) = value, let image = object as? ElementImage {
                return (property.rawValue, .string(image.displayText))
            }
            if case .data(let bytes) = value { return (property.rawValue, .string("\(bytes.count) bytes")) }
            return (property.rawValue, value)
        }
    }
}

extension ElementKind {
    /// The properties ``Element/displayState`` lists, in order.
    package var displayedProperties: [ElementProperty] {
        switch self {
        case .label: [.text, .hidden]
        case .button: [.title, .enabled, .hidden]
        case .barButtonItem: [.title, .enabled]
        case .imageView: [.image, .hidden]
        case .textField: [.text, .enabled, .hidden, .placeholder]
        case .textView: [.text, .editable, .hidden, .placeholder]
        case .searchBar: [.text, .hidden, .placeholder]
        case .switchControl: [.on, .enabled]
        case .activityIndicator: [.animating, .hidden]
        case .refreshControl: [.refreshing]
        case .progressView: [.progress, .hidden]
        case .layoutConstraint: [.constant]
        case .view, .tableView, .collectionView, .formDisplayView, .contentDisplayView, .containerView: [.hidden]
        case .mediaUploadForm: [.uploadResult, .hidden]
        case .uploadContainer: [.media, .isMovie, .hidden]
        }
    }
}
