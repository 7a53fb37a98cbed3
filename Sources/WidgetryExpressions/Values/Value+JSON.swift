public import Foundation
public import WidgetryJSON

extension Value {
    /// The value of a JSON document: objects become dictionaries (``init(taggedJSON:)`` reads
    /// the tagged form with dates and sets).
    public init(json: JSONValue) {
        switch json.kind {
        case .null: self = .null
        case .bool(let value): self = .bool(value)
        case .integer(let value): self = .int(value)
        case .double(let value): self = .double(value)
        case .string(let value): self = .string(value)
        case .array(let elements): self = .array(elements.map { Value(json: $0) })
        case .object(let object):
            var dictionary = ValueDictionary(minimumCapacity: object.count)
            for member in object { dictionary[member.key] = Value(json: member.value) }
            self = .dictionary(dictionary)
        }
    }

    /// The value as JSON: dates as ISO 8601 strings and sets as arrays, or, with `tagged`, as
    /// `{"$date": …}` and `{"$set": […]}`. Data prints as base64; objects as their description.
    /// Non-finite doubles print as strings (`"inf"`, `"-inf"`, `"nan"`), since JSON has no such numbers.
    public func jsonValue(tagged: Bool = false) -> JSONValue {
        switch self {
        case .null: return JSONValue(.null)
        case .bool(let value): return JSONValue(.bool(value))
        case .int(let value): return JSONValue(.integer(value))
        case .double(let value):
            guard value.isFinite else { return JSONValue(.string(value.isNaN ? "nan" : value < 0 ? "-inf" : "inf")) }
            return JSONValue(.double(value))
        case .string(let value): return JSONValue(.string(value))
        case .date(let value):
            let text = JSONValue(.string(ISO8601.string(from: value)))
            return tagged ? Value.wrapper("$date", text) : text
        case .data(let bytes): return JSONValue(.string(Data(bytes).base64EncodedString()))
        case .array(let elements): return JSONValue(.array(elements.map { $0.jsonValue(tagged: tagged) }))
        case .set(let elements):
            let array = JSONValue(.array(elements.map { $0.jsonValue(tagged: tagged) }))
            return tagged ? Value.wrapper("$set", array) : array
        case .dictionary(let dictionary):
            var object = JSONObject()
            for (key, value) in dictionary { object[key] = value.jsonValue(tagged: tagged) }
            return JSONValue(.object(object))
        case .object(let object): return JSONValue(.string(object.keyValueDescription))
        }
    }
}

extension Value {
    /// A date from ISO 8601 text (`2018-06-20T18:00:00Z`, fractional seconds and offsets allowed).
    public static func date(iso8601 text: String) -> Date? {
        ISO8601.date(from: text)
    }

    /// The date ISO 8601 text in its common form, `yyyy-MM-ddTHH:mm:ss[.fraction](Z|±hh:mm)`,
    /// names, read from the text's UTF-8 bytes without making a string; nil for any other text,
    /// which ``date(iso8601:)`` may still read. Where this gives a date, that one gives the same.
    public static func commonISO8601Date(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        ISO8601.fastDate(utf8: bytes)
    }

    fileprivate static func wrapper(_ key: String, _ value: JSONValue) -> JSONValue {
        var object = JSONObject()
        object[key] = value
        return JSONValue(.object(object))
    }
}

/// ISO 8601 dates in UTC, with milliseconds only when the instant has them.
enum ISO8601 {
    /// `yyyy-MM-ddTHH:mm:ss[.fraction](Z|±hh:mm)` read by hand: imports read many dates, and a
    /// formatter per call costs microseconds. Other forms go to `ISO8601DateFormatter`.
    static func fastDate(from text: String) -> Date? {
        var text = text
        return text.withUTF8 { fastDate(utf8: $0) }
    }

    /// ``fastDate(from:)`` over the text's UTF-8 bytes.
    static func fastDate(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        guard bytes.count >= 20, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"), bytes[10] == UInt8(ascii: "T"),
              bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":") else { return nil }
        // Each digit as its value; a byte that is not a digit wraps to 10 or more.
        func digit(_ index: Int) -> Int { Int(bytes[index] &- UInt8(ascii: "0")) }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for index in range {
                guard digit(index) < 10 else { return nil }
                value = value * 10 + digit(index)
            }
            return value
        }
        guard digit(0) < 10, digit(1) < 10, digit(2) < 10, digit(3) < 10, digit(5) < 10, digit(6) < 10, digit(8) < 10,
              digit(9) < 10, digit(11) < 10, digit(12) < 10, digit(14) < 10, digit(15) < 10, digit(17) < 10, digit(18) < 10
        else { return nil }
        let year = digit(0) * 1000 + digit(1) * 100 + digit(2) * 10 + digit(3)
        let month = digit(5) * 10 + digit(6), day = digit(8) * 10 + digit(9)
        let hour = digit(11) * 10 + digit(12), minute = digit(14) * 10 + digit(15), second = digit(17) * 10 + digit(18)
        guard (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61 else { return nil }
        var index = 19
        var fraction = 0.0
        if bytes[index] == UInt8(ascii: ".") {
            index += 1
            var scale = 0.1
            let start = index
            while index < bytes.count, (48...57).contains(bytes[index]) {
                fraction += Double(Int(bytes[index]) - 48) * scale
                scale /= 10
                index += 1
            }
            guard index > start else { return nil }
        }
        guard index < bytes.count else { return nil }
        var offset = 0
        switch bytes[index] {
        case UInt8(ascii: "Z"):
            guard index + 1 == bytes.count else { return nil }
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            guard index + 6 == bytes.count, bytes[index + 3] == UInt8(ascii: ":"),
                  let hours = number(index + 1..<index + 3), let minutes = number(index + 4..<index + 6) else { return nil }
            offset = (hours * 60 + minutes) * 60 * (bytes[index] == UInt8(ascii: "-") ? -1 : 1)
        default:
            return nil
        }
        // Days from 1970-01-01 to the civil date (Howard Hinnant's algorithm).
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        let seconds = Double(days * 86_400 + hour * 3_600 + minute * 60 + second - offset) + fraction
        return Date(timeIntervalSince1970: seconds)
    }

    /// `yyyy-MM-ddTHH:mm:ss[.SSS]Z`; a date outside ``NumericPolicy/dateRange`` prints as its
    /// seconds since 1970 (`2.5e+17 seconds since 1970`), never as a wrapped year.
    static func string(from date: Date) -> String {
        let seconds = date.timeIntervalSince1970
        guard NumericPolicy.isDate(secondsSince1970: seconds) else { return Value.numberText(seconds) + " seconds since 1970" }
        let whole = seconds.rounded(.down)
        let milliseconds = Int(((seconds - whole) * 1000).rounded())
        var time = time_t(whole)
        var parts = tm()
        gmtime_r(&time, &parts)
        var text = String(format: "%04d-%02d-%02dT%02d:%02d:%02d", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1,
                          Int(parts.tm_mday), Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec))
        if milliseconds > 0 { text += String(format: ".%03d", milliseconds) }
        return text + "Z"
    }

    /// The date `text` names in ISO 8601, when it is one with a four-digit year
    /// (``NumericPolicy/dateRange``).
    static func date(from text: String) -> Date? {
        if let date = fastDate(from: text) { return date }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        var date = formatter.date(from: text)
        if date == nil {
            formatter.formatOptions = [.withInternetDateTime]
            date = formatter.date(from: text)
        }
        guard let date, NumericPolicy.isDate(secondsSince1970: date.timeIntervalSince1970) else { return nil }
        return date
    }
}
