/// Colour distance in YIQ space, the perceptual measure pixelmatch uses (after Kotsarenko and
/// Ramos, "Measuring perceived color difference using YIQ NTSC transmission color space in
/// mobile applications", 2010). Pixels that are not opaque are blended onto white first.
enum YIQ {
    /// The squared, weighted YIQ distance from `one` to `two`, negative when `two` is the darker;
    /// 0 for equal pixels, 35215 at most.
    static func delta(_ one: RGBA, _ two: RGBA) -> Double {
        guard one != two else { return 0 }
        let first = onWhite(one)
        let second = onWhite(two)
        let lumaOne = luma(first)
        let lumaTwo = luma(second)
        let y = lumaOne - lumaTwo
        let i = inPhase(first) - inPhase(second)
        let q = quadrature(first) - quadrature(second)
        let delta = 0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q
        return lumaOne > lumaTwo ? -delta : delta
    }

    /// The difference in brightness alone, from `one` to `two` (negative when `two` is darker):
    /// what anti-aliasing detection compares neighbours by.
    static func brightnessDelta(_ one: RGBA, _ two: RGBA) -> Double {
        guard one != two else { return 0 }
        return luma(onWhite(one)) - luma(onWhite(two))
    }

    /// `pixel` blended onto white by its alpha.
    static func onWhite(_ pixel: RGBA) -> RGBA {
        guard pixel.a < 255 else { return pixel }
        let alpha = pixel.a / 255
        var blended = pixel
        blended.r = blend(pixel.r, alpha: alpha)
        blended.g = blend(pixel.g, alpha: alpha)
        blended.b = blend(pixel.b, alpha: alpha)
        return blended
    }

    /// A channel of value `value` with opacity `alpha` (0…1) over white.
    static func blend(_ value: Double, alpha: Double) -> Double {
        255 + (value - 255) * alpha
    }

    static func luma(_ pixel: RGBA) -> Double {
        pixel.r * 0.29889531 + pixel.g * 0.58662247 + pixel.b * 0.11448223
    }

    static func inPhase(_ pixel: RGBA) -> Double {
        pixel.r * 0.59597799 - pixel.g * 0.27417610 - pixel.b * 0.32180189
    }

    static func quadrature(_ pixel: RGBA) -> Double {
        pixel.r * 0.21147017 - pixel.g * 0.52261711 + pixel.b * 0.31114694
    }
}
