/// The names of the transformers every registry starts with (FORMAT.md#transformers).
package enum BuiltInTransformerName: String, Sendable, CaseIterable {
    /// The value's ``Value/description``; nil for null.
    case toString
    /// The value's description read as a whole decimal integer (an optional sign, then digits;
    /// no spaces, fraction or exponent, so `" 4 "` and `"3.5"` give nil), as an `int`; nil when
    /// it is not one or does not fit in 64 bits.
    case strToInt
    /// The value's description read as a number the way Swift's `Double(String)` reads it
    /// (decimal or hexadecimal notation, no spaces), as a `double`; nil when it is not one or is
    /// not finite (`"inf"` and `"nan"` give nil).
    case toDouble
    /// For a date, the time from it to the run's clock in its largest whole unit: `7y`, `2mo`,
    /// `3d`, `5h`, `10m`, `42s`; `Now` when less than a second has passed or the date is in the
    /// future. Years and months are calendar ones (Gregorian, in the context's time zone), not
    /// fixed lengths. Nil for anything but a date.
    case ago
}

enum BuiltInTransformers {
    static let all: [String: BindingTransformer] = Dictionary(
        uniqueKeysWithValues: BuiltInTransformerName.allCases.map { ($0.rawValue, transformer($0)) })

    private static func transformer(_ name: BuiltInTransformerName) -> BindingTransformer {
        switch name {
        case .toString:
            BindingTransformer { value, _ in value.isNull ? nil : .string(value.description) }
        case .strToInt:
            BindingTransformer { value, _ in value.isNull ? nil : Int64(value.description).map(Value.int) }
        case .toDouble:
            BindingTransformer { value, _ in
                guard !value.isNull, let number = Double(value.description), number.isFinite else { return nil }
                return .double(number)
            }
        case .ago:
            BindingTransformer { value, context in
                guard case .date(let date) = value else { return nil }
                return .string(ElapsedTime.abbreviated(from: date, to: context.now, in: context.timeZone))
            }
        }
    }
}
