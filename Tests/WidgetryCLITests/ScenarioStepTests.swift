import Foundation
import Testing
import WidgetryTestSupport

/// A misspelt kind of step is named at its key with the kind it most likely means, by `test` and by `validate`.
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

    /// validate's schema tells the kinds of step apart by the key each requires: a key near one
    /// of them is that kind misspelt, said at the key, not "missing required property tap".
    @Test func validateNamesAMisspeltStepAtItsKeyWithADidYouMean() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let bundle = try directory.copy(of: Samples.widget("Hello"), as: "Hello",
                                        editing: [("Tests/notes.scenario.json", #""steps": ["#, #""steps": [{"goBack": true},"#)])
        let validate = try CommandRunner.run(["validate", bundle])
        #expect(validate.status == 1)
        #expect(validate.stdout.contains(bundle + "/Tests/notes.scenario.json:4:14: error: \"goBack\" is not a property that picks an alternative of oneOf [schema.one-of]"),
                "\(validate.stdout)")
        #expect(validate.stdout.contains("hint: did you mean \"back\"?"))
        #expect(!validate.stdout.contains("missing required property"), "\(validate.stdout)")
        #expect(validate.stdout.hasSuffix("1 error, 0 warnings in 5 files\n"), "\(validate.stdout)")
    }
}
