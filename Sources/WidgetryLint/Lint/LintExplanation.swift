public import WidgetryJSON
/// `widgetry lint --explain RULE`: a rule's documentation, from its description and examples.
public enum LintExplanation {
    public static func text(of rule: LintRuleDescription) -> String {
        var text = "\(rule.id) (\(rule.severity.rawValue) by default)\n\n\(rule.summary)\n\n\(rule.rationale)\n"
        if rule.examples.contains(where: { example in example.files.values.contains { file in LintExample.markers.contains { file.contains($0) } } }) {
            text += "\n\(legend)\n"
        }
        for example in rule.examples {
            let flagged = example.files.values.contains { file in LintExample.markers.contains { file.contains($0) } }
            text += "\n\(flagged ? "Reported" : "Fine"): \(example.title)\n"
            for (name, content) in example.files.sorted(by: { $0.key < $1.key }) {
                var shown = content
                for (index, marker) in LintExample.markers.enumerated() { shown = shown.replacingOccurrences(of: marker, with: index == 0 ? "⟶" : "⟶\(index + 1)") }
                text += "  \(name)\(example.executable.contains(name) ? " (mode 755)" : ""):\n" + shown.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n") + "\n"
            }
        }
        return text
    }

    /// What the markers in the examples mean.
    static let legend = "In the examples, ⟶ marks where lint reports a finding (⟶2, ⟶3: a second, a third); it is not part of the file."

    /// `widgetry lint --list-rules`: one line per rule, its id, default severity and summary.
    public static var ruleTable: String {
        let descriptions = LintRules.all.map { type(of: $0).description }
        let width = descriptions.map(\.id.count).max() ?? 0
        return descriptions.map { description in
            description.id + String(repeating: " ", count: width - description.id.count) + "  "
                + description.severity.rawValue + String(repeating: " ", count: 7 - description.severity.rawValue.count) + "  " + description.summary
        }.joined(separator: "\n") + "\n"
    }

    /// The rules as JSON, for editors and scripts: `[{"id", "severity", "summary"}]`.
    public static var ruleList: JSONValue {
        JSONValue(.array(LintRules.all.map { rule in
            let description = type(of: rule).description
            var object = JSONObject()
            object["id"] = JSONValue(.string(description.id))
            object["severity"] = JSONValue(.string(description.severity.rawValue))
            object["summary"] = JSONValue(.string(description.summary))
            return JSONValue(.object(object))
        }))
    }
}
