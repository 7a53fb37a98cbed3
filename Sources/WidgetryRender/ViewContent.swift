import WidgetryExpressions
import WidgetryRuntime
import WidgetryScreen

/// What one view shows, read from its element's state (or, for a cell's element without an
/// identifier, from its initial properties), with the design's look and UIKit's defaults.
struct ViewContent {
    let kind: ElementKind
    let type: String
    let id: String?
    let design: ViewDesign
    private let values: [String: Value]

    init(node: ViewNode, state: Snapshot.ElementState?, kind: ElementKind) {
        self.kind = kind
        type = node.type
        id = node.id
        design = node.design
        var values: [String: Value] = [:]
        if let state {
            for (name, value) in state.state { values[name] = value }
        } else {
            for (key, value) in node.properties { values[key] = Value(json: value) }
        }
        self.values = values
    }

    /// Whether the view is hidden: by its element's state, else as designed.
    var isHidden: Bool { values["hidden"]?.boolValue ?? design.isHidden }

    private func text(_ key: String) -> String? {
        guard let value = values[key], !value.isNull else { return nil }
        return value.stringValue ?? value.description
    }

    var font: DesignFont {
        if let font = design.font { return font }
        return kind == .button ? DesignFont(size: 15) : DrawnView.bodyFont
    }

    var maximumLines: Int {
        if let lines = design.numberOfLines { return max(lines, 0) }
        return kind == .label ? 1 : 0
    }

    /// The text drawn and whether it is the placeholder.
    var shownText: (text: String, placeholder: Bool)? {
        switch kind {
        case .label:
            return text("text").flatMap { $0.isEmpty ? nil : ($0, false) }
        case .button, .barButtonItem:
            return text("title").flatMap { $0.isEmpty ? nil : ($0, false) }
        case .textField, .textView, .searchBar:
            if let shown = text("text"), !shown.isEmpty { return (shown, false) }
            return text("placeholder").flatMap { $0.isEmpty ? nil : ($0, true) }
        default:
            return nil
        }
    }

    var look: DrawnView.Look {
        switch kind {
        case .label: .text
        case .button, .barButtonItem:
            // A button with an image and no title shows its image; a system type without a
            // title shows UIKit's image for it.
            if shownText == nil, let type = design.buttonType, Self.drawnSystemTypes.contains(type) { .systemButton(type) }
            else if shownText == nil && design.imageName != nil { .image(design.imageName.map { .named($0) }) }
            else { .button }
        case .imageView: .image(image)
        case .textField, .textView: .field
        case .searchBar: .searchBar
        case .switchControl: .toggle(on: values["on"]?.boolValue == true)
        case .activityIndicator: values["animating"]?.boolValue == true ? .spinner : .box
        case .refreshControl: values["refreshing"]?.boolValue == true ? .spinner : .box
        case .progressView: .progress(min(max(values["progress"]?.doubleValue ?? 0, 0), 1))
        default: .box
        }
    }

    /// The button types whose image UIKit draws itself.
    static let drawnSystemTypes: Set<ButtonType> = [.contactAdd, .detailDisclosure, .infoLight, .infoDark]

    private var image: DrawnView.ImageSource? {
        if let shown = text("image") {
            if shown.hasPrefix("name:") { return .named(String(shown.dropFirst(5))) }
            if shown.hasPrefix("url:") { return .url(String(shown.dropFirst(4))) }
        }
        return design.imageName.map { .named($0) }
    }

    /// Whether the view fills the room its container leaves rather than sizing to its content.
    var fills: Bool {
        switch kind {
        case .tableView, .collectionView, .containerView, .contentDisplayView, .formDisplayView, .textView, .mediaUploadForm, .uploadContainer: true
        default: false
        }
    }

    /// The height the view needs at `width` when no frame says (UIKit's intrinsic sizes).
    func intrinsicHeight(width: Double) -> Double {
        switch kind {
        case .label:
            guard let shown = shownText else { return 0 }
            return Double(TextMetrics.lines(of: shown.text, font: font, width: width, maximumLines: maximumLines).count) * TextMetrics.lineHeight(of: font)
        case .button, .textField: return 44
        case .searchBar: return 56
        case .switchControl: return 31
        case .activityIndicator: return look == .spinner ? 20 : 0
        case .progressView: return 4
        case .imageView: return 44
        default: return 0
        }
    }

