/// A function `FUNCTION(receiver, 'selector', arguments…)` may call, with its signature: the
/// kinds of receiver it answers for, of each argument, and of its result. Evaluation checks a
/// call against the signature before running it; lint checks it without running it.
public struct SelectorFunction: Sendable {
    public typealias Implementation = @Sendable (_ receiver: Value, _ arguments: [Value]) throws(EvaluationError) -> Value

    /// The receivers the selector answers for. Unless it includes ``ValueKinds/null``, a null
    /// receiver gives null without calling the implementation, as a message to nil answers nil.
    public var receiver: ValueKinds
    /// What each argument may be, in order; there are as many as the selector has colons.
    public var arguments: [ValueKinds]
    /// What a call gives, when its receiver is not null.
    public var result: ValueKinds
    public var implementation: Implementation

    /// How many arguments the selector takes.
    public var argumentCount: Int { arguments.count }

    public init(receiver: ValueKinds, arguments: [ValueKinds] = [], result: ValueKinds, _ implementation: @escaping Implementation) {
        self.receiver = receiver
        self.arguments = arguments
        self.result = result
        self.implementation = implementation
    }

    /// A selector that checks its receiver and arguments itself: it takes any values and gives
    /// any value.
    public init(argumentCount: Int, _ implementation: @escaping Implementation) {
        self.init(receiver: .any, arguments: Array(repeating: .any, count: max(0, argumentCount)), result: .any, implementation)
    }

    /// Calls the selector named `selector` after checking the call against the signature: a
    /// receiver of another kind is ``EvaluationError/Code/typeMismatch`` (Apple raises
    /// NSInvalidArgumentException, "unrecognized selector sent to instance"), an argument of
    /// another kind ``EvaluationError/Code/invalidArgument``.
    public func call(_ selector: String, receiver target: Value, arguments values: [Value]) throws(EvaluationError) -> Value {
        if target.isNull, !receiver.contains(.null) { return .null }
        guard receiver.contains(target.kind) else {
            throw .typeMismatch("\(selector) needs \(receiver) as its receiver, not \(Self.describe(target))")
        }
        guard values.count == arguments.count else {
            throw EvaluationError(.invalidArgument, "\(selector) takes \(arguments.count) argument\(arguments.count == 1 ? "" : "s"), not \(values.count)")
        }
        for (position, (value, expected)) in zip(values, arguments).enumerated() where !expected.contains(value.kind) {
            let which = arguments.count == 1 ? "its argument" : "argument \(position + 1)"
            throw EvaluationError(.invalidArgument, "\(selector) needs \(expected) as \(which), not \(Self.describe(value))")
        }
        return try implementation(target, values)
    }

    /// `null`, `a number (5)`, `a string ('abc')`, `an array`.
    static func describe(_ value: Value) -> String {
        switch value {
        case .null: "null"
        case .int, .double, .bool: "\(value.kind) (\(value))"
        case .string(let text): "a string ('\(text.count > 40 ? String(text.prefix(40)) + "…" : text)')"
        default: value.kind.description
        }
    }
}
