import Foundation
public import WidgetryJSON

/// Findings accepted as they are (`--baseline FILE`): lint reports only what is new. A finding
/// is known by its rule, file, JSON Pointer and message, not by its line, so edits elsewhere in
/// a file do not bring it back. Files are stored relative to the baseline file's folder, so the
/// same baseline works whichever folder lint runs from.
public struct Baseline: Sendable {
    struct Entry: Hashable {
        let rule: String
        let file: String
        let pointer: String
        let message: String
    }

    private var entries: Set<Entry>
    /// The folder the baseline file is in: files are stored relative to it.
    private let directory: String

    /// The baseline of `findings` (their files named relative to the working directory, or
    /// absolute), to be stored in the folder `directory`.
    public init(_ findings: [Diagnostic], directory: String) {
        self.directory = directory
        entries = []
        entries = Set(findings.map(entry))
    }

    /// Reads a baseline written by ``json`` into a file in the folder `directory`; nil when
    /// the text is not one.
    public init?(json: JSONValue, directory: String) {
        self.directory = directory
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
        findings.filter { !entries.contains(entry($0)) }
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

    private func entry(_ finding: Diagnostic) -> Entry {
        Entry(rule: finding.code.description, file: RelativePath.of(finding.file, from: directory), pointer: finding.pointer?.description ?? "", message: finding.message)
    }
}
