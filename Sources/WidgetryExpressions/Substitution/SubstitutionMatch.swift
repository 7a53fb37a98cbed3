import WidgetryRegex
/// One `$…` occurrence found by ``StringSubstitution``.
public struct SubstitutionMatch: Equatable, Sendable {
    /// From the `$` to the end of the match, in the scalars of the scanned text.
    public let range: Range<String.UnicodeScalarView.Index>
    /// The match without its `$`.
    public let keyPath: String
}

extension StringSubstitution {
    /// The matches in `text`, left to right, found in one pass over its Unicode scalars (for
    /// callers that treat the text between matches differently from the values, such as URLs).
    public func matches(in text: String) -> [SubstitutionMatch] {
        let scalars = text.unicodeScalars
        var matches: [SubstitutionMatch] = []
        var position = scalars.startIndex
        while position < scalars.endIndex {
            guard scalars[position] == "$" else {
                scalars.formIndex(after: &position)
                continue
            }
            let bodyStart = scalars.index(after: position)
            var end = bodyStart
            while end < scalars.endIndex, admits(scalars[end]) {
                scalars.formIndex(after: &end)
            }
            if end > bodyStart {
                matches.append(SubstitutionMatch(range: position..<end, keyPath: String(scalars[bodyStart..<end])))
            }
            position = end
        }
        return matches
    }

    /// Whether `scalar` can continue a match: a word character, or for ``keyPath`` also a dot.
    private func admits(_ scalar: Unicode.Scalar) -> Bool {
        if scalar == ".", self == .keyPath { return true }
        return RegexScalarTraits.isWord(scalar.value)
    }
}
