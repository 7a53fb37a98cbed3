import WidgetryAssets

/// Whether a pixel is anti-aliasing, by pixelmatch's test (after Vysniauskas, "Anti-aliased
/// Pixel and Intensity Slope Detector", 2009): among its eight neighbours there are both a
/// brighter and a darker one, no more than two equal to it, and the brightest or the darkest
/// of them lies in a flat area (more than two equal neighbours of its own) in both pictures.
/// Such a pixel is an edge's blend, which a font's rasteriser or a browser's version moves.
enum Antialiasing {
    static func isAntialiased(x: Int, y: Int, in image: PNGImage, other: PNGImage) -> Bool {
        let width = image.width
        let (x0, y0, x2, y2) = (max(x - 1, 0), max(y - 1, 0), min(x + 1, width - 1), min(y + 1, image.height - 1))
        let centre = RGBA(image.pixels, (y * width + x) * 4)
        var equal = x == x0 || x == x2 || y == y0 || y == y2 ? 1 : 0
        var darkest = 0.0
        var brightest = 0.0
        var darkestAt = (0, 0)
        var brightestAt = (0, 0)
        for nx in x0...x2 {
            for ny in y0...y2 where nx != x || ny != y {
                let delta = YIQ.brightnessDelta(centre, RGBA(image.pixels, (ny * width + nx) * 4))
                if delta == 0 {
                    equal += 1
                    if equal > 2 { return false }
                } else if delta < darkest {
                    darkest = delta
                    darkestAt = (nx, ny)
                } else if delta > brightest {
                    brightest = delta
                    brightestAt = (nx, ny)
                }
            }
        }
        guard darkest != 0, brightest != 0 else { return false }
        return (hasManySiblings(darkestAt, in: image) && hasManySiblings(darkestAt, in: other))
            || (hasManySiblings(brightestAt, in: image) && hasManySiblings(brightestAt, in: other))
    }

    /// Whether more than two of the pixel's neighbours (an edge of the picture counting as one)
    /// are exactly equal to it.
    static func hasManySiblings(_ point: (Int, Int), in image: PNGImage) -> Bool {
        let (x, y) = point
        let width = image.width
        let (x0, y0, x2, y2) = (max(x - 1, 0), max(y - 1, 0), min(x + 1, width - 1), min(y + 1, image.height - 1))
        let at = (y * width + x) * 4
        let pixels = image.pixels
        var equal = x == x0 || x == x2 || y == y0 || y == y2 ? 1 : 0
        for nx in x0...x2 {
            for ny in y0...y2 where nx != x || ny != y {
                let other = (ny * width + nx) * 4
                if pixels[at] == pixels[other], pixels[at + 1] == pixels[other + 1], pixels[at + 2] == pixels[other + 2], pixels[at + 3] == pixels[other + 3] {
                    equal += 1
                }
                if equal > 2 { return true }
            }
        }
        return false
    }
}