    /// A label's content size, nil for any other view: what constraints size a label by where
    /// they leave it open. Its width is its widest line unwrapped (whatever its line count, as
    /// UIKit measures a label without a preferred width), rounded up to a point; its height,
    /// its lines at the width it is given.
    var intrinsicSize: IntrinsicSize? {
        guard kind == .label else { return nil }
        let font = font
        let paragraphs = shownText?.text.split(separator: "\n", omittingEmptySubsequences: false) ?? []
        let width = paragraphs.map { TextMetrics.width(of: $0, font: font) }.max() ?? 0
        return IntrinsicSize(width: width.rounded(.up)) { intrinsicHeight(width: $0) }
    }

    /// The lines a text field (one) or a text view (`multiline`: as many as the text has) draws
    /// `text` in, within `frame` less the field's insets.
    static func lines(of text: String, font: DesignFont, frame: DesignRect, multiline: Bool) -> [String] {
        TextMetrics.lines(of: text, font: font, width: frame.width - 16, maximumLines: multiline ? 0 : 1)
    }

    /// The drawn view at `frame`, with `children`, cut to its frame when it clips (as designed,
    /// or as `clips` asks).
    func drawn(frame: DesignRect, children: [DrawnView] = [], clips: Bool = false) -> DrawnView {
        var lines: [String] = []
        var placeholder = false
        var children = children
        // A text field or text view holding one of its own draws its text there, and is a box.
        let container = (kind == .textField || kind == .textView) && TextContainer.holdsTextBearer(children)
        if let shown = shownText, container {
            children = TextContainer.children(children, showing: shown)
        } else if let shown = shownText, kind == .textField || kind == .textView {
            lines = Self.lines(of: shown.text, font: font, frame: frame, multiline: kind == .textView)
            placeholder = shown.placeholder
        } else if let shown = shownText {
            let inset = kind == .searchBar ? 52.0 : 0
            var limit = kind == .label ? maximumLines : 1
            if kind == .label {
                // A label draws only the lines its frame has room for, the last one cut with "…".
                let fitting = max(Int((frame.height + 0.5) / TextMetrics.lineHeight(of: font)), 1)
                limit = limit == 0 ? fitting : min(limit, fitting)
            }
            lines = TextMetrics.lines(of: shown.text, font: font, width: frame.width - inset, maximumLines: limit)
            placeholder = shown.placeholder
        }
        let look = container ? DrawnView.Look.box : self.look
        let tinted = kind == .button || kind == .barButtonItem
        if kind == .searchBar {
            var bar = DrawnView(id: id, designID: design.designID, type: type, frame: frame, look: look, lines: lines, showsPlaceholder: placeholder,
                                font: font, textColor: design.barStyle == .black ? DesignColor(white: 1) : DrawnView.black,
                                backgroundColor: design.searchBarStyle == .minimal ? design.backgroundColor : design.barTintColor ?? design.backgroundColor,
                                clips: clips || design.clipsToBounds, children: children)
            bar.barStyle = design.barStyle ?? .default
            return bar
        }
        if case .systemButton = look {
            return DrawnView(id: id, designID: design.designID, type: type, frame: frame, look: look, textColor: design.tintColor ?? DrawnView.tint,
                             backgroundColor: design.backgroundColor, cornerRadius: design.cornerRadius ?? 0, borderWidth: design.borderWidth ?? 0,
                             borderColor: design.borderColor, clips: clips || design.clipsToBounds, children: children)
        }
        return DrawnView(id: id, designID: design.designID, type: type, frame: frame, look: look, lines: lines, showsPlaceholder: placeholder, font: font,
                         textColor: (tinted ? design.titleColor ?? design.textColor : design.textColor) ?? (tinted ? design.tintColor ?? DrawnView.tint : DrawnView.black),
                         alignment: design.textAlignment ?? (tinted ? .center : .natural),
                         backgroundColor: design.backgroundColor, cornerRadius: design.cornerRadius ?? 0,
                         borderWidth: design.borderWidth ?? 0, borderColor: design.borderColor, clips: clips || design.clipsToBounds, children: children)
    }
}

extension Value {
    var boolValue: Bool? {
        switch self {
        case .bool(let flag): flag
        default: doubleValue.map { $0 != 0 }
        }
    }
}
