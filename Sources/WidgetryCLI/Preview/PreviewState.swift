/// What the preview shows at one moment: the picture of the screen, its text snapshot (the
/// request log, events, statuses and store counts among it), or the load error in its place.
struct PreviewState: Sendable {
    /// Raised by every change, so the page knows when to fetch again.
    var version: Int
    var screen: String
    /// The service file the widget talks to.
    var service: String
    /// The picture as HTML.
    var picture: String
    /// The picture's size in CSS pixels, for its PNG: the device's width and the height
    /// ``PictureOptions`` gives.
    var pictureWidth = 0
    var pictureHeight = 0
    var snapshot: String
    /// Why the bundle cannot be shown, with its location; nil when it runs.
    var error: String?
}

/// Why a request was refused: a 4xx with the message, and a stable code for refusals that are
/// the preview's own rules (its gate and limits).
struct PreviewRefusal: Error, Sendable {
    var status: Int
    var code: String? = nil
    var message: String
}
