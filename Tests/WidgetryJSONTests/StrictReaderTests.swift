import Testing
import WidgetryJSON

/// Codes of a made-up domain, to read with.
private enum TestCode: String, StrictReaderCodes {
    case unknownKey = "test.unknown-key"
    case wrongType = "test.wrong-type"
    case missingKey = "test.missing-key"
    case invalidValue = "test.invalid-value"
}

private enum Flavour: String, CaseIterable {
    case vanilla, chocolate
}

@Suite struct StrictReaderTests {
    private func document(_ text: String) throws -> JSONDocument {
        try JSONParser.parse(text, fileName: "t.json")
    }

    @Test func anUnknownKeyIsReportedAtTheKeyWithTheNearestAllowedOne() throws {
        let json = try document("{\n  \"titel\": \"a\",\n  \"***\": \"comment\"\n}")
        var read = StrictReader<TestCode>(file: "t.json", commentPrefix: "***")
        let object1 = read.object(json.root, allowed: ["title", "subtitle"], what: "the card")
        let object = try #require(object1)
        #expect(object.isEmpty, "the unknown key and the comment are both left out")
        let problem = try #require(read.problems.first)
        #expect(read.problems.count == 1)
        #expect(problem.code == .unknownKey)
        #expect(problem.message == #"the card has unknown key "titel""#)
        #expect(problem.hint == #"did you mean "title"?"#)
        #expect(problem.location?.line == 2 && problem.location?.column == 3, "placed at the key, not its value")
        #expect(problem.pointer?.description == "/titel")
    }

    @Test func withoutANearKeyTheHintListsTheAllowedOnes() throws {
        var read = StrictReader<TestCode>(file: "t.json")
        _ = read.object(try document(#"{"zzzzzz": 1}"#).root, allowed: ["b", "a"], what: "x")
        #expect(read.problems.first?.hint == "known keys: a, b")
    }

    @Test func keptMembersKeepTheirKeyLocations() throws {
        var read = StrictReader<TestCode>(file: "t.json", commentPrefix: "***")
        let root = try document(#"{"***": 0, "a": 1}"#).root
        let found = read.object(root, what: "x")
        let object = try #require(found)
        #expect(object.member("a")?.keyLocation?.column == 12)
    }

    @Test func aWrongTypeNamesTheKeyWhatWasExpectedAndWhatWasFound() throws {
        let json = try document(#"{"title": 5, "tags": ["a", 2], "on": "yes"}"#)
        var read = StrictReader<TestCode>(file: "t.json")
        let results = [read.string(json.root["title"]) == nil, read.strings(json.root["tags"]) == nil,
                       read.bool(json.root["on"]) == nil, read.string(json.root["absent"]) == nil]
        #expect(results == [true, true, true, true])
        #expect(read.problems.map(\.message) == [
            #""title" must be a string, found integer"#,
            "item 1 must be a string, found integer",
            #""on" must be true or false, found string"#,
        ])
        #expect(read.problems.allSatisfy { $0.code == .wrongType && $0.file == "t.json" })
    }

    @Test func aMissingKeyIsReportedAtItsObject() throws {
        let json = try document(#"{"a": {"b": 1}}"#)
        var read = StrictReader<TestCode>(file: "t.json")
        let inner = try #require(json.root["a"])
        let object = try #require(inner.objectValue)
        let value = read.required("c", of: object, in: inner, what: "a", hint: "add it")
        #expect(value == nil)
        let problem = try #require(read.problems.first)
        #expect(problem.code == .missingKey)
        #expect(problem.message == #"a needs "c""#)
        #expect(problem.pointer?.description == "/a")
        #expect(problem.hint == "add it")
    }

    @Test func aChoiceOutsideTheCasesSuggestsTheNearest() throws {
        let json = try document(#"["chocolat", "vanilla", "mint"]"#)
        var read = StrictReader<TestCode>(file: "t.json")
        let items = try #require(json.root.arrayValue)
        var chosen: [Flavour?] = []
        for item in items { chosen.append(read.choice(item, Flavour.self, what: "flavour", invalid: .invalidValue)) }
        #expect(chosen == [nil, .vanilla, nil])
        #expect(read.problems.map(\.hint) == [#"did you mean "chocolate"?"#, #"write one of "vanilla", "chocolate""#])
        #expect(read.problems.allSatisfy { $0.code == .invalidValue })
    }

    @Test func problemsComeOutInFileOrder() throws {
        let json = try document(#"{"a": 1, "b": 2}"#)
        var read = StrictReader<TestCode>(file: "t.json")
        _ = read.string(json.root["b"])
        _ = read.string(json.root["a"])
        #expect(read.problems.map { $0.pointer?.description } == ["/a", "/b"])
    }

    @Test func problemsAreDiagnosticsWithTheirCode() throws {
        var read = StrictReader<TestCode>(file: "t.json")
        _ = read.number(try document(#"{"n": "x"}"#).root["n"])
        let diagnostic = try #require(LocatedErrors(read.problems).diagnostics.first)
        #expect(diagnostic.code == "test.wrong-type")
        #expect(diagnostic.severity == .error)
        #expect(diagnostic.file == "t.json")
        #expect(diagnostic.location?.column == 7)
    }
}
