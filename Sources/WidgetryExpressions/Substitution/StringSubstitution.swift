/// `$keyPath` substitution: every `$` followed by a run of word characters is replaced by the
/// text of the value that run names.
///
/// The rules (FORMAT.md#binding.strings):
/// - ``keyPath`` matches `$` followed by one or more word characters or dots (`\$[\w\.]+`); it
///   is the pattern of binding strings, service parameters and stub responses. ``key`` matches
///   `$` followed by word characters only (`\$\w+`); it is the pattern of service URLs, so
///   `destroy/$tweetId.json` reads `tweetId` and keeps `.json`.
/// - A word character is what ICU's `\w` accepts: Unicode letters, marks, decimal digits,
///   connector punctuation (`_` among them), ZWNJ and ZWJ.
/// - Matches are greedy and never overlap; a trailing dot belongs to the match (`$content.name.`
///   reads the key path `content.name.`, which reads as null).
/// - Each match minus its `$` is read from the source with ``Value/value(forKeyPath:)``; null
///   becomes the empty string, anything else its ``Value/description`` (numbers `5` and `1.5`,
///   booleans `1`/`0`, dates `2018-06-20 18:00:00 +0000`).
/// - Inserted text is not scanned again, and there is no escaping: a `$` with no word character
///   after it (a lone `$`, the first of `$$`) stays as it is.
public enum StringSubstitution: Sendable {
    /// `\$[\w\.]+`: key paths with dots.
    case keyPath
    /// `\$\w+`: single keys, for URLs.
    case key

    /// `template` with every match replaced by the text of the value it names in `source`.
    ///
    /// Throws the ``EvaluationError`` of a key path that cannot be read; no partial result is
    /// returned. (Neither pattern admits `@`, so collection operators, which is where reading
    /// fails today, never reach a key path: `$items.@count` reads `items.` and keeps `@count`.)
    public func substitute(in template: String, source: Value) throws(EvaluationError) -> String {
        let scalars = template.unicodeScalars
        var output = String.UnicodeScalarView()
        var copiedUpTo = scalars.startIndex
        for match in matches(in: template) {
            output.append(contentsOf: scalars[copiedUpTo..<match.range.lowerBound])
            output.append(contentsOf: try StringSubstitution.text(at: match.keyPath, in: source).unicodeScalars)
            copiedUpTo = match.range.upperBound
        }
        output.append(contentsOf: scalars[copiedUpTo...])
        return String(output)
    }

    /// The text a match becomes: empty for null, the description for anything else.
    static func text(at keyPath: String, in source: Value) throws(EvaluationError) -> String {
        let value = try source.value(forKeyPath: keyPath)
        return value.isNull ? "" : value.description
    }
}
