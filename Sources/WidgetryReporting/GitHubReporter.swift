public import WidgetryDiagnostics

/// Findings as GitHub Actions workflow commands, one line each, which the runner turns into
/// annotations on the files of a pull request:
/// `::error file=Feed.json,line=12,col=31,endColumn=37,title=[schema.enum]::message`.
/// Notes become `notice` annotations.
package enum GitHubReporter {
    /// The report as workflow commands, one per finding, each ending in a line break.
    public static func render(_ report: DiagnosticReport) -> String {
        var text = ""
        for diagnostic in report.diagnostics {
            var properties = ["file=" + escapeProperty(diagnostic.file)]
            if let location = diagnostic.location {
                properties += ["line=\(location.line)", "col=\(location.column)", "endColumn=\(location.column + diagnostic.length)"]
            }
            properties.append("title=" + escapeProperty("[\(diagnostic.code)]"))
            var message = diagnostic.message
            if let hint = diagnostic.hint { message += "\nhint: \(hint)" }
            text += "::\(command(for: diagnostic.severity)) \(properties.joined(separator: ","))::\(escapeData(message))\n"
        }
        return text
    }

    static func command(for severity: Diagnostic.Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "notice"
        }
    }

    /// A command's message: `%`, carriage returns and line feeds percent-encoded.
    static func escapeData(_ text: String) -> String {
        escape(text, alsoSeparators: false)
    }

    /// A property value: as a message, and `:` and `,` percent-encoded too.
    static func escapeProperty(_ text: String) -> String {
        escape(text, alsoSeparators: true)
    }

    private static func escape(_ text: String, alsoSeparators: Bool) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": result += "%25"
            case "\r": result += "%0D"
            case "\n": result += "%0A"
            case ":" where alsoSeparators: result += "%3A"
            case "," where alsoSeparators: result += "%2C"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
