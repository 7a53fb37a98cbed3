import Foundation

/// Turns a picture's HTML into a PNG with headless Chromium (Debian's `chromium` package),
/// which must be installed: no browser is ever downloaded. ``ChromiumSession`` keeps one
/// Chromium for a command's pictures; ``png(of:width:height:timeout:environment:)`` starts one
/// for a single picture.
///
/// Chromium runs with a fresh profile in a temporary folder, without network: its own traffic
/// (updates, sync, metrics, safe browsing, extensions) is switched off and every request,
/// loopback included, goes to a proxy that is not there (``refusingProxy``), since a picture
/// needs none (its images are data URIs). The page is given its HTML directly, never a file or
/// a URL, so it reads no file either. What Chromium prints goes to a file, so a talkative
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

    /// Chromium's arguments, with the profile in `profile`: headless, spoken to over the
    /// DevTools pipe (descriptors 3 and 4), a frame drawn as soon as it is asked for rather than
    /// at the next tick of a 60 Hz clock (what a screenshot mostly waited for), its own traffic
    /// off, every request sent to ``refusingProxy`` (`<-loopback>` takes loopback addresses
    /// through it too).
    public static func arguments(profile: String) -> [String] {
        ["--headless", "--remote-debugging-pipe", "--disable-gpu-vsync", "--disable-frame-rate-limit", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-default-apps",
         "--disable-extensions", "--no-default-browser-check", "--metrics-recording-only", "--disable-domain-reliability",
         "--disable-client-side-phishing-detection", "--proxy-server=\(refusingProxy)", "--proxy-bypass-list=<-loopback>",
         "--force-device-scale-factor=1", "--user-data-dir=\(profile)", "about:blank"]
    }

    /// The PNG of `html`, `width` × `height` CSS pixels at one device pixel each, from a
    /// Chromium started for it and closed after; Chromium and the processes it started are
    /// stopped after `timeout` seconds (SIGTERM to its process group, then SIGKILL after a
    /// grace of 5 seconds). `environment` is where ``executable(environment:)`` looks (default:
    /// the process's). The PNG is Chromium's as it gives it, for measuring a browser's start;
    /// the pictures widgetry writes come from ``ChromiumSession/picture(of:width:height:)``,
    /// which records their font.
    public static func png(of html: String, width: Int, height: Int, timeout: Double = defaultTimeout,
                           environment: [String: String]? = nil) throws(Failure) -> [UInt8] {
        guard let chromium = executable(environment: environment) else { throw .missing }
        let deadline = Deadline(seconds: timeout)
        let browser = try DevToolsBrowser(chromium: chromium, deadline: deadline)
        defer { browser.close() }
        return try browser.png(of: html, width: width, height: height, deadline: deadline)
    }
}

extension ChromiumScreenshot.Failure {
    /// The failure's stable code: `usage.missing-program`, `internal.error` (a Chromium that
    /// ended without a picture) or ``ChromiumScreenshot/timeoutCode``.
    public var code: String {
        switch self {
        case .missing: "usage.missing-program"
        case .failed: "internal.error"
        case .timedOut: ChromiumScreenshot.timeoutCode
        }
    }

    /// What happened, in the words every command and the preview use.
    public var message: String {
        switch self {
        case .missing: "pictures are drawn by Chromium, and none is installed"
        case .failed(let status, let output): "Chromium made no picture (exit status \(status)): \(output)"
        case .timedOut(let seconds): "Chromium drew no picture within \(Int(seconds)) seconds and was stopped"
        }
    }

    /// What to do about it.
    public var hint: String {
        switch self {
        case .missing: "install Debian's chromium package (sudo apt-get install chromium fonts-open-sans), or set WIDGETRY_CHROMIUM to a Chromium"
        case .failed: "a broken Chromium (WIDGETRY_CHROMIUM names which one runs); its output above says why"
        case .timedOut: "a busy or broken Chromium (WIDGETRY_CHROMIUM names which one runs); try again"
        }
    }
}
