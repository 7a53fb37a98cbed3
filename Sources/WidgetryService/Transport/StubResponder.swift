public import WidgetryExpressions
import WidgetryJSON
public import WidgetryServiceConfiguration

/// Answers actions from a stub file instead of a network (FORMAT.md#service.stub): the action's `response` as a
/// response with its `status` (200 unless it says otherwise), after `$keyPath` substitution from the argument when the response is an object
/// and the argument an object or dictionary (arrays are never substituted), or upstream's 404
/// "Test response not implemented." when the action has none. The engine waits `delay` on the
/// run's clock before handling the answer.
public struct StubResponder: Sendable {
    /// Seconds before each answer (`options.debugDelay`; ≤ 0 answers at once).
    public var delay: Double
    public var substitution: JSONSubstitutionMode

    public init(configuration: ServiceConfiguration, substitution: JSONSubstitutionMode = .fixed) {
        delay = max(0, configuration.options.debugDelay ?? 0)
        self.substitution = substitution
    }

    public func response(for action: ResolvedAction, argument: Value) -> Result<ServiceResponse, ActionError> {
        guard var json = action.action.response else {
            return .failure(ActionError(.notImplemented, "Test response not implemented.", status: 404,
                                        hint: "add a \"response\" to actions.\(action.name) in the stub file"))
        }
        if case .object = json.kind, RequestBuilder.isKeyValueSource(argument) {
            do throws(EvaluationError) {
                json = try StringSubstitution.substituteJSON(json, source: argument, mode: substitution).json
            } catch {
                return .failure(ActionError(.substitution, "the stub response of \(action.name) reads \(error.message)"))
            }
        }
        return .success(ServiceResponse(status: action.action.status ?? 200, headers: [HeaderField("Content-Type", "application/json")], body: Array(json.serialized().utf8)))
    }
}
