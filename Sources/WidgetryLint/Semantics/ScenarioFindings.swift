import WidgetryJSON

extension LintContext.Scenario {
    /// The steps that are objects, in order (anything else is the schema's to report).
    var steps: [(value: JSONValue, object: JSONObject)] {
        (document.root["steps"]?.arrayValue ?? []).compactMap { step in step.objectValue.map { (step, $0) } }
    }

    /// A finding of `rule` at `value` (a whole string), or at the key of the member `key` when
    /// given; with a fix-it when `replacement` is the one name the written name likely means.
    func finding(_ rule: LintRuleDescription, at value: JSONValue, key member: JSONObject.Member? = nil, message: String, hint: String?,
                 replacing name: String? = nil, with replacement: String? = nil) -> Diagnostic {
        let location = member?.keyLocation ?? value.location
        var finding = Diagnostic(code: rule.id, severity: rule.severity, file: file, location: location,
                                 length: location.map { document.source.tokenLength(at: $0.offset) } ?? 1,
                                 pointer: value.pointer, message: message, hint: hint)
        if let name, let replacement, let location {
            // The location is the opening quote of the key or the string.
            finding.fixIt = fixIt(replacing: name, at: (location.offset + 1)..<(location.offset + 1 + name.utf8.count), with: replacement)
        }
        return finding
    }

    /// A finding of `rule` about the UTF-8 bytes `range` of the text of the string `value` (a
    /// name inside an expectation), placed at its exact character; fixed when `replacement` is
    /// given and the source writes the name without escapes.
    func finding(_ rule: LintRuleDescription, in value: JSONValue, range: Range<Int>, message: String, hint: String?,
                 replacing name: String, with replacement: String?) -> Diagnostic {
        let place = JSONStringPlace(value, in: document.source)
        let span = place?.span(of: range)
        var finding = Diagnostic(code: rule.id, severity: rule.severity, file: file, location: span?.location ?? value.location,
                                 length: span?.length ?? 1, pointer: value.pointer, message: message, hint: hint)
        if let place, let replacement {
            let written = place.location(ofTextOffset: range.lowerBound).offset..<place.location(ofTextOffset: range.upperBound).offset
            finding.fixIt = fixIt(replacing: name, at: written, with: replacement)
        }
        return finding
    }

    /// The fix-it that writes `replacement` over the source bytes `range`, when they are `name`.
    private func fixIt(replacing name: String, at range: Range<Int>, with replacement: String) -> Diagnostic.FixIt? {
        let bytes = document.source.bytes
        guard range.lowerBound >= 0, range.upperBound <= bytes.count, bytes[range].elementsEqual(name.utf8) else { return nil }
        return Diagnostic.FixIt(range: range, replacement: replacement)
    }
}
