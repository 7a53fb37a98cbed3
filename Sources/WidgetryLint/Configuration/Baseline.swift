import Foundation
public import WidgetryJSON

/// Findings accepted as they are (`--baseline FILE`): lint reports only what is new. A finding
/// is known by its rule, file, JSON Pointer and message, not by its line, so edits elsewhere in
/// a file do not bring it back.
public struct Baseline: Sendable {
    struct Entry: Hashable {
        let rule: String
        let file: String
        let pointer: String
        let message: String
    }

    private var entries: Set<Entry>

    /// The baseline of `findings`.
    public init(_ findings: [Diagnostic]) {
        entries = Set(findings.map(Baseline.entry))
    }

    /// Reads a baseline written by ``json``; nil when the text is not one.
    public init?(json: JSONValue) {
        guard let items = json["findings"]?.arrayValue else { return nil }
        var entries: Set<Entry> = []
        for item in items {
            guard let rule = item["rule"]?.stringValue, let file = item["file"]?.stringValue, let message = item["message"]?.stringValue else { return nil }
            entries.insert(Entry(rule: rule, file: file, pointer: item["pointer"]?.stringValue ?? "", message: message))
        }
        self.entries = entries
    }

    /// The findings the baseline does not hold.
    public func filter(_ findings: [Diagnostic]) -> [Diagnostic] {
        findings.filter { !entries.contains(Baseline.entry($0)) }
    }

    /// The baseline as a file, in a fixed order.
    public var json: JSONValue {
        let sorted = entries.sorted { ($0.file, $0.pointer, $0.rule, $0.message) < ($1.file, $1.pointer, $1.rule, $1.message) }
        let items = sorted.map { entry -> JSONValue in
            var object = JSONObject()
            object["rule"] = JSONValue(.string(entry.rule))
            object["file"] = JSONValue(.string(entry.file))
            object["pointer"] = JSONValue(.string(entry.pointer))
            object["message"] = JSONValue(.string(entry.message))
            return JSONValue(.object(object))
        }
        var root = JSONObject()
        root["findings"] = JSONValue(.array(items))
        return JSONValue(.object(root))
    }

    private static func entry(_ finding: Diagnostic) -> Entry {
        Entry(rule: finding.code, file: finding.file, pointer: finding.pointer?.description ?? "", message: finding.message)
    }
}
