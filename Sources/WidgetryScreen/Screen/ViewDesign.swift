/// How a view was designed to look and where it sits: what a storyboard or xib says of it (its
/// `rect`, constraints, font, colours) or a screen file's `design` object. The runtime never
/// reads it; `widgetry render` lays screens out and draws them from it. Every member is
/// optional: nil means the file did not say, and the renderer uses UIKit's default.
public struct ViewDesign: Sendable, Equatable {
    /// The frame in the superview's coordinates, as designed.
    public var frame: DesignRect?
    /// How a view laid out by its frame follows its superview's size (UIKit's autoresizing
    /// mask); nil when the file gave none (then the frame is kept as it is).
    public var autoresizing: Autoresizing?
    /// Whether the view is placed by constraints rather than its frame
    /// (`translatesAutoresizingMaskIntoConstraints == false`).
    public var usesConstraints: Bool
    /// The constraints this view holds, which may relate any views beneath it.
    public var constraints: [DesignConstraint]
    /// The identifier the file's constraints name the view by (a storyboard's `id`).
    public var designID: String?
    /// The identifier of the view's safe-area layout guide, when it has one.
    public var safeAreaGuideID: String?
    /// On a view controller's root view: the identifiers of the controller's top and bottom
    /// layout guides (`topLayoutGuide`, `bottomLayoutGuide`), which its constraints may name.
    /// The top guide's bottom edge is below the status and navigation bars; the bottom guide's
    /// top edge is above a tab bar or toolbar.
    public var topLayoutGuideID: String?
    public var bottomLayoutGuideID: String?
    /// On a cell: the identifier of its content view, which fills the cell, holds the cell's
    /// children and is named by the cell's constraints (a storyboard's content view is not a
    /// node of its own: its children are the cell's, its constraints the cell's).
    public var contentViewID: String?
    /// A cell's `selectedBackgroundView` outlet: the design identifier of the view UIKit shows
    /// only behind a selected row, so a picture (whose rows are not selected) leaves it out.
    public var selectedBackgroundViewID: String?
    /// A cell's `backgroundView` outlet: the design identifier of the view UIKit stretches
    /// behind the cell's content, at the cell's bounds.
    public var backgroundViewID: String?
    /// A navigation or search bar's style.
    public var barStyle: BarStyle?
    /// A navigation or search bar's own colour, over its style's.
    public var barTintColor: DesignColor?
    /// A search bar's style.
    public var searchBarStyle: SearchBarStyle?
    /// A table whose separator style is `none`: its rows draw no separator lines.
    public var hidesSeparators = false
    /// The text's font; a navigation bar's title font (its `titleTextAttributes`).
    public var font: DesignFont?
    public var textColor: DesignColor?
    /// A button's title colour in its normal state; a navigation bar's title colour (its
    /// `titleTextAttributes`).
    public var titleColor: DesignColor?
    public var backgroundColor: DesignColor?
    public var tintColor: DesignColor?
    public var textAlignment: TextAlignment?
    /// How many lines a label shows; 0 for as many as it needs.
    public var numberOfLines: Int?
    /// How a label wraps or cuts its text.
    public var lineBreakMode: LineBreakMode?
    /// How the view fits its content (an image view's image) to its bounds.
    public var contentMode: ContentMode?
    /// The view's opacity, 0 to 1.
    public var alpha: Double
    /// Whether the view is hidden as designed (`hidden="YES"`).
    public var isHidden: Bool
    /// Whether the view clips its subviews to its bounds (`clipsSubviews="YES"`).
    public var clipsToBounds: Bool
    /// A button's type.
    public var buttonType: ButtonType?
    /// An image view's image, or a button's, by name.
    public var imageName: String?
    /// A table's row height.
    public var rowHeight: Double?
    /// A table's section header height.
    public var sectionHeaderHeight: Double?
    /// A table's style.
    public var tableStyle: TableStyle?
    /// A collection view's flow layout; nil for a table, and for a collection whose layout is
    /// not a flow layout (a custom class), which is drawn as a list.
    public var flowLayout: FlowLayoutDesign?
    public var cornerRadius: Double?
    public var borderWidth: Double?
    public var borderColor: DesignColor?
    /// How strongly the view keeps from growing beyond its content's size, across and down
    /// (`horizontalHuggingPriority`, `verticalHuggingPriority`): UIKit's 250 unless designed.
    public var contentHugging = AxisPriorities(horizontal: 250, vertical: 250)
    /// How strongly the view keeps from shrinking below its content's size, across and down
    /// (`horizontalCompressionResistancePriority`, …): UIKit's 750 unless designed.
    public var compressionResistance = AxisPriorities(horizontal: 750, vertical: 750)

