import Foundation
import WidgetryJSON

/// `CAST(value, 'NSNumber' | 'NSString' | 'NSDate')`.
///
/// - NSNumber: numbers stay; a string is parsed as an integer or a decimal number (surrounding
///   spaces allowed); a date becomes its seconds since 2001-01-01 00:00 UTC, the reference date.
/// - NSString: the value's text (``Value/description``): `5`, `1.5`, `1` for true.
/// - NSDate: a number counts seconds from the reference date; a string is read as ISO 8601.
///   Either must name a date with a four-digit year (``NumericPolicy/dateRange``), else
///   ``EvaluationError/Code/outOfRange``.
/// Null stays null. Anything that cannot convert is ``EvaluationError/Code/invalidArgument``.
enum Casting {
    static func cast(_ value: Value, to type: CastType) throws(EvaluationError) -> Value {
        if value.isNull { return .null }
        switch type {
        case .number:
            switch value {
            case .int, .double, .bool: return value
            case .date(let date): return .double(date.timeIntervalSinceReferenceDate)
            case .string(let text):
                let trimmed = text.trimmingCharacters(in: .whitespaces)
                if let integer = Int64(trimmed) { return .int(integer) }
                if let double = Double(trimmed), double.isFinite { return .double(double) }
                throw EvaluationError(.invalidArgument, "CAST cannot read '\(text)' as a number")
            default:
                throw EvaluationError(.invalidArgument, "CAST cannot turn a \(value.typeName) into a number")
            }
        case .string:
            if case .string = value { return value }
            return .string(value.description)
        case .date:
            switch value {
            case .date: return value
            case .int, .double:
                return .date(try date(sinceReferenceDate: value.doubleValue ?? 0))
            case .string(let text):
                guard let date = ISO8601.date(from: text) else {
                    throw EvaluationError(.invalidArgument, "CAST cannot read '\(text)' as an ISO 8601 date")
                }
                return .date(date)
            default:
                throw EvaluationError(.invalidArgument, "CAST cannot turn a \(value.typeName) into a date")
            }
        }
    }

    /// The date `seconds` after 2001-01-01 00:00 UTC, when it has a four-digit year.
    static func date(sinceReferenceDate seconds: Double) throws(EvaluationError) -> Date {
        guard isDate(sinceReferenceDate: seconds) else {
            throw EvaluationError(.outOfRange, "CAST cannot make a date of \(Value.numberText(seconds)) seconds since 2001: dates run from the year 1 to 9999")
        }
        return Date(timeIntervalSinceReferenceDate: seconds)
    }

    /// Whether `seconds` after 2001-01-01 00:00 UTC has a four-digit year.
    static func isDate(sinceReferenceDate seconds: Double) -> Bool {
        NumericPolicy.isDate(secondsSince1970: seconds + NumericPolicy.referenceDateOffset)
    }
}
