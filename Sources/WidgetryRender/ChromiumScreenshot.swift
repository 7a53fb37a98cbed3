import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Turns a picture's HTML into a PNG with headless Chromium (Debian's `chromium` package),
/// which must be installed: no browser is ever downloaded.
///
/// Chromium runs with a fresh profile in a temporary folder, without network: its own traffic
/// (updates, sync, metrics, safe browsing, extensions) is switched off and every request,
/// loopback included, goes to a proxy that is not there (``refusingProxy``), since a picture
/// needs none (its images are data URIs). What it prints goes to a file, so a talkative
/// Chromium cannot fill a pipe and stall; one that runs past the timeout is stopped
/// (``Failure/timedOut(seconds:)``).
public enum ChromiumScreenshot {
    /// Why no PNG was made.
    public enum Failure: Error, Equatable {
        /// No Chromium on the `PATH` (nor at `WIDGETRY_CHROMIUM`).
        case missing
        /// Chromium ran but made no picture: its exit status and the end of what it printed.
        case failed(status: Int32, output: String)
        /// Chromium ran longer than the timeout and was stopped (``timeoutCode``).
        case timedOut(seconds: Double)
    }

    /// The stable code of ``Failure/timedOut(seconds:)``.
    public static let timeoutCode = "render.chromium-timeout"

    /// How long Chromium may take to draw a picture by default: 30 seconds.
    public static let defaultTimeout: Double = 30

    /// How long Chromium has to end after SIGTERM before it is killed, and to be seen ended after.
    static let terminationGrace: Double = 5

    /// The names Chromium is installed under.
    static let executableNames = ["chromium", "chromium-browser", "google-chrome"]

    /// A proxy address where nothing listens (port 1 on the loopback): every request Chromium
    /// would make is refused there.
    public static let refusingProxy = "http://127.0.0.1:1"

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

    /// Chromium's arguments to draw the page at `page` (a file URL) into `picture`, with the
    /// profile in `profile`: headless, its own traffic off, every request sent to
    /// ``refusingProxy`` (`<-loopback>` takes loopback addresses through it too).
    public static func arguments(page: String, picture: String, profile: String, width: Int, height: Int) -> [String] {
        ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-default-apps",
         "--disable-extensions", "--no-default-browser-check", "--metrics-recording-only", "--disable-domain-reliability",
         "--disable-client-side-phishing-detection", "--proxy-server=\(refusingProxy)", "--proxy-bypass-list=<-loopback>",
         "--force-device-scale-factor=1", "--user-data-dir=\(profile)",
         "--window-size=\(width),\(height)", "--screenshot=\(picture)", page]
    }

    /// The PNG of `html`, `width` × `height` CSS pixels at one device pixel each; Chromium and
    /// the processes it started are stopped after `timeout` seconds (SIGTERM to its process
    /// group, then SIGKILL after a grace of 5 seconds).
    /// `environment` is where ``executable(environment:)`` looks (default: the process's).
    public static func png(of html: String, width: Int, height: Int, timeout: Double = defaultTimeout,
                           environment: [String: String]? = nil) throws(Failure) -> [UInt8] {
        guard let chromium = executable(environment: environment) else { throw .missing }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("widgetry-render-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("picture.html"), picture = folder.appendingPathComponent("picture.png")
        let log = folder.appendingPathComponent("chromium.log")
        let process = Process()
        let ended = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in ended.signal() }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(html.utf8).write(to: page)
            guard FileManager.default.createFile(atPath: log.path, contents: nil) else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: log.path])
            }
            let output = try FileHandle(forWritingTo: log)
            defer { try? output.close() }
            process.executableURL = URL(fileURLWithPath: chromium)
            process.arguments = arguments(page: page.absoluteString, picture: picture.path, profile: folder.path + "/profile",
                                          width: width, height: height)
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = output
            process.standardError = output
            try process.run()
        } catch {
            throw .failed(status: -1, output: "\(error)")
        }
        if ended.wait(timeout: .now() + timeout) == .timedOut {
            // Chromium leads a process group of its own (Process starts it so) with its helpers
            // in it: the whole group is stopped, since the process counts as ended only once
            // every process that inherited it from Chromium has.
            let group = -process.processIdentifier
            kill(group, SIGTERM)
            if ended.wait(timeout: .now() + terminationGrace) == .timedOut {
                kill(group, SIGKILL)
                _ = ended.wait(timeout: .now() + terminationGrace)
            }
            throw .timedOut(seconds: timeout)
        }
        guard process.terminationStatus == 0, let bytes = try? Data(contentsOf: picture), !bytes.isEmpty else {
            let printed = (try? Data(contentsOf: log)) ?? Data()
            let text = String(decoding: printed.suffix(2_000), as: UTF8.self)
            throw .failed(status: process.terminationStatus, output: text)
        }
        return [UInt8](bytes)
    }
}
