import Foundation
import Testing
import WidgetryJSON
@testable import WidgetryExpressions

@Suite("$keyPath string substitution")
struct StringSubstitutionTests {
    private let source: Value = [
        "a": 5,
        "ratio": 1.5,
        "flag": true,
        "name": "Ann",
        "nothing": nil,
        "content": ["name": "Post", "author": ["name": "Bob"]],
        "people": [["name": "Cy"], ["name": "Di"]],
        "when": .date(Date(timeIntervalSince1970: 1_529_517_600)),
        "größe": 42,
        "名前": "Tarō",
    ]

    private func keyPath(_ template: String) throws -> String {
        try StringSubstitution.keyPath.substitute(in: template, source: source)
    }

    private func key(_ template: String) throws -> String {
        try StringSubstitution.key.substitute(in: template, source: source)
    }

    // MARK: Patterns

    @Test func keyPathPatternReadsDottedPaths() throws {
        #expect(try keyPath("by $content.author.name") == "by Bob")
        #expect(try keyPath("$a-$name") == "5-Ann")
    }

    @Test func keyPatternStopsAtTheFirstDot() throws {
        #expect(try key("destroy/$a.json") == "destroy/5.json")
        #expect(try key("$name.first") == "Ann.first")
    }

    @Test func matchesAreReplacedRightToLeftWithoutRescanning() throws {
        let looping: Value = ["a": "$b", "b": "B"]
        #expect(try StringSubstitution.keyPath.substitute(in: "$a $b", source: looping) == "$b B")
        #expect(try keyPath("$name$a$name") == "Ann5Ann")
    }

    @Test func trailingDotBelongsToTheMatch() throws {
        #expect(try keyPath("Hi $content.name.") == "Hi ")
        #expect(try key("Hi $name.") == "Hi Ann.")
        #expect(StringSubstitution.keyPath.matches(in: "$content.name.").map(\.keyPath) == ["content.name."])
    }

    @Test func nullAndMissingKeysBecomeEmpty() throws {
        #expect(try keyPath("[$nothing][$missing][$content.missing.deeper]") == "[][][]")
    }

    @Test func valuesPrintTheirDescription() throws {
        #expect(try keyPath("$a $ratio $flag") == "5 1.5 1")
        #expect(try keyPath("at $when") == "at 2018-06-20 18:00:00 +0000")
    }

    @Test func unicodeWordCharactersBelongToKeys() throws {
        #expect(try keyPath("$größe cm") == "42 cm")
        #expect(try keyPath("「$名前」") == "「Tarō」")
        #expect(StringSubstitution.key.matches(in: "$a\u{301}b").map(\.keyPath) == ["a\u{301}b"])
    }

    @Test func dollarWithoutWordCharacterStaysLiteral() throws {
        #expect(try keyPath("$") == "$")
        #expect(try keyPath("$$") == "$$")
        #expect(try keyPath("costs $ 5") == "costs $ 5")
        #expect(try keyPath("$$a") == "$5")
        #expect(try keyPath("no matches") == "no matches")
    }

    @Test func pathsMapOverArrays() throws {
        #expect(try keyPath("$people.name") == Value.array(["Cy", "Di"]).description)
        #expect(try keyPath("$people.name") == "(\n    Cy,\n    Di\n)")
        #expect(try keyPath("$content.author.name and $people.name.length") == "Bob and " + Value.array([2, 2]).description)
    }

    @Test func atSignEndsAMatch() throws {
        #expect(StringSubstitution.keyPath.matches(in: "$people.@count").map(\.keyPath) == ["people."])
    }

    // MARK: Binding strings

    @Test func bindingStringWithSubstitutionKeepsPercentLiteral() throws {
        let result = try StringSubstitution.substituteBindingString("$a is 5", source: ["a": 5])
        #expect(result == "5 is 5")
        #expect(try StringSubstitution.substituteBindingString("number %@", source: .string(result)) == "number 5 is 5")
        #expect(try StringSubstitution.substituteBindingString("$a is %@", source: ["a": 5]) == "5 is %@")
    }

    @Test func bindingStringWithoutSubstitutionFillsPlaceholders() throws {
        let chosen = try StringSubstitution.substituteBindingString("yo", source: .bool(true))
        #expect(chosen == "yo")
        #expect(try StringSubstitution.substituteBindingString("v = '%@'", source: .string(chosen)) == "v = 'yo'")
        #expect(try StringSubstitution.substituteBindingString("%@ and %@, 100%% %d %", source: 7) == "7 and 7, 100% %d %")
        #expect(try StringSubstitution.substituteBindingString("%%@", source: 7) == "%@")
    }

