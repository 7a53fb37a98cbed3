import Testing
import WidgetryAssets
@testable import WidgetryRender

/// Pictures compared with goldens as pixelmatch compares them (a YIQ colour threshold, with
/// anti-aliasing detection), the font each records checked first: small synthetic pictures,
/// no Chromium.
@Suite("Render: picture goldens compared")
struct PictureComparisonTests {
    static let font = [PictureFont.keyword: "Liberation Sans"]
    static let white: [UInt8] = [255, 255, 255, 255]

    /// A `size × size` white picture with a `colour` square from (4, 4) to (9, 9).
    static func square(_ colour: [UInt8], size: Int = 16, text: [String: String] = font) -> PNGImage {
        var pixels: [UInt8] = []
        for y in 0..<size {
            for x in 0..<size { pixels += (4..<10).contains(x) && (4..<10).contains(y) ? colour : white }
        }
        return PNGImage(width: size, height: size, pixels: pixels, text: text)
    }

    /// A 16 × 16 picture black left of column 8, white right of it, and column 8 the grey `edge`:
    /// a vertical edge as a rasteriser anti-aliases it.
    static func edge(_ edge: UInt8) -> PNGImage {
        var pixels: [UInt8] = []
        for _ in 0..<16 {
            for x in 0..<16 { pixels += x < 8 ? [0, 0, 0, 255] : x == 8 ? [edge, edge, edge, 255] : white }
        }
        return PNGImage(width: 16, height: 16, pixels: pixels, text: font)
    }

    @Test func aChangedColourFailsWithADifferenceImage() throws {
        let comparison = PictureComparison(golden: Self.square([0, 0, 255, 255]), picture: Self.square([255, 0, 0, 255]))
        #expect(comparison.verdict == .differs(differingPixels: 36, tolerance: 0))
        let difference = try #require(comparison.difference)
        #expect(difference.antialiasedPixels == 0)
        let at = (5 * 16 + 5) * 4
        #expect(Array(difference.image.pixels[at..<(at + 4)]) == [255, 0, 0, 255], "a difference is drawn red")
        #expect(Array(difference.image.pixels[0..<4]) == [255, 255, 255, 255], "white that agrees stays white, faded")
        let sideBySide = try #require(comparison.sideBySide)
        #expect(sideBySide.width == 16 * 3 + 8 * 2 && sideBySide.height == 16)
        let row = 5 * sideBySide.width
        #expect(Array(sideBySide.pixels[((row + 5) * 4)..<((row + 5) * 4 + 4)]) == [0, 0, 255, 255], "the golden comes first")
        #expect(Array(sideBySide.pixels[((row + 24 + 5) * 4)..<((row + 24 + 5) * 4 + 4)]) == [255, 0, 0, 255], "then the picture")
        #expect(Array(sideBySide.pixels[((row + 16) * 4)..<((row + 16) * 4 + 4)]) == PictureComparison.gapColour)
        #expect(Array(sideBySide.pixels[((row + 48 + 5) * 4)..<((row + 48 + 5) * 4 + 4)]) == [255, 0, 0, 255], "then the difference")
    }

    @Test func aDarkerPixelIsDrawnInTheOtherColour() throws {
        let comparison = PictureComparison(golden: Self.square([255, 0, 0, 255]), picture: Self.square([0, 0, 255, 255]))
        let at = (5 * 16 + 5) * 4
        #expect(Array(try #require(comparison.difference).image.pixels[at..<(at + 4)]) == [255, 0, 255, 255])
    }

    @Test func theToleranceAllowsThatManyPixels() {
        let golden = Self.square([0, 0, 255, 255])
        let picture = Self.square([255, 0, 0, 255])
        #expect(PictureComparison(golden: golden, picture: picture, tolerance: 36).verdict == .same(differingPixels: 36))
        #expect(PictureComparison(golden: golden, picture: picture, tolerance: 36).sideBySide == nil)
        #expect(PictureComparison(golden: golden, picture: picture, tolerance: 35).verdict == .differs(differingPixels: 36, tolerance: 35))
    }

    @Test func aColourChangeUnderTheThresholdPasses() {
        let comparison = PictureComparison(golden: Self.square([100, 100, 100, 255]), picture: Self.square([104, 102, 100, 255]))
        #expect(comparison.verdict == .same(differingPixels: 0))
        #expect(comparison.difference?.antialiasedPixels == 0)
    }

    @Test func anAntialiasingChangeIsNotADifference() throws {
        // The edge's grey moves well past the threshold, as another rasteriser would draw it.
        let comparison = PictureComparison(golden: Self.edge(128), picture: Self.edge(200))
        #expect(comparison.verdict == .same(differingPixels: 0))
        #expect(try #require(comparison.difference).antialiasedPixels == 16)
        // The same change inside a flat area is a difference.
        let flat = PictureComparison(golden: Self.square([128, 128, 128, 255]), picture: Self.square([200, 200, 200, 255]))
        #expect(flat.verdict == .differs(differingPixels: 36, tolerance: 0))
    }

    @Test func picturesInOtherFontsAreNotCompared() {
        let dejaVu = Self.square([0, 0, 255, 255], text: [PictureFont.keyword: "DejaVu Sans"])
        let comparison = PictureComparison(golden: dejaVu, picture: Self.square([0, 0, 255, 255]))
        #expect(comparison.verdict == .otherFont(golden: "DejaVu Sans", picture: "Liberation Sans"))
        #expect(comparison.difference == nil && comparison.sideBySide == nil)
        let unrecorded = PictureComparison(golden: Self.square([0, 0, 255, 255], text: [:]), picture: Self.square([0, 0, 255, 255]))
        #expect(unrecorded.verdict == .otherFont(golden: nil, picture: "Liberation Sans"))
    }

    @Test func picturesOfAnotherSizeFailSideBySideOnTheLargerCanvas() throws {
        let comparison = PictureComparison(golden: Self.square([0, 0, 255, 255], size: 16), picture: Self.square([0, 0, 255, 255], size: 20), tolerance: 1000)
        #expect(comparison.verdict == .otherSize(golden: (16, 16), picture: (20, 20)))
        #expect(try #require(comparison.sideBySide).width == 20 * 3 + 16)
    }

    @Test func aDifferenceOfPicturesOfTwoSizesIsTakenOnTheLargerCanvas() {
        let black = { (size: Int) in PNGImage(width: size, height: size, pixels: [UInt8](repeating: 0, count: size * size * 4).enumerated().map { $0.offset % 4 == 3 ? 255 : 0 }) }
        let difference = PixelDifference(expected: black(16), actual: black(20))
        #expect(difference.image.width == 20 && difference.image.height == 20)
        #expect(difference.differingPixels + difference.antialiasedPixels == 20 * 20 - 16 * 16, "the pixels only one picture has are told apart")
    }

    @Test func theRequestedFontIsThePagesFirstFamily() {
        #expect(HTMLPicture.fontFamily.hasPrefix("\"" + PictureFont.requested + "\""))
        #expect(PictureFont.resolved(environment: ["PATH": "/nonexistent"]) == PictureFont.requested)
    }
}
