/// One rendition of an asset catalogue: an image at one scale (or another kind of asset), as
/// its CoreUI header (`CSI`) describes it. Pixels are decoded only when asked for.
public struct AssetRendition: Sendable, Equatable {
    /// The rendition's key: attribute identifier → value, as `KEYFORMAT` lists them.
    public var attributes: [Int: Int]
    /// The file name the image had in the source catalogue (`gear@2x.png`).
    public var fileName: String
    public var width: Int
    public var height: Int
    /// The scale (1, 2, 3); CoreUI stores it times 100.
    public var scale: Int
    /// The pixel format as its four letters (`ARGB`, `GA8 `, `JPEG`, `DATA`; zero for none).
    public var pixelFormat: String
    /// The layout number (which kind of rendition this is; multi-size sets have their own).
    public var layout: Int
    /// Where the rendition's CSI record lies in the file.
    var range: Range<Int>
    /// Where the pixel data (after the header and its TLV entries) lies.
    var dataRange: Range<Int>

    /// The attribute that names which image a rendition belongs to.
    public static let identifierAttribute = 17

    /// The value of the identifier attribute, which links renditions to their facet (name).
    public var identifier: Int? { attributes[Self.identifierAttribute] }

    /// Whether this reader can decode the pixels (premultiplied BGRA or gray and alpha).
    public var isBitmap: Bool { (pixelFormat == "ARGB" || pixelFormat == "GA8 ") && width > 0 && height > 0 }
}

/// A decoded image: straight (not premultiplied) 8-bit RGBA, row after row.
public struct AssetImage: Sendable, Equatable {
    public var width: Int
    public var height: Int
    public var scale: Int
    /// `width × height × 4` bytes: red, green, blue, alpha.
    public var rgba: [UInt8]

    /// The image as a PNG file.
    public func png() throws(AssetError) -> [UInt8] {
        try PNGWriter.rgba(width: width, height: height, pixels: rgba)
    }
}
