public import WidgetryExpressions
public import WidgetryJSON

/// A call of an action the host handles itself (upstream: a `<name>:sender:` method on the
/// action's target or on the service provider, such as TwitterDemo's `login`).
public struct HostCall: Sendable {
    public var action: String
    /// The action's argument: the form's value or the controller's content.
    public var argument: Value
    /// The id of the element that triggered the action, if any.
    public var sender: String?

    public init(action: String, argument: Value, sender: String?) {
        self.action = action
        self.argument = argument
        self.sender = sender
    }
}

/// An action the host performs instead of the network: its JSON answer is handled as a
/// response would be (`resultType` imports it, `nextAction` follows, status controllers see
/// it); a failure is reported as the action's `…Error`.
public typealias HostAction = @Sendable (HostCall) async -> Result<JSONValue, ActionError>
