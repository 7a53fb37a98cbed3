/// The screen a picture is drawn for: its size in points and the bars UIKit puts on it.
public struct Device: Sendable, Equatable {
    /// The name `--device` takes (`iphone-8`), or `WxH` for a size given as numbers.
    public var name: String
    public var width: Double
    public var height: Double
    /// The status bar's height: the top of the safe area.
    public var statusBarHeight: Double
    /// The home indicator's strip at the bottom of the safe area (0 on devices with a home button).
    public var bottomInset: Double

    /// The height of a navigation bar below the status bar.
    public static let navigationBarHeight = 44.0

    public init(name: String, width: Double, height: Double, statusBarHeight: Double, bottomInset: Double) {
        self.name = name
        self.width = width
        self.height = height
        self.statusBarHeight = statusBarHeight
        self.bottomInset = bottomInset
    }

    /// The devices known by name, smallest first.
    public static let known: [Device] = [
        Device(name: "iphone-se", width: 320, height: 568, statusBarHeight: 20, bottomInset: 0),
        Device(name: "iphone-8", width: 375, height: 667, statusBarHeight: 20, bottomInset: 0),
        Device(name: "iphone-8-plus", width: 414, height: 736, statusBarHeight: 20, bottomInset: 0),
        Device(name: "iphone-x", width: 375, height: 812, statusBarHeight: 44, bottomInset: 34),
        Device(name: "iphone-11", width: 414, height: 896, statusBarHeight: 48, bottomInset: 34),
        Device(name: "iphone-15", width: 393, height: 852, statusBarHeight: 59, bottomInset: 34),
    ]

    /// The iPhone 8 (375 × 667 points): the size upstream's storyboards were designed at
    /// (`retina4_7`), so their frames apply unchanged.
    public static let standard = known[1]

    /// A device by name (`iphone-x`) or by size (`390x844`: a 20-point status bar and no home
    /// indicator); nil for anything else, or a size outside 100…4000 points.
    public init?(argument: String) {
        if let known = Device.known.first(where: { $0.name == argument.lowercased() }) {
            self = known
            return
        }
        let parts = argument.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]),
              (100...4000).contains(width), (100...4000).contains(height) else { return nil }
        self.init(name: argument.lowercased(), width: width, height: height, statusBarHeight: 20, bottomInset: 0)
    }
}
