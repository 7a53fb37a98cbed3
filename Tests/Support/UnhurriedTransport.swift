public import WidgetryService

extension HTTPTransportOptions {
    /// These limits with the read and total time-outs raised to five minutes, for tests whose
    /// subject is not a time limit. The whole suite shares two cooperative threads: a body chunk's
    /// resumption can wait behind hundreds of other tests, so on a loaded machine a request can
    /// spend a minute on the wall clock without the network being slow at all.
    public var unhurried: HTTPTransportOptions {
        var options = self
        options.readTimeout = 300
        options.totalTimeout = 300
        return options
    }

    /// The default limits, ``unhurried``.
    public static var unhurried: HTTPTransportOptions { HTTPTransportOptions().unhurried }
}
