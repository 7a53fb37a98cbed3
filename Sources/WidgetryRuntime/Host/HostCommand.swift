public import WidgetryJSON
import WidgetryService

/// Why a host command failed: a stable code of the host's choosing (`auth.denied`) and a message.
/// The widget's events report it as ``WidgetHostEvent/actionFailed(identifier:action:sender:time:error:)``.
public struct HostCommandError: Error, Sendable, Equatable, CustomStringConvertible {
    public var code: String
    public var message: String

    public init(code: String, message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { "\(message) [\(code)]" }
}

/// A host command: given the call (action name, argument, sender), returns a JSON result or
/// throws a ``HostCommandError``.
public typealias HostCommand = @Sendable (HostCall) async throws(HostCommandError) -> JSONValue

/// An action the host handles itself, for one widget or for all, as ``WidgetHost`` keeps it
/// until a widget's run exists to receive it.
struct HostRegistration: Sendable {
    enum Body: Sendable {
        /// Called with the call and nothing else (``HostHandlers`` as it is).
        case handler(@Sendable (HostCall) -> Void)
        /// Called concurrently; its outcome comes back to the run as an event.
        case command(HostCommand)
    }

    let action: String
    /// The widget it is for; nil for every widget.
    let widget: String?
    let body: Body

    func applies(to identifier: String) -> Bool {
        widget == nil || widget == identifier
    }

    /// Registers the action with `run`'s ``HostHandlers``, replacing the network action of the
    /// same name. A command reports `actionStarted` when called, runs as an operation of the
    /// run's timeline (so a run waits for it and, on a virtual clock, it takes no run time), and
    /// reports `actionSucceeded` with its result or `actionFailed` with its error.
    func install(on run: WidgetRun, identifier: String, events: WidgetHostEventHub) {
        switch body {
        case .handler(let handler):
            run.hostHandlers.register(action, handler)
        case .command(let command):
            let timeline = run.timeline
            run.hostHandlers.register(action) { [weak timeline] call in
                guard let timeline else { return }
                events.emit(.actionStarted(identifier: identifier, action: call.action, sender: call.sender, time: timeline.now))
                timeline.perform({ () async -> Result<JSONValue, HostCommandError> in
                    do throws(HostCommandError) {
                        return .success(try await command(call))
                    } catch {
                        return .failure(error)
                    }
                }, then: { [weak timeline] outcome in
                    guard let timeline else { return }
                    switch outcome {
                    case .success(let result):
                        events.emit(.actionSucceeded(identifier: identifier, action: call.action, sender: call.sender, time: timeline.now,
                                                     objects: [], result: result))
                    case .failure(let error):
                        events.emit(.actionFailed(identifier: identifier, action: call.action, sender: call.sender, time: timeline.now,
                                                  error: WidgetHostEvent.ActionFailure(code: error.code, message: error.message)))
                    }
                })
            }
        }
    }
}
