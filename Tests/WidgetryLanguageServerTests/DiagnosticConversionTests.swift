import Testing
import WidgetryDiagnostics
import WidgetryLanguageServerProtocol
@testable import WidgetryLanguageServer

/// A finding as the protocol carries it: its range in UTF-16 code units, its hint after the
/// message, its notes as related information.
@Suite struct DiagnosticConversionTests {
    @Test func theRangeCountsUTF16AndTheNotesBecomeRelatedInformation() {
        // "😀" takes four bytes, two UTF-16 code units and one scalar; "é" two bytes, one unit: the
        // value starts at byte 13, unit 9.
        let text = TextDocument(uri: "file:///b/S.json", languageId: "json", version: 3, text: "{\n  \"😀é\": \"lod\"\n}")
        let offset = Array("{\n  \"😀é\": ".utf8).count
        let finding = WidgetryDiagnostics.Diagnostic(
            code: "unknown-action", severity: .warning,
            place: DiagnosticLocation(file: "b/S.json", start: SourceLocation(offset: offset, line: 2, column: 9), length: 5),
            message: "names action 'lod'", hint: "did you mean \"load\"?", notes: ["the service files define load"])
        let converted = BundleFindings.convert(finding, in: text)
        let range = LSPRange(start: Position(line: 1, character: 9), end: Position(line: 1, character: 14))
        #expect(converted.range == range)
        #expect(converted.severity == .warning)
        #expect(converted.code == .string("unknown-action"))
        #expect(converted.message == "names action 'lod'\nhint: did you mean \"load\"?")
        #expect(converted.relatedInformation == [DiagnosticRelatedInformation(location: Location(uri: "file:///b/S.json", range: range),
                                                                              message: "the service files define load")])
        let plain = WidgetryDiagnostics.Diagnostic(code: "json.missing-comma", severity: .note, place: DiagnosticLocation(file: "b/S.json", start: nil),
                                                   message: "m")
        #expect(BundleFindings.convert(plain, in: text).relatedInformation == nil)
        #expect(BundleFindings.convert(plain, in: text).severity == .information)
        #expect(BundleFindings.convert(plain, in: text).range == LSPRange(start: Position(line: 0, character: 0), end: Position(line: 0, character: 0)))
    }
}
