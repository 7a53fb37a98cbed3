import Foundation
import Testing
import WidgetryJSON
@testable import WidgetryRuntime
@testable import WidgetryScreen
import WidgetryTestSupport

/// `Schemas/screen.schema.json` and `ScreenReader` must accept the same keys, types and values
/// (and the schema's type names those the screen builder knows), so that editors and
/// `widgetry validate` say what the runtime does.
struct ScreenSchemaTests {
    static let root = Samples.packageRootURL

    /// An object the reader checks: where the schema declares it, the keys the reader allows, and
    /// how an entry of it sits in a screen file named `S`.
    struct Section: Sendable, CustomTestStringConvertible {
        let definition: String
        let readerKeys: Set<String>
        let place: @Sendable (JSONValue) -> JSONValue
        var testDescription: String { definition }
    }

    static let sections: [Section] = [
        Section(definition: "screen", readerKeys: ScreenReader.screenKeys) { ["S": $0] },
        Section(definition: "object", readerKeys: ScreenReader.objectKeys) { ["S": ["objects": ["o": $0]]] },
        Section(definition: "element", readerKeys: ScreenReader.elementKeys) { ["S": ["elements": ["e": $0]]] },
        // The reader names no set for actions: it allows these two inline.
        Section(definition: "action", readerKeys: ["target", "selector"]) { ["S": ["elements": ["e": ["action": $0]]]] },
        Section(definition: "binding", readerKeys: ScreenReader.bindingKeys) { ["S": ["elements": ["e": ["bindings": [$0]]]]] },
        Section(definition: "evaluation", readerKeys: ScreenReader.bindingKeys.subtracting(["to", "from"])) {
            ["S": ["objects": ["o": ["type": "TableDisplayController", "evals": ["cellIdentifier": $0]]]]]
        },
        Section(definition: "view", readerKeys: ScreenReader.viewKeys) { ["S": ["views": $0]] },
        Section(definition: "prototype", readerKeys: ScreenReader.prototypeKeys) { ["S": ["views": ["type": "UITableView", "prototypes": [$0]]]] },
        Section(definition: "navigationItem", readerKeys: ScreenReader.navigationKeys) { ["S": ["navigationItem": $0]] },
        Section(definition: "segue", readerKeys: ScreenReader.segueKeys) { ["S": ["segues": ["s": $0]]] },
    ]

    private func schema() throws -> JSONValue {
        let bytes = try [UInt8](Data(contentsOf: Self.root.appendingPathComponent("Schemas/screen.schema.json")))
        return try JSONParser.parse(bytes, fileName: "screen.schema.json").root
    }

    /// `node`, or what its `$ref`s lead to.
    private func resolved(_ node: JSONValue, in schema: JSONValue) -> JSONValue {
        var node = node
        while let reference = node["$ref"]?.stringValue, reference.hasPrefix("#"),
            let pointer = JSONPointer(parsing: String(reference.dropFirst())), let target = schema.value(at: pointer) {
            node = target
        }
        return node
    }

    /// The smallest value the schema allows for `node`: an enum's first value, or an object with
    /// only its required members.
    private func sample(_ node: JSONValue, in schema: JSONValue) -> JSONValue {
        let node = resolved(node, in: schema)
        if let first = node["enum"]?[0] { return first }
        switch node["type"]?.stringValue {
        case "string": return "x"
        case "array": return []
        case "object":
            var object = JSONObject()
            for key in node["required"]?.arrayValue?.compactMap(\.stringValue) ?? [] {
                object[key] = node["properties"]?[key].map { sample($0, in: schema) }
            }
            return JSONValue(.object(object))
        default: return nil
        }
    }

    private func codes(_ document: JSONValue) -> [ScreenError.Code] {
        do {
            _ = try ScreenReader.read(JSONParser.parse(document.description, fileName: "S.json"), screen: "S", file: "S.json")
            return []
        } catch let failure as ScreenErrors {
            return failure.errors.map(\.code)
        } catch {
            Issue.record("not JSON: \(document): \(error)")
            return []
        }
    }

    @Test(arguments: sections)
    func theSchemaDeclaresExactlyTheKeysTheReaderAccepts(_ section: Section) throws {
        let schema = try schema()
        let definition = try #require(schema["$defs"]?[section.definition])
        let properties = try #require(definition["properties"]?.objectValue)
        #expect(Set(properties.keys) == section.readerKeys)
        #expect(definition["additionalProperties"] == false)
        let minimal = sample(definition, in: schema)
        #expect(codes(section.place(minimal)).isEmpty, "\(section.definition) with its required keys only: \(minimal)")
        for property in properties {
            var entry = minimal
            entry[property.key] = sample(property.value, in: schema)
            #expect(codes(section.place(entry)).isEmpty, "\(section.definition).\(property.key): \(entry)")
        }
        var unknown = minimal
        unknown["bogus"] = 1
        #expect(codes(section.place(unknown)) == [.unknownKey])
        var commented = minimal
        commented["***"] = ["a comment"]
        commented["***note"] = 1
        #expect(codes(section.place(commented)).isEmpty)
    }

