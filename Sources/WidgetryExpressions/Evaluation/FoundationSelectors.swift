import WidgetryJSON

/// The pure Foundation selectors `FUNCTION(receiver, 'selector', …)` may call, each with its
/// signature and Apple's behaviour (docs/EXPRESSIONS.md lists them with the reasons).
///
/// Lengths and indices count UTF-16 units, as NSString does. A receiver of a kind the selector
/// is not defined on is ``EvaluationError/Code/typeMismatch`` (Apple raises "unrecognized
/// selector"); a null receiver gives null. An index outside the string is
/// ``EvaluationError/Code/indexOutOfRange`` (Apple raises NSRangeException). The zero-argument
/// ones are also the keys strings, numbers and dates answer (``Value/value(forKey:)``).
enum FoundationSelectors {
    static let all: [String: SelectorFunction] = strings.merging(collections) { a, _ in a }.merging(numbersAndDates) { a, _ in a }

    /// Zero-argument selectors, by name: what `valueForKey:` answers on strings, numbers and dates.
    static let keys: [String: SelectorFunction] = all.filter { $0.value.argumentCount == 0 }

    // MARK: Strings

    private static let strings: [String: SelectorFunction] = [
        "uppercaseString": text { .string($0.uppercased()) },
        "lowercaseString": text { .string($0.lowercased()) },
        "capitalizedString": text { .string(NSStringScanning.capitalized($0)) },
        "length": SelectorFunction(receiver: .string, result: .number) { receiver, _ throws(EvaluationError) in
            .int(Int64(try string(receiver, "length").utf16.count))
        },
        "stringByAppendingString:": SelectorFunction(receiver: .string, arguments: [.string], result: .string) { receiver, arguments throws(EvaluationError) in
            .string(try string(receiver, "stringByAppendingString:") + string(arguments[0], "stringByAppendingString:"))
        },
        "hasPrefix:": SelectorFunction(receiver: .string, arguments: [.string], result: .boolean) { receiver, arguments throws(EvaluationError) in
            let prefix = try string(arguments[0], "hasPrefix:")
            // An empty string is found nowhere by NSString's search, so no string has it as a prefix.
            let text = try string(receiver, "hasPrefix:")
            return .bool(!prefix.isEmpty && text.hasPrefix(prefix))
        },
        "hasSuffix:": SelectorFunction(receiver: .string, arguments: [.string], result: .boolean) { receiver, arguments throws(EvaluationError) in
            let suffix = try string(arguments[0], "hasSuffix:")
            let text = try string(receiver, "hasSuffix:")
            return .bool(!suffix.isEmpty && text.hasSuffix(suffix))
        },
        "substringFromIndex:": SelectorFunction(receiver: .string, arguments: [.number], result: .string) { receiver, arguments throws(EvaluationError) in
            let units = Array(try string(receiver, "substringFromIndex:").utf16)
            let index = try position(arguments[0], upTo: units.count, "substringFromIndex:")
            return .string(String(decoding: units[index...], as: UTF16.self))
        },
        "substringToIndex:": SelectorFunction(receiver: .string, arguments: [.number], result: .string) { receiver, arguments throws(EvaluationError) in
            let units = Array(try string(receiver, "substringToIndex:").utf16)
            let index = try position(arguments[0], upTo: units.count, "substringToIndex:")
            return .string(String(decoding: units[..<index], as: UTF16.self))
        },
        "componentsSeparatedByString:": SelectorFunction(receiver: .string, arguments: [.string], result: .array) { receiver, arguments throws(EvaluationError) in
            let text = try string(receiver, "componentsSeparatedByString:")
            let separator = try string(arguments[0], "componentsSeparatedByString:")
            guard !separator.isEmpty else { return .array([.string(text)]) }
            return .array(text.split(separator: separator, omittingEmptySubsequences: false).map { .string(String($0)) })
        },
        "stringByReplacingOccurrencesOfString:withString:": SelectorFunction(receiver: .string, arguments: [.string, .string], result: .string) {
            receiver, arguments throws(EvaluationError) in
            let name = "stringByReplacingOccurrencesOfString:withString:"
            let text = try string(receiver, name), target = try string(arguments[0], name), replacement = try string(arguments[1], name)
            guard !target.isEmpty else { return .string(text) }
            return .string(text.split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement))
        },
        "stringByTrimmingCharactersInSet:": SelectorFunction(receiver: .string, arguments: [.string], result: .string) { receiver, arguments throws(EvaluationError) in
            let name = "stringByTrimmingCharactersInSet:"
            let text = try string(receiver, name), setName = try string(arguments[0], name)
            guard let set = NamedCharacterSet(rawValue: setName) else {
                let nearest = Suggestion.nearest(to: setName, among: NamedCharacterSet.allCases.map(\.rawValue)) ?? ""
                throw EvaluationError(.invalidArgument, "\(name) needs the name of a character set such as '\(nearest)', not '\(setName)'")
            }
            let scalars = Substring(text).unicodeScalars
            guard let first = scalars.firstIndex(where: { !set.contains($0) }), let last = scalars.lastIndex(where: { !set.contains($0) }) else {
                return .string("")
            }
            return .string(String(scalars[first...last]))
        },
    ]

    // MARK: Arrays and sets

    private static let collections: [String: SelectorFunction] = [
        "componentsJoinedByString:": SelectorFunction(receiver: .array, arguments: [.string], result: .string) { receiver, arguments throws(EvaluationError) in
            .string(try elements(receiver, "componentsJoinedByString:").map(\.description).joined(separator: string(arguments[0], "componentsJoinedByString:")))
        },
        "count": SelectorFunction(receiver: [.array, .set, .dictionary], result: .number) { receiver, _ throws(EvaluationError) in
            if case .dictionary(let dictionary) = receiver { return .int(Int64(dictionary.count)) }
            return .int(Int64(try elements(receiver, "count").count))
        },
        "firstObject": SelectorFunction(receiver: .array, result: .any) { receiver, _ throws(EvaluationError) in
            try elements(receiver, "firstObject").first ?? .null
        },
        "lastObject": SelectorFunction(receiver: .array, result: .any) { receiver, _ throws(EvaluationError) in
            try elements(receiver, "lastObject").last ?? .null
        },
        "containsObject:": SelectorFunction(receiver: .collection, arguments: [.any], result: .boolean) { receiver, arguments throws(EvaluationError) in
            .bool(try elements(receiver, "containsObject:").contains(arguments[0]))
        },
    ]

    // MARK: Numbers and dates

    private static let numbersAndDates: [String: SelectorFunction] = [
        "stringValue": SelectorFunction(receiver: .numeric, result: .string) { receiver, _ throws(EvaluationError) in
            .string(receiver.description)
        },
        "intValue": SelectorFunction(receiver: [.string, .number, .boolean], result: .number) { receiver, _ throws(EvaluationError) in
            if case .string(let text) = receiver { return .int(Int64(NSStringScanning.intValue(text))) }
            return .int(Int64(try int32(receiver)))
        },
        "doubleValue": SelectorFunction(receiver: [.string, .number, .boolean], result: .number) { receiver, _ throws(EvaluationError) in
            if case .string(let text) = receiver { return .double(NSStringScanning.doubleValue(text)) }
            return .double(try number(receiver, "doubleValue"))
        },
        "boolValue": SelectorFunction(receiver: [.string, .number, .boolean], result: .boolean) { receiver, _ throws(EvaluationError) in
            if case .string(let text) = receiver { return .bool(NSStringScanning.boolValue(text)) }
            return .bool(try number(receiver, "boolValue") != 0)
        },
        "timeIntervalSince1970": SelectorFunction(receiver: .date, result: .number) { receiver, _ throws(EvaluationError) in
            guard case .date(let date) = receiver else { throw mismatch(receiver, "timeIntervalSince1970") }
            return .double(date.timeIntervalSince1970)
        },
        "timeIntervalSinceReferenceDate": SelectorFunction(receiver: .date, result: .number) { receiver, _ throws(EvaluationError) in
            guard case .date(let date) = receiver else { throw mismatch(receiver, "timeIntervalSinceReferenceDate") }
            return .double(date.timeIntervalSinceReferenceDate)
        },
    ]

    // MARK: Helpers

    /// A string-to-string selector.
    private static func text(_ transform: @escaping @Sendable (String) -> Value) -> SelectorFunction {
        SelectorFunction(receiver: .string, result: .string) { receiver, _ throws(EvaluationError) in
            guard case .string(let text) = receiver else { throw mismatch(receiver, "a string selector") }
            return transform(text)
        }
    }

    private static func string(_ value: Value, _ name: String) throws(EvaluationError) -> String {
        guard case .string(let text) = value else {
            throw EvaluationError(.invalidArgument, "\(name) needs a string, not \(SelectorFunction.describe(value))")
        }
        return text
    }

    private static func elements(_ value: Value, _ name: String) throws(EvaluationError) -> [Value] {
        guard let elements = value.elements else { throw mismatch(value, name) }
        return elements
    }

    private static func number(_ value: Value, _ name: String) throws(EvaluationError) -> Double {
        guard let number = value.doubleValue else { throw mismatch(value, name) }
        return number
    }

    /// NSNumber's `intValue`: an integer keeps its low 32 bits, as C's conversion does on Apple's
    /// platforms; a fraction is cut toward zero and held to the Int32 range, NaN giving 0, as the
    /// conversion of Apple silicon does.
    private static func int32(_ value: Value) throws(EvaluationError) -> Int32 {
        switch value {
        case .int(let integer): return Int32(truncatingIfNeeded: integer)
        case .bool(let flag): return flag ? 1 : 0
        case .double(let double):
            if double.isNaN { return 0 }
            return double >= 2_147_483_647 ? .max : double <= -2_147_483_648 ? .min : Int32(double.rounded(.towardZero))
        default: throw mismatch(value, "intValue")
        }
    }

    /// An index into `0...count`, as the `…FromIndex:`/`…ToIndex:` selectors take it.
    private static func position(_ value: Value, upTo count: Int, _ name: String) throws(EvaluationError) -> Int {
        guard let index = value.integerValue else {
            throw EvaluationError(.invalidArgument, "\(name) needs an integer index, not \(SelectorFunction.describe(value))")
        }
        guard index >= 0, index <= Int64(count) else {
            throw EvaluationError(.indexOutOfRange, "\(name) index \(index) is outside the string's \(count) UTF-16 units")
        }
        return Int(index)
    }

    private static func mismatch(_ value: Value, _ name: String) -> EvaluationError {
        .typeMismatch("\(name) is not defined on \(SelectorFunction.describe(value))")
    }
}
