public import WidgetryJSON

/// A problem in a service file, with its place: file, line and column, and JSON Pointer.
public typealias ServiceConfigurationError = Problem<ServiceConfigurationErrorCode>

/// The codes of ``ServiceConfigurationError``.
public enum ServiceConfigurationErrorCode: String, StrictReaderCodes, CaseIterable {
    case unknownKey = "service.unknown-key"
    case wrongType = "service.wrong-type"
    case missingKey = "service.missing-key"
    case invalidValue = "service.invalid-value"
    /// A number outside the range its key takes: a delay past ``NumericPolicy/maximumSeconds``.
    case outOfRange = "service.out-of-range"
    case unknownAction = "service.unknown-action"
    case invalidActionName = "service.invalid-action-name"
    case missingFile = "service.missing-file"
    /// A key that has no effect here, which upstream ignored (a warning).
    case ignoredKey = "service.ignored-key"

    public static var numberOutOfRange: Self { .outOfRange }
}

/// All the problems found in one file, in the order of the file.
public typealias ServiceConfigurationErrors = LocatedErrors<ServiceConfigurationError>
