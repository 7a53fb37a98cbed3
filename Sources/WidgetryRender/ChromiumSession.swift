import Foundation

/// One headless Chromium for all the pictures of a command: started at the first picture,
/// spoken to over the DevTools pipe, and ended by ``close()``. A picture costs the drawing, not
/// a browser's start. The protocol's reads and writes block the actor while a picture is drawn.
///
/// A picture that fails or runs past the timeout stops the browser and everything it started;
/// the next picture starts a new one. ``stopAll()`` ends every session's browser at once, for a
/// command that is interrupted.
public actor ChromiumSession {
    private let chromium: String
    private let timeout: Double
    private var browser: DevToolsBrowser?
    private var started = 0

    /// A session with the Chromium ``ChromiumScreenshot/executable(environment:)`` finds in
    /// `environment` (default: the process's), each picture given `timeout` seconds (the
    /// browser's start included); ``ChromiumScreenshot/Failure/missing`` when there is none.
    public init(timeout: Double = ChromiumScreenshot.defaultTimeout, environment: [String: String]? = nil) throws(ChromiumScreenshot.Failure) {
        guard let chromium = ChromiumScreenshot.executable(environment: environment) else { throw .missing }
        self.chromium = chromium
        self.timeout = timeout
    }

    /// The PNG of `html`, `width` × `height` CSS pixels at one device pixel each.
    public func png(of html: String, width: Int, height: Int) throws(ChromiumScreenshot.Failure) -> [UInt8] {
        let deadline = Deadline(seconds: timeout)
        if browser?.isStopped ?? true {
            browser = nil
            started += 1
            browser = try DevToolsBrowser(chromium: chromium, deadline: deadline)
        }
        return try browser!.png(of: html, width: width, height: height, deadline: deadline)
    }

    /// How many browsers this session has started: one for all its pictures, unless one failed.
    public var browsersStarted: Int { started }

    /// The process id of the running browser, if one runs.
    public var browserProcess: Int32? {
        guard let browser, !browser.isStopped else { return nil }
        return browser.pid
    }

    /// Closes the browser (`Browser.close`) and waits for it and its helpers to end.
    public func close() {
        browser?.close()
        browser = nil
    }

    /// Kills the browsers of every session at once, without waiting: for a process that is
    /// ending because it was interrupted (SIGINT, SIGTERM).
    public static func stopAll() {
        ChromiumProcess.stopAll()
    }
}
