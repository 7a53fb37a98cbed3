public import WidgetryAssets

/// A picture compared with its golden, as `widgetry test` compares them: first the fonts they
/// record (``PictureFont``), since pictures drawn in different fonts differ everywhere and say
/// nothing of the widget; then the sizes and the pixels (``PixelDifference``), within a
/// tolerance of differing pixels. A failure carries the expected, actual and difference
/// pictures side by side (``sideBySide``).
public struct PictureComparison: Sendable {
    /// What the comparison found.
    public enum Verdict: Sendable, Equatable {
        /// The pictures agree: no more pixels differ than the tolerance allows.
        case same(differingPixels: Int)
        /// The golden was drawn in another font than the picture (or records none): not compared.
        case otherFont(golden: String?, picture: String?)
        /// The pictures are of different sizes.
        case otherSize(golden: (width: Int, height: Int), picture: (width: Int, height: Int))
        /// More pixels differ than the tolerance allows.
        case differs(differingPixels: Int, tolerance: Int)

        public static func == (lhs: Verdict, rhs: Verdict) -> Bool {
            switch (lhs, rhs) {
            case (.same(let a), .same(let b)): a == b
            case (.otherFont(let a, let b), .otherFont(let c, let d)): a == c && b == d
            case (.otherSize(let a, let b), .otherSize(let c, let d)): a == c && b == d
            case (.differs(let a, let b), .differs(let c, let d)): a == c && b == d
            default: false
            }
        }
    }

    public var verdict: Verdict
    /// The pixels that differ, and those left out as anti-aliasing; nil when not compared, or
    /// when the pictures' pixels are the same bytes.
    public var difference: PixelDifference?
    /// The golden, the picture and the difference side by side, each on a canvas of the larger
    /// size, 8 pixels apart; nil when the pictures agree or were not compared.
    public var sideBySide: PNGImage?

    /// Whether the picture passes.
    public var passed: Bool {
        if case .same = verdict { return true }
        return false
    }

    /// Compares `picture` with `golden`, allowing `tolerance` differing pixels, colours within
    /// `threshold` (pixelmatch's scale, 0…1) counting as equal.
    public init(golden: PNGImage, picture: PNGImage, tolerance: Int = 0, threshold: Double = PixelDifference.defaultThreshold) {
        let goldenFont = golden.text[PictureFont.keyword]
        let pictureFont = picture.text[PictureFont.keyword]
        guard let goldenFont, goldenFont == pictureFont else {
            verdict = .otherFont(golden: goldenFont, picture: pictureFont)
            return
        }
        if golden.width == picture.width, golden.height == picture.height, golden.pixels == picture.pixels {
            verdict = .same(differingPixels: 0)
            return
        }
        let width = max(golden.width, picture.width)
        let height = max(golden.height, picture.height)
        let expected = golden.padded(width: width, height: height)
        let actual = picture.padded(width: width, height: height)
        let difference = PixelDifference(expected: expected, actual: actual, threshold: threshold)
        self.difference = difference
        if golden.width != picture.width || golden.height != picture.height {
            verdict = .otherSize(golden: (golden.width, golden.height), picture: (picture.width, picture.height))
        } else if difference.differingPixels > tolerance {
            verdict = .differs(differingPixels: difference.differingPixels, tolerance: tolerance)
        } else {
            verdict = .same(differingPixels: difference.differingPixels)
            return
        }
        sideBySide = Self.sideBySide([expected, actual, difference.image])
    }

    /// The space between the pictures side by side, in pixels.
    static let gap = 8
    /// The colour of that space: mid grey, so that white and black edges both show.
    static let gapColour: [UInt8] = [128, 128, 128, 255]

    /// `images`, all of one size, left to right with ``gap`` between them.
    static func sideBySide(_ images: [PNGImage]) -> PNGImage {
        let width = images[0].width
        let height = images[0].height
        let total = width * images.count + gap * (images.count - 1)
        var pixels = [UInt8](repeating: 0, count: total * height * 4)
        for pixel in 0..<(total * height) { pixels.replaceSubrange((pixel * 4)..<(pixel * 4 + 4), with: gapColour) }
        for (index, image) in images.enumerated() {
            let left = index * (width + gap)
            for row in 0..<height {
                pixels.replaceSubrange(((row * total + left) * 4)..<((row * total + left + width) * 4),
                                       with: image.pixels[(row * width * 4)..<((row + 1) * width * 4)])
            }
        }
        return PNGImage(width: total, height: height, pixels: pixels)
    }
}

extension PNGImage {
    /// The image on a transparent canvas of `width × height` (no smaller than the image), at its
    /// top left; the image itself when it is that size.
    func padded(width: Int, height: Int) -> PNGImage {
        let width = max(width, self.width), height = max(height, self.height)
        guard self.width != width || self.height != height else { return self }
        var canvas = [UInt8](repeating: 0, count: width * height * 4)
        for row in 0..<self.height {
            canvas.replaceSubrange((row * width * 4)..<((row * width + self.width) * 4),
                                   with: pixels[(row * self.width * 4)..<((row + 1) * self.width * 4)])
        }
        return PNGImage(width: width, height: height, pixels: canvas, text: text)
    }
}
