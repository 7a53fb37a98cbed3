public import WidgetryJSON

/// A problem in a screen file, with its place: file, line and column, and JSON Pointer. Every
/// input that made the original runtime crash or stop is one of these (§8).
public struct ScreenError: LocatedError, Equatable {
    public enum Code: String, Sendable, CaseIterable {
        case missingScreen = "screen.missing-screen"
        case unknownKey = "screen.unknown-key"
        case wrongType = "screen.wrong-type"
        case missingKey = "screen.missing-key"
        case invalidValue = "screen.invalid-value"
        case duplicateID = "screen.duplicate-id"
        case unknownType = "screen.unknown-type"
        case unknownAttribute = "screen.unknown-attribute"
        case unknownOutlet = "screen.unknown-outlet"
        case unresolvedOutlet = "screen.unresolved-outlet"
        case outletKind = "screen.outlet-kind"
        case unknownElement = "screen.unknown-element"
        case binding = "screen.binding"
        case unknownSegue = "screen.unknown-segue"
        /// A segue would give a screen content other than the entity it declares as `input`.
        case wrongInput = "screen.wrong-input"
        /// A problem met while running (a predicate that cannot be evaluated on the data, a
        /// missing prototype): the run goes on and the snapshot lists it.
        case runtime = "screen.runtime"
    }

    public var code: Code
    public var message: String
    public var file: String
    public var location: SourceLocation?
    public var pointer: JSONPointer?
    public var hint: String?

    public init(_ code: Code, _ message: String, file: String, location: SourceLocation? = nil, pointer: JSONPointer? = nil, hint: String? = nil) {
        self.code = code
        self.message = message
        self.file = file
        self.location = location
        self.pointer = pointer
        self.hint = hint
    }

    public init(_ code: Code, _ message: String, file: String, at place: SourcePlace, hint: String? = nil) {
        self.init(code, message, file: file, location: place.location, pointer: place.pointer, hint: hint)
    }
}

/// All the problems found in one file, in the order of the file.
public typealias ScreenErrors = LocatedErrors<ScreenError>
