import Testing
import WidgetryJSON
import WidgetryServiceConfiguration

/// The three-legged OAuth 1.0a sign-in of a service file's `auth` section (docs/FORMAT.md#graffiti.sign-in).
struct OAuth1EndpointsTests {
    private func read(_ json: String) throws -> ServiceConfiguration {
        try ServiceConfigurationReader.read(JSONParser.parse(json, fileName: "Service.json"), file: "Service.json", kind: .service)
    }

    @Test func graffitisAuthSectionDescribesTheFlow() throws {
        let configuration = try read(#"""
            {"auth": {"***": ["Get your own ConsumerKey"], "url": "https://api.example/oauth/authorize?oauth_token=$token",
                      "requestTokenPath": "oauth/request_token", "accessTokenPath": "https://auth.example/access", "callbackUrl": "app://oauth",
                      "consumerKey": "bundled-key", "consumerSecret": "bundled-secret"},
             "defaults": {"baseUrl": "https://api.example"}}
            """#)
        let endpoints = try #require(configuration.oauth1Endpoints)
        #expect(endpoints == OAuth1Endpoints(requestTokenPath: "oauth/request_token", authorizationURL: "https://api.example/oauth/authorize?oauth_token=$token",
                                             accessTokenPath: "https://auth.example/access", callbackURL: "app://oauth"))
        #expect(endpoints.url(of: endpoints.requestTokenPath, baseURL: configuration.defaults.baseURL) == "https://api.example/oauth/request_token")
        #expect(endpoints.url(of: endpoints.accessTokenPath, baseURL: nil) == "https://auth.example/access", "an absolute path stays as written")
    }

    @Test func aUrlAndCallbackAloneAreTheHostsAsInWidgetKit() throws {
        let configuration = try read(#"{"auth": {"url": "https://auth.example/$token", "callbackUrl": "app://done"}}"#)
        #expect(configuration.oauth1Endpoints == nil)
        #expect(configuration.auth?.keys == ["url", "callbackUrl"])
    }

    @Test func aFlowWithoutItsCallbackIsALocatedError() throws {
        do {
            _ = try read("{\"auth\": {\"requestTokenPath\": \"oauth/request_token\", \"accessTokenPath\": 3,\n  \"url\": \"https://a.example/$token\"}}")
            Issue.record("read without errors")
        } catch let failure as ServiceConfigurationErrors {
            let messages = failure.errors.map { "\($0.location?.line ?? 0):\($0.location?.column ?? 0) \($0.code.rawValue) \($0.message)" }
            #expect(messages.contains { $0.hasPrefix("1:") && $0.contains("service.wrong-type") && $0.contains("accessTokenPath") }, "\(messages)")
            #expect(messages.contains("1:10 service.missing-key auth has requestTokenPath but not callbackUrl: the three-legged OAuth 1.0a sign-in needs all of url, requestTokenPath, accessTokenPath, callbackUrl"),
                    "\(messages)")
        }
    }
}
