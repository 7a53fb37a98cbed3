import Foundation
import WidgetryLanguageServerProtocol
import WidgetryLint

extension LanguageServer {
    /// `textDocument/hover`, in Markdown: over a finding, its message and what its code means,
    /// as `widgetry lint --explain CODE` prints it; in a screen's predicate or key path, the type
    /// of the path up to the key at the cursor, as lint types it, and in a binding what its
    /// element shows (in an object's entry, what the object has) in the screen's stub run once
    /// that has run; over a key, its documentation
    /// from `docs/FORMAT.md`; nothing elsewhere.
    func hover(_ params: TextDocumentPositionParams) async throws -> Hover? {
        let (path, text) = try document(params.textDocument.uri)
        try Self.check(params.position, in: text)
        guard let root = bundle(holding: path) else { return nil }
        let offset = text.offset(of: params.position)
        var sections: [String] = []
        var range: LSPRange?
        if let file = await currentFindings(root).files[path] {
            let here = file.findings.filter { $0.diagnostic.range.start <= params.position && params.position <= $0.diagnostic.range.end }
            sections += here.map(Self.explanation)
            range = here.first?.diagnostic.range
        }
        let relative = String(path.dropFirst(root.count + 1))
        let definitions = await definitions(of: root)
        if let context = definitions.context, documents[path] == nil || definitions.readFromMemory.contains(path),
           let type = KeyPathType.type(at: offset, inScreenFile: relative, of: context) {
            var section = "`\(type.path)`: \(type.description)"
            if let relationship = type.throughToMany { section += ", one for each object of the to-many relationship \(relationship)" }
            sections.append(section)
            range = range ?? LSPRange(start: text.position(atOffset: type.range.lowerBound), end: text.position(atOffset: type.range.upperBound))
            if let shown = await stubRunValue(at: offset, in: text.bytes, definitions: definitions) { sections.append(shown) }
        } else if let key = KeyDocumentation.key(at: offset, in: definitions.dialect(ofFile: relative).canonical(bytes: text.bytes)) {
            let rows = KeyDocumentation.rows(for: key.name, in: BundleFileKind.classify(path: relative, root: nil))
            sections += rows.map(\.markdown)
            if !rows.isEmpty { range = range ?? LSPRange(start: text.position(atOffset: key.range.lowerBound), end: text.position(atOffset: key.range.upperBound)) }
        }
        guard !sections.isEmpty else { return nil }
        return Hover(contents: MarkupContent(kind: .markdown, value: sections.joined(separator: "\n\n---\n\n")), range: range)
    }

    /// What the element whose binding holds byte `offset` of a screen file shows in the
    /// screen's stub run (``StubRunValues``), or what the object whose entry holds it has
    /// (its status, the rows it gives), when the run has finished or finishes within
    /// ``ServerLimits/stubRunWait``; nil elsewhere, or when it has not.
    private func stubRunValue(at offset: Int, in bytes: [UInt8], definitions: BundleDefinitions) async -> String? {
        guard let place = JSONPlace(bytes: bytes, offset: offset), place.path.count >= 4, case .key(let screen) = place.path[0],
              case .key(let section) = place.path[1], case .key(let id) = place.path[2], id != "@self",
              section == "objects" || (section == "elements" && place.path[3] == .key("bindings")),
              definitions.screens.contains(screen), let runs = definitions.stubRuns,
              let values = await runs.values(of: screen, waiting: limits.stubRunWait) else { return nil }
        guard section == "objects" else { return values.markdown(for: id) }
        // The display controllers the object gives content to.
        let objects = definitions.context?.screens.first { $0.name == screen }?.document.objects ?? []
        let fed = objects.filter { entry in entry.outlets.contains { $0.property == "mainContentProvider" && $0.targets.contains(id) } }.map(\.id)
        return values.markdown(forObject: id, feeding: fed)
    }

    /// A finding's message and hint, and what its code means as `--explain` prints it.
    private static func explanation(_ finding: Finding) -> String {
        let code = finding.source.code.description
        var section = "**`\(code)`** (\(finding.source.severity.rawValue)): \(finding.source.message)"
        if let hint = finding.source.hint { section += "\n\nHint: \(hint)" }
        if let explanation = CodeExplanation(code) {
            section += "\n\n```text\n\(explanation.text.trimmingCharacters(in: .newlines))\n```"
            if let link = explanation.helpURI { section += "\n\n[\(explanation.anchor.map { "FORMAT.md#" + $0 } ?? link)](\(link))" }
        }
        return section
    }
}
