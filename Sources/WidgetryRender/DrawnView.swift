public import WidgetryScreen

/// One view of a picture, placed and ready to draw: its frame in the picture's coordinates,
/// what it shows and how.
public struct DrawnView: Sendable, Equatable {
    /// What is drawn for the view.
    public enum Look: Sendable, Equatable {
        /// A box: its background, corners and border, if any.
        case box
        /// Lines of text.
        case text
        /// A button's or bar button item's title (or image) in the tint colour.
        case button
        /// An image by name (drawn from the bundle) or by URL (a placeholder box: nothing is fetched).
        case image(ImageSource?)
        /// A text field or text view: its text, or its placeholder in gray.
        case field
        /// A search bar with its rounded field.
        case searchBar
        /// A switch, on or off.
        case toggle(on: Bool)
        /// An activity indicator that is animating, or a refresh control that is refreshing.
        case spinner
        /// A progress bar, filled to a fraction.
        case progress(Double)
        /// The navigation bar.
        case navigationBar
        /// A system button's own image, as UIKit draws it in the button's tint colour (the
        /// view's ``DrawnView/textColor``): `contactAdd`'s plus in a circle, the detail
        /// disclosure and info buttons' "i" in a circle.
        case systemButton(ButtonType)
        /// A map a host's controller draws (a host profile's `map`): a plain canvas with a
        /// pin and title per marker, placed by their coordinates (docs/RENDERING.md#maps).
        case map([MapPin])
    }

    /// Where an image view's image comes from.
    public enum ImageSource: Sendable, Equatable {
        case named(String)
        case url(String)
    }

    /// The element's identifier, for the picture's `data-id` attributes.
    public var id: String?
    /// The identifier the storyboard gives the view (its XML `id`), when it has one.
    public var designID: String?
    /// The type as the screen names it (`UILabel`).
    public var type: String
    /// For a table's cell, the row it shows: what a tap on it selects.
    public var row: RowPlace?
    public var frame: DesignRect
    public var look: Look
    /// The text lines drawn, already broken and truncated.
    public var lines: [String]
    /// Whether ``lines`` are a placeholder, drawn in gray.
    public var showsPlaceholder: Bool
    public var font: DesignFont
    public var textColor: DesignColor
    public var alignment: TextAlignment
    public var backgroundColor: DesignColor?
    public var cornerRadius: Double
    public var borderWidth: Double
    public var borderColor: DesignColor?
    /// Whether what the children draw outside the frame is cut off (tables, scroll views).
    public var clips: Bool
    /// A navigation or search bar's style: `black` draws the bar, or the search field, dark.
    public var barStyle: BarStyle = .default
    public var children: [DrawnView]

    public init(id: String?, designID: String? = nil, type: String, frame: DesignRect, look: Look = .box, lines: [String] = [], showsPlaceholder: Bool = false,
                font: DesignFont = DrawnView.bodyFont, textColor: DesignColor = DrawnView.black, alignment: TextAlignment = .natural,
                backgroundColor: DesignColor? = nil, cornerRadius: Double = 0, borderWidth: Double = 0, borderColor: DesignColor? = nil,
                clips: Bool = false, children: [DrawnView] = []) {
        self.id = id
        self.designID = designID
        self.type = type
        self.row = nil
        self.frame = frame
        self.look = look
        self.lines = lines
        self.showsPlaceholder = showsPlaceholder
        self.font = font
        self.textColor = textColor
        self.alignment = alignment
        self.backgroundColor = backgroundColor
        self.cornerRadius = cornerRadius
        self.borderWidth = borderWidth
        self.borderColor = borderColor
        self.clips = clips
        self.children = children
    }

    /// UIKit's label font: the system font at 17 points.
    public static let bodyFont = DesignFont(size: 17)
    public static let black = DesignColor(white: 0)
    /// iOS's default tint (system blue).
    public static let tint = DesignColor(red: 0, green: 122.0 / 255, blue: 1)
    /// The gray of placeholders.
    public static let placeholderGray = DesignColor(red: 199.0 / 255, green: 199.0 / 255, blue: 205.0 / 255)
}

/// A row of a table: the table's identifier, the section and the row, from 0.
public struct RowPlace: Sendable, Equatable {
    public var table: String
    public var section: Int
    public var row: Int
}

/// A whole picture: the device, the screen's name and the views, the navigation bar first.
public struct DrawnScreen: Sendable, Equatable {
    public var screen: String
    public var device: Device
    /// The laid-out height: the device's, or more when a table's rows go on below it (every
    /// row the render made is laid out; a picture shows them with ``PictureOptions/fullPage``).
    public var height: Double
    public var views: [DrawnView]
    /// Constraints the layout left out (a required one that cannot hold, one naming no view),
    /// at their places: `widgetry render` prints them as warnings.
    public var problems: [LayoutProblem] = []
}
