/// What a picture shows besides the screen's views. By default a picture is what the device
/// shows: its screen and nothing below it, no status bar, no marks (docs/RENDERING.md).
public struct PictureOptions: Sendable, Equatable {
    /// Every row the render made, below the bottom of the device's screen too (`--full-page`).
    public var fullPage: Bool
    /// The status bar, drawn over the top of the screen as the device draws it (`--status-bar`).
    public var statusBar: Bool
    /// On a full page, a dashed line where the device's screen ends (`--mark-fold`): a
    /// debugging mark, never drawn unless asked.
    public var marksFold: Bool

    public init(fullPage: Bool = false, statusBar: Bool = false, marksFold: Bool = false) {
        self.fullPage = fullPage
        self.statusBar = statusBar
        self.marksFold = marksFold
    }

    /// The time the status bar shows: the same in every picture, so pictures can be goldens.
    public static let statusBarTime = "9:41"

    /// The height of the picture of `screen`, in points: the device's, or the whole page's.
    public func height(of screen: DrawnScreen) -> Double {
        fullPage ? screen.height : min(screen.height, screen.device.height)
    }

    /// The tallest picture drawn, in pixels: Chromium's largest canvas. A full page taller than
    /// this (rows a bundle sized absurdly) is cut here.
    public static let maxPixelHeight = 16_384

    /// The size in pixels (one per point) of the PNG of `screen`: the device's width, and
    /// ``height(of:)`` rounded up, at most ``maxPixelHeight``.
    public func pixelSize(of screen: DrawnScreen) -> (width: Int, height: Int) {
        let height = height(of: screen)
        let pixels = height.isFinite ? Int(min(height.rounded(.up), Double(Self.maxPixelHeight))) : Self.maxPixelHeight
        return (Int(screen.device.width.rounded(.up)), max(pixels, 1))
    }
}