    public init(frame: DesignRect? = nil, autoresizing: Autoresizing? = nil, usesConstraints: Bool = false,
                constraints: [DesignConstraint] = [], designID: String? = nil, safeAreaGuideID: String? = nil,
                topLayoutGuideID: String? = nil, bottomLayoutGuideID: String? = nil, contentViewID: String? = nil,
                font: DesignFont? = nil, textColor: DesignColor? = nil, titleColor: DesignColor? = nil, backgroundColor: DesignColor? = nil,
                tintColor: DesignColor? = nil, textAlignment: TextAlignment? = nil, numberOfLines: Int? = nil,
                lineBreakMode: LineBreakMode? = nil, contentMode: ContentMode? = nil, alpha: Double = 1, isHidden: Bool = false,
                clipsToBounds: Bool = false, buttonType: ButtonType? = nil, imageName: String? = nil, rowHeight: Double? = nil, sectionHeaderHeight: Double? = nil, tableStyle: TableStyle? = nil,
                cornerRadius: Double? = nil, borderWidth: Double? = nil, borderColor: DesignColor? = nil) {
        self.frame = frame
        self.autoresizing = autoresizing
        self.usesConstraints = usesConstraints
        self.constraints = constraints
        self.designID = designID
        self.safeAreaGuideID = safeAreaGuideID
        self.topLayoutGuideID = topLayoutGuideID
        self.bottomLayoutGuideID = bottomLayoutGuideID
        self.contentViewID = contentViewID
        self.font = font
        self.textColor = textColor
        self.titleColor = titleColor
        self.backgroundColor = backgroundColor
        self.tintColor = tintColor
        self.textAlignment = textAlignment
        self.numberOfLines = numberOfLines
        self.lineBreakMode = lineBreakMode
        self.contentMode = contentMode
        self.alpha = alpha
        self.isHidden = isHidden
        self.clipsToBounds = clipsToBounds
        self.buttonType = buttonType
        self.imageName = imageName
        self.rowHeight = rowHeight
        self.sectionHeaderHeight = sectionHeaderHeight
        self.tableStyle = tableStyle
        self.cornerRadius = cornerRadius
        self.borderWidth = borderWidth
        self.borderColor = borderColor
    }

    /// A design that says nothing.
    public static let unspecified = ViewDesign()
}

/// An Auto Layout priority (1 to 1000) for each axis of a view's content size.
public struct AxisPriorities: Sendable, Equatable {
    public var horizontal: Int
    public var vertical: Int

    public init(horizontal: Int, vertical: Int) {
        self.horizontal = horizontal
        self.vertical = vertical
    }
}

/// A rectangle in points.
public struct DesignRect: Sendable, Equatable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}

/// UIKit's autoresizing mask: which margins and sizes stretch with the superview.
public struct Autoresizing: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let flexibleLeftMargin = Autoresizing(rawValue: 1 << 0)
    public static let flexibleWidth = Autoresizing(rawValue: 1 << 1)
    public static let flexibleRightMargin = Autoresizing(rawValue: 1 << 2)
    public static let flexibleTopMargin = Autoresizing(rawValue: 1 << 3)
    public static let flexibleHeight = Autoresizing(rawValue: 1 << 4)
    public static let flexibleBottomMargin = Autoresizing(rawValue: 1 << 5)
}

