import Testing
import WidgetryHostProfile
import WidgetryJSON

/// The `oauth1SignIn` step: a host's `login` that runs the service file's three-legged flow.
@Suite struct OAuth1SignInStepTests {
    @Test func theStepIsReadAndTakesNoSettings() throws {
        let text = #"{"actions": {"login": [{"oauth1SignIn": {}}, {"perform": "currentUser"}], "bad": {"oauth1SignIn": {"x": 1}}}}"#
        do {
            _ = try HostProfileReader.read(try JSONParser.parse(Array(text.utf8), fileName: "p.json"), file: "p.json", environment: [:])
            Issue.record("read without errors")
        } catch let error as HostProfileErrors {
            #expect(error.errors.count == 1)
            #expect(error.errors.first?.message.contains("x") == true, "\(error.errors)")
        }
        let good = #"{"actions": {"login": [{"oauth1SignIn": {}}, {"perform": "currentUser"}]}}"#
        let profile = try HostProfileReader.read(try JSONParser.parse(Array(good.utf8), fileName: "p.json"), file: "p.json", environment: [:])
        #expect(profile.actions["login"] == [.oauth1SignIn, .perform("currentUser")])
        #expect(HostStep.oauth1SignIn.name == "oauth1SignIn" && HostStep.names.contains("oauth1SignIn"))
    }
}
