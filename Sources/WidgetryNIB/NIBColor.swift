/// A `UIColor` as ibtool writes it: already converted to sRGB (or white), with the name of a
/// system colour when it is one.
public struct NIBColor: Sendable, Equatable {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double
    /// `whiteColor`, `groupTableViewBackgroundColor`…, when the colour is a named system colour.
    public var systemName: String?
    /// Whether the object carried components; a colour named only by ``systemName`` (a dynamic
    /// system colour) has none, and its components here are 0.
    public var hasComponents: Bool = true
}

extension NIBArchive {
    /// The colour of a `UIColor` object: `UIRed`/`UIGreen`/`UIBlue`, or `UIWhite`, and `UIAlpha`
    /// (missing components are 0, a missing alpha is 1).
    public func color(_ index: Int) throws(NIBError) -> NIBColor {
        let name = try string(of: index, key: "UISystemColorName")
        let alpha = try double(of: index, key: "UIAlpha") ?? 1
        if let white = try double(of: index, key: "UIWhite") {
            return NIBColor(red: white, green: white, blue: white, alpha: alpha, systemName: name)
        }
        let red = try double(of: index, key: "UIRed")
        let green = try double(of: index, key: "UIGreen")
        let blue = try double(of: index, key: "UIBlue")
        guard red != nil || green != nil || blue != nil || name != nil else {
            throw NIBError(.malformed, "object \(index) (\(try className(of: index))) has no colour components",
                           file: file, objectIndex: index, hint: "UIColor objects carry UIRed/UIGreen/UIBlue or UIWhite")
        }
        return NIBColor(red: red ?? 0, green: green ?? 0, blue: blue ?? 0, alpha: alpha, systemName: name,
                        hasComponents: red != nil || green != nil || blue != nil)
    }

    /// The colour an object holds under `key`; nil when missing.
    public func color(of index: Int, key: String) throws(NIBError) -> NIBColor? {
        guard let target = try reference(of: index, key: key) else { return nil }
        return try color(target)
    }
}
