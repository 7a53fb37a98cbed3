import Foundation
import Testing
import WidgetryTestSupport

/// Every command reports the same broken bundle the same way: the file as the person can open
/// it, the line and column, the code and the hint, in text and in every report format.
@Suite struct UniformErrorTests {
    /// A copy of the Feed sample whose stub file misspells `actions` (line 12, column 3).
    private static func brokenBundle(in directory: TemporaryDirectory) throws -> String {
        let bundle = directory.path + "/Broken"
        try FileManager.default.copyItem(atPath: CommandRunner.feed, toPath: bundle)
        let stub = bundle + "/StubService.json"
        let text = try String(contentsOfFile: stub, encoding: .utf8)
        let range = try #require(text.range(of: "\"actions\""))
        try Data(text.replacingCharacters(in: range, with: "\"actionz\"").utf8).write(to: URL(fileURLWithPath: stub))
        return bundle
    }

    private static let place = "/StubService.json:12:3: error: "

    @Test func textNamesTheSamePlaceCodeAndHintInEveryCommand() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let bundle = try Self.brokenBundle(in: directory)
        let commands: [(arguments: [String], code: String, onStandardOutput: Bool)] = [
            (["run", bundle], "service.unknown-key", false),
            (["call", bundle, "homeFeed"], "service.unknown-key", false),
            (["serve-stub", bundle, "--port", "0"], "service.unknown-key", false),
            (["contract", bundle, "--service", "stub"], "service.unknown-key", false),
            (["lint", bundle], "service.unknown-key", true),
            (["validate", bundle], "schema.additional-property", true),
        ]
        for command in commands {
            let outcome = try CommandRunner.run(command.arguments)
            let text = command.onStandardOutput ? outcome.stdout : outcome.stderr
            #expect(outcome.status != 0, "\(command.arguments[0]) fails")
            #expect(text.contains(bundle + Self.place), "\(command.arguments[0]) names the file, line and column: \(text)")
            #expect(text.contains("[\(command.code)]"), "\(command.arguments[0]) gives the code")
            #expect(text.contains("  12 |   \"actionz\": {"), "\(command.arguments[0]) quotes the line")
            #expect(text.contains("hint: did you mean \"actions\"?"), "\(command.arguments[0]) gives the hint")
        }
    }

    @Test(arguments: ["run", "call", "lint", "validate"])
    func errorsAreAJSONReportWhenAskedFor(command: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let bundle = try Self.brokenBundle(in: directory)
        var arguments = [command, bundle] + (command == "call" ? ["homeFeed"] : [])
        arguments += command == "lint" || command == "validate" ? ["--format", "json"] : ["--error-format", "json"]
        let outcome = try CommandRunner.run(arguments)
        #expect(outcome.status != 0)
        let findings = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [[String: Any]])
        let finding = try #require(findings.first { ($0["file"] as? String) == bundle + "/StubService.json" })
        #expect(finding["line"] as? Int == 12)
        #expect(finding["column"] as? Int == 3)
        #expect(finding["severity"] as? String == "error")
        #expect((finding["hint"] as? String) == "did you mean \"actions\"?")
    }

    @Test func errorsReachSARIFGitHubAndJUnit() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let bundle = try Self.brokenBundle(in: directory)
        let sarif = try CommandRunner.run(["run", bundle, "--error-format", "sarif"])
        let log = try #require(try JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as? [String: Any])
        let results = try #require(((log["runs"] as? [[String: Any]])?.first?["results"]) as? [[String: Any]])
        #expect(results.first?["ruleId"] as? String == "service.unknown-key")
        let github = try CommandRunner.run(["call", bundle, "homeFeed", "--error-format", "github"])
        #expect(github.stdout.hasPrefix("::error file=\(bundle)/StubService.json,line=12,col=3,endColumn=12,title=[service.unknown-key]::"))
        let junit = try CommandRunner.run(["run", bundle, "--error-format", "junit"])
        #expect(junit.stdout.contains("<failure message=\"the service file has unknown key &quot;actionz&quot;\" type=\"service.unknown-key\">"))
        #expect(sarif.status == 2 && github.status == 2 && junit.status == 2)
    }

    @Test func theCommandLinesOwnErrorsAndPredicateErrorsTakeTheSameForms() throws {
        let usage = try CommandRunner.run(["eval", "--var", "nope", "--predicate", "TRUEPREDICATE", "--error-format", "json"])
        #expect(usage.status == 2)
        let findings = try #require(try JSONSerialization.jsonObject(with: Data(usage.stdout.utf8)) as? [[String: Any]])
        #expect(findings.first?["rule"] as? String == "usage.invalid-option")
        let syntax = try CommandRunner.run(["eval", "--predicate", "a =="])
        #expect(syntax.stderr.hasPrefix("<predicate>:1:5: error: expected an expression after '==', but the text ends [predicate.unexpected-end]\n"))
    }

    @Test func anUnknownScreenHasACodeAndNamesTheNearestOrTheKnownOnes() throws {
        let near = try CommandRunner.run(["run", CommandRunner.feed, "--screen", "FeedViewControler"])
        #expect(near.status == 2)
        #expect(near.stderr == "error: the bundle has no screen FeedViewControler [run.unknown-screen]\n  hint: did you mean \"FeedViewController\"?\n")
        let far = try CommandRunner.run(["run", CommandRunner.feed, "--screen", "Nope"])
        #expect(far.stderr.contains("hint: known screens: FeedViewController, NewPostViewController, PostDetailsViewController"))
    }
}
