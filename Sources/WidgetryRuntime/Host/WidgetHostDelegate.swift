public import WidgetryJSON
public import WidgetryStore

/// Follows a ``WidgetHost``'s events as calls, one method per kind of ``WidgetHostEvent``; every
/// method does nothing unless implemented.
///
/// Calls come on the task that produced the event (a widget's run, or its load), in the same
/// order as the host's ``WidgetHost/events`` stream, and before the stream's consumer sees the
/// event. Return quickly: the widget waits for the call.
public protocol WidgetHostDelegate: Sendable {
    func widgetLoaded(_ identifier: String, screen: String, items: [WidgetHostEvent.TableItems], time: Double)
    func widgetFailed(_ identifier: String, error: WidgetHostError)
    func actionStarted(_ identifier: String, action: String, sender: String?, time: Double)
    func actionSucceeded(_ identifier: String, action: String, sender: String?, time: Double, objects: [ObjectID], result: JSONValue?)
    func actionFailed(_ identifier: String, action: String, sender: String?, time: Double, error: WidgetHostEvent.ActionFailure)
    func navigated(_ identifier: String, from: String, to: String, kind: RunEvent.Navigation, time: Double)
    func alertShown(_ identifier: String, screen: String, title: String, message: String, time: Double)
    func downloadProgress(_ identifier: String, receivedBytes: Int64, totalBytes: Int64?)
}

extension WidgetHostDelegate {
    public func widgetLoaded(_ identifier: String, screen: String, items: [WidgetHostEvent.TableItems], time: Double) {}
    public func widgetFailed(_ identifier: String, error: WidgetHostError) {}
    public func actionStarted(_ identifier: String, action: String, sender: String?, time: Double) {}
    public func actionSucceeded(_ identifier: String, action: String, sender: String?, time: Double, objects: [ObjectID], result: JSONValue?) {}
    public func actionFailed(_ identifier: String, action: String, sender: String?, time: Double, error: WidgetHostEvent.ActionFailure) {}
    public func navigated(_ identifier: String, from: String, to: String, kind: RunEvent.Navigation, time: Double) {}
    public func alertShown(_ identifier: String, screen: String, title: String, message: String, time: Double) {}
    public func downloadProgress(_ identifier: String, receivedBytes: Int64, totalBytes: Int64?) {}

    /// Calls the method for `event`'s kind.
    func deliver(_ event: WidgetHostEvent) {
        switch event {
        case .loaded(let identifier, let screen, let items, let time):
            widgetLoaded(identifier, screen: screen, items: items, time: time)
        case .failed(let identifier, let error):
            widgetFailed(identifier, error: error)
        case .actionStarted(let identifier, let action, let sender, let time):
            actionStarted(identifier, action: action, sender: sender, time: time)
        case .actionSucceeded(let identifier, let action, let sender, let time, let objects, let result):
            actionSucceeded(identifier, action: action, sender: sender, time: time, objects: objects, result: result)
        case .actionFailed(let identifier, let action, let sender, let time, let error):
            actionFailed(identifier, action: action, sender: sender, time: time, error: error)
        case .navigated(let identifier, let from, let to, let kind, let time):
            navigated(identifier, from: from, to: to, kind: kind, time: time)
        case .alertShown(let identifier, let screen, let title, let message, let time):
            alertShown(identifier, screen: screen, title: title, message: message, time: time)
        case .downloadProgress(let identifier, let receivedBytes, let totalBytes):
            downloadProgress(identifier, receivedBytes: receivedBytes, totalBytes: totalBytes)
        }
    }
}
