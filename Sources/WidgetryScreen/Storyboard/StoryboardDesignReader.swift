import WidgetryXML
import WidgetryJSON

/// Reads how a view of a storyboard or xib was designed (``ViewDesign``) from its element:
///
/// - `<rect key="frame">`, `<autoresizingMask>` (`flexibleMinX` is the left margin…), the `id`,
///   the safe-area guide (`<viewLayoutGuide key="safeArea">`), and whether constraints place
///   it: `translatesAutoresizingMaskIntoConstraints="NO"` without `fixedFrame="YES"` (Interface
///   Builder writes both on a view it left to its autoresizing mask, and compiles it so).
/// - `<constraints>`: each `<constraint>` at its line; `multiplier` as `0.5` or `16:9`; the
///   view's `horizontalHuggingPriority`, `verticalHuggingPriority` and the two
///   `…CompressionResistancePriority` (UIKit's 250 and 750 when missing).
/// - `<fontDescription>` (system fonts by `type` and `weight`, named fonts, text styles), the
///   `textColor`, `backgroundColor` and `tintColor` (``StoryboardDesignColors``), a button's
///   normal title colour and image, `textAlignment`, `numberOfLines`, `image`, a table's
///   `rowHeight`, `sectionHeaderHeight` (negative, UIKit's automatic, is nil) and `style`; a
///   collection view's `<collectionViewFlowLayout>` (``FlowLayoutDesign``).
/// - `lineBreakMode`, `contentMode`, `alpha`, `hidden`, `clipsSubviews`, and a button's
///   `buttonType` (`custom` when missing, as UIKit decodes a button without one); a bar's
///   `barStyle`, `barTintColor` and `searchBarStyle`, and a navigation bar's
///   `<textAttributes key="titleTextAttributes">` (its title's font and text colour, as the
///   bar's `font` and `titleColor`); a table's `separatorStyle="none"`.
/// - Runtime attributes `layer.cornerRadius`, `layer.borderWidth`, `layer.borderColor`, and
///   the same without `layer.` (upstream's inspectable properties).
///
/// Design never stops a load: a value that cannot be read is left nil, and a constraint with
/// an attribute that cannot be read (an unknown `firstAttribute`, a priority that is not a
/// number from 1 to 1000) is left out.
struct StoryboardDesignReader {
    let document: XMLSourceDocument
    let file: String
    let colors: StoryboardDesignColors

    init(document: XMLSourceDocument, file: String) {
        self.document = document
        self.file = file
        colors = StoryboardDesignColors(document: document.root)
    }

