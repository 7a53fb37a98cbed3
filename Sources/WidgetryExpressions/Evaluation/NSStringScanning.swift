/// What NSString's `intValue`, `doubleValue`, `boolValue` and `capitalizedString` give, as the
/// NSString class reference describes them. None of them fails: text that does not start with a
/// number gives 0 (or false).
enum NSStringScanning {
    /// Decimal digits after leading whitespace and an optional sign, up to the first other
    /// character; 0 when there are none; `Int32.max`/`Int32.min` when the number does not fit
    /// ("INT_MAX or INT_MIN on overflow").
    static func intValue(_ text: String) -> Int32 {
        var scalars = skippingWhitespace(text)
        let negative = scalars.first == "-"
        if negative || scalars.first == "+" { scalars = scalars.dropFirst() }
        var magnitude: Int64 = 0
        for scalar in scalars {
            guard let digit = digit(scalar) else { break }
            magnitude = min(magnitude * 10 + digit, Int64(Int32.max) + 1)
        }
        return Int32(clamping: negative ? -magnitude : magnitude)
    }

    /// The longest prefix, after leading whitespace, that reads as a decimal number (sign,
    /// digits, a point, digits, an exponent); 0 when there is none; ±infinity on overflow.
    static func doubleValue(_ text: String) -> Double {
        var scalars = skippingWhitespace(text)
        var sign = ""
        if let first = scalars.first, first == "-" || first == "+" {
            sign = String(first)
            scalars = scalars.dropFirst()
        }
        let whole = scalars.prefix { digit($0) != nil }
        scalars = scalars[whole.endIndex...]
        var fraction = Substring.UnicodeScalarView()
        if scalars.first == "." {
            fraction = scalars.dropFirst().prefix { digit($0) != nil }
            scalars = scalars[fraction.endIndex...]
        }
        guard !whole.isEmpty || !fraction.isEmpty else { return 0 }
        var exponent = "0"
        if let marker = scalars.first, marker == "e" || marker == "E" {
            var rest = scalars.dropFirst()
            var exponentSign = ""
            if let first = rest.first, first == "-" || first == "+" {
                exponentSign = String(first)
                rest = rest.dropFirst()
            }
            let digits = rest.prefix { digit($0) != nil }
            if !digits.isEmpty { exponent = exponentSign + String(digits) }
        }
        let numeral = sign + (whole.isEmpty ? "0" : String(whole)) + "." + (fraction.isEmpty ? "0" : String(fraction)) + "e" + exponent
        return Double(numeral) ?? 0
    }

    /// True on `Y`, `y`, `T`, `t` or a digit 1–9 after leading whitespace, an optional sign and
    /// zeros; trailing characters are ignored.
    static func boolValue(_ text: String) -> Bool {
        var scalars = skippingWhitespace(text)
        if scalars.first == "-" || scalars.first == "+" { scalars = scalars.dropFirst() }
        while scalars.first == "0" { scalars = scalars.dropFirst() }
        guard let first = scalars.first else { return false }
        return "YyTt".unicodeScalars.contains(first) || ("1"..."9").contains(first)
    }

    /// Each word's first scalar in title case and the rest in lower case; a word is a run of
    /// characters between whitespace and line terminators.
    static func capitalized(_ text: String) -> String {
        var result = ""
        var word = ""
        func flush() {
            guard let first = word.unicodeScalars.first else { return }
            result += first.properties.titlecaseMapping + String(word.unicodeScalars.dropFirst()).lowercased()
            word = ""
        }
        for scalar in text.unicodeScalars {
            if NamedCharacterSet.whitespaceAndNewline.contains(scalar) {
                flush()
                result.unicodeScalars.append(scalar)
            } else {
                word.unicodeScalars.append(scalar)
            }
        }
        flush()
        return result
    }

    private static func skippingWhitespace(_ text: String) -> Substring.UnicodeScalarView {
        let scalars = Substring(text).unicodeScalars
        return scalars[(scalars.firstIndex { !NamedCharacterSet.whitespaceAndNewline.contains($0) } ?? scalars.endIndex)...]
    }

    private static func digit(_ scalar: Unicode.Scalar) -> Int64? {
        ("0"..."9").contains(scalar) ? Int64(scalar.value - 48) : nil
    }
}