/// A font as designed: a system font of a size and weight, or a named font.
public struct DesignFont: Sendable, Equatable {
    public enum Weight: String, Sendable, CaseIterable {
        case ultraLight, thin, light, regular, medium, semibold, bold, heavy, black

        /// The CSS `font-weight` of the weight.
        public var cssWeight: Int {
            switch self {
            case .ultraLight: 100
            case .thin: 200
            case .light: 300
            case .regular: 400
            case .medium: 500
            case .semibold: 600
            case .bold: 700
            case .heavy: 800
            case .black: 900
            }
        }
    }

    public var size: Double
    public var weight: Weight
    /// A font named by the file (`Helvetica-Bold`), when it is not the system font.
    public var name: String?
    public var italic: Bool

    public init(size: Double, weight: Weight = .regular, name: String? = nil, italic: Bool = false) {
        self.size = size
        self.weight = weight
        self.name = name
        self.italic = italic
    }
}

/// A colour with components from 0 to 1, in sRGB.
public struct DesignColor: Sendable, Equatable {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// A gray level, as a storyboard's `white` colours give it.
    public init(white: Double, alpha: Double = 1) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    /// `#RRGGBB` or `#RRGGBBAA`; nil for anything else.
    public init?(hex: String) {
        let digits = hex.hasPrefix("#") ? hex.dropFirst() : hex[...]
        guard digits.count == 6 || digits.count == 8, let value = UInt32(digits, radix: 16) else { return nil }
        let channels = digits.count == 8 ? value : value << 8 | 0xFF
        self.init(red: Double(channels >> 24 & 0xFF) / 255, green: Double(channels >> 16 & 0xFF) / 255,
                  blue: Double(channels >> 8 & 0xFF) / 255, alpha: Double(channels & 0xFF) / 255)
    }
}

/// A table's style: rows running edge to edge, or in grouped sections (inset from the edges).
public enum TableStyle: String, Sendable, CaseIterable {
    case plain, grouped, insetGrouped
}

/// How a label or field aligns its text.
public enum TextAlignment: String, Sendable, CaseIterable {
    case natural, left, center, right, justified
}

/// An Auto Layout constraint as designed (a storyboard's `<constraint>`).
public struct DesignConstraint: Sendable, Equatable {
    public enum Attribute: String, Sendable, CaseIterable {
        case left, right, top, bottom, leading, trailing, width, height, centerX, centerY
        case baseline, firstBaseline, lastBaseline
        case leftMargin, rightMargin, topMargin, bottomMargin, leadingMargin, trailingMargin
        case centerXWithinMargins, centerYWithinMargins
        case notAnAttribute
    }

    public enum Relation: String, Sendable, CaseIterable {
        case equal, lessThanOrEqual, greaterThanOrEqual
    }

    /// The constraint's own identifier in the file.
    public var id: String?
    /// The design identifier of the first item; nil for the view that holds the constraint.
    public var firstItem: String?
    public var firstAttribute: Attribute
    public var relation: Relation
    /// The design identifier of the second item (a view or a layout guide); nil for none
    /// (a constant width or height) unless `secondAttribute` is given, then the holding view.
    public var secondItem: String?
    public var secondAttribute: Attribute
    public var multiplier: Double
    public var constant: Double
    /// UIKit's priority, 1 to 1000 (required).
    public var priority: Int
    public var place: SourcePlace

    public init(id: String?, firstItem: String?, firstAttribute: Attribute, relation: Relation = .equal, secondItem: String?,
                secondAttribute: Attribute = .notAnAttribute, multiplier: Double = 1, constant: Double = 0, priority: Int = 1000,
                place: SourcePlace) {
        self.id = id
        self.firstItem = firstItem
        self.firstAttribute = firstAttribute
        self.relation = relation
        self.secondItem = secondItem
        self.secondAttribute = secondAttribute
        self.multiplier = multiplier
        self.constant = constant
        self.priority = priority
        self.place = place
    }
}