    /// The design of the view `element`; with `controller`, the root view of that controller
    /// (which adds its layout guides).
    func design(of element: XMLElementNode, controller: XMLElementNode? = nil) -> ViewDesign {
        guard element.name != "constraint" else { return .unspecified }
        var design = ViewDesign()
        design.designID = element["id"]
        design.frame = element.children.first { $0.name == "rect" && $0["key"] == "frame" }.flatMap(Self.rect)
        design.autoresizing = element.children.first { $0.name == "autoresizingMask" }.map(Self.autoresizing)
        design.usesConstraints = element["translatesAutoresizingMaskIntoConstraints"] == "NO" && element["fixedFrame"] != "YES"
        design.safeAreaGuideID = element.children.first { $0.name == "viewLayoutGuide" && $0["key"] == "safeArea" }?["id"]
        design.constraints = constraints(of: element)
        design.contentHugging = Self.priorities(of: element, "HuggingPriority", default: design.contentHugging)
        design.compressionResistance = Self.priorities(of: element, "CompressionResistancePriority", default: design.compressionResistance)
        if let controller {
            let guides = controller.children(named: "layoutGuides").flatMap { $0.children(named: "viewControllerLayoutGuide") }
            design.topLayoutGuideID = guides.first { $0["type"] == "top" }?["id"]
            design.bottomLayoutGuideID = guides.first { $0["type"] == "bottom" }?["id"]
        }
        design.font = element.children.first { $0.name == "fontDescription" }.flatMap(Self.font)
        design.textColor = colors.color(of: element, key: "textColor")
        design.backgroundColor = colors.color(of: element, key: "backgroundColor")
        design.tintColor = colors.color(of: element, key: "tintColor")
        design.textAlignment = element["textAlignment"].flatMap(TextAlignment.init(rawValue:))
        design.numberOfLines = element["numberOfLines"].flatMap { Int($0) }.flatMap { $0 >= 0 ? $0 : nil }
        design.lineBreakMode = element["lineBreakMode"].flatMap(LineBreakMode.init(rawValue:))
        design.contentMode = element["contentMode"].flatMap(ContentMode.init(rawValue:))
        design.alpha = Self.number(element["alpha"]).map { min(max($0, 0), 1) } ?? 1
        design.isHidden = element["hidden"] == "YES"
        design.clipsToBounds = element["clipsSubviews"] == "YES"
        if element.name == "button" {
            design.buttonType = if let name = element["buttonType"] { ButtonType(storyboardName: name) } else { .custom }
        }
        let normalState = element.children.first { $0.name == "state" && $0["key"] == "normal" }
        design.imageName = element["image"] ?? normalState?["image"]
        design.titleColor = normalState.flatMap { colors.color(of: $0, key: "titleColor") }
        design.rowHeight = Self.length(element["rowHeight"])
        design.sectionHeaderHeight = Self.length(element["sectionHeaderHeight"])
        design.barStyle = element["barStyle"].flatMap(BarStyle.init(storyboardName:))
        design.barTintColor = colors.color(of: element, key: "barTintColor")
        design.searchBarStyle = element["searchBarStyle"].flatMap(SearchBarStyle.init(rawValue:))
        if let title = element.children.first(where: { $0.name == "textAttributes" && $0["key"] == "titleTextAttributes" }) {
            design.font = title.children.first { $0.name == "fontDescription" }.flatMap(Self.font)
            design.titleColor = colors.color(of: title, key: "textColor")
        }
        design.hidesSeparators = element.name == "tableView" && element["separatorStyle"] == "none"
        if element.name == "tableView" { design.tableStyle = element["style"].flatMap(TableStyle.init(rawValue:)) }
        if element.name == "collectionView" {
            design.flowLayout = element.children.first { $0.name == "collectionViewFlowLayout" && $0["key"] == "collectionViewLayout" }.map(Self.flowLayout)
        }
        readLayerAttributes(of: element, into: &design)
        return design
    }

    /// A prototype cell's design: its own, with its content view's id and constraints (those
    /// that name no item name the content view, which holds them), and the views its
    /// `selectedBackgroundView` and `backgroundView` outlets name.
    func cellDesign(of cell: XMLElementNode, contentView: XMLElementNode?) -> ViewDesign {
        var design = design(of: cell)
        let outlets = cell.children(named: "connections").flatMap(\.children).filter { $0.name == "outlet" }
        design.selectedBackgroundViewID = outlets.first { $0["property"] == "selectedBackgroundView" }?["destination"]
        design.backgroundViewID = outlets.first { $0["property"] == "backgroundView" }?["destination"]
        guard let contentView else { return design }
        let holder = contentView["id"]
        design.contentViewID = holder
        for var constraint in constraints(of: contentView) {
            if constraint.firstItem == nil { constraint.firstItem = holder }
            if constraint.secondItem == nil, constraint.secondAttribute != .notAnAttribute { constraint.secondItem = holder }
            design.constraints.append(constraint)
        }
        return design
    }

    // MARK: Geometry

    private static func rect(_ element: XMLElementNode) -> DesignRect? {
        guard let x = number(element["x"]), let y = number(element["y"]), let width = number(element["width"]),
              let height = number(element["height"]) else { return nil }
        return DesignRect(x: x, y: y, width: width, height: height)
    }

