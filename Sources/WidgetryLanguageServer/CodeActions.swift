import WidgetryDiagnostics
import WidgetryLanguageServerProtocol
import WidgetryLint

/// The code actions of a document's findings: each fix-it of a finding in the range as a quick
/// fix (preferred when it is safe to apply without looking), and one action that applies every
/// certain fix of the file, as `widgetry lint --fix` would.
enum CodeActions {
    /// The kind of the fix-all action.
    static let fixAllKind = CodeActionKind(rawValue: "source.fixAll.widgetry")

    /// The actions for `range` of `file`, of the kinds `only` asks for (all when nil).
    static func actions(for file: BundleFindings.File, in range: LSPRange, only: [CodeActionKind]?) -> [CodeAction] {
        var actions: [CodeAction] = []
        if wanted(.quickFix, only: only) {
            for finding in file.findings where overlaps(finding.diagnostic.range, range) {
                for fixIt in finding.source.fixIts {
                    guard let edits = textEdits(fixIt.edits, in: file.text) else { continue }
                    actions.append(CodeAction(title: title(of: fixIt, in: file.text.bytes), kind: .quickFix, diagnostics: [finding.diagnostic],
                                              isPreferred: fixIt.isSafe ? true : nil, edit: WorkspaceEdit(changes: [file.uri: edits])))
                }
            }
        }
        if wanted(fixAllKind, only: only), let fixAll = fixAll(file) { actions.append(fixAll) }
        return actions
    }

    /// Every certain fix of the file, none overlapping another, as one action.
    static func fixAll(_ file: BundleFindings.File) -> CodeAction? {
        let sources = Dictionary(file.findings.map { ($0.source.file, SourceText(fileName: nil, bytes: file.text.bytes)) }, uniquingKeysWith: { first, _ in first })
        var kept: [LintFix] = []
        for fix in LintFix.certain(in: file.findings.map(\.source), sources: sources).sorted(by: { $0.range.lowerBound < $1.range.lowerBound })
        where kept.last.map({ $0.range.upperBound <= fix.range.lowerBound }) ?? true {
            kept.append(fix)
        }
        guard !kept.isEmpty, let edits = textEdits(kept.map { FixIt.Edit(range: $0.range, replacement: $0.replacement) }, in: file.text) else { return nil }
        let fixed = Set(kept.map { "\($0.finding.place.start?.offset ?? -1) \($0.finding.code)" })
        let answered = file.findings.filter { fixed.contains("\($0.source.place.start?.offset ?? -1) \($0.source.code)") }.map(\.diagnostic)
        return CodeAction(title: kept.count == 1 ? "Apply the certain fix of widgetry" : "Apply the \(kept.count) certain fixes of widgetry",
                          kind: fixAllKind, diagnostics: answered, edit: WorkspaceEdit(changes: [file.uri: edits]))
    }

    /// Whether an action of `kind` is wanted: `only` names it or a kind it is under.
    static func wanted(_ kind: CodeActionKind, only: [CodeActionKind]?) -> Bool {
        guard let only else { return true }
        return only.contains { kind.rawValue == $0.rawValue || kind.rawValue.hasPrefix($0.rawValue + ".") }
    }

    /// Whether two ranges share a position (touching counts, so a cursor at a finding's end
    /// finds it).
    static func overlaps(_ lhs: LSPRange, _ rhs: LSPRange) -> Bool {
        !(lhs.end < rhs.start || rhs.end < lhs.start)
    }

    /// The edits of byte ranges as text edits in UTF-16 positions; nil when one does not lie in
    /// the text, or does not start and end between characters.
    static func textEdits(_ edits: [FixIt.Edit], in text: TextDocument) -> [TextEdit]? {
        var converted: [TextEdit] = []
        for edit in edits {
            guard edit.range.lowerBound >= 0, edit.range.upperBound <= text.bytes.count,
                  [edit.range.lowerBound, edit.range.upperBound].allSatisfy({ $0 == text.bytes.count || text.bytes[$0] & 0xC0 != 0x80 }) else { return nil }
            converted.append(TextEdit(range: LSPRange(start: text.position(atOffset: edit.range.lowerBound), end: text.position(atOffset: edit.range.upperBound)),
                                      newText: edit.replacement))
        }
        return converted
    }

    /// The change in words: `Replace 'lod' with 'load'`, `Insert ','`, `Remove ','`.
    static func title(of fixIt: FixIt, in bytes: [UInt8]) -> String {
        fixIt.edits.map { edit in
            let original = String(decoding: bytes[max(0, edit.range.lowerBound)..<min(bytes.count, edit.range.upperBound)], as: UTF8.self)
            if original.isEmpty { return "Insert '\(edit.replacement)'" }
            if edit.replacement.isEmpty { return "Remove '\(original)'" }
            return "Replace '\(original)' with '\(edit.replacement)'"
        }.joined(separator: ", ")
    }
}

extension LanguageServer {
    /// `textDocument/codeAction`: the quick fixes of the findings in the range, and fix-all.
    func codeActions(_ params: CodeActionParams) async throws -> [CodeAction]? {
        let (path, text) = try document(params.textDocument.uri)
        try Self.check(params.range.start, in: text)
        try Self.check(params.range.end, in: text)
        guard let root = bundle(holding: path), let file = await currentFindings(root).files[path] else { return [] }
        return CodeActions.actions(for: file, in: params.range, only: params.context.only)
    }
}
