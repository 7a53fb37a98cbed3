import WidgetryJSON
import WidgetryNIB

/// Reads how a view of a compiled nib was designed (``ViewDesign``), the same model the XML
/// reader (``StoryboardDesignReader``) gives for the storyboard's source:
///
/// - the frame, from `UIBounds` (the size) and `UICenter` (the centre in the superview's
///   coordinates), as UIKit derives it for a view without a transform; `UIAutoresizingMask`
///   (UIKit's bits, which ``Autoresizing`` shares; none when missing); whether constraints place it
///   (`UIViewDoesNotTranslateAutoresizingMaskIntoConstraints`); `UIViewContentHuggingPriority` and
///   `UIViewContentCompressionResistancePriority` (strings `{251, 251}`; the class's when missing);
/// - `UIViewAutolayoutConstraints` (``CompiledConstraints``), and on a root view the
///   controller's top and bottom layout guides (`_UILayoutGuide` subviews);
/// - `UIFont` (``CompiledFonts``), `UITextColor`, `UIBackgroundColor`, `UITintColor`,
///   `UITextAlignment`, `UINumberOfLines`, `UILineBreakMode`, `UIContentMode`, `UIAlpha`,
///   `UIHidden`, `UIClipsToBounds`, a bar's `UIBarStyle`, `UIBarTintColor`, `UISearchBarStyle` and
///   `UITitleTextAttributes`, a table's `UISeparatorStyleIOS9AndLater`, a button's `UIButtonType` and its normal state's
///   `UITitleColor` and image, an image view's image, a table's `UIRowHeight`,
///   `UISectionHeaderHeight` and `UIStyle`; a collection view's flow layout (`UICollectionLayout`);
/// - runtime attributes `cornerRadius`, `borderWidth`, `borderColor` (with or without
///   `layer.`), from the nib's `UINibKeyValuePair`s.
///
/// ibtool omits a key whose value is UIKit's default, so a missing key reads as that default
/// where the XML always writes the attribute (a label's line break mode, a view's content
/// mode), else as nil. Compiled nibs keep no XML identifiers: a view's design identifier is its
/// nib's name and object index (`…-view-Ech-rE-AyQ.nib#95`), unique in the scene. A value that
/// cannot be read is left nil, as in the XML reader: design never stops a load.
struct CompiledDesign {
    let nib: CompiledNib
    private var archive: NIBArchive { nib.archive }

    /// The design of view `object` (a view, a cell, or a constraint, which has none); with
    /// `isRoot`, the root view of the scene's controller, which adds its layout guides.
    func design(of object: Int, isRoot: Bool = false) -> ViewDesign {
        guard let className = try? nib.classNames(of: object).uiKit, !className.hasSuffix("LayoutConstraint") else { return .unspecified }
        var design = ViewDesign()
        design.designID = Self.designID(of: object, in: archive)
        readGeometry(of: object, className: className, into: &design)
        design.constraints = CompiledConstraints(nib: nib).constraints(heldBy: object)
        if isRoot { readLayoutGuides(of: object, into: &design) }
        readText(of: object, className: className, into: &design)
        readLook(of: object, into: &design)
        readContent(of: object, className: className, into: &design)
        readLayerAttributes(of: object, into: &design)
        return design
    }

    /// A prototype cell's design: its own, with its content view's identifier and constraints
    /// (as the XML reader gives them: the content view is not a node of its own), and the views
    /// its `selectedBackgroundView` and `backgroundView` outlets name.
    func cellDesign(of cell: Int) -> ViewDesign {
        var design = design(of: cell)
        func outlet(_ property: String) -> String? {
            nib.connections(from: cell).first { $0.kind == .outlet && $0.label == property }?.destination.map { Self.designID(of: $0, in: archive) }
        }
        design.selectedBackgroundViewID = outlet("selectedBackgroundView")
        design.backgroundViewID = outlet("backgroundView")
        guard let content = try? archive.reference(of: cell, key: "UIContentView") else { return design }
        design.contentViewID = Self.designID(of: content, in: archive)
        design.constraints += CompiledConstraints(nib: nib).constraints(heldBy: content)
        return design
    }

