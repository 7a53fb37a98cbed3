import Foundation

/// The font a PNG picture was drawn in, recorded in the picture itself (a `tEXt` chunk of
/// keyword ``keyword``), so that a picture test refuses to compare pictures drawn in different
/// fonts (``PictureComparison/Verdict/otherFont(golden:picture:)``) instead of reporting every
/// line of text as a difference.
///
/// The font is the family Chromium draws with: what fontconfig (`fc-match`) resolves the
/// page's first family to (``HTMLPicture/fontFamily``), so a machine without Open Sans, where
/// Chromium falls back to another family (DejaVu Sans on Debian), records that family.
public enum PictureFont {
    /// The `tEXt` keyword of the font's family.
    public static let keyword = "widgetry:font"

    /// The first family ``HTMLPicture/fontFamily`` asks for, unquoted.
    public static var requested: String {
        let first = HTMLPicture.fontFamily.split(separator: ",").first.map(String.init) ?? HTMLPicture.fontFamily
        return first.trimmingCharacters(in: CharacterSet(charactersIn: "\" '"))
    }

    /// The family fontconfig gives for ``requested``: what Chromium draws pictures in on this
    /// machine. Without `fc-match` on `environment`'s `PATH` (default: the process's), the
    /// requested family.
    public static func resolved(environment: [String: String]? = nil) -> String {
        let environment = environment ?? ProcessInfo.processInfo.environment
        let folders = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
        guard let program = folders.map({ $0 + "/fc-match" }).first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            return requested
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = ["-f", "%{family[0]}", requested]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return requested
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let family = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return process.terminationStatus == 0 && !family.isEmpty ? family : requested
    }
}
