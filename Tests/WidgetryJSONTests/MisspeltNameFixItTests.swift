import Testing
import WidgetryJSON

/// Codes of a made-up domain, to read with.
private enum FixCode: String, StrictReaderCodes {
    case unknownKey = "fix.unknown-key"
    case wrongType = "fix.wrong-type"
    case missingKey = "fix.missing-key"
    case invalidValue = "fix.invalid-value"
}

private enum Size: String, CaseIterable {
    case small, large
}

/// The strict reader gives a misspelt key or choice the safe fix-it to the one name it surely
/// means, placed on the name's bytes inside its quotes; nothing less certain gets one.
@Suite struct MisspeltNameFixItTests {
    private func problems(_ text: String, allowed: Set<String>, unknownKeyHint: ((String) -> String?)? = nil) throws -> [Problem<FixCode>] {
        var read = StrictReader<FixCode>(file: "t.json")
        _ = read.object(try JSONParser.parse(text, fileName: "t.json").root, allowed: allowed, what: "x", unknownKeyHint: unknownKeyHint)
        return read.problems
    }

    @Test func anUnknownKeyOneEditFromTheOnlyNearKeyIsFixedInsideItsQuotes() throws {
        let text = #"{"a": 1, "titl": 2}"#
        let problem = try #require(try problems(text, allowed: ["a", "title", "subtitle"]).first)
        let key = Array(text.utf8).firstIndex(of: UInt8(ascii: "t"))!
        #expect(problem.fixIts == [FixIt(range: key..<(key + 4), replacement: "title")])
        #expect(problem.diagnostic().fixIts == problem.fixIts, "the finding carries it")
    }

    @Test func nothingLessCertainGetsAFixIt() throws {
        #expect(try problems(#"{"cat": 1}"#, allowed: ["cart", "cast"]).first?.fixIts == [], "two keys as near")
        #expect(try problems(#"{"ttle2": 1}"#, allowed: ["title"]).first?.fixIts == [], "two edits")
        #expect(try problems(#"{"tit\"l": 1}"#, allowed: ["tit\"le"]).first?.fixIts == [], "a name JSON escapes")
        #expect(try problems(#"{"titl": 1}"#, allowed: ["title"], unknownKeyHint: { _ in "titl belongs elsewhere" }).first?.fixIts == [],
                "a domain's own hint says where the key belongs")
        #expect(try problems(#"{"titl": 1}"#, allowed: ["title"], unknownKeyHint: { _ in nil }).first?.fixIts.count == 1)
    }

    @Test func aMisspeltChoiceIsFixed() throws {
        var read = StrictReader<FixCode>(file: "t.json")
        let text = #"{"size": "smal"}"#
        _ = read.choice(try JSONParser.parse(text, fileName: "t.json").root.objectValue?["size"], Size.self, what: "size", invalid: .invalidValue)
        let start = text.utf8.count - #"smal"}"#.utf8.count
        #expect(read.problems.first?.fixIts == [FixIt(range: start..<(start + 4), replacement: "small")])
    }

    /// A finding whose fix-it renames its token is underlined as any other; one whose fix-it
    /// edits at its place (a comma inserted) keeps its one character.
    @Test func aRenamedTokenIsStillUnderlined() throws {
        let text = #"{"titl": 1}"#
        let source = SourceText(fileName: "t.json", bytes: Array(text.utf8))
        let problem = try #require(try problems(text, allowed: ["title"]).first)
        #expect(problem.diagnostic().underliningToken(in: source).length == 6)
        var inserting = problem.diagnostic()
        inserting.fixIts = [.insert(",", at: 1)]
        #expect(inserting.underliningToken(in: source).length == 1)
    }
}