    /// The design identifier of an object: the archive's file name and the object's index.
    static func designID(of object: Int, in archive: NIBArchive) -> String {
        let name = archive.file.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? archive.file
        return "\(name)#\(object)"
    }

    // MARK: Geometry

    private func readGeometry(of object: Int, className: String, into design: inout ViewDesign) {
        if let bounds = try? archive.rect(of: object, key: "UIBounds"), let center = try? archive.point(of: object, key: "UICenter"),
           [bounds.width, bounds.height, center.x, center.y].allSatisfy(\.isFinite) {
            design.frame = DesignRect(x: center.x - bounds.width / 2, y: center.y - bounds.height / 2, width: bounds.width, height: bounds.height)
        }
        if let mask = try? archive.integer(of: object, key: "UIAutoresizingMask") ?? 0, mask >= 0, mask <= 63 {
            design.autoresizing = Autoresizing(rawValue: Int(mask))
        }
        design.usesConstraints = (try? archive.bool(of: object, key: "UIViewDoesNotTranslateAutoresizingMaskIntoConstraints")) ?? false
        design.contentHugging = priorities(of: object, key: "UIViewContentHuggingPriority", className: className) ?? design.contentHugging
        design.compressionResistance = priorities(of: object, key: "UIViewContentCompressionResistancePriority", className: className)
            ?? design.compressionResistance
    }

    /// A view's content priorities across and down, which ibtool writes as a string
    /// `{horizontal, vertical}` (`{251, 251}`), and leaves out when they are the class's
    /// (``UIKitDefaults``); nil when unreadable.
    private func priorities(of object: Int, key: String, className: String) -> AxisPriorities? {
        let written = try? archive.string(of: object, key: key)
        let standard: String? = if case .text(let text)? = UIKitDefaults.value(of: key, in: className) { text } else { nil }
        guard let text = written ?? standard, text.hasPrefix("{"), text.hasSuffix("}") else { return nil }
        let values = text.dropFirst().dropLast().split(separator: ",").compactMap { Double(String($0.filter { $0 != " " })) }
        guard values.count == 2, values.allSatisfy({ $0 >= 1 && $0 <= 1000 }) else { return nil }
        return AxisPriorities(horizontal: Int(values[0].rounded()), vertical: Int(values[1].rounded()))
    }

    /// The controller's top and bottom layout guides: `_UILayoutGuide` subviews of its root
    /// view named `_UIViewControllerTop` and `_UIViewControllerBottom`.
    private func readLayoutGuides(of view: Int, into design: inout ViewDesign) {
        for subview in (try? archive.objectItems(of: view, key: "UISubviews")) ?? [] where (try? archive.className(of: subview)) == "_UILayoutGuide" {
            switch try? archive.string(of: subview, key: "_UILayoutGuideIdentifier") {
            case "_UIViewControllerTop": design.topLayoutGuideID = Self.designID(of: subview, in: archive)
            case "_UIViewControllerBottom": design.bottomLayoutGuideID = Self.designID(of: subview, in: archive)
            default: break
            }
        }
    }

    // MARK: Text

    private func readText(of object: Int, className: String, into design: inout ViewDesign) {
        design.font = (try? archive.font(of: object, key: "UIFont")).flatMap(CompiledFonts.design)
        design.textColor = color(of: object, key: "UITextColor")
        design.textAlignment = integer(of: object, key: "UITextAlignment").flatMap(TextAlignment.init(uiKitCode:))
        design.numberOfLines = integer(of: object, key: "UINumberOfLines").flatMap { $0 >= 0 && $0 <= Int64(Int32.max) ? Int($0) : nil }
        let lineBreak = integer(of: object, key: "UILineBreakMode") ?? (className == "UILabel" ? 4 : nil)
        design.lineBreakMode = lineBreak.flatMap(LineBreakMode.init(uiKitCode:))
    }