    @Test(arguments: sections)
    func theRequiredKeysAreThoseTheReaderNeeds(_ section: Section) throws {
        let schema = try schema()
        let definition = try #require(schema["$defs"]?[section.definition])
        for key in definition["required"]?.arrayValue?.compactMap(\.stringValue) ?? [] {
            var entry = sample(definition, in: schema)
            entry[key] = nil
            #expect(codes(section.place(entry)) == [.missingKey], "\(section.definition) without \(key)")
        }
    }

    @Test(arguments: sections)
    func aValueOfAnotherTypeThanTheSchemaSaysIsAWrongType(_ section: Section) throws {
        let schema = try schema()
        let definition = try #require(schema["$defs"]?[section.definition])
        let wrongValues: [String: JSONValue] = ["string": 1, "array": ["a": 1], "object": [1]]
        for property in definition["properties"]?.objectValue ?? JSONObject() {
            let node = resolved(property.value, in: schema)
            guard let type = node["type"]?.stringValue ?? (node["enum"] != nil ? "string" : nil) else {
                #expect(["ifTrue", "ifFalse"].contains(property.key), "\(section.definition).\(property.key) declares no type")
                continue
            }
            var entry = sample(definition, in: schema)
            let wrong: JSONValue = try #require(wrongValues[type], "no wrong value for \(type)")
            entry[property.key] = wrong
            #expect(codes(section.place(entry)).contains(.wrongType), "\(section.definition).\(property.key) = \(entry[property.key]!)")
        }
    }

    private func strings(_ pointer: String, in schema: JSONValue) -> [String] {
        JSONPointer(parsing: pointer).flatMap { schema.value(at: $0) }?.arrayValue?.compactMap(\.stringValue) ?? []
    }

    @Test func theObjectTypesAreTheMediatingControllers() throws {
        #expect(strings("/$defs/object/properties/type/enum", in: try schema()) == ObjectType.allCases.map(\.rawValue))
    }

