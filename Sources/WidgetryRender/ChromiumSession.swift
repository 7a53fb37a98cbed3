import Foundation
import WidgetryAssets

/// One headless Chromium for all the pictures of a command: started at the first picture,
/// spoken to over the DevTools pipe, and ended by ``close()``. A picture costs the drawing, not
/// a browser's start. The protocol's reads and writes block the actor while a picture is drawn,
/// on a queue of its own (``ChromiumExecutor``), never on a thread Swift's tasks share.
///
/// A picture that fails or runs past the timeout stops the browser and everything it started;
/// the next picture starts a new one. ``stopAll()`` ends every session's browser at once, for a
/// command that is interrupted.
public actor ChromiumSession {
    private let chromium: String
    private let timeout: Double
    private let environment: [String: String]?
    private var browser: DevToolsBrowser?
    private var started = 0
    /// The family pictures are drawn in, asked of fontconfig at the first picture.
    private var font: String?
    private let executor = ChromiumExecutor()

    /// The session's jobs run on its own queue.
    public nonisolated var unownedExecutor: UnownedSerialExecutor {
        executor.asUnownedSerialExecutor()
    }

    /// A session with the Chromium ``ChromiumScreenshot/executable(environment:)`` finds in
    /// `environment` (default: the process's), each picture given `timeout` seconds (the
    /// browser's start included); ``ChromiumScreenshot/Failure/missing`` when there is none.
    public init(timeout: Double = ChromiumScreenshot.defaultTimeout, environment: [String: String]? = nil) throws(ChromiumScreenshot.Failure) {
        guard let chromium = ChromiumScreenshot.executable(environment: environment) else { throw .missing }
        self.chromium = chromium
        self.timeout = timeout
        self.environment = environment
    }

    /// The PNG of a widgetry picture (``HTMLPicture``): ``png(of:width:height:)`` with the font
    /// family it was drawn in recorded (``PictureFont``), as every picture widgetry writes is.
    public func picture(of html: String, width: Int, height: Int) throws(ChromiumScreenshot.Failure) -> [UInt8] {
        let png = try png(of: html, width: width, height: height)
        let family = font ?? PictureFont.resolved(environment: environment)
        font = family
        do {
            return try PNGImage.recording([PictureFont.keyword: family], in: png)
        } catch {
            throw .failed(status: -1, output: "Chromium's picture is not a PNG: \(error)")
        }
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
