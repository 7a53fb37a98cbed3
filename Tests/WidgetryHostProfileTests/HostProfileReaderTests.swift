import Testing
import WidgetryHostProfile
import WidgetryJSON

@Suite struct HostProfileReaderTests {
    private func read(_ text: String, environment: [String: String] = [:]) throws(HostProfileErrors) -> HostProfile {
        let document = try! JSONParser.parse(Array(text.utf8), fileName: "twitter.profile.json")
        return try HostProfileReader.read(document, file: "twitter.profile.json", environment: environment)
    }

    private func problems(_ text: String, environment: [String: String] = [:]) -> [HostProfileError] {
        do {
            _ = try read(text, environment: environment)
            return []
        } catch {
            return error.errors
        }
    }

    @Test func everyPartIsRead() throws {
        let profile = try read("""
        {"identifier": "mobi.favio.TwitterDemo",
         "hosts": {"upload.twitter.com": "http://127.0.0.1:9/up/", "API.twitter.com": "http://127.0.0.1:8080"},
         "providers": {"TwitterService": {"oauth1": {"consumerKey": {"env": "KEY"}, "consumerSecret": "cs", "token": "t", "tokenSecret": {"env": "TS"}},
                                          "headers": {"X-Client": "widgetry"}}},
         "actions": {"login": [{"signIn": {}}, {"perform": "currentUser"}],
                     "logout": {"signOut": {"clearing": ["Post"]}},
                     "newsTap:": [{"scrollToTop": {}}, {"updateObjects": {"entity": "Post", "predicate": "isHidden = 1", "values": {"isHidden": false}}}],
                     "showAvatarsChangedWithSender:": {"setDefault": {"key": "showAvatars", "expression": "sender.isOn"}},
                     "doneWithSender:": [{"dismiss": {}}, {"postNotification": "showAvatarsChanged"}],
                     "reset": {"setDefault": {"key": "showAvatars", "value": true}}},
         "defaults": {"showAvatars": true},
         "keyPaths": {"Post": {"timeAgoString": "timeAgo(timestamp)"}},
         "patches": {"Service.json": {"actions": {"homeTweets": {"set": {"hidden": null, "isHidden": false}}}}}}
        """, environment: ["KEY": "ck", "TS": "ts"])
        #expect(profile.identifier == "mobi.favio.TwitterDemo")
        #expect(profile.hosts == [HostRedirect(host: "api.twitter.com", baseURL: "http://127.0.0.1:8080"),
                                  HostRedirect(host: "upload.twitter.com", baseURL: "http://127.0.0.1:9/up")])
        #expect(profile.providers["TwitterService"]?.oauth1 == ProviderAuth.OAuth1(consumerKey: "ck", consumerSecret: "cs", token: "t", tokenSecret: "ts"))
        #expect(profile.providers["TwitterService"]?.headers.map(\.value) == ["widgetry"])
        #expect(profile.actions["login"] == [.signIn, .perform("currentUser")])
        #expect(profile.actions["logout"] == [.signOut(clearing: ["Post"])])
        #expect(profile.actions["newsTap:"]?.map(\.name) == ["scrollToTop", "updateObjects"])
        #expect(profile.actions["showAvatarsChangedWithSender:"] == [.setDefault(key: "showAvatars", value: .expression("sender.isOn"))])
        #expect(profile.actions["doneWithSender:"] == [.dismiss, .postNotification("showAvatarsChanged")])
        #expect(profile.defaults["showAvatars"]?.boolValue == true)
        #expect(profile.keyPaths == ["Post": ["timeAgoString": "timeAgo(timestamp)"]])
        #expect(profile.patches.keys.sorted() == ["Service.json"])
        #expect(profile.file == "twitter.profile.json")
        #expect(profile.summaryLines.contains("provider TwitterService: oauth1+headers"))
        #expect(!profile.summaryLines.joined().contains("ck"), "a summary never shows a secret")
    }

    @Test func problemsAreLocatedWithCodesAndHints() {
        let found = problems("""
        {"identifer": "x",
         "hosts": {"https://api.twitter.com": "http://127.0.0.1:1", "a.b": "ftp://x"},
         "providers": {"P": {"oauth1": {"consumerKey": {"env": "NOPE"}, "token": "t"}, "bearer": "b"}},
         "actions": {"a": [], "b": {"signIn": {}, "perform": "x"}, "c": {"sigIn": {}}, "d": {"setDefault": {"key": "k"}}},
         "patches": {"../x.json": {}}}
        """)
        let codes = found.map(\.code.rawValue)
        #expect(codes.contains("profile.unknown-key"))
        #expect(codes.contains("profile.missing-env"))
        #expect(codes.contains("profile.missing-key"))
        #expect(found.first?.message == "the host profile has unknown key \"identifer\"")
        #expect(found.first?.hint?.contains("identifier") == true)
        #expect(found.first?.location?.line == 1)
        let env = found.first { $0.code == .missingEnvironment }
        #expect(env?.location?.line == 3)
        #expect(env?.hint?.contains("export NOPE") == true)
        let messages = found.map(\.message).joined(separator: "\n")
        #expect(messages.contains("hosts key \"https://api.twitter.com\" is not a host name"))
        #expect(messages.contains("hosts.a.b is \"ftp://x\", not an http(s) base URL"))
        #expect(messages.contains("oauth1 needs \"consumerSecret\""))
        #expect(messages.contains("oauth1 has token without tokenSecret"))
        #expect(messages.contains("host action a has no steps"))
        #expect(messages.contains("a step names 2 built-ins"))
        #expect(messages.contains("a step has unknown key \"sigIn\""))
        #expect(messages.contains("setDefault needs one of \"value\" and \"expression\""))
        #expect(messages.contains("patches key \"../x.json\" is not a JSON file of the bundle"))
        #expect(found.map { $0.location?.offset ?? .max } == found.map { $0.location?.offset ?? .max }.sorted(), "in file order")
    }

    @Test func aFileThatCannotBeReadIsOneLocatedError() {
        #expect(throws: HostProfileErrors.self) { try HostProfileReader.read(path: "/nonexistent/p.json", environment: [:]) }
        do {
            _ = try HostProfileReader.read(path: "/nonexistent/p.json", environment: [:])
        } catch {
            #expect(error.errors.map(\.code) == [.unreadable])
            #expect(error.errors.first?.file == "/nonexistent/p.json")
        }
    }
}
