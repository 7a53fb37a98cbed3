import Foundation
import Testing
import WidgetryTestSupport
@testable import WidgetryCLI

/// An error of each kind that reaches a person through the command line carries its code: an
/// evaluation error printed by `eval`, and a widget the preview's host cannot run (an
/// interaction stopped at its event limit carries `interaction.event-limit`:
/// PreviewSecurityTests).
@Suite struct ErrorCodeReachTests {
    @Test func anEvaluationErrorCarriesItsCode() throws {
        let outcome = try CommandRunner.run(["eval", "--predicate", "count > $limit"])
        #expect(outcome.status == 2)
        #expect(outcome.stderr.hasPrefix("<predicate>:1:9: error: "), "\(outcome.stderr)")
        #expect(outcome.stderr.contains("[eval.unbound-variable]"), "\(outcome.stderr)")
    }

    @Test func aWidgetThePreviewCannotRunCarriesTheHostsCode() async throws {
        try await PreviewHarness.with { preview in
            try "{".write(toFile: preview.folder + "/FeedViewController.json", atomically: true, encoding: .utf8)
            _ = await preview.session.reload()
            let refused = try await preview.send("/interact", method: "POST", body: #"{"tap": "addButton"}"#)
            #expect(refused.status == 409)
            let answer = try preview.json(refused.text)
            #expect(answer["code"]?.stringValue == "host.not-running", "\(refused.text)")
            #expect(answer["error"]?.stringValue?.hasPrefix("the widget is not running: ") == true)
        }
    }
}
