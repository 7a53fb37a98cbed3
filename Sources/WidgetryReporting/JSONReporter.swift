public import WidgetryDiagnostics
import WidgetryJSON

/// Findings for programs: a JSON array with one object per finding, its members always in the
/// order `rule` (the finding's code), `severity`, `file`, `line`, `column`, `pointer`, `message`,
/// `hint` (`null` where a finding has no place, pointer or hint), then `notes` when it has some.
package enum JSONReporter {
    /// The report as pretty-printed JSON text ending in a line break.
    public static func render(_ report: DiagnosticReport) -> String {
        let findings = report.diagnostics.map { diagnostic -> JSONValue in
            var finding: JSONValue = [
                "rule": .text(diagnostic.code.description),
                "severity": .text(diagnostic.severity.rawValue),
                "file": .text(diagnostic.file),
                "line": .number(diagnostic.location?.line),
                "column": .number(diagnostic.location?.column),
                "pointer": .text(diagnostic.pointer?.description),
                "message": .text(diagnostic.message),
                "hint": .text(diagnostic.hint),
            ]
            if !diagnostic.notes.isEmpty, case .object(var members) = finding.kind {
                members["notes"] = JSONValue(.array(diagnostic.notes.map { JSONValue(.string($0)) }))
                finding = JSONValue(.object(members))
            }
            return finding
        }
        return JSONValue(.array(findings)).serialized(JSONWritingOptions(pretty: true)) + "\n"
    }
}

extension JSONValue {
    /// A string, or `null` for nil.
    static func text(_ text: String?) -> JSONValue {
        text.map { JSONValue(.string($0)) } ?? JSONValue(.null)
    }

    /// An integer, or `null` for nil.
    static func number(_ number: Int?) -> JSONValue {
        number.map { JSONValue(.integer(Int64($0))) } ?? JSONValue(.null)
    }
}
