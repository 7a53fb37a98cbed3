import Foundation

/// Converts a storyboard colour's components to sRGB as ibtool does when it compiles them, so
/// that a storyboard and its compiled nib give the same ``DesignColor``:
///
/// - `calibratedRGB` is Apple's Generic RGB (a power curve of 1.8, Trinitron primaries, D65
///   white);
/// - `displayP3` (a `custom` colour space) has P3 primaries and sRGB's curve.
///
/// Both become extended sRGB: a colour outside sRGB's gamut keeps components below 0 or above
/// 1 (ibtool writes `-0.0734 0.59 1` for Generic RGB's `0 0.502 1`), which drawing clamps.
/// Gray colour spaces are left as written: ibtool keeps their white level.
enum StoryboardColorSpaces {
    /// The colour in sRGB, given the `<color>` element's `colorSpace` and `customColorSpace`;
    /// unchanged for sRGB and for the spaces this does not convert.
    static func sRGB(_ color: DesignColor, colorSpace: String?, customColorSpace: String?) -> DesignColor {
        switch colorSpace == "custom" ? customColorSpace : colorSpace {
        case "calibratedRGB": convert(color, decode: { signed($0) { pow($0, 1.8) } }, matrix: genericRGBToLinearSRGB)
        case "displayP3": convert(color, decode: decodeSRGB, matrix: displayP3ToLinearSRGB)
        default: color
        }
    }

    /// Linear Generic RGB to linear sRGB (both D65): sRGB's RGB-to-XYZ matrix inverted, times
    /// Generic RGB's, from their primaries.
    private static let genericRGBToLinearSRGB: [[Double]] = [
        [1.02525246, -0.02654753, 0.00129508],
        [0.01939351, 0.94802801, 0.03257848],
        [-0.00176953, -0.00144232, 1.00321185],
    ]

    /// Linear Display P3 to linear sRGB (both D65).
    private static let displayP3ToLinearSRGB: [[Double]] = [
        [1.22494018, -0.22494018, 0],
        [-0.04205695, 1.04205695, 0],
        [-0.01963755, -0.07863605, 1.09827360],
    ]

    private static func convert(_ color: DesignColor, decode: (Double) -> Double, matrix: [[Double]]) -> DesignColor {
        let linear = [color.red, color.green, color.blue].map(decode)
        let mixed = matrix.map { row in zip(row, linear).reduce(0) { $0 + $1.0 * $1.1 } }
        return DesignColor(red: encodeSRGB(mixed[0]), green: encodeSRGB(mixed[1]), blue: encodeSRGB(mixed[2]), alpha: color.alpha)
    }

    /// `curve` of the magnitude, with the sign kept (extended components).
    private static func signed(_ value: Double, _ curve: (Double) -> Double) -> Double {
        value < 0 ? -curve(-value) : curve(value)
    }

    private static func decodeSRGB(_ value: Double) -> Double {
        signed(value) { $0 <= 0.04045 ? $0 / 12.92 : pow(($0 + 0.055) / 1.055, 2.4) }
    }

    private static func encodeSRGB(_ value: Double) -> Double {
        signed(value) { $0 <= 0.0031308 ? $0 * 12.92 : 1.055 * pow($0, 1 / 2.4) - 0.055 }
    }
}
