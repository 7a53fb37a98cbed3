import Foundation
import Testing
import WidgetryBundle
import WidgetryBundleFetch
import WidgetryJSON
import WidgetryRuntime
@testable import WidgetryScenario
import WidgetryTestSupport

/// Scenario files: the reader, its schema, and the runner's verdicts on the Feed sample.
struct ScenarioTests {
    static let root = Samples.packageRootURL
    static let feed = URL(fileURLWithPath: Samples.widget("Feed"))

    private func scenario(_ text: String, file: String = "/tmp/x.scenario.json") throws -> Scenario {
        try ScenarioReader.read(try JSONParser.parse(text, fileName: file), file: file)
    }

    private func feed() async throws -> WidgetBundle {
        try await BundleLoader().load(try BundleSource(argument: Self.feed.path)).bundle
    }

    @Test func theSchemaDescribesTheStepsTheReaderAccepts() throws {
        let bytes = try [UInt8](Data(contentsOf: Self.root.appendingPathComponent("Schemas/scenario.schema.json")))
        let schema = try JSONParser.parse(bytes).root
        let definitions = try #require(schema["$defs"]?.objectValue)
        var kinds: [String: Set<String>] = [:]
        for member in definitions where member.key.hasSuffix("Step") {
            let kind = String(member.key.dropLast(4))
            kinds[kind] = Set(member.value["properties"]?.objectValue?.keys ?? []).subtracting([kind])
        }
        #expect(kinds == ScenarioReader.stepKinds)
        #expect(Set(schema["properties"]?.objectValue?.keys ?? []) == ScenarioReader.rootKeys)
        #expect(Set(schema["properties"]?["settings"]?["properties"]?.objectValue?.keys ?? []) == ScenarioReader.settingKeys)
    }

    /// The runtime's decoder reads the interaction steps: each is a kind of step here, which may
    /// add the keys the decoder reads (and `for`, `expectFailure`, which the reader reads).
    @Test func everyInteractionIsAKindOfStep() {
        for (kind, keys) in InteractionDecoder.kinds {
            #expect(ScenarioReader.stepKinds[kind]?.subtracting(["for", "expectFailure"]) == keys, "\(kind)")
        }
    }