    // MARK: Look

    private func readLook(of object: Int, into design: inout ViewDesign) {
        design.backgroundColor = color(of: object, key: "UIBackgroundColor")
        design.tintColor = color(of: object, key: "UITintColor")
        design.contentMode = ContentMode(uiKitCode: integer(of: object, key: "UIContentMode") ?? 0)
        if let alpha = try? archive.double(of: object, key: "UIAlpha"), alpha.isFinite { design.alpha = min(max(alpha, 0), 1) }
        design.isHidden = (try? archive.bool(of: object, key: "UIHidden")) ?? false
        design.clipsToBounds = (try? archive.bool(of: object, key: "UIClipsToBounds")) ?? false
        design.barStyle = integer(of: object, key: "UIBarStyle").flatMap(BarStyle.init(uiKitCode:))
        design.barTintColor = color(of: object, key: "UIBarTintColor")
        design.searchBarStyle = integer(of: object, key: "UISearchBarStyle").flatMap(SearchBarStyle.init(uiKitCode:))
        if let title = try? archive.reference(of: object, key: "UITitleTextAttributes") { readTitleTextAttributes(title, into: &design) }
        // UIKit's separator styles: 0 none, 1 single line (the default ibtool leaves out);
        // ibtool writes the style under the iOS 9 key.
        design.hidesSeparators = (integer(of: object, key: "UISeparatorStyleIOS9AndLater") ?? integer(of: object, key: "UISeparatorStyle")) == 0
    }

    /// A navigation bar's `UITitleTextAttributes`, a dictionary of attributed-string keys: the
    /// title's font (`NSFont`) and colour (`NSColor`), as the bar's `font` and `titleColor`.
    private func readTitleTextAttributes(_ dictionary: Int, into design: inout ViewDesign) {
        for pair in (try? archive.stringPairs(of: dictionary)) ?? [] {
            guard case .object(let value) = pair.value else { continue }
            switch pair.key {
            case "NSFont": design.font = (try? archive.font(value)).flatMap(CompiledFonts.design)
            case "NSColor": design.titleColor = (try? archive.color(value)).flatMap(Self.designColor)
            default: break
            }
        }
    }

    // MARK: Content

    /// A button's type, title colour and image; an image view's image; a table's row and
    /// section header heights (a negative height, UIKit's automatic, is nil) and style.
    private func readContent(of object: Int, className: String, into design: inout ViewDesign) {
        switch className {
        case "UIButton":
            design.buttonType = ButtonType(uiKitCode: integer(of: object, key: "UIButtonType") ?? 0)
            if let normal = normalContent(ofButton: object) {
                design.titleColor = color(of: normal, key: "UITitleColor")
                design.imageName = imageName(of: normal)
            }
        case "UIImageView":
            design.imageName = imageName(of: object)
        case "UITableView":
            design.rowHeight = length(of: object, key: "UIRowHeight")
            design.sectionHeaderHeight = length(of: object, key: "UISectionHeaderHeight")
            design.tableStyle = [TableStyle.plain, .grouped, .insetGrouped].element(at: integer(of: object, key: "UIStyle") ?? 0)
        case "UICollectionView":
            design.flowLayout = flowLayout(ofCollection: object)
        default:
            break
        }
    }

