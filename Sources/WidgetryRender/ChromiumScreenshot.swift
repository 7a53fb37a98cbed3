import Foundation

/// Turns a picture's HTML into a PNG with headless Chromium (Debian's `chromium` package),
/// which must be installed: no browser is ever downloaded.
public enum ChromiumScreenshot {
    /// Why no PNG was made.
    public enum Failure: Error, Equatable {
        /// No Chromium on the `PATH` (nor at `WIDGETRY_CHROMIUM`).
        case missing
        /// Chromium ran but made no picture: its exit status and the end of what it printed.
        case failed(status: Int32, output: String)
    }

    /// The names Chromium is installed under.
    static let executableNames = ["chromium", "chromium-browser", "google-chrome"]

    /// The Chromium to run: `WIDGETRY_CHROMIUM` when set, else the first of
    /// ``executableNames`` on `PATH`.
    public static func executable(environment: [String: String]? = nil) -> String? {
        let environment = environment ?? ProcessInfo.processInfo.environment
        if let chosen = environment["WIDGETRY_CHROMIUM"], !chosen.isEmpty {
            return FileManager.default.isExecutableFile(atPath: chosen) ? chosen : nil
        }
        let folders = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
        for name in executableNames {
            for folder in folders where FileManager.default.isExecutableFile(atPath: folder + "/" + name) {
                return folder + "/" + name
            }
        }
        return nil
    }

    /// The PNG of `html`, `width` × `height` CSS pixels at one device pixel each.
    public static func png(of html: String, width: Int, height: Int) throws(Failure) -> [UInt8] {
        guard let chromium = executable() else { throw .missing }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("widgetry-render-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("picture.html"), picture = folder.appendingPathComponent("picture.png")
        let process = Process()
        let output = Pipe()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(html.utf8).write(to: page)
            process.executableURL = URL(fileURLWithPath: chromium)
            process.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
                                 "--force-device-scale-factor=1", "--user-data-dir=\(folder.path)/profile",
                                 "--window-size=\(width),\(height)", "--screenshot=\(picture.path)", page.absoluteString]
            process.standardOutput = output
            process.standardError = output
            try process.run()
        } catch {
            throw .failed(status: -1, output: "\(error)")
        }
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0, let bytes = try? Data(contentsOf: picture), !bytes.isEmpty else {
            let text = String(decoding: printed.suffix(2_000), as: UTF8.self)
            throw .failed(status: process.terminationStatus, output: text)
        }
        return [UInt8](bytes)
    }
}
