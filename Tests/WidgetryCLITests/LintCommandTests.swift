import Foundation
import Testing
import WidgetryJSON
import WidgetryTestSupport

/// `widgetry lint`, as CI runs it.
struct LintCommandTests {
    static let broken = Samples.file("Tests/Fixtures/Lint/BrokenFeed/input")

    @Test func cleanSamplesExitZeroAndABrokenBundleOneInEveryFormat() throws {
        let clean = try CommandRunner.run(["lint", CommandRunner.feed, Samples.widget("Tweets")])
        #expect(clean.status == 0)
        #expect(clean.stdout.hasSuffix("0 errors, 0 warnings in 15 files\n") || clean.stdout.contains("0 errors, 0 warnings"))

        let text = try CommandRunner.run(["lint", Self.broken])
        #expect(text.status == 1)
        #expect(text.stdout.contains("FeedViewController.json:22:31: error: unknown key 'favoriteCount' on entity Post [unknown-key-path]"))
        #expect(text.stdout.contains("  hint: did you mean \"favoritesCount\"?"))

        let json = try CommandRunner.run(["lint", Self.broken, "--format", "json"])
        #expect(json.status == 1)
        let findings = try #require(try JSONParser.parse(json.stdout).root.arrayValue)
        #expect(findings.count == 9)
        for format in ["sarif", "github", "junit"] {
            let outcome = try CommandRunner.run(["lint", Self.broken, "--format", format])
            #expect(outcome.status == 1)
            #expect(outcome.stdout.contains("unknown-key-path"))
        }
        #expect(try CommandRunner.run(["lint", Self.broken, "--fail-on", "error"]).status == 1)
    }

    @Test func explainPrintsTheRuleAndItsExamples() throws {
        let outcome = try CommandRunner.run(["lint", "--explain", "unknown-action"])
        #expect(outcome.status == 0)
        #expect(outcome.stdout.hasPrefix("unknown-action (warning by default)\n"))
        #expect(outcome.stdout.contains("Reported: a misspelt action"))
        #expect(try CommandRunner.run(["lint", "--explain", "no-such-rule"]).status == 2)
    }

    @Test func aBaselineAcceptsTodaysFindingsAndShardsSplitTheBundles() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let baseline = directory.file("baseline.json")
        #expect(try CommandRunner.run(["lint", Self.broken, "--write-baseline", baseline]).status == 0, "writing a baseline accepts the findings")
        let accepted = try CommandRunner.run(["lint", Self.broken, "--baseline", baseline])
        #expect(accepted.status == 0)
        #expect(accepted.stdout.contains("0 errors, 0 warnings"))

        let first = try CommandRunner.run(["lint", Self.broken, CommandRunner.feed, "--shard", "1/2"])
        let second = try CommandRunner.run(["lint", Self.broken, CommandRunner.feed, "--shard", "2/2"])
        #expect(first.status == 1, "shard 1 holds the broken bundle")
        #expect(second.status == 0, "shard 2 holds the Feed")
        #expect(try CommandRunner.run(["lint", CommandRunner.feed, "--shard", "3/2"]).status == 2)
    }
}
