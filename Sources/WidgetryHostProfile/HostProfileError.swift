public import WidgetryJSON

/// A problem in a host profile, with its place.
public typealias HostProfileError = Problem<HostProfileErrorCode>

/// The codes of ``HostProfileError``.
public enum HostProfileErrorCode: String, StrictReaderCodes, CaseIterable {
    case unknownKey = "profile.unknown-key"
    case wrongType = "profile.wrong-type"
    case missingKey = "profile.missing-key"
    case invalidValue = "profile.invalid-value"
    /// `{"env": "NAME"}` names a variable the environment does not have.
    case missingEnvironment = "profile.missing-env"
    /// The file cannot be read or is not JSON.
    case unreadable = "profile.unreadable"
}

/// All the problems of one host profile, in file order.
public typealias HostProfileErrors = LocatedErrors<HostProfileError>
