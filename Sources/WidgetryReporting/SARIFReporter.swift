public import WidgetryDiagnostics
import WidgetryJSON

/// Findings as a SARIF 2.1.0 log, the format code-scanning services read: one run whose tool
/// lists the rules that were found (sorted by id, each described by the caller's
/// ``RuleDocumentation``: a sentence, a fuller description, help in text and Markdown, and a
/// link to the page that documents it) and
/// one result per finding, in report order, and, when a configuration file applied, an
/// invocation whose `properties.configurations` names it. Columns count Unicode code points, as
/// findings do.
package enum SARIFReporter {
    /// The SARIF 2.1.0 JSON schema the log declares.
    public static let schemaURI = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
    /// Where the tool is described.
    public static let informationURI = "https://widgetry.dev"

    /// The report as a pretty-printed SARIF log ending in a line break.
    ///
    /// - Parameters:
    ///   - toolVersion: the version the driver reports, when given.
    ///   - rules: the documentation of each code found; a code without any is described by its id.
    public static func render(_ report: DiagnosticReport, toolVersion: String? = nil,
                              rules documentation: RuleDocumentation.Lookup = { _ in nil }) -> String {
        let ruleIDs = Set(report.diagnostics.map(\.code.description)).sorted()
        let ruleIndex = Dictionary(uniqueKeysWithValues: ruleIDs.enumerated().map { ($1, $0) })
        let rules = ruleIDs.map { rule($0, documentation($0)) }
        var driver: JSONValue = ["name": "widgetry"]
        if let toolVersion { driver["version"] = .text(toolVersion) }
        driver["informationUri"] = .text(informationURI)
        driver["rules"] = JSONValue(.array(rules))

        let results = report.diagnostics.map { diagnostic -> JSONValue in
            var text = diagnostic.message
            if let hint = diagnostic.hint { text += "\nhint: \(hint)" }
            var physical: JSONValue = ["artifactLocation": ["uri": .text(uri(forPath: diagnostic.file))]]
            if let location = diagnostic.location {
                physical["region"] = [
                    "startLine": .number(location.line),
                    "startColumn": .number(location.column),
                    "endColumn": .number(location.column + diagnostic.length),
                ]
            }
            var result: JSONValue = [
                "ruleId": .text(diagnostic.code.description),
                "ruleIndex": .number(ruleIndex[diagnostic.code.description]),
                "level": .text(level(of: diagnostic.severity)),
                "message": ["text": .text(text)],
                "locations": [["physicalLocation": physical]],
            ]
            if let pointer = diagnostic.pointer {
                result["properties"] = ["pointer": .text(pointer.description)]
            }
            return result
        }
        var run: JSONValue = [
            "tool": ["driver": driver],
            "columnKind": "unicodeCodePoints",
            "results": JSONValue(.array(results)),
        ]
        if !report.configurations.isEmpty {
            // The configuration files that applied, as an invocation's property bag.
            run["invocations"] = [[
                "executionSuccessful": true,
                "properties": ["configurations": JSONValue(.array(report.configurations.map { JSONValue(.string($0)) }))],
            ]]
        }
        let log: JSONValue = [
            "$schema": .text(schemaURI),
            "version": "2.1.0",
            "runs": JSONValue(.array([run])),
        ]
        return log.serialized(JSONWritingOptions(pretty: true)) + "\n"
    }

    /// The reporting descriptor of the rule `id`: described when there is documentation, else by
    /// its id alone.
    static func rule(_ id: String, _ documentation: RuleDocumentation?) -> JSONValue {
        guard let explanation = documentation else { return ["id": .text(id), "shortDescription": ["text": .text(id)]] }
        var rule: JSONValue = [
            "id": .text(id),
            "shortDescription": ["text": .text(explanation.summary)],
            "fullDescription": ["text": .text(explanation.fullDescription)],
            "help": ["text": .text(explanation.fullDescription + (explanation.helpURI.map { " See \($0)." } ?? "")),
                     "markdown": .text(explanation.markdown)],
        ]
        if let helpURI = explanation.helpURI { rule["helpUri"] = .text(helpURI) }
        return rule
    }

    /// SARIF's level for a severity.
    static func level(of severity: Diagnostic.Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "note"
        }
    }

    /// A relative path as a URI reference: every byte outside the unreserved characters and
    /// `/` percent-encoded.
    static func uri(forPath path: String) -> String {
        var result = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                result += "%" + (hex.count == 1 ? "0" : "") + hex
            }
        }
        return result
    }
}