    @Test func bindingStringWhoseMatchesReproduceThemselvesCountsAsUnchanged() throws {
        let selfNaming: Value = ["a": "$a"]
        #expect(try StringSubstitution.substituteBindingString("$a: %@", source: selfNaming) == "$a: " + selfNaming.description)
    }

    @Test func frameworkBindingCase() throws {
        let chosen = try StringSubstitution.substituteBindingString("$info is 'test'", source: ["info": "test"])
        #expect(chosen == "test is 'test'")
        #expect(try StringSubstitution.substituteBindingString("string %@", source: .string(chosen)) == "string test is 'test'")
    }

    // MARK: JSON

    private let parameters: JSONValue = ["status": "$text", "reply": "to $user.name", "count": 3, "$text": "key"]

    @Test func upstreamJSONSubstitutionWorksOnText() throws {
        let result = try StringSubstitution.substituteJSON(parameters, source: ["text": "hello", "user": ["name": "Bob"]], mode: .upstream)
        #expect(!result.fellBack)
        #expect(result.json == ["status": "hello", "reply": "to Bob", "count": 3, "hello": "key"])
    }

    @Test func upstreamJSONSubstitutionInsertsNumbersAsText() throws {
        let result = try StringSubstitution.substituteJSON(["id": "$id"], source: ["id": 5], mode: .upstream)
        #expect(result.json == ["id": "5"])
    }

    @Test(arguments: ["He said \"hi\"", "C:\\data"])
    func upstreamJSONSubstitutionFallsBackOnQuotesAndBackslashes(text: String) throws {
        let result = try StringSubstitution.substituteJSON(parameters, source: ["text": .string(text)], mode: .upstream)
        #expect(result.fellBack)
        #expect(result.fallbackReason != nil)
        #expect(result.json == parameters)
    }

    @Test func upstreamJSONSubstitutionReadsBackslashesAsEscapes() throws {
        let result = try StringSubstitution.substituteJSON(["path": "$path"], source: ["path": "C:\\temp"], mode: .upstream)
        #expect(!result.fellBack)
        #expect(result.json == ["path": "C:\temp"])
    }

    @Test(arguments: ["He said \"hi\"", "C:\\data", "C:\\temp"])
    func fixedJSONSubstitutionTakesAnyTextAndLeavesKeys(text: String) throws {
        let result = try StringSubstitution.substituteJSON(parameters, source: ["text": .string(text), "user": ["name": "Bob"]])
        #expect(!result.fellBack)
        let expected: JSONValue = ["status": JSONValue(.string(text)), "reply": "to Bob", "count": 3, "$text": "key"]
        #expect(result.json == expected)
    }

    @Test func fixedJSONSubstitutionKeepsTheTypeOfWholeMatches() throws {
        let template: JSONValue = [
            "id": "$id", "ratio": "$ratio", "flag": "$flag", "none": "$nothing", "tags": "$tags",
            "user": "$user", "when": "$when", "text": "id $id", "nested": ["$id", ["deep": "$flag."]],
        ]
        let source: Value = [
            "id": 5, "ratio": 1.5, "flag": false, "nothing": nil, "tags": .makeSet(["a", "b"]),
            "user": ["name": "Bob"], "when": .date(Date(timeIntervalSince1970: 0)),
        ]
        let result = try StringSubstitution.substituteJSON(template, source: source, mode: .fixed)
        #expect(result.json == [
            "id": 5, "ratio": 1.5, "flag": false, "none": nil, "tags": ["a", "b"],
            "user": ["name": "Bob"], "when": "1970-01-01 00:00:00 +0000", "text": "id 5", "nested": [5, ["deep": nil]],
        ])
    }

    @Test func fixedJSONSubstitutionKeepsSourceLocations() throws {
        let document = try JSONParser.parse(#"{"a": "$x", "b": 1}"#)
        let result = try StringSubstitution.substituteJSON(document.root, source: ["x": "y"])
        #expect(result.json["a"]?.location == document.root["a"]?.location)
        #expect(result.json["b"]?.location == document.root["b"]?.location)
    }
}
