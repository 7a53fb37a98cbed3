import Foundation
import Testing
import WidgetryJSON
import WidgetryService
import WidgetryServiceConfiguration
import WidgetryTestSupport

/// `ServiceConfigurationReader` and `ServiceFiles`: what a service file reads as, and every
/// problem placed by line, column and pointer (markers `1️⃣`, `2️⃣`… stand where one is reported).
struct ServiceConfigurationReaderTests {
    static let root = Samples.packageRootURL

    private func feedStub() throws -> JSONDocument {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Samples.widget("Feed/StubService.json"))))
        return try JSONParser.parse(bytes, fileName: "StubService.json")
    }

    private func read(_ json: String, kind: ServiceFileKind = .stub) throws -> ServiceConfiguration {
        try ServiceConfigurationReader.read(JSONParser.parse(json, fileName: "StubService.json"), file: "StubService.json", kind: kind)
    }

    /// The errors reading `marked` (without its markers) reports, and where its markers stand.
    private func problems(_ marked: String, kind: ServiceFileKind = .stub) throws -> (errors: [ServiceConfigurationError], markers: Markers) {
        let markers = Markers(marked)
        do {
            _ = try read(markers.text, kind: kind)
            return ([], markers)
        } catch let failure as ServiceConfigurationErrors {
            return (failure.errors, markers)
        }
    }

    private func expect(_ error: ServiceConfigurationError?, _ code: ServiceConfigurationError.Code, at marker: (line: Int, column: Int)?,
                        pointer: String, hint: String? = nil, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        #expect(error?.code == code, sourceLocation: sourceLocation)
        #expect(error?.file == "StubService.json", sourceLocation: sourceLocation)
        #expect(error?.location?.line == marker?.line && error?.location?.column == marker?.column,
                "at \(error?.location.map(\.description) ?? "nowhere"), expected \(marker.map { "\($0.line):\($0.column)" } ?? "?")",
                sourceLocation: sourceLocation)
        #expect(error?.pointer?.description == pointer, sourceLocation: sourceLocation)
        if let hint { #expect(error?.hint?.contains(hint) == true, "hint: \(error?.hint ?? "none")", sourceLocation: sourceLocation) }
    }

    // MARK: Reading

    @Test func theFeedStubReads() throws {
        let configuration = try ServiceConfigurationReader.read(feedStub(), file: "StubService.json", kind: .stub)
        #expect(configuration.file == "StubService.json")
        #expect(configuration.actions.map(\.name) == ["currentUser", "homeFeed", "newPost"])
        #expect(configuration.defaults.baseURL == "https://test/", "a trailing / is added")
        #expect(configuration.defaults.httpMethod == .get)
        #expect(configuration.defaults.headers.isEmpty)
        #expect(configuration.defaults.parameters.isEmpty)
        #expect(configuration.defaults.resultKeyPath == "")
        #expect(configuration.options.debugDelay == 0.25)
        #expect(configuration.options.transformers?["date"]?["strToDate"]?["format"]?.stringValue == "EEE MMM d HH:mm:ss Z y")
        #expect(configuration.auth == nil)

        let currentUser = try #require(configuration.action(named: "currentUser"))
        #expect(currentUser.resultType == .object(entity: "Account"))
        #expect(currentUser.nextAction == "homeFeed")
        #expect(currentUser.clearPolicy == .none)
        #expect(currentUser.response?["screen_name"]?.stringValue == "faviomob")
        #expect(currentUser.pointer.description == "/actions/currentUser")
        #expect(currentUser.location?.line == 13)

        let homeFeed = try #require(configuration.action(named: "homeFeed"))
        #expect(homeFeed.resultType == .array(entity: "Post"))
        #expect(homeFeed.clearPolicy == .after)
        #expect(homeFeed.parameters?["count"]?.stringValue == "20")
        #expect(homeFeed.response?.arrayValue?.count == 6)
        #expect(homeFeed.httpMethod == nil && homeFeed.path == nil && homeFeed.nextAction == nil)

        let newPost = try #require(configuration.action(named: "newPost"))
        #expect(newPost.httpMethod == .post)
        #expect(newPost.resultType == .object(entity: "Post"))
        #expect(newPost.parameters?["status"]?.stringValue == "$text")
        #expect(newPost.response?["text"]?.stringValue == "$text")

        let resolved = try #require(configuration.resolved("homeFeed"))
        #expect(resolved.baseURL == "https://test/" && resolved.httpMethod == .get && resolved.parameterEncoding == .form)
    }

    @Test func theFeedStubIsNotAServiceFile() throws {
        do {
            _ = try ServiceConfigurationReader.read(feedStub(), file: "Service.json", kind: .service)
            Issue.record("a stub's response and debugDelay were accepted in a service file")
        } catch let failure as ServiceConfigurationErrors {
            // options.debugDelay has no effect here: a warning (see anOptionsKeyUpstreamIgnoredIsAWarning).
            #expect(failure.errors.map(\.code) == [.unknownKey, .unknownKey, .unknownKey])
            #expect(failure.errors.map { $0.pointer?.description ?? "" }
                == ["/actions/currentUser/response", "/actions/homeFeed/response", "/actions/newPost/response"])
            #expect(failure.errors.allSatisfy { $0.file == "Service.json" && $0.hint?.contains("StubService.json") == true })
            #expect(failure.errors[0].location?.line == 16, "placed at the key")
        }
    }

    @Test func valuesAreReadAsWritten() throws {
        let configuration = try read(#"""
            {"$schema": "https://widgetry.dev/schemas/stub-service.schema.json",
             "auth": {"url": "https://auth.example/$token", "callbackUrl": "app://done"},
             "defaults": {"baseUrl": "https://api.example/v1/", "headers": {"Accept": "application/json", "X-App": "1"},
                          "errorKeyPath": "problem", "needAuth": true, "socket": "wss://s", "parameterEncoding": "json"},
             "actions": {
               "upload": {"path": "media", "httpMethod": "PUT", "isUpload": true, "multipart": {"photo": "image", "caption": "text"},
                          "headers": {"X-Upload": "yes"}, "clearPolicy": "before", "resultType": "[Media]", "resultKeyPath": "data.items",
                          "set": {"isMine": true}, "needAuth": false, "parameterEncoding": "query", "errorKeyPath": "err", "response": null},
               "plain": {}
             },
             "options": {"debugDelay": 1}}
            """#)
        #expect(configuration.defaults.baseURL == "https://api.example/v1/", "no second /")
        #expect(configuration.defaults.headers == [HeaderField("Accept", "application/json"), HeaderField("X-App", "1")])
        #expect(configuration.defaults.errorKeyPath == "problem" && configuration.defaults.needAuth == true)
        #expect(configuration.defaults.socket == "wss://s" && configuration.defaults.parameterEncoding == .json)
        #expect(configuration.auth?.keys == ["url", "callbackUrl"])
        #expect(configuration.options.debugDelay == 1)

        let upload = try #require(configuration.action(named: "upload"))
        #expect(upload.path == "media" && upload.httpMethod == HTTPMethod(rawValue: "PUT") && upload.isUpload)
        #expect(upload.multipart == [MultipartPart(name: "photo", keyPath: "image"), MultipartPart(name: "caption", keyPath: "text")])
        #expect(upload.headers == [HeaderField("X-Upload", "yes")])
        #expect(upload.clearPolicy == .before && upload.resultType == .array(entity: "Media") && upload.resultKeyPath == "data.items")
        #expect(upload.set?["isMine"]?.boolValue == true && upload.needAuth == false)
        #expect(upload.parameterEncoding == .query && upload.errorKeyPath == "err")
        #expect(upload.response?.isNull == true, "a null response is a response")

        let plain = try #require(configuration.action(named: "plain"))
        #expect(plain.headers == nil && plain.parameters == nil && plain.multipart == nil && plain.response == nil && !plain.isUpload)
        #expect(try read("{}").actions.isEmpty)
    }

    @Test func commentsAreIgnoredEverywhere() throws {
        let configuration = try read(#"""
            {"***": ["a comment"], "***2": "another",
             "auth": {"***": "x", "url": "https://auth"},
             "defaults": {"***": 1, "headers": {"***": "not a header", "A": "1"}, "parameters": {"***": 0, "nested": {"***": 0, "k": 1}}},
             "actions": {"***": ["not an action"],
               "a": {"***": "note", "multipart": {"***": "x", "p": "k"}, "set": {"***": 1, "v": 2},
                     "response": [{"***": "doc", "id": 1}], "parameters": {"list": [{"***": 1}]}}},
             "options": {"***": true, "transformers": {"date": {"***": "x", "d": {"format": "y"}}}}}
            """#)
        #expect(configuration.actions.map(\.name) == ["a"])
        #expect(configuration.auth?.keys == ["url"])
        #expect(configuration.defaults.headers == [HeaderField("A", "1")])
        #expect(configuration.defaults.parameters.keys == ["nested"])
        #expect(configuration.defaults.parameters["nested"]?.objectValue?.keys == ["k"])
        let action = try #require(configuration.action(named: "a"))
        #expect(action.multipart == [MultipartPart(name: "p", keyPath: "k")])
        #expect(action.set?.keys == ["v"])
        #expect(action.response?[0]?.objectValue?.keys == ["id"])
        #expect(action.response?[0]?["id"]?.location != nil, "kept values keep their locations")
        #expect(action.parameters?["list"]?[0]?.objectValue?.isEmpty == true)
    }

    // MARK: Errors, one code at a time

    @Test func unknownKeysNameTheNearestKnownKey() throws {
        let (errors, at) = try problems(#"""
            {1️⃣"default": {},
             "defaults": {2️⃣"httpMetod": "GET", 3️⃣"method": "GET", 4️⃣"resultType": "Post"},
             5️⃣"baseUrl": "https://x",
             "actions": {"a": {6️⃣"baseUrl": "https://y", 7️⃣"zzz": 1, 8️⃣"debugDelay": 1}}}
            """#)
        #expect(errors.count == 8)
        expect(errors[safe: 0], .unknownKey, at: at[1], pointer: "/default", hint: #"did you mean "defaults"?"#)
        expect(errors[safe: 1], .unknownKey, at: at[2], pointer: "/defaults/httpMetod", hint: #"did you mean "httpMethod"?"#)
        expect(errors[safe: 2], .unknownKey, at: at[3], pointer: "/defaults/method", hint: #"did you mean "httpMethod"?"#)
        expect(errors[safe: 3], .unknownKey, at: at[4], pointer: "/defaults/resultType", hint: #""resultType" belongs in an action"#)
        expect(errors[safe: 4], .unknownKey, at: at[5], pointer: "/baseUrl", hint: #""baseUrl" belongs in "defaults""#)
        expect(errors[safe: 5], .unknownKey, at: at[6], pointer: "/actions/a/baseUrl", hint: "absolute path")
        expect(errors[safe: 6], .unknownKey, at: at[7], pointer: "/actions/a/zzz", hint: #"the keys are "path", "httpMethod""#)
        expect(errors[safe: 7], .unknownKey, at: at[8], pointer: "/actions/a/debugDelay", hint: #"belongs in "options""#)
        #expect(errors[safe: 1]?.message == #"defaults has unknown key "httpMetod""#)
    }

    @Test func stubKeysInAServiceFileAreRefusedWithAHint() throws {
        let (errors, at) = try problems(#"{"actions": {"a": {1️⃣"response": {}}}}"#, kind: .service)
        #expect(errors.count == 1)
        expect(errors[safe: 0], .unknownKey, at: at[1], pointer: "/actions/a/response", hint: "belong in StubService.json")
    }

    /// Upstream read `transformers` from `options` and left every other key to the host: such a
    /// key has no effect, so it is a located warning, not an error.
    @Test func anOptionsKeyUpstreamIgnoredIsAWarning() throws {
        let markers = Markers(#"{"options": {1️⃣"debugDelay": 0, 2️⃣"tranformers": {}, "***": "a comment"}}"#)
        let configuration = try read(markers.text, kind: .service)
        let warnings = configuration.warnings
        #expect(warnings.map(\.code) == [.ignoredKey, .ignoredKey])
        expect(warnings[safe: 0], .ignoredKey, at: markers[1], pointer: "/options/debugDelay", hint: "StubService.json only")
        expect(warnings[safe: 1], .ignoredKey, at: markers[2], pointer: "/options/tranformers", hint: #"did you mean "transformers"?"#)
        #expect(warnings[safe: 0]?.message == "options.debugDelay has no effect in StubService.json; it is ignored, as upstream ignored it")
        #expect(try read(#"{"options": {"debugDelay": 2}}"#, kind: .stub).warnings.isEmpty)
    }

    @Test func wrongTypesSayWhatWasExpected() throws {
        let (errors, at) = try problems(#"""
            {"auth": 1️⃣[],
             "defaults": {"needAuth": 2️⃣"yes", "headers": {"A": 3️⃣1}, "parameters": 4️⃣[], "resultKeyPath": 5️⃣null},
             "actions": {"a": {"path": 6️⃣3, "isUpload": 7️⃣"true", "headers": 8️⃣"A: 1", "set": 9️⃣[], "multipart": {"p": 🔟1}},
                         "b": 0️⃣"GET"},
             "options": {"transformers": #️⃣"date", "debugDelay": *️⃣"1"}}
            """#)
        let expected: [(Int, String, String)] = [
            (1, "/auth", "an object"), (2, "/defaults/needAuth", "true or false"), (3, "/defaults/headers/A", "a string"),
            (4, "/defaults/parameters", "an object"), (5, "/defaults/resultKeyPath", "a string, found null"),
            (6, "/actions/a/path", "a string"), (7, "/actions/a/isUpload", "true or false, found string"),
            (8, "/actions/a/headers", "an object"), (9, "/actions/a/set", "an object"), (10, "/actions/a/multipart/p", "a string"),
            (0, "/actions/b", "an object (action b)"), (11, "/options/transformers", "an object"), (12, "/options/debugDelay", "a number"),
        ]
        #expect(errors.count == expected.count)
        for (index, (marker, pointer, words)) in expected.enumerated() {
            expect(errors[safe: index], .wrongType, at: at[marker], pointer: pointer)
            #expect(errors[safe: index]?.message.contains(words) == true, "\(errors[safe: index]?.message ?? "-")")
        }
        let (rootErrors, _) = try problems("[]")
        #expect(rootErrors.map(\.code) == [.wrongType])
        #expect(rootErrors.first?.message == "the file must be an object (the service file), found array")
        let (actionsErrors, actionsAt) = try problems(#"{"actions": 1️⃣[{"a": {}}]}"#)
        expect(actionsErrors.first, .wrongType, at: actionsAt[1], pointer: "/actions")
    }

    @Test func invalidValuesAreRefusedNotGuessed() throws {
        let (errors, at) = try problems(#"""
            {"defaults": {"baseUrl": 1️⃣"ftp://files", "httpMethod": 2️⃣"post", "parameterEncoding": 3️⃣"xml"},
             "actions": {"a": {"httpMethod": 4️⃣"GET2", "clearPolicy": 5️⃣"After", "resultType": 6️⃣"[Post", "multipart": {"p": 7️⃣""}}},
             "options": {"transformers": {"date": {"d": {"dateStyle": 8️⃣"tiny"}}}}}
            """#)
        #expect(errors.count == 8)
        expect(errors[safe: 0], .invalidValue, at: at[1], pointer: "/defaults/baseUrl", hint: "https://")
        expect(errors[safe: 1], .invalidValue, at: at[2], pointer: "/defaults/httpMethod", hint: #"did you mean "POST"?"#)
        expect(errors[safe: 2], .invalidValue, at: at[3], pointer: "/defaults/parameterEncoding", hint: #""form", "query", "json""#)
        expect(errors[safe: 3], .invalidValue, at: at[4], pointer: "/actions/a/httpMethod", hint: "upper-case")
        expect(errors[safe: 4], .invalidValue, at: at[5], pointer: "/actions/a/clearPolicy", hint: #"did you mean "after"?"#)
        expect(errors[safe: 5], .invalidValue, at: at[6], pointer: "/actions/a/resultType", hint: #""[Post]""#)
        expect(errors[safe: 6], .invalidValue, at: at[7], pointer: "/actions/a/multipart/p", hint: "key path")
        expect(errors[safe: 7], .invalidValue, at: at[8], pointer: "/options/transformers/date/d/dateStyle", hint: "short")
        for url in ["https://", "https:///x", "HTTPS://x", "api.example.com"] {
            #expect(throws: ServiceConfigurationErrors.self, "\(url)") { try read(#"{"defaults": {"baseUrl": "\#(url)"}}"#) }
        }
    }

    @Test func actionNamesWithDotsOrEmptyAreRefused() throws {
        let (errors, at) = try problems(#"{"actions": {1️⃣"user.posts": {}, 2️⃣"": {}, "ok": {"nextAction": "user.posts"}}}"#)
        #expect(errors.count == 2, "a nextAction to a misnamed action is not reported twice")
        expect(errors[safe: 0], .invalidActionName, at: at[1], pointer: "/actions/user.posts", hint: #"rename it "userPosts""#)
        expect(errors[safe: 1], .invalidActionName, at: at[2], pointer: "/actions/", hint: "without dots")
    }

    @Test func nextActionMustNameAnActionOfTheFile() throws {
        let (errors, at) = try problems(#"""
            {"actions": {"homeFeed": {"nextAction": 1️⃣"homefeed"}, "b": {"nextAction": 2️⃣"somethingElse"}, "c": {"nextAction": "b"}}}
            """#)
        #expect(errors.count == 2)
        expect(errors[safe: 0], .unknownAction, at: at[1], pointer: "/actions/homeFeed/nextAction", hint: #"did you mean "homeFeed"?"#)
        expect(errors[safe: 1], .unknownAction, at: at[2], pointer: "/actions/b/nextAction", hint: #"the actions are "homeFeed", "b", "c""#)
        let (lonely, _) = try problems(#"{"defaults": {}, "actions": {"***": {}, "a": {"nextAction": "b"}}}"#)
        #expect(lonely.map(\.code) == [.unknownAction])
    }

    @Test func allProblemsAreReportedAtOnceInFileOrder() throws {
        let (errors, at) = try problems(#"""
            {"actions": {
               "a": {"nextAction": 1️⃣"missing", "clearPolicy": 2️⃣"sometimes"},
               3️⃣"b.c": {4️⃣"pth": "x"}
             },
             "defaults": {"needAuth": 5️⃣1}}
            """#)
        #expect(errors.map(\.code) == [.unknownAction, .invalidValue, .invalidActionName, .unknownKey, .wrongType])
        for (index, marker) in [1, 2, 3, 4, 5].enumerated() {
            #expect(errors[safe: index]?.location?.line == at[marker]?.line && errors[safe: index]?.location?.column == at[marker]?.column)
        }
        let failure = ServiceConfigurationErrors(errors)
        #expect(failure.description.hasPrefix("StubService.json:2:24: nextAction \"missing\" names no action of this file [service.unknown-action]\n  at: /actions/a/nextAction\n  hint: "))
    }

    // MARK: Choosing the file

    private func file(_ path: String, _ json: String) throws -> ServiceFiles.File {
        (path, try JSONParser.parse(json, fileName: path))
    }

    @Test func devFallsBackToProdAndStubReadsTheStub() throws {
        let prod = try file("Service.json", #"{"actions": {"fromProd": {}}}"#)
        let dev = try file("Service.dev.json", #"{"actions": {"fromDev": {}}}"#)
        let stub = try file("StubService.json", #"{"actions": {"fromStub": {"response": {}}}, "options": {"debugDelay": 0}}"#)

        #expect(try ServiceFiles.read(.dev, prod: prod, dev: dev, stub: stub).actions.map(\.name) == ["fromDev"])
        let fallback = try ServiceFiles.choose(.dev, prod: prod, dev: nil, stub: stub)
        #expect(fallback.path == "Service.json" && fallback.kind == .service)
        #expect(try ServiceFiles.read(.dev, prod: prod, dev: nil, stub: nil).file == "Service.json")
        #expect(try ServiceFiles.read(.prod, prod: prod, dev: dev, stub: stub).actions.map(\.name) == ["fromProd"])
        let stubbed = try ServiceFiles.read(.stub, prod: prod, dev: dev, stub: stub)
        #expect(stubbed.file == "StubService.json" && stubbed.action(named: "fromStub")?.response != nil)

        let answering = try file("Service.json", #"{"actions": {"a": {"response": {}}}}"#)
        #expect(throws: ServiceConfigurationErrors.self, "a service file is read as one") {
            try ServiceFiles.read(.prod, prod: answering, dev: nil, stub: nil)
        }
    }

    @Test func aMissingFileSaysWhatWasLookedFor() throws {
        let prod = try file("Service.json", "{}")
        let stub = try file("StubService.json", "{}")
        func missing(_ selection: ServiceSelection, prod: ServiceFiles.File?, stub: ServiceFiles.File?) -> ServiceConfigurationError? {
            do throws(ServiceConfigurationErrors) {
                _ = try ServiceFiles.read(selection, prod: prod, dev: nil, stub: stub)
                return nil
            } catch {
                return error.errors.count == 1 ? error.errors[0] : nil
            }
        }
        let noStub = try #require(missing(.stub, prod: prod, stub: nil))
        #expect(noStub.code == .missingFile && noStub.file == "StubService.json" && noStub.location == nil)
        #expect(noStub.hint?.contains("--service prod") == true)
        let noDev = try #require(missing(.dev, prod: nil, stub: stub))
        #expect(noDev.message.contains("Service.dev.json") && noDev.message.contains("Service.json"))
        #expect(noDev.hint?.contains("--service stub") == true)
        let noProd = try #require(missing(.prod, prod: nil, stub: nil))
        #expect(noProd.file == "Service.json" && noProd.hint == "add Service.json")
        #expect(noProd.description == "Service.json: the bundle has no Service.json [service.missing-file]\n  hint: add Service.json")
    }
}

/// A JSON text written with keycap markers (`1️⃣`…`9️⃣`, `🔟`, `0️⃣`, `#️⃣` for 11, `*️⃣` for 12)
/// where findings are expected; the markers are removed and their 1-based line and column
/// (in Unicode scalars, as `SourceLocation` counts) remembered.
private struct Markers {
    let text: String
    private var places: [Int: (line: Int, column: Int)] = [:]

    init(_ marked: String) {
        var scalars = String.UnicodeScalarView()
        var line = 1, column = 1
        let input = Array(marked.unicodeScalars)
        var index = 0
        while index < input.count {
            let scalar = input[index]
            if scalar == "\u{1F51F}" {
                places[10] = (line, column)
                index += 1
                continue
            }
            if index + 2 < input.count, input[index + 1] == "\u{FE0F}", input[index + 2] == "\u{20E3}" {
                let number: Int? = switch scalar {
                case "0"..."9": Int(scalar.value - 0x30)
                case "#": 11
                case "*": 12
                default: nil
                }
                if let number {
                    places[number] = (line, column)
                    index += 3
                    continue
                }
            }
            scalars.append(scalar)
            if scalar == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
            index += 1
        }
        text = String(scalars)
    }

    subscript(number: Int) -> (line: Int, column: Int)? { places[number] }
}

extension Array {
    fileprivate subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
