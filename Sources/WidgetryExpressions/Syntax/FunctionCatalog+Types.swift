/// What a built-in function takes and gives, for checking a call without running it.
public struct FunctionSignature: Sendable, Equatable {
    /// What each argument may be, in order.
    public var arguments: [ValueKinds]
    /// What a call gives.
    public var result: ValueKinds

    public init(arguments: [ValueKinds], result: ValueKinds) {
        self.arguments = arguments
        self.result = result
    }
}

extension FunctionCatalog {
    /// The signature of a standard built-in (`sum:` takes a collection and gives a number), as
    /// its implementation checks it; nil for a name that is not one.
    public static func signature(ofBuiltIn name: String) -> FunctionSignature? {
        let collection: ValueKinds = [.array, .set, .dictionary]
        switch name {
        case "sum:", "count:", "average:", "median:", "stddev:": return FunctionSignature(arguments: [collection], result: .number)
        case "min:", "max:": return FunctionSignature(arguments: [collection], result: .any)
        case "mode:": return FunctionSignature(arguments: [collection], result: .array)
        case "sqrt:", "log:", "ln:", "exp:", "floor:", "ceiling:", "abs:", "trunc:", "random:", "onesComplement:":
            return FunctionSignature(arguments: [.numeric], result: .number)
        case "modulus:by:", "bitwiseAnd:with:", "bitwiseOr:with:", "bitwiseXor:with:", "leftshift:by:", "rightshift:by:":
            return FunctionSignature(arguments: [.numeric, .numeric], result: .number)
        case "uppercase:", "lowercase:": return FunctionSignature(arguments: [[.string, .null]], result: .string)
        case "random": return FunctionSignature(arguments: [], result: .number)
        case "now": return FunctionSignature(arguments: [], result: .date)
        case "timeAgo:": return FunctionSignature(arguments: [[.date, .null]], result: .string)
        case "noindex:": return FunctionSignature(arguments: [.any], result: .any)
        default: return nil
        }
    }

    /// The keys a value of `kinds` answers as `valueForKey:` does on NSString, NSNumber and
    /// NSDate, with what each gives: `description` and the standard zero-argument selectors
    /// defined on such a value (`length`, `uppercaseString`, `intValue`, …). Empty for other kinds.
    public static func valueKeys(of kinds: ValueKinds) -> [String: ValueKinds] {
        guard !kinds.isDisjoint(with: [.string, .number, .boolean, .date]) else { return [:] }
        var keys = ["description": ValueKinds.string]
        for (name, selector) in FoundationSelectors.keys where !selector.receiver.isDisjoint(with: kinds) {
            keys[name] = selector.result
        }
        return keys
    }

    /// The names `stringByTrimmingCharactersInSet:` takes: `whitespaceCharacterSet`, ….
    public static let characterSetNames: [String] = NamedCharacterSet.allCases.map(\.rawValue)
}
