import Foundation
import Testing
import WidgetryTestSupport

/// Shell completion: the scripts the argument parser generates, and the candidates they ask the
/// tool for (screens, scenarios, rule ids), as the scripts ask for them.
struct CompletionTests {
    @Test(arguments: ["bash", "zsh", "fish"])
    func theScriptsAreGenerated(shell: String) throws {
        let outcome = try CommandRunner.run(["--generate-completion-script", shell])
        #expect(outcome.status == 0)
        #expect(outcome.stdout.contains("---completion run -- --screen"))
    }

    @Test func screensScenariosAndRulesAreCompleted() throws {
        let root = Samples.widgetsFolder
        let screens = try CommandRunner.run(["---completion", "run", "--", "--screen", "4", "0", "widgetry", "run", "Feed", "--screen", ""], in: root)
        #expect(screens.stdout == "FeedViewController\nNewPostViewController\nPostDetailsViewController\n")
        let scenarios = try CommandRunner.run(["---completion", "test", "--", "--scenario", "4", "1", "widgetry", "test", "Feed", "--scenario", "2"], in: root)
        #expect(scenarios.stdout == "2-search\n")
        let rules = try CommandRunner.run(["---completion", "lint", "--", "--explain", "3", "9", "widgetry", "lint", "--explain", "unknown-s"], in: root)
        #expect(rules.stdout == "unknown-screen\n")
    }
}
