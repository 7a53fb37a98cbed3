public import WidgetryJSON

/// A problem in a scenario file, with its place.
public struct ScenarioError: LocatedError, Equatable {
    public enum Code: String, Sendable, CaseIterable {
        case unknownKey = "scenario.unknown-key"
        case missingKey = "scenario.missing-key"
        case wrongType = "scenario.wrong-type"
        case invalidValue = "scenario.invalid-value"
        /// An expectation or a store filter that does not parse.
        case expectationSyntax = "scenario.expectation-syntax"
    }

    public var code: Code
    public var message: String
    public var file: String
    public var location: SourceLocation?
    public var pointer: JSONPointer?
    public var hint: String?

    init(_ code: Code, _ message: String, file: String, at value: JSONValue, hint: String? = nil) {
        self.code = code
        self.message = message
        self.file = file
        location = value.location
        pointer = value.pointer
        self.hint = hint
    }
}

/// All the problems of one scenario file.
public typealias ScenarioErrors = LocatedErrors<ScenarioError>
