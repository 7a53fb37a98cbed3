import Foundation
import Testing
import WidgetryJSON
import WidgetryService
import WidgetryServiceConfiguration
import WidgetryTestSupport

/// `Schemas/service.schema.json`, `Schemas/stub-service.schema.json` and
/// `ServiceConfigurationReader` must accept the same keys, types and values, so that editors and
/// `widgetry validate` say what the reader does.
struct ServiceSchemaTests {
    static let root = Samples.packageRootURL

    static let schemas: [(file: String, kind: ServiceFileKind)] = [("service.schema.json", .service), ("stub-service.schema.json", .stub)]

    private func schema(_ file: String) throws -> JSONValue {
        let bytes = try [UInt8](Data(contentsOf: Self.root.appendingPathComponent("Schemas/" + file)))
        return try JSONParser.parse(bytes, fileName: file).root
    }

    /// Where each section's keys are declared in a schema.
    private func definition(_ section: ServiceConfigurationReader.Section, in schema: JSONValue) -> JSONValue? {
        switch section {
        case .root: schema
        case .defaults: schema["$defs"]?["defaults"]
        case .action: schema["$defs"]?["action"]
        case .options: schema["$defs"]?["options"]
        }
    }

    private func keys(_ definition: JSONValue?) -> Set<String> {
        Set(definition?["properties"]?.objectValue?.keys ?? [])
    }

    /// A document with `value` under `key` in `section`.
    private func document(_ section: ServiceConfigurationReader.Section, _ key: String, _ value: String) -> String {
        let member = "\(JSONValue(.string(key))): \(value)"
        return switch section {
        case .root: "{\(member)}"
        case .defaults: #"{"defaults": {\#(member)}}"#
        case .action: #"{"actions": {"a": {\#(member)}}}"#
        case .options: #"{"options": {\#(member)}}"#
        }
    }

    /// The codes reading `json` reports: its errors, else its warnings.
    private func codes(_ json: String, kind: ServiceFileKind) -> [ServiceConfigurationError.Code] {
        do {
            return try ServiceConfigurationReader.read(JSONParser.parse(json, fileName: "Service.json"), file: "Service.json", kind: kind).warnings.map(\.code)
        } catch let failure as ServiceConfigurationErrors {
            return failure.errors.map(\.code)
        } catch {
            Issue.record("not JSON: \(json): \(error)")
            return []
        }
    }

    /// A value each key accepts.
    private static let validValues: [String: String] = [
        "$schema": #""x""#, "auth": #"{"url": "https://auth"}"#, "defaults": "{}", "actions": "{}", "options": "{}",
        "baseUrl": #""https://x""#, "httpMethod": #""GET""#, "headers": #"{"A": "1"}"#, "parameters": #"{"p": [1]}"#,
        "resultKeyPath": #""""#, "errorKeyPath": #""e""#, "needAuth": "true", "socket": #""s""#, "parameterEncoding": #""json""#,
        "path": #""p""#, "resultType": #""[Post]""#, "nextAction": #""a""#, "clearPolicy": #""after""#, "set": #"{"v": 1}"#,
        "isUpload": "false", "multipart": #"{"part": "image"}"#, "response": "null", "host": "true", "status": "401", "delay": "2",
        "transformers": #"{"date": {"d": {"format": "y"}}}"#, "debugDelay": "0.5",
    ]

    @Test(arguments: schemas)
    func theSchemaDeclaresExactlyTheKeysTheReaderAccepts(_ file: String, _ kind: ServiceFileKind) throws {
        let schema = try schema(file)
        for section in ServiceConfigurationReader.Section.allCases {
            let declared = keys(definition(section, in: schema))
            #expect(declared == Set(ServiceConfigurationReader.keys(in: section, kind: kind)), "\(file) \(section)")
            for key in declared {
                let value = try #require(Self.validValues[key], "no sample value for \(key)")
                #expect(codes(document(section, key, value), kind: kind).isEmpty, "\(file) \(section).\(key) = \(value)")
            }
        }
    }