    /// The collection's `UICollectionLayout` when it is a `UICollectionViewFlowLayout` (or a
    /// subclass): `UIItemSize`, `UILineSpacing`, `UIInteritemSpacing`, `UISectionInset` and
    /// `UIScrollDirection`, each UIKit's default when ibtool left it out.
    private func flowLayout(ofCollection collection: Int) -> FlowLayoutDesign? {
        guard let object = try? archive.reference(of: collection, key: "UICollectionLayout"),
              (try? nib.classNames(of: object).uiKit) == "UICollectionViewFlowLayout" else { return nil }
        var layout = FlowLayoutDesign()
        if let size = try? archive.point(of: object, key: "UIItemSize"), size.x.isFinite, size.y.isFinite, size.x >= 0, size.y >= 0 {
            layout.itemWidth = size.x
            layout.itemHeight = size.y
        }
        layout.minimumLineSpacing = length(of: object, key: "UILineSpacing") ?? layout.minimumLineSpacing
        layout.minimumInteritemSpacing = length(of: object, key: "UIInteritemSpacing") ?? layout.minimumInteritemSpacing
        if let inset = try? archive.insets(of: object, key: "UISectionInset"),
           [inset.top, inset.left, inset.bottom, inset.right].allSatisfy(\.isFinite) {
            layout.sectionInset = DesignInsets(top: inset.top, left: inset.left, bottom: inset.bottom, right: inset.right)
        }
        layout.scrollDirection = integer(of: object, key: "UIScrollDirection") == 1 ? .horizontal : .vertical
        return layout
    }

    /// The `UIButtonContent` of a button's normal state (state 0 of `UIButtonStatefulContent`).
    private func normalContent(ofButton button: Int) -> Int? {
        guard let contents = try? archive.reference(of: button, key: "UIButtonStatefulContent"), let pairs = try? archive.pairs(of: contents) else { return nil }
        for pair in pairs {
            let state = if case .object(let number) = pair.key { (try? archive.number(number))?.integer } else { pair.key.integer }
            if state == 0 { return pair.value.objectIndex }
        }
        return nil
    }

    /// The resource name of the `UIImageNibPlaceholder` under `UIImage`.
    private func imageName(of object: Int) -> String? {
        guard let image = try? archive.reference(of: object, key: "UIImage") else { return nil }
        return try? archive.string(of: image, key: "UIResourceName")
    }

    // MARK: Layer

    /// Corner radius, border width and border colour from the object's runtime attributes.
    private func readLayerAttributes(of object: Int, into design: inout ViewDesign) {
        for pair in nib.keyValuePairs[object] ?? [] {
            guard let keyPath = try? archive.string(of: pair, key: "UIKeyPath") else { continue }
            switch keyPath.hasPrefix("layer.") ? String(keyPath.dropFirst("layer.".count)) : keyPath {
            case "cornerRadius": design.cornerRadius = attributeLength(pair)
            case "borderWidth": design.borderWidth = attributeLength(pair)
            case "borderColor": design.borderColor = color(of: pair, key: "UIValue")
            default: break
            }
        }
    }

    /// A runtime attribute's number (an `NSNumber`, or a scalar written inline) as a length.
    private func attributeLength(_ pair: Int) -> Double? {
        let value: Double? = switch try? archive.value(of: pair, key: "UIValue") {
        case .object(let number)?: (try? archive.number(number))?.double
        case let scalar?: scalar.double
        case nil: nil
        }
        return value.flatMap { $0.isFinite && $0 >= 0 ? $0 : nil }
    }

    // MARK: Values

    private func integer(of object: Int, key: String) -> Int64? {
        try? archive.integer(of: object, key: key)
    }

    private func length(of object: Int, key: String) -> Double? {
        (try? archive.double(of: object, key: key)).flatMap { $0.isFinite && $0 >= 0 ? $0 : nil }
    }

    /// The `UIColor` under `key` in sRGB; a dynamic system colour written by name alone takes
    /// its light-mode value, as the XML reader gives it.
    private func color(of object: Int, key: String) -> DesignColor? {
        (try? archive.color(of: object, key: key)).flatMap(Self.designColor)
    }

    private static func designColor(_ color: NIBColor) -> DesignColor? {
        if !color.hasComponents, let name = color.systemName { return StoryboardDesignColors.systemColor(named: name) }
        guard [color.red, color.green, color.blue, color.alpha].allSatisfy(\.isFinite) else { return nil }
        return DesignColor(red: color.red, green: color.green, blue: color.blue, alpha: color.alpha)
    }
}

extension Array {
    /// The element at `index`, nil when there is none.
    fileprivate func element(at index: Int64) -> Element? {
        index >= 0 && index < Int64(count) ? self[Int(index)] : nil
    }
}