    private static func autoresizing(_ element: XMLElementNode) -> Autoresizing {
        let flags: [(String, Autoresizing)] = [
            ("flexibleMinX", .flexibleLeftMargin), ("widthSizable", .flexibleWidth), ("flexibleMaxX", .flexibleRightMargin),
            ("flexibleMinY", .flexibleTopMargin), ("heightSizable", .flexibleHeight), ("flexibleMaxY", .flexibleBottomMargin),
        ]
        return flags.reduce(into: Autoresizing()) { mask, flag in
            if element[flag.0] == "YES" { mask.insert(flag.1) }
        }
    }

    // MARK: Collections

    /// `minimumLineSpacing`, `minimumInteritemSpacing`, `scrollDirection`, `<size key="itemSize">`
    /// and `<inset key="sectionInset">` (`minX` the left, `minY` the top); UIKit's default for
    /// each one missing or unreadable.
    private static func flowLayout(_ element: XMLElementNode) -> FlowLayoutDesign {
        var layout = FlowLayoutDesign()
        if let size = element.children.first(where: { $0.name == "size" && $0["key"] == "itemSize" }),
           let width = length(size["width"]), let height = length(size["height"]) {
            layout.itemWidth = width
            layout.itemHeight = height
        }
        layout.minimumLineSpacing = length(element["minimumLineSpacing"]) ?? layout.minimumLineSpacing
        layout.minimumInteritemSpacing = length(element["minimumInteritemSpacing"]) ?? layout.minimumInteritemSpacing
        if let inset = element.children.first(where: { $0.name == "inset" && $0["key"] == "sectionInset" }) {
            layout.sectionInset = DesignInsets(top: number(inset["minY"]) ?? 0, left: number(inset["minX"]) ?? 0,
                                               bottom: number(inset["maxY"]) ?? 0, right: number(inset["maxX"]) ?? 0)
        }
        layout.scrollDirection = element["scrollDirection"].flatMap(FlowLayoutDesign.ScrollDirection.init(rawValue:)) ?? .vertical
        return layout
    }

    // MARK: Constraints

    private func constraints(of element: XMLElementNode) -> [DesignConstraint] {
        element.children(named: "constraints").flatMap { $0.children(named: "constraint") }.compactMap(constraint)
    }

    private func constraint(_ element: XMLElementNode) -> DesignConstraint? {
        guard let firstAttribute = element["firstAttribute"].flatMap(DesignConstraint.Attribute.init(rawValue:)),
              let secondAttribute = Self.optional(element["secondAttribute"], default: .notAnAttribute, DesignConstraint.Attribute.init(rawValue:)),
              let relation = Self.optional(element["relation"], default: .equal, DesignConstraint.Relation.init(rawValue:)),
              let multiplier = Self.optional(element["multiplier"], default: 1, Self.multiplier),
              let constant = Self.optional(element["constant"], default: 0, { Self.number($0) }),
              let priority = Self.optional(element["priority"], default: 1000, Self.priority) else { return nil }
        return DesignConstraint(id: element["id"], firstItem: element["firstItem"], firstAttribute: firstAttribute, relation: relation,
                                secondItem: element["secondItem"], secondAttribute: secondAttribute, multiplier: multiplier,
                                constant: constant, priority: priority, place: SourcePlace(file: file, location: document.location(of: element)))
    }

    /// `default` when `text` is missing, else `read` of it (nil when it cannot be read).
    private static func optional<Value>(_ text: String?, default value: Value, _ read: (String) -> Value?) -> Value? {
        guard let text else { return value }
        return read(text)
    }