    @Test func aServiceFileRefusesTheKeysOnlyTheStubSchemaDeclares() throws {
        let service = try schema("service.schema.json"), stub = try schema("stub-service.schema.json")
        var stubOnly: [String] = []
        for section in ServiceConfigurationReader.Section.allCases {
            for key in keys(definition(section, in: stub)).subtracting(keys(definition(section, in: service))) {
                stubOnly.append(key)
                // Upstream left options to the host: a stub's option in a service file has no effect (a warning).
                #expect(codes(document(section, key, Self.validValues[key] ?? "null"), kind: .service) == [section == .options ? .ignoredKey : .unknownKey],
                        "\(section).\(key)")
            }
        }
        #expect(stubOnly.sorted() == ["debugDelay", "delay", "response", "status"])
    }

    @Test func theSchemasDifferOnlyByTheStubKeys() throws {
        func common(_ schema: JSONValue) -> JSONValue {
            var schema = schema
            for key in ["$id", "title", "description"] { schema[key] = nil }
            for key in ["response", "status", "delay"] { schema["$defs"]?["action"]?["properties"]?[key] = nil }
            schema["$defs"]?["options"]?["properties"]?["debugDelay"] = nil
            return schema
        }
        #expect(try common(schema("service.schema.json")) == common(schema("stub-service.schema.json")))
        #expect(try schema("stub-service.schema.json")["$id"]?.stringValue == "https://widgetry.dev/schemas/stub-service.schema.json")
        #expect(try schema("service.schema.json")["$id"]?.stringValue == "https://widgetry.dev/schemas/service.schema.json")
    }

    /// The JSON type a property declares, directly or through its `$ref`; strings for enums.
    private func declaredType(_ property: JSONValue, in schema: JSONValue) -> String? {
        if let type = property["type"]?.stringValue { return type }
        if let reference = property["$ref"]?.stringValue, reference.hasPrefix("#"),
            let pointer = JSONPointer(parsing: String(reference.dropFirst())), let target = schema.value(at: pointer) {
            return declaredType(target, in: schema)
        }
        return property["enum"] != nil ? "string" : nil
    }

    @Test(arguments: schemas)
    func aValueOfAnotherTypeThanTheSchemaSaysIsAWrongType(_ file: String, _ kind: ServiceFileKind) throws {
        let schema = try schema(file)
        let wrongValues = ["string": "1", "boolean": #""yes""#, "object": "[]", "number": #""1""#, "integer": "4.5"]
        for section in ServiceConfigurationReader.Section.allCases {
            for member in definition(section, in: schema)?["properties"]?.objectValue ?? JSONObject() {
                guard let type = declaredType(member.value, in: schema) else {
                    #expect(member.key == "response", "\(section).\(member.key) declares no type")
                    continue
                }
                let wrong = try #require(wrongValues[type], "no wrong value for \(type)")
                #expect(codes(document(section, member.key, wrong), kind: kind) == [.wrongType], "\(file) \(section).\(member.key) = \(wrong)")
            }
        }
    }

    @Test(arguments: schemas)
    func theEnumsAreTheReadersCases(_ file: String, _ kind: ServiceFileKind) throws {
        let schema = try schema(file)
        func strings(_ pointer: String) -> [String] {
            JSONPointer(parsing: pointer).flatMap { schema.value(at: $0) }?.arrayValue?.compactMap(\.stringValue) ?? []
        }
        #expect(strings("/$defs/action/properties/clearPolicy/enum") == ClearPolicy.allCases.map(\.rawValue))
        #expect(strings("/$defs/parameterEncoding/enum") == ParameterEncoding.allCases.map(\.rawValue))
        for style in strings("/$defs/dateStyle/enum") + ["tiny", "none", "Short"] {
            let json = #"{"options": {"transformers": {"date": {"d": {"dateStyle": "\#(style)", "timeStyle": "\#(style)"}}}}}"#
            let accepted = strings("/$defs/dateStyle/enum").contains(style)
            #expect(codes(json, kind: kind).isEmpty == accepted, "dateStyle \(style)")
        }
    }

    /// A pattern of the schema, the document a sample goes into, and the error the reader gives
    /// when it refuses the sample.
    struct PatternCase: Sendable, CustomTestStringConvertible {
        let pointer: String
        let samples: [String]
        let code: ServiceConfigurationError.Code
        let document: @Sendable (String) -> String
        var testDescription: String { pointer }
    }

    static let patternCases: [PatternCase] = [
        PatternCase(pointer: "/$defs/httpMethod/pattern", samples: ["GET", "PATCH", "get", "Get", "", "GET1", "GE T", "É"],
                    code: .invalidValue) { #"{"defaults": {"httpMethod": \#($0)}}"# },
        PatternCase(pointer: "/$defs/action/properties/resultType/pattern",
                    samples: ["Post", "[Post]", "", "[]", "[Post", "Post]", "[[Post]]", "Two Words", "[Two Words]", "Post\t", "Ünïcode"],
                    code: .invalidValue) { #"{"actions": {"a": {"resultType": \#($0)}}}"# },
        PatternCase(pointer: "/$defs/defaults/properties/baseUrl/pattern",
                    samples: ["https://x", "http://x/y", "https://", "https:///x", "ftp://x", "HTTPS://x", "https:x", "x"],
                    code: .invalidValue) { #"{"defaults": {"baseUrl": \#($0)}}"# },
        PatternCase(pointer: "/properties/actions/propertyNames/pattern", samples: ["homeFeed", "user_posts", "a.b", ".", "", "x y"],
                    code: .invalidActionName) { #"{"actions": {\#($0): {}}}"# },
    ]

    @Test(arguments: patternCases)
    func thePatternsAcceptWhatTheReaderAccepts(_ patternCase: PatternCase) throws {
        for (file, kind) in Self.schemas {
            let schema = try schema(file)
            let pattern = try #require(JSONPointer(parsing: patternCase.pointer).flatMap { schema.value(at: $0) }?.stringValue)
            let regex = try Regex(pattern)
            for sample in patternCase.samples {
                let matches = sample.firstMatch(of: regex) != nil
                let refused = codes(patternCase.document(JSONValue(.string(sample)).description), kind: kind).contains(patternCase.code)
                #expect(matches == !refused, "\(file) \(patternCase.pointer): \"\(sample)\" matches \(matches), reader refuses \(refused)")
            }
        }
    }

    @Test(arguments: schemas)
    func commentKeysAreThoseTheReaderIgnores(_ file: String, _ kind: ServiceFileKind) throws {
        let schema = try schema(file)
        var definitions = ServiceConfigurationReader.Section.allCases.compactMap { definition($0, in: schema) }
        definitions += ["headers", "parameters"].compactMap { schema["$defs"]?[$0] }
        for definition in definitions {
            let patterns = definition["patternProperties"]?.objectValue?.keys ?? []
            #expect(patterns == [#"^\*\*\*"#])
            let regex = try Regex(patterns.first ?? "")
            for key in ["***", "***note", "**", "a***", " ***"] {
                #expect((key.firstMatch(of: regex) != nil) == ServiceConfigurationReader.isComment(key), "\(key)")
            }
        }
        let comments = try JSONParser.parse(#"{"***": 1, "***x": 2, "defaults": {"***": [], "headers": {"***": 0}}, "actions": {"***": 1}}"#).root
        #expect(codes(comments.description, kind: kind).isEmpty)
    }

    @Test(arguments: schemas)
    func everyDefinitionAndPropertyHasADescription(_ file: String, _ kind: ServiceFileKind) throws {
        func walk(_ value: JSONValue, path: String) {
            guard case .object(let object) = value.kind else { return }
            for container in ["properties", "$defs"] {
                guard let members = object[container]?.objectValue else { continue }
                for member in members where member.key != "$schema" {
                    if container == "properties" {
                        #expect(member.value["description"] != nil, "\(file): \(path)/\(container)/\(member.key) has no description")
                    }
                    walk(member.value, path: path + "/" + container + "/" + member.key)
                }
            }
            for container in ["additionalProperties", "patternProperties"] {
                if let inner = object[container] { walk(inner, path: path + "/" + container) }
            }
        }
        walk(try schema(file), path: "")
    }
}