    @Test func everyProblemOfAScenarioFileIsReportedWithItsPlace() throws {
        let text = #"""
            {"steps": [
              {"tap": "a", "colour": 1},
              {"tap": "a", "type": "b", "into": "c"},
              {"expect": "elements.x.value == "},
              {"tapRow": 1},
              "tap"
            ], "settings": {"service": "mock"}}
            """#
        let document = try JSONParser.parse(text, fileName: "x.scenario.json")
        do throws(ScenarioErrors) {
            _ = try ScenarioReader.read(document, file: "x.scenario.json")
            Issue.record("a broken scenario was read")
        } catch {
            let codes = error.errors.map(\.code)
            #expect(codes == [.unknownKey, .invalidValue, .expectationSyntax, .missingKey, .wrongType, .invalidValue], "in file order")
            let unknown = try #require(error.errors.first { $0.code == .unknownKey })
            #expect(unknown.pointer?.description == "/steps/0/colour")
            #expect(unknown.location?.line == 2)
            #expect(unknown.hint?.contains("expectFailure") == true)
        }
    }

    @Test func aFailingExpectationSaysWhatTheKeyPathsWere() async throws {
        let run = await ScenarioRunner().run(try scenario(#"""
            {"steps": [{"expect": ["elements.titleLabel.value == 'Someone'", "tables.tableView.rows.@count == 6"]},
                       {"expectStore": "Post", "where": "favoritesCount > 100", "count": 2}]}
            """#), bundle: try await feed())
        #expect(run.failures.count == 2)
        #expect(run.failures.first?.message == "expected elements.titleLabel.value == 'Someone'\n  elements.titleLabel.value is \"Favio Mobile\"")
        #expect(run.failures.first?.location?.line == 1)
        #expect(run.failures.last?.message == "expected 2 Post where favoritesCount > 100, found 1")
        #expect(run.failures.map(\.code) == [ScenarioFailureCode.expectation.diagnosticCode, ScenarioFailureCode.expectation.diagnosticCode])
        let finding = try #require(run.failures.first?.diagnostic)
        #expect(finding.description.hasPrefix("/tmp/x.scenario.json:1:12: error: step 1 (expect 2 conditions): expected elements.titleLabel.value") == true, "\(finding)")
        #expect(finding.description.contains("[scenario.expectation]"))
    }

    @Test func anUnexpectedInteractionFailureEndsTheScenarioAndAnExpectedOnePasses() async throws {
        let run = await ScenarioRunner().run(try scenario(#"""
            {"steps": [{"tap": "titleLabel", "expectFailure": "is disabled"},
                       {"tap": "nothing"},
                       {"expect": "screen == 'never checked'"}]}
            """#), bundle: try await feed())
        #expect(run.failures.map(\.step) == [1])
        #expect(run.failures.first?.message == "the screen has no element nothing; known elements: addButton, emptyDataView, footerActivityIndicator, searchBar, tableView, titleLabel")
        #expect(run.failures.first?.code.description == "interaction.failed", "an interaction's failure keeps the interaction's code")

        let contrary = await ScenarioRunner().run(try scenario(#"{"steps": [{"tap": "nothing", "expectFailure": "is disabled"}, {"tap": "addButton", "expectFailure": "never"}]}"#),
                                                  bundle: try await feed())
        #expect(contrary.failures.map(\.code.description) == ["scenario.other-failure", "scenario.unexpected-success"])
    }

    @Test func aGoldenIsComparedWithADiffAndWrittenOnlyWhenAsked() async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let directory = scratch.path
        let file = directory + "/g.scenario.json"
        let script = try scenario(#"{"steps": [{"golden": "goldens/g.txt"}]}"#, file: file)
        let bundle = try await feed()
        let missing = await ScenarioRunner().run(script, bundle: bundle)
        #expect(missing.failures.first?.message.contains("does not exist; run with --update") == true)
        #expect(missing.failures.first?.code == ScenarioFailureCode.goldenMismatch.diagnosticCode)
        #expect(!FileManager.default.fileExists(atPath: directory + "/goldens/g.txt"))

        let written = await ScenarioRunner(updatesGoldens: true).run(script, bundle: bundle)
        #expect(written.passed)
        #expect(written.goldensWritten == [directory + "/goldens/g.txt"])
        #expect(await ScenarioRunner().run(script, bundle: bundle).passed)

        let golden = try String(contentsOfFile: directory + "/goldens/g.txt", encoding: .utf8)
        try Data(golden.replacingOccurrences(of: "Favio Mobile", with: "Someone Else").utf8).write(to: URL(fileURLWithPath: directory + "/goldens/g.txt"))
        let changed = await ScenarioRunner().run(script, bundle: bundle)
        let message = try #require(changed.failures.first?.message)
        #expect(message.hasPrefix("the snapshot differs from goldens/g.txt (- golden, + run):\n@@ -1,8 +1,8 @@\n screen FeedViewController"))
        #expect(message.contains("\n content: <Account #1>\n"), "unchanged lines are context")
        #expect(message.contains("\n-  title: \"Someone Else\"\n-  titleLabel (UILabel): text=\"Someone Else\" hidden=false\n"
            + "+  title: \"Favio Mobile\"\n+  titleLabel (UILabel): text=\"Favio Mobile\" hidden=false\n"), "\(message)")
        let failure = try #require(changed.failures.first)
        #expect(failure.description(colour: true).contains("\u{1B}[31m-  titleLabel"))
        #expect(failure.description(colour: false) == failure.description)
    }

    @Test func coverageCountsBranchesActionsAndScreens() async throws {
        let recorder = CoverageRecorder()
        let bundle = try await feed()
        _ = await ScenarioRunner(coverage: recorder).run(try scenario(#"{"steps": []}"#), bundle: bundle)
        let report = recorder.report(for: bundle, configuration: nil)
        let indicator = try #require(report.bindings.first { $0.element == "footerActivityIndicator" })
        #expect(indicator.possible == [.ifTrue, .ifFalse])
        #expect(indicator.taken == [.ifTrue, .ifFalse], "on while loading, off after")
        #expect(report.screens.map(\.visited) == report.screens.map { $0.name == "FeedViewController" })
        #expect(report.percentage > 0 && report.percentage < 100)
    }
}
