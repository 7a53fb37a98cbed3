/// How a label wraps or cuts text that does not fit (UIKit's `NSLineBreakMode`). The raw
/// values are a storyboard's names; ``init(uiKitCode:)`` reads the number a nib stores.
public enum LineBreakMode: String, Sendable, CaseIterable {
    case wordWrap, characterWrap, clip, headTruncation, tailTruncation, middleTruncation

    /// UIKit's `NSLineBreakMode` number (0 word wrap … 5 middle truncation); nil for another.
    public init?(uiKitCode code: Int64) {
        guard code >= 0, code < Int64(Self.allCases.count) else { return nil }
        self = Self.allCases[Int(code)]
    }
}

/// How a view fits its content to its bounds (UIKit's `UIView.ContentMode`). The raw values
/// are a storyboard's names, in UIKit's order, so ``init(uiKitCode:)`` reads a nib's number.
public enum ContentMode: String, Sendable, CaseIterable {
    case scaleToFill, scaleAspectFit, scaleAspectFill, redraw, center, top, bottom, left, right
    case topLeft, topRight, bottomLeft, bottomRight

    /// UIKit's `UIView.ContentMode` number (0 scale to fill … 12 bottom right); nil for another.
    public init?(uiKitCode code: Int64) {
        guard code >= 0, code < Int64(Self.allCases.count) else { return nil }
        self = Self.allCases[Int(code)]
    }
}

/// A button's type (UIKit's `UIButton.ButtonType`): a custom button draws only what the file
/// gives it; the system types draw UIKit's own images (`contactAdd`'s plus sign).
public enum ButtonType: String, Sendable, CaseIterable {
    case custom, system, detailDisclosure, infoLight, infoDark, contactAdd

    /// A storyboard's `buttonType`: these names, or `roundedRect`, which is `system` since iOS 7.
    public init?(storyboardName name: String) {
        self.init(rawValue: name == "roundedRect" ? "system" : name)
    }

    /// UIKit's number (0 custom, 1 system, 2 detail disclosure … 5 contact add); nil for another.
    public init?(uiKitCode code: Int64) {
        guard code >= 0, code < Int64(Self.allCases.count) else { return nil }
        self = Self.allCases[Int(code)]
    }
}

extension TextAlignment {
    /// UIKit's `NSTextAlignment` number as iOS numbers it (0 left, 1 center, 2 right,
    /// 3 justified, 4 natural); nil for another.
    public init?(uiKitCode code: Int64) {
        let order: [TextAlignment] = [.left, .center, .right, .justified, .natural]
        guard code >= 0, code < Int64(order.count) else { return nil }
        self = order[Int(code)]
    }
}

/// A bar's style (UIKit's `UIBarStyle`): `black` draws a dark bar with light text.
public enum BarStyle: String, Sendable, CaseIterable {
    case `default`, black

    /// A storyboard's `barStyle`: these names, or `blackTranslucent`, which is `black`.
    public init?(storyboardName name: String) {
        self.init(rawValue: name == "blackTranslucent" ? "black" : name)
    }

    /// UIKit's number (0 default, 1 black, 2 the old black translucent); nil for another.
    public init?(uiKitCode code: Int64) {
        switch code {
        case 0: self = .default
        case 1, 2: self = .black
        default: return nil
        }
    }
}

/// A search bar's style (UIKit's `UISearchBar.Style`): `minimal` draws no bar behind the field.
public enum SearchBarStyle: String, Sendable, CaseIterable {
    case `default`, prominent, minimal

    /// UIKit's number (0 default, 1 prominent, 2 minimal); nil for another.
    public init?(uiKitCode code: Int64) {
        guard code >= 0, code < Int64(Self.allCases.count) else { return nil }
        self = Self.allCases[Int(code)]
    }
}
