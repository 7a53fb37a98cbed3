import Foundation
import Testing
import WidgetryTestSupport

/// `lint --fix` makes the fix-it each domain attaches to a misspelt name (the screen compiler,
/// the service and model readers, the predicate analysis, a lint rule), never words of a hint:
/// each misspelling in a copy of Hello is fixed back to the sample's bytes exactly.
@Suite struct FixItDomainTests {
    static let hello = Samples.widget("Hello")

    /// Misspells `correct` as `misspelt` at the start of a string in `file` of a copy of Hello
    /// (`rest` follows it there), runs `lint --fix`, and checks that it reports
    /// `'misspelt' → 'correct' [code]` and leaves the file byte for byte as the sample has it.
    static func expectFixed(_ file: String, _ correct: String, misspelt: String, followedBy rest: String = "\"", code: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let bundle = try directory.copy(of: hello, as: "Hello", editing: [(file, "\"\(correct)\(rest)", "\"\(misspelt)\(rest)")])
        let fix = try CommandRunner.run(["lint", "--fix", "Hello"], in: directory.path)
        #expect(fix.stderr.contains("'\(misspelt)' → '\(correct)' [\(code)]"), "\(fix.stderr)")
        let fixed = try Data(contentsOf: URL(fileURLWithPath: bundle + "/" + file))
        let original = try Data(contentsOf: URL(fileURLWithPath: hello + "/" + file))
        #expect(fixed == original, "\(String(decoding: fixed, as: UTF8.self))")
    }

    @Test func aMisspeltControllerTypeOfAScreen() throws {
        try Self.expectFixed("NotesViewController.json", "OnLoadActionController", misspelt: "OnLoadActionControler", code: "screen.unknown-type")
    }

    @Test func aMisspeltKeyOfAServiceAction() throws {
        try Self.expectFixed("StubService.json", "clearPolicy", misspelt: "clearPolcy", code: "service.unknown-key")
    }

    @Test func aMisspeltKeyOfAModelAttribute() throws {
        try Self.expectFixed("Model.json", "optional", misspelt: "optinal", code: "model.unknown-key")
    }

    @Test func aMisspeltKeyPathOfAPredicate() throws {
        try Self.expectFixed("NotesViewController.json", "stars", misspelt: "strs", followedBy: " >= 3\"", code: "unknown-key-path")
    }

    /// A character set named in a predicate's function call: the hint names it in the
    /// predicate's quotes, and only the fix-it says what to write.
    @Test func aMisspeltCharacterSetOfAPredicateFunction() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = "NotesViewController.json"
        let call = { (set: String) in "\"FUNCTION(text, 'stringByTrimmingCharactersInSet:', '\(set)') == ''\"" }
        let bundle = try directory.copy(of: Self.hello, as: "Hello", editing: [(file, "\"stars >= 3\"", call("letterCharacterSt"))])
        let fix = try CommandRunner.run(["lint", "--fix", "Hello"], in: directory.path)
        #expect(fix.stderr.contains("'letterCharacterSt' → 'letterCharacterSet' [function-type]"), "\(fix.stderr)")
        let original = try String(contentsOfFile: Self.hello + "/" + file, encoding: .utf8)
        let fixed = try Data(contentsOf: URL(fileURLWithPath: bundle + "/" + file))
        #expect(fixed == Data(original.replacingOccurrences(of: "\"stars >= 3\"", with: call("letterCharacterSet")).utf8))
    }

    @Test func aMisspeltScreenOfTheUnknownScreenRule() throws {
        try Self.expectFixed("Info.json", "NotesViewController", misspelt: "NoteViewController", code: "unknown-screen")
    }
}
