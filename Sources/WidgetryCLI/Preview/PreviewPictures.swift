import WidgetryRender

/// The preview's PNGs (`/picture.png`): the picture of a state drawn by one headless Chromium
/// for the preview's whole life. The browser starts with the first PNG asked for, not with the
/// preview, and ends with ``close()``, which the server calls when it stops (an interrupted
/// preview's browser is killed by ``SignalCleanup``).
///
/// Requests are served one at a time, in the order they came: the session draws one picture at
/// a time, and requests for a version being drawn wait for that drawing instead of drawing it
/// again. The last version's PNG is kept, so asking again costs nothing; a failure is not kept.
actor PreviewPictures {
    private var session: ChromiumSession?
    private var closed = false
    /// The last version asked for and its drawing, done or under way.
    private var last: (version: Int, png: Task<Result<[UInt8], PreviewRefusal>, Never>)?
    private let environment: [String: String]?

    /// Pictures from the Chromium ``ChromiumScreenshot/executable(environment:)`` finds in
    /// `environment` (default: the process's).
    init(environment: [String: String]? = nil) {
        self.environment = environment
    }

    /// The PNG of `state`'s picture, or why there is none: 409 before the widget drew a screen,
    /// 503 without Chromium (`usage.missing-program`) or once the preview stops, 504 when
    /// Chromium took too long (`render.chromium-timeout`), 500 when it failed.
    func png(of state: PreviewState) async -> Result<[UInt8], PreviewRefusal> {
        guard !closed else { return .failure(PreviewRefusal(status: 503, message: "the preview is stopping")) }
        guard !state.picture.isEmpty else {
            return .failure(PreviewRefusal(status: 409, code: "host.not-running", message: "the widget has drawn no screen: \(state.error ?? "it did not load")"))
        }
        if let last, last.version == state.version { return await last.png.value }
        let drawing = Task { await self.draw(state) }
        last = (state.version, drawing)
        let made = await drawing.value
        // A failure is not kept: the next request tries again.
        if case .failure = made, last?.version == state.version { last = nil }
        return made
    }

    /// Ends the browser, if one was started, and draws no more.
    func close() async {
        closed = true
        _ = await last?.png.value
        await session?.close()
        session = nil
    }

    private func draw(_ state: PreviewState) async -> Result<[UInt8], PreviewRefusal> {
        guard !closed else { return .failure(PreviewRefusal(status: 503, message: "the preview is stopping")) }
        do throws(ChromiumScreenshot.Failure) {
            if session == nil { session = try ChromiumSession(environment: environment) }
            return .success(try await session!.picture(of: state.picture, width: state.pictureWidth, height: state.pictureHeight))
        } catch {
            let status = switch error {
            case .missing: 503
            case .timedOut: 504
            case .failed: 500
            }
            let next = error == .missing ? "/picture is the same picture as HTML" : "the next request starts another Chromium"
            return .failure(PreviewRefusal(status: status, code: error.code, message: "\(error.message); \(error.hint); \(next)"))
        }
    }
}
