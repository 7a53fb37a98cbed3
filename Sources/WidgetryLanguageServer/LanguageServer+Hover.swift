import Foundation
import WidgetryLanguageServerProtocol
import WidgetryLint

extension LanguageServer {
    /// `textDocument/hover`: over a finding, its message and what its code means, as
    /// `widgetry lint --explain CODE` prints it, in Markdown; nothing elsewhere.
    func hover(_ params: TextDocumentPositionParams) async throws -> Hover? {
        let (path, text) = try document(params.textDocument.uri)
        try Self.check(params.position, in: text)
        guard let root = bundle(holding: path), let file = await currentFindings(root).files[path] else { return nil }
        let here = file.findings.filter { $0.diagnostic.range.start <= params.position && params.position <= $0.diagnostic.range.end }
        guard let first = here.first else { return nil }
        let sections = here.map { finding in
            let code = finding.source.code.description
            var section = "**`\(code)`** (\(finding.source.severity.rawValue)): \(finding.source.message)"
            if let hint = finding.source.hint { section += "\n\nHint: \(hint)" }
            if let explanation = CodeExplanation(code) {
                section += "\n\n```text\n\(explanation.text.trimmingCharacters(in: .newlines))\n```"
                if let link = explanation.helpURI { section += "\n\n[\(explanation.anchor.map { "FORMAT.md#" + $0 } ?? link)](\(link))" }
            }
            return section
        }
        return Hover(contents: MarkupContent(kind: .markdown, value: sections.joined(separator: "\n\n---\n\n")), range: first.diagnostic.range)
    }
}
