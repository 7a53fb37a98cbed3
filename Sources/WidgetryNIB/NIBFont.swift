/// A `UIFont` as ibtool writes it: its PostScript name (`.SFUIText-Bold`, `Helvetica`), point
/// size, whether it is the system font, its symbolic traits, and for a system font the weight
/// CoreText calls its usage (`CTFontEmphasizedUsage` for bold, `CTFontDemiUsage` for semibold…).
public struct NIBFont: Sendable, Equatable {
    public var name: String?
    public var pointSize: Double
    public var isSystemFont: Bool
    /// `UIFontDescriptor.SymbolicTraits` bits (1 italic, 2 bold).
    public var traits: Int64
    /// The descriptor's `NSCTFontUIUsageAttribute`, when it has one.
    public var usage: String?

    public init(name: String?, pointSize: Double, isSystemFont: Bool, traits: Int64, usage: String?) {
        self.name = name
        self.pointSize = pointSize
        self.isSystemFont = isSystemFont
        self.traits = traits
        self.usage = usage
    }
}

extension NIBArchive {
    /// The font of a `UIFont` object: `UIFontName` (else `NSName`), `UIFontPointSize` (else
    /// `NSSize`), `UISystemFont`, `UIFontTraits`, and the usage its `UIFontDescriptor`'s
    /// attributes name.
    public func font(_ index: Int) throws(NIBError) -> NIBFont {
        var pointSize = try double(of: index, key: "UIFontPointSize")
        if pointSize == nil { pointSize = try double(of: index, key: "NSSize") }
        guard let size = pointSize else {
            throw NIBError(.malformed, "object \(index) (\(try className(of: index))) has no point size", file: file, objectIndex: index,
                           key: "UIFontPointSize", hint: "UIFont objects carry UIFontPointSize or NSSize")
        }
        var usage: String?
        if let descriptor = try reference(of: index, key: "UIFontDescriptor"),
           let attributes = try reference(of: descriptor, key: "UIFontDescriptorAttributes") {
            for pair in try stringPairs(of: attributes) where pair.key == "NSCTFontUIUsageAttribute" {
                if case .object(let text) = pair.value { usage = try string(text) }
            }
        }
        var name = try string(of: index, key: "UIFontName")
        if name == nil { name = try string(of: index, key: "NSName") }
        return NIBFont(name: name, pointSize: size,
                       isSystemFont: try bool(of: index, key: "UISystemFont"), traits: try integer(of: index, key: "UIFontTraits") ?? 0,
                       usage: usage)
    }

    /// The font an object holds under `key`; nil when missing.
    public func font(of index: Int, key: String) throws(NIBError) -> NIBFont? {
        guard let target = try reference(of: index, key: key) else { return nil }
        return try font(target)
    }
}