    /// `0.5`, or a ratio `16:9`.
    private static func multiplier(_ text: String) -> Double? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        if parts.count == 2 {
            guard let numerator = number(String(parts[0])), let denominator = number(String(parts[1])), denominator != 0 else { return nil }
            return numerator / denominator
        }
        return number(text)
    }

    /// A view's priorities across and down (`horizontal…` and `vertical…` + `suffix`), each the
    /// default's when missing or unreadable.
    private static func priorities(of element: XMLElementNode, _ suffix: String, default value: AxisPriorities) -> AxisPriorities {
        AxisPriorities(horizontal: element["horizontal" + suffix].flatMap(priority) ?? value.horizontal,
                       vertical: element["vertical" + suffix].flatMap(priority) ?? value.vertical)
    }

    private static func priority(_ text: String) -> Int? {
        guard let value = number(text), value >= 1, value <= 1000 else { return nil }
        return Int(value.rounded())
    }

    // MARK: Text

    /// A system font (`type` system, boldSystem or italicSystem, with `weight`), a named font
    /// (`name`), or a text style (`style="UICTFontTextStyleBody"`) at its default size.
    private static func font(_ element: XMLElementNode) -> DesignFont? {
        if let style = element["style"], element["pointSize"] == nil {
            guard let (size, weight) = textStyles[style] else { return nil }
            return DesignFont(size: size, weight: weight)
        }
        guard let size = number(element["pointSize"]), size > 0 else { return nil }
        if let name = element["name"] { return DesignFont(size: size, name: name) }
        let weight = element["weight"].flatMap(DesignFont.Weight.init(rawValue:))
        switch element["type"] {
        case "boldSystem": return DesignFont(size: size, weight: weight ?? .bold)
        case "italicSystem": return DesignFont(size: size, weight: weight ?? .regular, italic: true)
        default: return DesignFont(size: size, weight: weight ?? .regular)
        }
    }

    /// The default size and weight of UIKit's text styles (the Large size category).
    static let textStyles: [String: (Double, DesignFont.Weight)] = [
        "UICTFontTextStyleTitle0": (34, .regular), "UICTFontTextStyleTitle1": (28, .regular),
        "UICTFontTextStyleTitle2": (22, .regular), "UICTFontTextStyleTitle3": (20, .regular),
        "UICTFontTextStyleHeadline": (17, .semibold), "UICTFontTextStyleBody": (17, .regular),
        "UICTFontTextStyleCallout": (16, .regular), "UICTFontTextStyleSubhead": (15, .regular),
        "UICTFontTextStyleFootnote": (13, .regular), "UICTFontTextStyleCaption1": (12, .regular),
        "UICTFontTextStyleCaption2": (11, .regular),
    ]

    // MARK: Layer

    /// Corner radius, border width and border colour, from runtime attributes on the layer
    /// (`layer.cornerRadius`) or the view's inspectable properties (`cornerRadius`).
    private func readLayerAttributes(of element: XMLElementNode, into design: inout ViewDesign) {
        let attributes = element.children(named: "userDefinedRuntimeAttributes").flatMap { $0.children(named: "userDefinedRuntimeAttribute") }
        for attribute in attributes {
            guard let keyPath = attribute["keyPath"] else { continue }
            let value = attribute.children.first { $0["key"] == "value" }
            switch keyPath.hasPrefix("layer.") ? String(keyPath.dropFirst("layer.".count)) : keyPath {
            case "cornerRadius": design.cornerRadius = Self.length(attribute["value"] ?? value?["value"])
            case "borderWidth": design.borderWidth = Self.length(attribute["value"] ?? value?["value"])
            case "borderColor": design.borderColor = value.flatMap { $0.name == "color" ? colors.color($0) : nil }
            default: break
            }
        }
    }

    // MARK: Numbers

    private static func number(_ text: String?) -> Double? {
        text.flatMap(Double.init).flatMap { $0.isFinite ? $0 : nil }
    }

    /// A length: a finite number, not negative.
    private static func length(_ text: String?) -> Double? {
        number(text).flatMap { $0 >= 0 ? $0 : nil }
    }
}
