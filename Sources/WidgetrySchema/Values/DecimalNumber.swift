/// A number as the decimal it was written as: `mantissa × 10^exponent`, with the trailing zeros
/// of the mantissa moved into the exponent.
///
/// `multipleOf` is decided on these decimals with exact integer arithmetic, so `0.0075` is a
/// multiple of `0.0001` (binary floating point would say otherwise), and a huge quotient such as
/// `1e308 / 0.5` neither overflows nor loses the answer.
struct DecimalNumber: Sendable, Hashable {
    var mantissa: UInt64
    var exponent: Int

    /// The decimal of an integer.
    init(_ integer: Int64) {
        self.init(mantissa: integer.magnitude, exponent: 0)
    }

    /// The decimal of a finite double: the shortest digits that read back as the same double,
    /// which is what a person wrote in nearly every document. Nil for infinities and NaN.
    init?(_ double: Double) {
        guard double.isFinite else { return nil }
        var mantissa: UInt64 = 0
        var exponent = 0
        var inFraction = false
        var text = Substring(double.magnitude.description)
        if let marker = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            guard let written = Int(text[text.index(after: marker)...]) else { return nil }
            exponent = written
            text = text[..<marker]
        }
        for character in text {
            if character == "." {
                inFraction = true
                continue
            }
            guard let digit = character.wholeNumberValue else { return nil }
            let (product, overflow) = mantissa.multipliedReportingOverflow(by: 10)
            guard !overflow else { return nil }
            mantissa = product + UInt64(digit)
            if inFraction { exponent -= 1 }
        }
        self.init(mantissa: mantissa, exponent: exponent)
    }

    private init(mantissa: UInt64, exponent: Int) {
        var mantissa = mantissa
        var exponent = exponent
        while mantissa != 0, mantissa % 10 == 0 {
            mantissa /= 10
            exponent += 1
        }
        if mantissa == 0 { exponent = 0 }
        self.mantissa = mantissa
        self.exponent = exponent
    }

    var isZero: Bool { mantissa == 0 }

    /// Whether this number divided by `divisor` is an integer. Signs do not matter. A zero
    /// divisor divides nothing (the schema rejects it before this is asked).
    func isMultiple(of divisor: DecimalNumber) -> Bool {
        guard !divisor.isZero else { return false }
        if isZero { return true }
        if exponent >= divisor.exponent {
            // mantissa × 10^k must be divisible by the divisor's mantissa: work modulo it.
            var remainder = mantissa % divisor.mantissa
            var steps = exponent - divisor.exponent
            while steps > 0, remainder != 0 {
                remainder = divisor.mantissa.dividingFullWidth(remainder.multipliedFullWidth(by: 10)).remainder
                steps -= 1
            }
            return remainder == 0
        }
        // The divisor has more fractional digits: mantissa must be divisible by
        // divisor.mantissa × 10^k, which exceeds any UInt64 once k reaches 20.
        let steps = divisor.exponent - exponent
        guard steps < 20 else { return false }
        var power: UInt64 = 1
        for _ in 0..<steps { power *= 10 }
        guard mantissa % power == 0 else { return false }
        return (mantissa / power) % divisor.mantissa == 0
    }
}
