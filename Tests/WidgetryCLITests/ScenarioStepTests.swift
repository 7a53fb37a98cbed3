import Foundation
import Testing
import WidgetryTestSupport

/// A misspelt kind of step is named at its key with the kind it most likely means.
@Suite struct ScenarioStepTests {
    @Test func aMisspeltStepGetsADidYouMean() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let bundle = try directory.copy(of: Samples.widget("Hello"), as: "Hello",
                                        editing: [("Tests/notes.scenario.json", #""steps": ["#, #""steps": [{"goBack": true},"#)])
        let test = try CommandRunner.run(["test", bundle])
        #expect(test.status == 2)
        #expect(test.stdout.contains(bundle + "/Tests/notes.scenario.json:4:14: error: \"goBack\" is not a kind of step [scenario.missing-key]"), "\(test.stdout)")
        #expect(test.stdout.contains("hint: did you mean \"back\"?"))
    }
}
