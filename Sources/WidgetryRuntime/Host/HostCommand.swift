public import WidgetryJSON
public import WidgetryService

/// Why a host command failed: a stable code of the host's choosing (`auth.denied`) and a message.
/// The widget's events report it as ``WidgetHostEvent/actionFailed(identifier:action:sender:time:error:)``
/// with this code, and its status controllers as a failure.
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

    /// Registers the action with `run`: a handler with its ``HostHandlers``, a command with its
    /// action engine (``ActionEngine/hostActions``), replacing the service file's action of the
    /// same name. A command's answer is handled as a response would be: status controllers
    /// follow it, a `resultType` imports it, `nextAction` follows, and the host's events report
    /// it; it runs concurrently as an operation of the run's timeline (so a run waits for it
    /// and, on a virtual clock, it takes no run time).
    func install(on run: WidgetRun) {
        switch body {
        case .handler(let handler):
            run.hostHandlers.register(action, handler)
        case .command(let command):
            run.engine.hostActions[action] = { call in
                do throws(HostCommandError) {
                    return .success(try await command(call))
                } catch {
                    return .failure(ActionError(.host, error.message, hostCode: error.code))
                }
            }
        }
    }
}
