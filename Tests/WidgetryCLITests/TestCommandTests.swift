import Foundation
import Testing
import WidgetryTestSupport

/// `widgetry test`, as CI runs it.
struct TestCommandTests {
    @Test func theFeedScenariosPassAndReportAsTextAndJUnit() throws {
        let text = try CommandRunner.run(["test", CommandRunner.feed])
        #expect(text.status == 0, "\(text.stdout)\(text.stderr)")
        #expect(text.stdout.contains("✓ A row opens the post in full (§9.6) (6 steps)"))
        #expect(text.stdout.hasSuffix("5 passed, 0 failed\n"))

        let junit = try CommandRunner.run(["test", CommandRunner.feed, "--format", "junit"])
        #expect(junit.status == 0)
        #expect(junit.stdout.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites tests=\"5\" failures=\"0\">\n"))
        #expect(junit.stdout.contains("<testcase classname=\"mobi.favio.WidgetDemo\" name=\"Search filters the feed after the throttle (§9.5)\""))
        #expect(try CommandRunner.run(["test", CommandRunner.feed, "--format", "junit"]).stdout == junit.stdout)
    }

    @Test func aFailingScenarioExitsOneWithItsStepAndAMinimumCoverageIsEnforced() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let bundle = directory.path + "/Feed"
        try FileManager.default.copyItem(atPath: CommandRunner.feed, toPath: bundle)
        try Data(#"{"name": "wrong title", "steps": [{"expect": "elements.titleLabel.value == 'Nobody'"}]}"#.utf8)
            .write(to: URL(fileURLWithPath: bundle + "/Tests/9-wrong.scenario.json"))
        let outcome = try CommandRunner.run(["test", bundle, "--scenario", "wrong"])
        #expect(outcome.status == 1)
        #expect(outcome.stdout.contains("✗ wrong title (1 step)"))
        #expect(outcome.stdout.contains("9-wrong.scenario.json:1:35: step 1 (expect elements.titleLabel.value == 'Nobody'): expected elements.titleLabel.value == 'Nobody'"))
        #expect(outcome.stdout.contains("elements.titleLabel.value is \"Favio Mobile\""))

        let junit = try CommandRunner.run(["test", bundle, "--scenario", "wrong", "--format", "junit"])
        #expect(junit.status == 1)
        #expect(junit.stdout.contains("<failure message=\"step 1 (expect elements.titleLabel.value == &apos;Nobody&apos;)\" type=\"scenario.expectation\">"),
                "a failure's type is its code")

        let coverage = try CommandRunner.run(["test", CommandRunner.feed, "--coverage", "--min-coverage", "99"])
        #expect(coverage.status == 1)
        #expect(coverage.stdout.contains("✓ FeedViewController footerActivityIndicator.wx_value (FeedViewController.json:82): took ifTrue, ifFalse"))
        #expect(coverage.stderr.contains("is below --min-coverage 99.0%"))
        #expect(try CommandRunner.run(["test", CommandRunner.feed, "--min-coverage", "50"]).status == 0)
    }

    @Test func aGoldenThatDiffersPrintsAUnifiedDiffWithoutColourOffATerminal() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let bundle = try directory.copy(of: CommandRunner.feed, as: "Feed", editing: [
            ("Tests/goldens/feed.txt", "addButton (UIBarButtonItem): title=\"+\"", "addButton (UIBarButtonItem): title=\"add\""),
        ])
        // Colour is off because standard output is a file, whatever TERM and NO_COLOR say.
        let outcome = try CommandRunner.run(["test", bundle, "--scenario", "feed loads"], environment: ["NO_COLOR": "", "TERM": "xterm-256color"])
        #expect(outcome.status == 1)
        let expected = [
            "the snapshot differs from goldens/feed.txt (- golden, + run):",
            "@@ -3,7 +3,7 @@",
            " navigation:",
            "   title: \"Favio Mobile\"",
            "   titleLabel (UILabel): text=\"Favio Mobile\" hidden=false",
            "-  addButton (UIBarButtonItem): title=\"add\" enabled=true",
            "+  addButton (UIBarButtonItem): title=\"+\" enabled=true",
            " views:",
            "   - (UIView): hidden=false",
            "     emptyDataView (UILabel): text=\"No posts here yet!\" hidden=true",
        ].joined(separator: "\n    ") + "\n"
        #expect(outcome.stdout.contains(expected), "\(outcome.stdout)")
        #expect(!outcome.stdout.contains("\u{1B}"))
    }

    @Test func aGoldenDiffIsColouredOnATerminalUnlessNoColorOrADumbTerminal() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let bundle = try directory.copy(of: CommandRunner.feed, as: "Feed", editing: [("Tests/goldens/feed.txt", "title=\"+\"", "title=\"add\"")])
        let arguments = ["test", bundle, "--scenario", "feed loads"]
        let coloured = try TerminalRunner.run(arguments, term: "xterm-256color")
        #expect(coloured.status == 1)
        #expect(coloured.output.contains("    \u{1B}[36m@@ -3,7 +3,7 @@\u{1B}[m\r\n"), "\(coloured.output)")
        #expect(coloured.output.contains("    \u{1B}[31m-  addButton (UIBarButtonItem): title=\"add\" enabled=true\u{1B}[m\r\n"))
        #expect(coloured.output.contains("    \u{1B}[32m+  addButton (UIBarButtonItem): title=\"+\" enabled=true\u{1B}[m\r\n"))
        for (term, noColor) in [("xterm-256color", "1"), ("dumb", nil)] as [(String, String?)] {
            let plain = try TerminalRunner.run(arguments, term: term, noColor: noColor)
            #expect(plain.status == 1)
            #expect(plain.output.contains("    -  addButton (UIBarButtonItem): title=\"add\" enabled=true\r\n"), "\(plain.output)")
            #expect(!plain.output.contains("\u{1B}"), "TERM=\(term) NO_COLOR=\(noColor ?? "unset")")
        }
    }

    @Test func anInvalidScenarioIsAnInputErrorWithItsPlace() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let bundle = directory.path + "/Feed"
        try FileManager.default.copyItem(atPath: CommandRunner.feed, toPath: bundle)
        try Data(#"{"steps": [{"tapp": "addButton"}]}"#.utf8).write(to: URL(fileURLWithPath: bundle + "/Tests/bad.scenario.json"))
        let outcome = try CommandRunner.run(["test", bundle])
        #expect(outcome.status == 2)
        // A failed case of the report, the other scenarios run.
        #expect(outcome.stdout.contains("bad.scenario.json: cannot be read\n"), "\(outcome.stdout)")
        #expect(outcome.stdout.contains("bad.scenario.json:1:1"))
        #expect(outcome.stdout.contains("[scenario.missing-key]"))
        #expect(outcome.stdout.hasSuffix("5 passed, 1 failed\n"))
    }

    @Test func runPlaysAScenarioPrintingTheSnapshotAfterEachStep() throws {
        let outcome = try CommandRunner.run(["run", CommandRunner.feed, "--scenario", CommandRunner.feed + "/Tests/3-post-details.scenario.json"])
        #expect(outcome.status == 0)
        #expect(outcome.stdout.hasPrefix("== step 1: tap row 0 of tableView\nscreen PostDetailsViewController at t=0.500"))
        #expect(outcome.stdout.components(separatedBy: "\n== step ").count == 6)
    }
}
