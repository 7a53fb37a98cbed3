import WidgetryNIB

/// A nib's `UIFont` as a ``DesignFont``, as the XML reader reads the `<fontDescription>` it was
/// compiled from: a system font (`UISystemFont`) takes its weight from the usage CoreText names
/// (`CTFontEmphasizedUsage` is `boldSystem`, `CTFontDemiUsage` is semibold…) or, for a text
/// style, the style's weight; any other font keeps its name.
enum CompiledFonts {
    static func design(_ font: NIBFont) -> DesignFont? {
        guard font.pointSize.isFinite, font.pointSize > 0 else { return nil }
        guard font.isSystemFont else { return DesignFont(size: font.pointSize, name: font.name) }
        let italic = font.traits & 1 != 0
        if let usage = font.usage, let (_, weight) = StoryboardDesignReader.textStyles[usage] {
            return DesignFont(size: font.pointSize, weight: weight, italic: italic)
        }
        let weight = font.usage.flatMap { usageWeights[$0] } ?? (font.traits & 2 != 0 ? .bold : .regular)
        return DesignFont(size: font.pointSize, weight: weight, italic: italic || font.usage == "CTFontObliqueUsage")
    }

    /// CoreText's UI usages of the system font and the weights they stand for.
    private static let usageWeights: [String: DesignFont.Weight] = [
        "CTFontUltraLightUsage": .ultraLight, "CTFontThinUsage": .thin, "CTFontLightUsage": .light,
        "CTFontRegularUsage": .regular, "CTFontObliqueUsage": .regular, "CTFontMediumUsage": .medium,
        "CTFontDemiUsage": .semibold, "CTFontEmphasizedUsage": .bold, "CTFontBoldUsage": .bold,
        "CTFontHeavyUsage": .heavy, "CTFontBlackUsage": .black,
    ]
}
