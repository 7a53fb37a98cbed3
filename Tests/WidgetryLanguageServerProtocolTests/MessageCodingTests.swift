import Foundation
import Testing
import WidgetryLanguageServerProtocol

/// The structures' JSON: the specification's keys, tagged unions told apart by `kind`, `null`
/// where the specification asks for it, and the same bytes on every run.
@Suite struct MessageCodingTests {
    private func json(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    private func decode<T: Decodable>(_ type: T.Type, _ text: String) throws -> T {
        try JSONDecoder().decode(type, from: Data(text.utf8))
    }

    @Test func diagnosticReportsCarryTheirKind() throws {
        let diagnostic = Diagnostic(range: LSPRange(start: Position(line: 1, character: 2), end: Position(line: 1, character: 5)),
                                    severity: .warning, code: .string("unknown-screen"), source: "widgetry", message: "no screen Feed",
                                    relatedInformation: [DiagnosticRelatedInformation(
                                        location: Location(uri: "file:///Info.json", range: LSPRange(start: Position(line: 0, character: 0), end: Position(line: 0, character: 1))),
                                        message: "entryScreen names it")])
        let full = DocumentDiagnosticReport.full(FullDocumentDiagnosticReport(
            resultId: "7", items: [diagnostic], relatedDocuments: ["file:///B.json": .unchanged(UnchangedDocumentDiagnosticReport(resultId: "3"))]))
        let text = try json(full)
        #expect(text == #"{"items":[{"code":"unknown-screen","message":"no screen Feed","range":{"end":{"character":5,"line":1},"start":{"character":2,"line":1}},"relatedInformation":[{"location":{"range":{"end":{"character":1,"line":0},"start":{"character":0,"line":0}},"uri":"file:///Info.json"},"message":"entryScreen names it"}],"severity":2,"source":"widgetry"}],"kind":"full","relatedDocuments":{"file:///B.json":{"kind":"unchanged","resultId":"3"}},"resultId":"7"}"#)
        #expect(try decode(DocumentDiagnosticReport.self, text) == full)
        #expect(throws: DecodingError.self) { try decode(DocumentDiagnosticReport.self, #"{"kind":"partial","items":[]}"#) }
    }

    @Test func progressValuesCarryTheirKind() throws {
        let begin = ProgressParams(token: .integer(4), value: .begin(WorkDoneProgressBegin(title: "Linting", cancellable: false)))
        let text = try json(begin)
        #expect(text == #"{"token":4,"value":{"cancellable":false,"kind":"begin","title":"Linting"}}"#)
        #expect(try decode(ProgressParams.self, text) == begin)
        #expect(try decode(WorkDoneProgressValue.self, #"{"kind":"end","message":"done"}"#) == .end(WorkDoneProgressEnd(message: "done")))
    }

    @Test func readsWhatClientsSendAndIgnoresWhatItDoesNotKnow() throws {
        let params = try decode(InitializeParams.self, #"""
            {"processId":null,"rootUri":"file:///w","capabilities":{"general":{"positionEncodings":["utf-8","utf-16","x-other"]},
             "window":{"workDoneProgress":true,"showDocument":{"support":true}},
             "textDocument":{"publishDiagnostics":{"relatedInformation":true},"completion":{"completionItem":{"snippetSupport":true}}}},
             "initializationOptions":{"strict":[1,2.5,"x",null,{"deep":true}]},"trace":"off"}
            """#)
        #expect(params.processId == nil)
        #expect(params.capabilities.general?.positionEncodings == [.utf8, .utf16, PositionEncodingKind(rawValue: "x-other")])
        #expect(params.capabilities.window?.workDoneProgress == true)
        #expect(params.capabilities.textDocument?.publishDiagnostics?.relatedInformation == true)
        #expect(params.initializationOptions == .object(["strict": .array([.integer(1), .double(2.5), .string("x"), .null, .object(["deep": .bool(true)])])]))
        let change = try decode(DidChangeTextDocumentParams.self, #"""
            {"textDocument":{"uri":"file:///S.json","version":3},"contentChanges":[{"range":{"start":{"line":0,"character":1},"end":{"line":0,"character":2}},"rangeLength":1,"text":"a"},{"text":"whole"}]}
            """#)
        #expect(change.contentChanges.map(\.range) == [LSPRange(start: Position(line: 0, character: 1), end: Position(line: 0, character: 2)), nil])
        let events = try decode(DidChangeWatchedFilesParams.self, #"{"changes":[{"uri":"file:///Service.json","type":2}]}"#)
        #expect(events.changes == [FileEvent(uri: "file:///Service.json", type: .changed)])
    }

    @Test func definitionsAreLocationsOrLinks() throws {
        let range = LSPRange(start: Position(line: 0, character: 0), end: Position(line: 0, character: 4))
        let links = DefinitionResult.links([LocationLink(targetUri: "file:///Service.json", targetRange: range, targetSelectionRange: range)])
        #expect(try decode(DefinitionResult.self, try json(links)) == links)
        let locations = DefinitionResult.locations([Location(uri: "file:///Model.json", range: range)])
        #expect(try decode(DefinitionResult.self, try json(locations)) == locations)
        #expect(try decode(DefinitionResult.self, #"{"uri":"file:///M.json","range":{"start":{"line":0,"character":0},"end":{"line":0,"character":4}}}"#)
            == .locations([Location(uri: "file:///M.json", range: range)]))
    }
}
