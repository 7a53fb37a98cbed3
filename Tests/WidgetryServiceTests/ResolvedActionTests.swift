import Testing
import WidgetryJSON
import WidgetryService
import WidgetryServiceConfiguration

/// Defaults and actions merge as §5.2 says.
struct ResolvedActionTests {
    @Test func actionValuesWinAndHeadersMergeByName() throws {
        let defaultParameters = try #require(JSONParser.parse(#"{"count": "20", "lang": "en"}"#).root.objectValue)
        let actionParameters = try #require(JSONParser.parse(#"{"count": "5"}"#).root.objectValue)
        let defaults = ServiceDefaults(baseURL: "https://api.example/", httpMethod: .get,
                                       headers: [HeaderField("Accept", "application/json"), HeaderField("X-App", "1")],
                                       parameters: defaultParameters, errorKeyPath: "problem", needAuth: true)
        let action = ServiceAction(name: "feed", httpMethod: .post, headers: [HeaderField("accept", "text/plain"), HeaderField("X-New", "2")],
                                   parameters: actionParameters, resultKeyPath: "", needAuth: false)
        let resolved = ResolvedAction(action, defaults: defaults)
        #expect(resolved.httpMethod == .post)
        #expect(resolved.headers == [HeaderField("accept", "text/plain"), HeaderField("X-App", "1"), HeaderField("X-New", "2")])
        #expect(resolved.parameters.keys == ["count", "lang"])
        #expect(resolved.parameters["count"]?.stringValue == "5")
        #expect(resolved.errorKeyPath == "problem")
        #expect(resolved.needAuth == false, "an action's false overrides the default's true")
        #expect(resolved.parameterEncoding == .form)
        #expect(ResolvedAction(ServiceAction(name: "x"), defaults: ServiceDefaults()).errorKeyPath == "error")
    }

    @Test(arguments: [("Post", ResultType.object(entity: "Post")), ("[Post]", .array(entity: "Post"))])
    func resultTypesRead(_ text: String, _ expected: ResultType) {
        #expect(ResultType(text) == expected)
        #expect(ResultType(text)?.description == text)
    }

    @Test(arguments: ["", "[]", "[Post", "Post]", "[[Post]]", "Two Words"])
    func malformedResultTypesAreRefused(_ text: String) {
        #expect(ResultType(text) == nil)
    }

    @Test func methodsAreUpperCaseTokens() {
        #expect(HTTPMethod(rawValue: "PATCH") != nil)
        #expect(HTTPMethod(rawValue: "get") == nil)
        #expect(HTTPMethod(rawValue: "") == nil)
    }
}
