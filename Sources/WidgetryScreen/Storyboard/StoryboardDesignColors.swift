import WidgetryXML

/// The colours of a storyboard or xib as ``DesignColor``s: a `<color>` element by its
/// components (`red green blue alpha`, or `white alpha`), by a name the document's
/// `<resources>` define (`<namedColor>`, `<systemColor>`), or by a UIKit system colour's name,
/// in its light-mode sRGB value. Components in Generic RGB (`calibratedRGB`) and Display P3
/// are converted to sRGB as ibtool converts them (``StoryboardColorSpaces``); gray levels are
/// taken as written, as ibtool keeps them.
struct StoryboardDesignColors {
    /// Colours the document defines by name, from its `<resources>`.
    private let resources: [String: DesignColor]

    init(document root: XMLElementNode) {
        var resources: [String: DesignColor] = [:]
        for resource in root.children(named: "resources").flatMap(\.children) where resource.name == "namedColor" || resource.name == "systemColor" {
            guard let name = resource["name"], let value = resource.children(named: "color").first.flatMap(Self.components) else { continue }
            resources[name] = value
        }
        self.resources = resources
    }

    /// The colour `element` (a `<color>`) gives; nil when it names an unknown colour or its
    /// components cannot be read.
    func color(_ element: XMLElementNode) -> DesignColor? {
        if let name = element["systemColor"] ?? element["cocoaTouchSystemColor"] ?? element["name"] {
            return resources[name] ?? Self.systemColor(named: name)
        }
        return Self.components(element)
    }

    /// The colour of the `<color>` child of `element` with `key`, when there is one.
    func color(of element: XMLElementNode, key: String) -> DesignColor? {
        element.children.first { $0.name == "color" && $0["key"] == key }.flatMap(color)
    }

    /// `red green blue` or `white`, with `alpha` (1 when missing); every number finite.
    private static func components(_ element: XMLElementNode) -> DesignColor? {
        func number(_ attribute: String) -> Double? { element[attribute].flatMap(Double.init).flatMap { $0.isFinite ? $0 : nil } }
        let alpha: Double
        if element["alpha"] != nil {
            guard let value = number("alpha") else { return nil }
            alpha = value
        } else {
            alpha = 1
        }
        if element["white"] != nil { return number("white").map { DesignColor(white: $0, alpha: alpha) } }
        guard let red = number("red"), let green = number("green"), let blue = number("blue") else { return nil }
        return StoryboardColorSpaces.sRGB(DesignColor(red: red, green: green, blue: blue, alpha: alpha),
                                          colorSpace: element["colorSpace"], customColorSpace: element["customColorSpace"])
    }

    /// A UIKit system colour (`systemBlueColor`, `labelColor`, the older `darkTextColor`) in
    /// light mode; nil for a name not in the table.
    static func systemColor(named name: String) -> DesignColor? {
        guard let (red, green, blue, alpha) = systemColors[name] else { return nil }
        return DesignColor(red: Double(red) / 255, green: Double(green) / 255, blue: Double(blue) / 255, alpha: alpha)
    }

    /// Light-mode sRGB values, 0 to 255, with alpha.
    private static let systemColors: [String: (Int, Int, Int, Double)] = [
        "systemBackgroundColor": (255, 255, 255, 1),
        "secondarySystemBackgroundColor": (242, 242, 247, 1),
        "tertiarySystemBackgroundColor": (255, 255, 255, 1),
        "systemGroupedBackgroundColor": (242, 242, 247, 1),
        "secondarySystemGroupedBackgroundColor": (255, 255, 255, 1),
        "tertiarySystemGroupedBackgroundColor": (242, 242, 247, 1),
        "groupTableViewBackgroundColor": (242, 242, 247, 1),
        "tableCellGroupedBackgroundColor": (255, 255, 255, 1),
        "labelColor": (0, 0, 0, 1),
        "secondaryLabelColor": (60, 60, 67, 0.6),
        "tertiaryLabelColor": (60, 60, 67, 0.3),
        "quaternaryLabelColor": (60, 60, 67, 0.18),
        "placeholderTextColor": (60, 60, 67, 0.3),
        "darkTextColor": (0, 0, 0, 1),
        "lightTextColor": (255, 255, 255, 0.6),
        "linkColor": (0, 122, 255, 1),
        "separatorColor": (60, 60, 67, 0.29),
        "opaqueSeparatorColor": (198, 198, 200, 1),
        "systemFillColor": (120, 120, 128, 0.2),
        "secondarySystemFillColor": (120, 120, 128, 0.16),
        "tertiarySystemFillColor": (118, 118, 128, 0.12),
        "quaternarySystemFillColor": (116, 116, 128, 0.08),
        "systemBlueColor": (0, 122, 255, 1),
        "systemRedColor": (255, 59, 48, 1),
        "systemGreenColor": (52, 199, 89, 1),
        "systemOrangeColor": (255, 149, 0, 1),
        "systemYellowColor": (255, 204, 0, 1),
        "systemPinkColor": (255, 45, 85, 1),
        "systemPurpleColor": (175, 82, 222, 1),
        "systemTealColor": (90, 200, 250, 1),
        "systemIndigoColor": (88, 86, 214, 1),
        "systemGrayColor": (142, 142, 147, 1),
        "systemGray2Color": (174, 174, 178, 1),
        "systemGray3Color": (199, 199, 204, 1),
        "systemGray4Color": (209, 209, 214, 1),
        "systemGray5Color": (229, 229, 234, 1),
        "systemGray6Color": (242, 242, 247, 1),
        "whiteColor": (255, 255, 255, 1),
        "blackColor": (0, 0, 0, 1),
        "clearColor": (0, 0, 0, 0),
    ]
}
