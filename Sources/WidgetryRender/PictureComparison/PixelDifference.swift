public import WidgetryAssets

/// How two pictures of the same size differ, pixel by pixel, as pixelmatch decides it
/// (github.com/mapbox/pixelmatch): two pixels differ when the distance of their colours in YIQ
/// space (``YIQ/delta(_:_:)``) passes the threshold, unless the pixel is anti-aliasing
/// (``Antialiasing``) in either picture, which is counted apart and not as a difference.
///
/// The ``image`` shows the result as pixelmatch draws it: pixels that agree as a faded grey of
/// the expected picture, differences in red (magenta where the new pixel is darker), and
/// anti-aliasing in yellow. The same pictures always give the same counts and image.
public struct PixelDifference: Sendable {
    /// pixelmatch's default threshold: 0.1 on a scale where 0 tells every change and 1 none.
    public static let defaultThreshold = 0.1

    /// The largest YIQ distance there is (black against white), squared as ``YIQ/delta(_:_:)`` gives it.
    static let maximumDelta = 35215.0

    /// How many pixels differ by more than the threshold and are not anti-aliasing.
    public var differingPixels: Int
    /// How many pixels differ by more than the threshold but are anti-aliasing, so do not count.
    public var antialiasedPixels: Int
    /// The difference drawn, the size of the pictures.
    public var image: PNGImage

    /// Compares `actual` with `expected`; pictures of different sizes are compared on a
    /// transparent canvas of the larger size, each at its top left.
    public init(expected: PNGImage, actual: PNGImage, threshold: Double = PixelDifference.defaultThreshold) {
        let width = max(expected.width, actual.width)
        let height = max(expected.height, actual.height)
        let expected = expected.padded(width: width, height: height)
        let actual = actual.padded(width: width, height: height)
        let limit = Self.maximumDelta * threshold * threshold
        var output = [UInt8](repeating: 255, count: width * height * 4)
        var differing = 0
        var antialiased = 0
        let one = expected.pixels
        let two = actual.pixels
        for y in 0..<height {
            for x in 0..<width {
                let at = (y * width + x) * 4
                let delta = YIQ.delta(RGBA(one, at), RGBA(two, at))
                if abs(delta) > limit {
                    if Antialiasing.isAntialiased(x: x, y: y, in: expected, other: actual) || Antialiasing.isAntialiased(x: x, y: y, in: actual, other: expected) {
                        antialiased += 1
                        Self.draw(&output, at, 255, 255, 0)
                    } else {
                        differing += 1
                        if delta < 0 { Self.draw(&output, at, 255, 0, 255) } else { Self.draw(&output, at, 255, 0, 0) }
                    }
                } else {
                    let pixel = RGBA(one, at)
                    let grey = YIQ.blend(YIQ.luma(pixel), alpha: 0.1 * pixel.a / 255)
                    let value = UInt8(max(0, min(255, grey.rounded())))
                    Self.draw(&output, at, value, value, value)
                }
            }
        }
        differingPixels = differing
        antialiasedPixels = antialiased
        image = PNGImage(width: width, height: height, pixels: output)
    }

    private static func draw(_ output: inout [UInt8], _ at: Int, _ red: UInt8, _ green: UInt8, _ blue: UInt8) {
        output[at] = red
        output[at + 1] = green
        output[at + 2] = blue
        output[at + 3] = 255
    }
}

/// One pixel's channels, read from straight RGBA bytes.
struct RGBA: Equatable {
    var r: Double
    var g: Double
    var b: Double
    var a: Double

    init(_ pixels: [UInt8], _ at: Int) {
        r = Double(pixels[at])
        g = Double(pixels[at + 1])
        b = Double(pixels[at + 2])
        a = Double(pixels[at + 3])
    }
}