    @Test func theViewTypesAreTheNamesAnElementKindIsMadeFrom() throws {
        let names = strings("/$defs/view/properties/type/enum", in: try schema())
        #expect(names == ElementKind.acceptedTypeNames)
        #expect(Set(names).count == names.count)
        for kind in ElementKind.allCases { #expect(ElementKind(typeName: kind.typeName) == kind) }
        for name in names { #expect(ElementKind(typeName: name) != nil, "\(name)") }
        #expect(ElementKind(typeName: "TextInputView") == .textField)
        #expect(ElementKind(typeName: "AnimatedConstraint") == .layoutConstraint)
        for name in ["UIWebView", "uilabel", "UILabel ", "Label", ""] { #expect(ElementKind(typeName: name) == nil, "\(name)") }
    }

    @Test func theSegueKindsAreTheReadersCases() throws {
        let kinds = strings("/$defs/segue/properties/kind/enum", in: try schema())
        #expect(kinds == SegueEntry.Kind.allCases.map(\.rawValue))
        for kind in kinds + ["push", "Show", "modal"] {
            let document: JSONValue = ["S": ["segues": ["s": ["destination": "D", "kind": JSONValue(.string(kind))]]]]
            #expect(codes(document).isEmpty == kinds.contains(kind), "\(kind)")
            if !kinds.contains(kind) { #expect(codes(document) == [.invalidValue]) }
        }
    }

    /// Every object the schema describes, with where it is.
    private func objectNodes(_ node: JSONValue, path: String = "") -> [(path: String, node: JSONValue)] {
        var found: [(path: String, node: JSONValue)] = node["type"]?.stringValue == "object" ? [(path, node)] : []
        for container in ["properties", "$defs", "patternProperties"] {
            for member in node[container]?.objectValue ?? JSONObject() {
                found += objectNodes(member.value, path: path + "/" + container + "/" + member.key)
            }
        }
        for container in ["additionalProperties", "items"] {
            if let inner = node[container], inner.objectValue != nil { found += objectNodes(inner, path: path + "/" + container) }
        }
        return found
    }

    @Test func commentKeysAreThoseTheReaderIgnoresEverywhere() throws {
        let nodes = objectNodes(try schema())
        #expect(Set(nodes.map(\.path)).isSuperset(of: Self.sections.map { "/$defs/" + $0.definition }))
        for (path, node) in nodes {
            let patterns = node["patternProperties"]?.objectValue?.keys ?? []
            #expect(patterns == [#"^\*\*\*"#], "\(path)")
            let regex = try Regex(patterns.first ?? "")
            for key in ["***", "***note", "**", "a***", " ***", "*"] {
                #expect((key.firstMatch(of: regex) != nil) == key.hasPrefix("***"), "\(path): \(key)")
            }
        }
        let comments: JSONValue = [
            "***": 1, "S": ["***": [], "objects": ["***": "c", "o": ["***": 0, "type": "ActionController", "attrs": ["***": 1], "outlets": ["***": 1]]],
                            "elements": ["***": 1, "e": ["***": 1, "bindings": [["***": 1]], "action": ["***": 1, "target": "o", "selector": "s"]]],
                            "views": ["***": 1, "type": "UITableView", "prototypes": [["***": 1, "reuseIdentifier": "C"]]],
                            "navigationItem": ["***": 1], "segues": ["***": 1, "s": ["***": 1, "destination": "D"]]],
        ]
        #expect(codes(comments).isEmpty)
    }

    @Test func everyDefinitionAndPropertyHasADescription() throws {
        func walk(_ value: JSONValue, path: String) {
            guard case .object(let object) = value.kind else { return }
            for container in ["properties", "$defs"] {
                for member in object[container]?.objectValue ?? JSONObject() {
                    #expect(member.value["description"] != nil, "\(path)/\(container)/\(member.key) has no description")
                    walk(member.value, path: path + "/" + container + "/" + member.key)
                }
            }
            for container in ["additionalProperties", "items"] {
                if let inner = object[container] { walk(inner, path: path + "/" + container) }
            }
        }
        let schema = try schema()
        walk(schema, path: "")
        #expect(schema["$id"]?.stringValue == "https://widgetry.dev/schemas/screen.schema.json")
        #expect(schema["$schema"]?.stringValue == "https://json-schema.org/draft/2020-12/schema")
    }

    // MARK: Samples

    /// What `value` breaks of `node`'s structure: keys the schema does not allow, required keys
    /// missing, values outside an enum. Not a validator: types and `anyOf` are not checked.
    private func structuralProblems(_ value: JSONValue, _ node: JSONValue, in schema: JSONValue, path: String = "") throws -> [String] {
        let node = resolved(node, in: schema)
        var problems: [String] = []
        if let allowed = node["enum"]?.arrayValue, !allowed.contains(value) { problems.append("\(path): \(value) is not in the enum") }
        switch value.kind {
        case .object(let object):
            for key in node["required"]?.arrayValue?.compactMap(\.stringValue) ?? [] where object[key] == nil {
                problems.append("\(path): no \(key)")
            }
            let patterns = try (node["patternProperties"]?.objectValue?.keys ?? []).map { try Regex($0) }
            for member in object where !patterns.contains(where: { member.key.firstMatch(of: $0) != nil }) {
                let memberPath = path + "/" + member.key
                if let property = node["properties"]?[member.key] {
                    problems += try structuralProblems(member.value, property, in: schema, path: memberPath)
                } else if let additional = node["additionalProperties"], additional.objectValue != nil {
                    problems += try structuralProblems(member.value, additional, in: schema, path: memberPath)
                } else if node["additionalProperties"] == false {
                    problems.append("\(memberPath): not allowed")
                }
            }
        case .array(let items):
            if let itemNode = node["items"] {
                for (index, item) in items.enumerated() {
                    problems += try structuralProblems(item, itemNode, in: schema, path: path + "/\(index)")
                }
            }
        default:
            break
        }
        return problems
    }

    @Test(arguments: ["FeedViewController", "NewPostViewController"])
    func theSampleScreensUseOnlyWhatTheSchemaAllows(_ name: String) throws {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Samples.widget("Feed/\(name).json"))))
        let screen = try JSONParser.parse(bytes, fileName: "\(name).json").root, schema = try schema()
        #expect(try structuralProblems(screen, schema, in: schema) == [])
        _ = try ScreenReader.read(JSONParser.parse(bytes, fileName: "\(name).json"), screen: name, file: "\(name).json")
    }

    @Test func theStructuralCheckFindsWhatTheReaderRefuses() throws {
        let schema = try schema()
        let document: JSONValue = [
            "S": ["views": ["type": "UITableView", "prototypes": [["reuseIdentifier": "C", "children": [["type": "UILabel", "text": "x"]]]]],
                  "elements": ["e": ["bindings": [["from": "a", "too": "b"]]]], "segues": ["s": ["kind": "push"]]],
        ]
        #expect(try structuralProblems(document, schema, in: schema) == [
            "/S/views/prototypes/0/children/0/text: not allowed", "/S/elements/e/bindings/0/too: not allowed",
            "/S/segues/s: no destination", "/S/segues/s/kind: \"push\" is not in the enum",
        ])
        #expect(codes(document) == [.unknownKey, .unknownKey, .missingKey])
    }
}
