import Foundation
import Testing
import WidgetryExpressions
import WidgetryJSON
import WidgetryService
import WidgetryServiceConfiguration

/// URLs, parameters and headers built as §5.3 says, with Widgetry's differences.
struct RequestBuilderTests {
    @Test func widgetDemoHomeFeedSendsCountInAFormBody() throws {
        // StubService.json: baseUrl https://test, GET, `homeFeed` with `count: "20"`; called with the Account.
        let defaults = ServiceDefaults(baseURL: "https://test/", httpMethod: .get, parameters: try RequestFixture.parameters(#"{}"#), resultKeyPath: "")
        let homeFeed = ServiceAction(name: "homeFeed", parameters: try RequestFixture.parameters(#"{"count": "20"}"#),
                                     resultType: ResultType("[Post]"), clearPolicy: .after)
        let account: Value = ["userId": "0", "name": "Favio Mobile", "nickname": "faviomob", "imageName": "widgets"]
        let request = try RequestBuilder().request(for: ResolvedAction(homeFeed, defaults: defaults), argument: account)
        #expect(request == ServiceRequest(action: "homeFeed", method: .get, url: "https://test/",
                                          headers: [HeaderField("Content-Type", "application/x-www-form-urlencoded; charset=utf-8")],
                                          body: Array("count=20".utf8)))
    }

    @Test func formEncodingSortsKeysAndNestsObjectsAndArrays() throws {
        let action = RequestFixture.action(ServiceAction(name: "post", parameters: try RequestFixture.parameters(#"""
            {"z": 1, "a": {"y": true, "b": [1, "x y", null, false]}, "n": null, "d": 1.5, "e": "é&=+/?#[]",
             "B": "upper", "arr": [[1], {"k": "v"}], "empty": {}, "none": [], "big": -12345678901, "exp": 1e-7}
            """#)))
        let request = try RequestBuilder().request(for: action, argument: .null)
        let expected = [
            "B=upper",
            "a%5Bb%5D%5B%5D=1", "a%5Bb%5D%5B%5D=x%20y", "a%5Bb%5D%5B%5D=", "a%5Bb%5D%5B%5D=0", "a%5By%5D=1",
            "arr%5B%5D%5B%5D=1", "arr%5B%5D%5Bk%5D=v",
            "big=-12345678901",
            "d=1.5",
            "e=%C3%A9%26%3D%2B%2F%3F%23%5B%5D",
            "exp=1e-07",
            "n=",
            "z=1",
        ].joined(separator: "&")
        #expect(String(decoding: request.body, as: UTF8.self) == expected)
    }

    @Test func keysSortByTheirUTF8Bytes() throws {
        let action = RequestFixture.action(ServiceAction(name: "post", parameters: try RequestFixture.parameters(#"{"é": 1, "z": 2, "Z": 3, "_": 4, "a": {"é": 5, "b": 6}}"#)))
        let request = try RequestBuilder().request(for: action, argument: .null)
        #expect(String(decoding: request.body, as: UTF8.self) == "Z=3&_=4&a%5Bb%5D=6&a%5B%C3%A9%5D=5&z=2&%C3%A9=1")
    }

    @Test func noParametersMeansNoBodyAndNoContentType() throws {
        for encoding in ParameterEncoding.allCases {
            let action = RequestFixture.action(ServiceAction(name: "feed", path: "feed", parameterEncoding: encoding))
            let request = try RequestBuilder().request(for: action, argument: ["a": 1])
            #expect(request.body.isEmpty)
            #expect(request.headers.isEmpty)
            #expect(request.url == "https://test/feed")
        }
    }

    @Test func queryEncodingAppendsToTheURL() throws {
        let query = try RequestFixture.parameters(#"{"q": "a b&c", "page": 2}"#)
        let plain = RequestFixture.action(ServiceAction(name: "search", path: "search", parameters: query, parameterEncoding: .query))
        let withQuery = RequestFixture.action(ServiceAction(name: "search", path: "search?lang=en", parameters: query, parameterEncoding: .query))
        let openQuery = RequestFixture.action(ServiceAction(name: "search", path: "search?", parameters: query, parameterEncoding: .query))
        let builder = RequestBuilder()
        let first = try builder.request(for: plain, argument: .null)
        #expect(first.url == "https://test/search?page=2&q=a%20b%26c")
        #expect(first.body.isEmpty)
        #expect(first.headers.isEmpty)
        #expect(try builder.request(for: withQuery, argument: .null).url == "https://test/search?lang=en&page=2&q=a%20b%26c")
        #expect(try builder.request(for: openQuery, argument: .null).url == "https://test/search?page=2&q=a%20b%26c")
    }

    @Test func jsonEncodingSendsCompactJSON() throws {
        let action = RequestFixture.action(ServiceAction(name: "post", httpMethod: .post, headers: [HeaderField("content-type", "text/plain")],
                                            parameters: try RequestFixture.parameters(#"{"status": "$text", "nested": {"a": [1, true, null]}, "id": "$id"}"#),
                                            parameterEncoding: .json))
        let request = try RequestBuilder().request(for: action, argument: ["text": "say \"hi\"", "id": 7])
        #expect(String(decoding: request.body, as: UTF8.self) == #"{"status":"say \"hi\"","nested":{"a":[1,true,null]},"id":7}"#)
        #expect(request.headers == [HeaderField("Content-Type", "application/json")], "the body's type replaces the action's")
    }

    @Test func anActionContentTypeStaysWhenThereIsNoBody() throws {
        let action = RequestFixture.action(ServiceAction(name: "get", headers: [HeaderField("Accept", "application/json"), HeaderField("Content-Type", "text/plain")]))
        #expect(try RequestBuilder().request(for: action, argument: .null).headers
            == [HeaderField("Accept", "application/json"), HeaderField("Content-Type", "text/plain")])
    }

    @Test func absolutePathsIgnoreTheBaseURL() throws {
        let builder = RequestBuilder()
        let https = RequestFixture.action(ServiceAction(name: "attach", path: "https://upload.example/1.1/media/upload.json"))
        let http = RequestFixture.action(ServiceAction(name: "attach", path: "http://plain.example/x"), baseURL: nil)
        #expect(try builder.request(for: https, argument: .null).url == "https://upload.example/1.1/media/upload.json")
        #expect(try builder.request(for: http, argument: .null).url == "http://plain.example/x")
        #expect(try builder.request(for: RequestFixture.action(ServiceAction(name: "base")), argument: .null).url == "https://test/")
        #expect(try builder.request(for: RequestFixture.action(ServiceAction(name: "rel", path: "a/b")), argument: .null).url == "https://test/a/b")
    }

    @Test func keyPlaceholdersReadOneKey() throws {
        let action = RequestFixture.action(ServiceAction(name: "deleteTweet", path: "destroy/$tweetId.json", httpMethod: .post))
        let builder = RequestBuilder()
        #expect(try builder.request(for: action, argument: ["tweetId": "1012"]).url == "https://test/destroy/1012.json")
        #expect(try builder.request(for: action, argument: ["tweetId": 42]).url == "https://test/destroy/42.json")
        #expect(try builder.request(for: action, argument: [:]).url == "https://test/destroy/.json", "a missing key reads as empty")
        let object = try builder.request(for: action, argument: .object(Tweet(id: "99")))
        #expect(object.url == "https://test/destroy/99.json")
    }

    @Test(arguments: ["../", "../../etc/passwd", "?", "#", "%", "%41", "&", "=", "a&b=c", "\"quoted\"", "'single'",
                      "two words", "é", "👍🏽", "/", "a/b", "+", "\\", "<>", "$other", ".", "...", "x..y"])
    func substitutedValuesStayInTheirSegmentAndQueryValue(_ hostile: String) throws {
        let action = RequestFixture.action(ServiceAction(name: "show", path: "items/$id/show?q=$q&x=1"))
        let url = try RequestBuilder().request(for: action, argument: .dictionary(["id": .string(hostile + "z"), "q": .string(hostile)])).url
        let components = try #require(URLComponents(string: url))
        #expect(components.host == "test")
        let segments = components.percentEncodedPath.split(separator: "/", omittingEmptySubsequences: false).map { String($0).removingPercentEncoding }
        #expect(segments == ["", "items", hostile + "z", "show"])
        #expect(components.queryItems == [URLQueryItem(name: "q", value: hostile), URLQueryItem(name: "x", value: "1")])
        #expect(components.fragment == nil)
    }

    @Test(arguments: [".", ".."])
    func dotSegmentsFromValuesAreRefused(_ dots: String) throws {
        let action = RequestFixture.action(ServiceAction(name: "show", path: "items/$id/show"))
        let error = #expect(throws: ActionError.self) {
            try RequestBuilder().request(for: action, argument: .dictionary(["id": .string(dots)]))
        }
        #expect(error?.code == .substitution)
        let query = RequestFixture.action(ServiceAction(name: "show", path: "items?id=$id"))
        #expect(try RequestBuilder().request(for: query, argument: .dictionary(["id": .string(dots)])).url == "https://test/items?id=\(dots)")
    }

    @Test func literalTemplateTextIsEncodedAsUpstreamButKeepsEscapes() throws {
        let action = RequestFixture.action(ServiceAction(name: "x", path: "a b/é/%2F/%zz/[x]?q=1+2&r=$#frag"))
        let url = try RequestBuilder().request(for: action, argument: .null).url
        #expect(url == "https://test/a%20b/%C3%A9/%2F/%25zz/%5Bx%5D?q=1+2&r=$%23frag")
    }

    @Test func placeholdersStayWhenTheArgumentIsNotAnObject() throws {
        let action = RequestFixture.action(ServiceAction(name: "deleteTweet", path: "destroy/$tweetId.json",
                                            parameters: try RequestFixture.parameters(#"{"status": "$text"}"#)))
        for argument: Value in [.null, "1012", 5, ["1012"]] {
            let request = try RequestBuilder().request(for: action, argument: argument)
            #expect(request.url == "https://test/destroy/$tweetId.json")
            #expect(String(decoding: request.body, as: UTF8.self) == "status=%24text")
        }
    }

    @Test func parametersAreSubstitutedFromTheArgument() throws {
        let action = RequestFixture.action(ServiceAction(name: "moreTweets", parameters: try RequestFixture.parameters(#"{"max_id": "$tweetId", "text": "by $user.name"}"#)))
        let request = try RequestBuilder().request(for: action, argument: ["tweetId": 5, "user": ["name": "Ann B"]])
        #expect(String(decoding: request.body, as: UTF8.self) == "max_id=5&text=by%20Ann%20B")
    }

    @Test func upstreamSubstitutionFallsBackOnQuotes() throws {
        let action = RequestFixture.action(ServiceAction(name: "newPost", httpMethod: .post, parameters: try RequestFixture.parameters(#"{"status": "$text"}"#)))
        let upstream = RequestBuilder(substitution: .upstream)
        let quoted = try upstream.outcome(for: action, argument: ["text": "say \"hi\""])
        #expect(quoted.parameterFallback != nil)
        #expect(String(decoding: quoted.request.body, as: UTF8.self) == "status=%24text", "upstream sends the template (§9.7)")
        let plain = try upstream.outcome(for: action, argument: ["text": "Hello"])
        #expect(plain.parameterFallback == nil)
        #expect(String(decoding: plain.request.body, as: UTF8.self) == "status=Hello")
        let fixed = try RequestBuilder().outcome(for: action, argument: ["text": "say \"hi\""])
        #expect(fixed.parameterFallback == nil)
        #expect(String(decoding: fixed.request.body, as: UTF8.self) == "status=say%20%22hi%22")
    }

    @Test func needAuthWithoutCredentialsFailsFirst() throws {
        let action = RequestFixture.action(ServiceAction(name: "currentUser", needAuth: true), baseURL: nil)
        for builder in [RequestBuilder(), RequestBuilder(credentials: Credentials()), RequestBuilder(credentials: Credentials(bearerToken: ""))] {
            let error = #expect(throws: ActionError.self) { try builder.request(for: action, argument: .null) }
            #expect(error?.code == .missingCredentials, "checked before the missing URL")
            #expect(error?.hint == "the host supplies credentials; on the command line pass --bearer TOKEN or --auth-header 'Name: value'")
        }
    }

    @Test func credentialsGoOnlyToNeedAuthActions() throws {
        let credentials = Credentials(bearerToken: "t0k", headers: [HeaderField("X-Api-Key", "k1"), HeaderField("X-Extra", "e")])
        let builder = RequestBuilder(credentials: credentials)
        let headers = [HeaderField("x-api-key", "from-file"), HeaderField("Accept", "application/json")]
        let secured = RequestFixture.action(ServiceAction(name: "me", headers: headers, parameters: try RequestFixture.parameters(#"{"a": "1"}"#), needAuth: true))
        #expect(try builder.request(for: secured, argument: .null).headers == [
            HeaderField("X-Api-Key", "k1"), HeaderField("Accept", "application/json"),
            HeaderField("Content-Type", "application/x-www-form-urlencoded; charset=utf-8"),
            HeaderField("Authorization", "Bearer t0k"), HeaderField("X-Extra", "e"),
        ])
        let open = RequestFixture.action(ServiceAction(name: "feed", headers: headers, needAuth: false))
        #expect(try builder.request(for: open, argument: .null).headers == headers)
        let headersOnly = RequestBuilder(credentials: Credentials(headers: [HeaderField("Cookie", "s=1")]))
        #expect(try headersOnly.request(for: secured, argument: .null).headers.contains(HeaderField("Cookie", "s=1")))
    }

    @Test func noURLIsReported() throws {
        for action in [ServiceAction(name: "lost"), ServiceAction(name: "lost", path: "relative/path")] {
            let error = #expect(throws: ActionError.self) { try RequestBuilder().request(for: RequestFixture.action(action, baseURL: nil), argument: .null) }
            #expect(error?.code == .noURL)
            #expect(error?.hint != nil)
        }
    }

    @Test(arguments: [("test/", nil), ("https://test/", "httpfoo"), ("https://test/", "http:///nohost"), ("ftp://test/", "x"),
                      ("https://test/", "https://$host/x")] as [(String, String?)])
    func invalidURLsAreReported(_ base: String, _ path: String?) throws {
        let action = RequestFixture.action(ServiceAction(name: "bad", path: path), baseURL: base)
        let error = #expect(throws: ActionError.self) { try RequestBuilder().request(for: action, argument: ["host": ""]) }
        #expect(error?.code == .invalidURL)
    }
}

/// Actions and parameters for request tests.
enum RequestFixture {
    /// `action` with `https://test/` (or `baseURL`) as the file's base URL.
    static func action(_ action: ServiceAction, baseURL: String? = "https://test/") -> ResolvedAction {
        ResolvedAction(action, defaults: ServiceDefaults(baseURL: baseURL))
    }

    /// A parameters object from JSON text.
    static func parameters(_ text: String) throws -> JSONObject {
        try #require(try JSONParser.parse(text).root.objectValue)
    }
}

/// A store-object-like argument.
private final class Tweet: KeyValueCoding {
    let id: String

    init(id: String) {
        self.id = id
    }

    func value(forKey key: String) -> Value {
        key == "tweetId" ? .string(id) : .null
    }
}
