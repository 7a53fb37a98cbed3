import Foundation
import Testing
import WidgetryExpressions
import WidgetryJSON
import WidgetryModel
@testable import WidgetryStore
import WidgetryTestSupport

/// Importing a document's bytes reads them without building a tree; it must give exactly what
/// importing the parsed tree gives: the same objects, or the same located error.
struct JSONBytesImportTests {
    let model: EntityModel
    let importer: JSONImporter

    init() throws {
        model = try ModelJSONReader.read(JSONParser.parse(#"""
            {"entities": {
              "Item": {"identityAttribute": "itemId", "attributes": {
                "itemId": {"type": "String", "JSONKeyPath": "id"}, "title": {"type": "String", "optional": true, "JSONKeyPath": "title"},
                "score": {"type": "Integer 64", "optional": true, "JSONKeyPath": "meta.score"},
                "ratio": {"type": "Double", "optional": true, "JSONKeyPath": "ratio"},
                "flag": {"type": "Boolean", "optional": true, "JSONKeyPath": "flag"},
                "label": {"type": "String", "optional": true, "JSONKeyPath": "café"},
                "size": {"type": "Integer 32", "optional": true, "JSONKeyPath": "parts", "JSONTransformerName": "count"},
                "when": {"type": "Date", "optional": true, "JSONKeyPath": "when"}},
                "relationships": {"owner": {"destination": "Person", "inverse": "items", "JSONKeyPath": "owner"},
                                  "tags": {"destination": "Tag", "toMany": true, "ordered": true, "inverse": "items", "JSONKeyPath": "tags"}}},
              "Person": {"identityAttribute": "personId", "attributes": {
                "personId": {"type": "String", "JSONKeyPath": "id"}, "name": {"type": "String", "optional": true, "JSONKeyPath": "name"},
                "since": {"type": "String", "optional": true, "JSONKeyPath": "when"}},
                "relationships": {"items": {"destination": "Item", "toMany": true, "inverse": "owner"}}},
              "Tag": {"identityAttribute": "name", "attributes": {"name": {"type": "String", "JSONKeyPath": "name"}},
                "relationships": {"items": {"destination": "Item", "toMany": true, "inverse": "tags"}}}}}
            """#, fileName: "Model.json"), file: "Model.json")
        var transformers = BindingTransformerRegistry()
        transformers.register(name: "count", BindingTransformer { value, _ in value.elements.map { .int(Int64($0.count)) } })
        importer = JSONImporter(transformers: transformers, transformerContext: TransformerContext(now: Date(timeIntervalSince1970: 0)))
    }

    /// The ways a document can be imported.
    enum Path {
        /// Parsed into a tree first.
        case tree
        /// From its bytes, read before the import.
        case bytes
        /// From its bytes, read on a second thread while the import runs.
        case bytesReadConcurrently
    }

    /// The outcome of importing `text` one way: the store's dump, or the error's description.
    private func outcome(_ text: String, _ path: Path) -> String {
        let store = ObjectStore(model: model)
        do {
            if path != .tree {
                try store.perform { (transaction: inout StoreTransaction) throws(JSONImportError) in
                    _ = try importer.importJSON(Array(text.utf8), fileName: "doc.json", into: "Item", options: ImportOptions(),
                                                readingConcurrently: path == .bytesReadConcurrently, in: &transaction)
                }
            } else {
                let root = try JSONParser.parse(text, fileName: "doc.json").root
                try store.perform { (transaction: inout StoreTransaction) throws(ImportError) in
                    _ = try importer.importJSON(root, into: "Item", in: &transaction)
                }
            }
            return dump(store)
        } catch {
            return "error: \(error)" + (dump(store).isEmpty ? "" : " (and objects were left behind)")
        }
    }

    @Test func theSampleFeedImportsTheSameFromBytes() throws {
        let stub = try [UInt8](Data(contentsOf: JSONImporterTests.feed.appendingPathComponent("StubService.json")))
        let feed = try JSONParser.parse(stub, fileName: "StubService.json").root
        let modelBytes = try [UInt8](Data(contentsOf: JSONImporterTests.feed.appendingPathComponent("Model.json")))
        let model = try ModelJSONReader.read(JSONParser.parse(modelBytes, fileName: "Model.json"), file: "Model.json")
        var transformers = BindingTransformerRegistry()
        try transformers.registerDateTransformers(from: try #require(feed["options"]?["transformers"]))
        let importer = JSONImporter(transformers: transformers, transformerContext: TransformerContext(now: Date(timeIntervalSince1970: 0)))
        let (viaBytes, viaTree) = (ObjectStore(model: model), ObjectStore(model: model))
        for (action, entity) in [("currentUser", "Account"), ("homeFeed", "Post")] {
            let response = try #require(feed["actions"]?[action]?["response"])
            try viaBytes.perform { (transaction: inout StoreTransaction) throws(JSONImportError) in
                _ = try importer.importJSON(Array(response.serialized().utf8), into: entity, in: &transaction)
            }
            try viaTree.perform { (transaction: inout StoreTransaction) throws(ImportError) in
                _ = try importer.importJSON(response, into: entity, in: &transaction)
            }
        }
        #expect(viaBytes.objects(of: "Post").count == 6)
        #expect(dump(viaBytes) == dump(viaTree))
    }

    @Test func randomDocumentsImportTheSameBothWays() {
        var random = SeededGenerator(seed: 2026)
        var failures = 0
        for round in 0..<400 {
            let text = RandomItems.document(using: &random)
            let viaTree = outcome(text, .tree)
            #expect(outcome(text, .bytes) == viaTree, "round \(round): \(text)")
            #expect(outcome(text, .bytesReadConcurrently) == viaTree, "round \(round): \(text)")
            if viaTree.hasPrefix("error") { failures += 1 }
            // A cut document is a syntax error, reported as the parser reports it, whatever the
            // import of its first elements met while it was still being read.
            let cut = String(text.utf8.prefix(Int.random(in: 1..<text.utf8.count, using: &random)))
            if let cut, (try? JSONParser.parse(cut)) == nil {
                let cutViaTree = outcome(cut, .tree)
                #expect(outcome(cut, .bytes) == cutViaTree)
                #expect(outcome(cut, .bytesReadConcurrently) == cutViaTree)
            }
        }
        // Both outcomes occur, so both paths were compared on each.
        #expect(failures > 40 && failures < 360)
    }

    /// A long document read on a second thread while the import takes its elements: the same
    /// objects as the tree gives, and when the import fails early in a document that is not
    /// JSON further on, the syntax error, as when the document is read first.
    @Test func aDocumentReadWhileImportingEndsAsIfReadFirst() {
        let items = (0..<3_000).map { #"{"id": "i\#($0 % 2_500)", "title": "Item \#($0) \u00e9", "meta": {"score": \#($0)}, "owner": {"id": "p\#($0 % 40)", "name": "P \#($0 % 40)"}, "tags": ["t\#($0 % 7)"]}"# }
        let document = "[" + items.joined(separator: ",\n") + "]"
        let badItem = #"{"id": "bad", "meta": {"score": "x"}}"#
        let cases = [
            ("valid", document),
            // Long, so that the import would start before the reader is done if it did not wait.
            ("an object root", String(items[0].dropLast()) + #", "unknown": "# + document + "}"),
            ("a scalar root", "17"),
            ("an import error", "[" + items[0] + ", " + badItem + ", " + items[1...].joined(separator: ",\n") + "]"),
            ("an import error, then a syntax error", "[" + items[0] + ", " + badItem + ", " + items[1...].joined(separator: ",\n") + ",]"),
            ("a syntax error at the end", document + "]"),
            ("empty", "[]"),
        ]
        for (name, text) in cases {
            let viaTree = outcome(text, .tree)
            #expect(outcome(text, .bytesReadConcurrently) == viaTree, "\(name)")
        }
        #expect(!outcome(document, .tree).hasPrefix("error"))
        #expect(outcome(cases[4].1, .bytesReadConcurrently).hasPrefix("error: doc.json:"), "a syntax error, located")
    }

    /// `text` imported into `entity` of `model` from its bytes and from its parsed tree, each into a new store.
    private func importBothWays(_ text: String, into entity: String, model: EntityModel) throws -> (viaBytes: ObjectStore, viaTree: ObjectStore) {
        let viaBytes = ObjectStore(model: model), viaTree = ObjectStore(model: model)
        try viaBytes.perform { (transaction: inout StoreTransaction) throws(JSONImportError) in
            _ = try importer.importJSON(Array(text.utf8), into: entity, in: &transaction)
        }
        let root = try JSONParser.parse(text).root
        try viaTree.perform { (transaction: inout StoreTransaction) throws(ImportError) in
            _ = try importer.importJSON(root, into: entity, in: &transaction)
        }
        return (viaBytes, viaTree)
    }

    /// Keys are compared as two masked words read from the document, or packed from the bytes
    /// when fewer than 16 remain: keys of every length around a word, next to decoys that differ
    /// only in their last byte or are a byte longer or shorter, read the same on both paths,
    /// whether the document goes on for a while or ends right after them.
    @Test func keysOfEveryLengthAroundAWordMatchExactly() throws {
        let keys = ["k", "key1234", "key12345", "key123456", "fifteen-bytes-k", "sixteen-bytes-ke", "seventeen-bytes-k"]
        let attributes = keys.enumerated().map { #""a\#($0.offset)": {"type": "String", "optional": true, "JSONKeyPath": "\#($0.element)"}"# }
        let modelText = #"{"entities": {"Row": {"identityAttribute": "rowId", "attributes": {"rowId": {"type": "String", "JSONKeyPath": "id"}, "#
            + attributes.joined(separator: ", ") + "}}}}"
        let model = try ModelJSONReader.read(JSONParser.parse(modelText, fileName: "Model.json"), file: "Model.json")
        func decoys(_ key: String) -> [String] {
            [String(key.dropLast()) + "_", key + "x", String(key.dropLast())].filter { !$0.isEmpty && !keys.contains($0) }
        }
        let members = keys.enumerated().flatMap { index, key in
            decoys(key).map { #""\#($0)": "decoy""# } + [#""\#(key)": "v\#(index)""#]
        }
        let row = "{" + (members + [#""id": "r""#]).joined(separator: ", ") + "}"
        for text in ["[" + row + "]", "[" + row + "," + String(repeating: " ", count: 64) + #"{"id": "s"}]"#] {
            let (viaBytes, viaTree) = try importBothWays(text, into: "Row", model: model)
            let imported = try #require(viaBytes.objects(of: "Row").first)
            #expect(keys.indices.map { imported.value(forKey: "a\($0)") } == keys.indices.map { .string("v\($0)") })
            #expect(dump(viaBytes) == dump(viaTree))
        }
    }

    /// An object embedded again with the JSON it was last imported from is skipped; one that
    /// meets other JSON in between, under its own entity's rules or a sub-entity's, is written
    /// again, so both paths end with the last JSON's values.
    @Test func repeatedEmbeddedObjectsEndAsTheLastJSONSaysOnBothPaths() throws {
        let modelText = #"""
            {"entities": {
              "Item": {"identityAttribute": "itemId", "attributes": {"itemId": {"type": "String", "JSONKeyPath": "id"}},
                "relationships": {"owner": {"destination": "Person", "inverse": "owned", "JSONKeyPath": "owner"},
                                  "editor": {"destination": "Author", "inverse": "edited", "JSONKeyPath": "editor"}}},
              "Person": {"identityAttribute": "personId", "attributes": {
                "personId": {"type": "String", "JSONKeyPath": "id"}, "name": {"type": "String", "optional": true, "JSONKeyPath": "name"}},
                "relationships": {"owned": {"destination": "Item", "toMany": true, "inverse": "owner"}}},
              "Author": {"parent": "Person", "relationships": {
                "edited": {"destination": "Item", "toMany": true, "inverse": "editor"},
                "favorite": {"destination": "Item", "JSONKeyPath": "favorite"}}}}}
            """#
        let model = try ModelJSONReader.read(JSONParser.parse(modelText, fileName: "Model.json"), file: "Model.json")
        let ann = #"{"id": "p1", "name": "Ann"}"#
        let documents = [
            // The same author again and again, then other JSON, then the first JSON again.
            (#"[{"id": "a", "owner": \#(ann)}, {"id": "b", "owner": \#(ann)}, {"id": "c", "owner": {"id": "p1", "name": "Bob"}}]"#, "Bob"),
            (#"[{"id": "a", "owner": \#(ann)}, {"id": "b", "owner": \#(ann)}, {"id": "c", "owner": {"id": "p1", "name": "Bob"}}, {"id": "d", "owner": \#(ann)}]"#, "Ann"),
            // Written in between by a sub-entity's rules, which the skip must not miss.
            (#"[{"id": "a", "editor": {"id": "p1", "name": "Zed"}}, {"id": "b", "owner": \#(ann)}, {"id": "c", "editor": {"id": "p1", "name": "Bob"}}, {"id": "d", "owner": \#(ann)}]"#, "Ann"),
        ]
        for (text, name) in documents {
            let (viaBytes, viaTree) = try importBothWays(text, into: "Item", model: model)
            let person = try #require(viaBytes.objects(of: "Person").first)
            #expect(person.value(forKey: "name") == .string(name), "\(text)")
            #expect(dump(viaBytes) == dump(viaTree))
        }
    }

    /// Hundreds of embedded objects, each met several times with its JSON changing now and then,
    /// end with the last JSON's values (the table of last-imported JSON grows meanwhile).
    @Test func manyRepeatedEmbeddedObjectsEndWithTheirLastJSON() throws {
        var random = SeededGenerator(seed: 27)
        var lastName: [String: String] = [:]
        let items = (0..<1_200).map { index in
            let person = "p\(Int.random(in: 0..<300, using: &random))", name = "Name \(Int.random(in: 0..<3, using: &random))"
            lastName[person] = name
            return #"{"id": "i\#(index)", "owner": {"id": "\#(person)", "name": "\#(name)"}}"#
        }
        let store = ObjectStore(model: model)
        try store.perform { (transaction: inout StoreTransaction) throws(JSONImportError) in
            _ = try importer.importJSON(Array(("[" + items.joined(separator: ",\n") + "]").utf8), into: "Item", in: &transaction)
        }
        let names = Dictionary(uniqueKeysWithValues: store.objects(of: "Person").map {
            ($0.value(forKey: "personId").stringValue ?? "", $0.value(forKey: "name").stringValue ?? "")
        })
        #expect(names.filter { lastName[$0.key] != $0.value }.isEmpty)
        #expect(names.count == lastName.count)
    }

    @Test func aSyntaxErrorIsLocatedAndTheTransactionKeepsNothing() throws {
        let store = ObjectStore(model: model)
        do {
            try store.perform { (transaction: inout StoreTransaction) throws(JSONImportError) in
                _ = try importer.importJSON(Array(#"[{"id": "a"},\#n {"id": "b",}]"#.utf8), fileName: "doc.json", into: "Item", in: &transaction)
            }
            Issue.record("accepted")
        } catch {
            guard case .syntax(let syntax) = error else { Issue.record("\(error)"); return }
            #expect(syntax.code == .trailingComma)
            #expect(syntax.location.line == 2)
        }
        #expect(store.objects(of: "Item").isEmpty)
    }

    /// Containers nested as deep as the parser allows, and one level deeper, inside an item the
    /// import reads: read the same from the bytes as from the tree (the reading pass keeps the
    /// open containers in memory sized by that limit).
    @Test func nestingUpToTheDepthLimitReadsAsTheTreeDoes() {
        let limit = JSONParserOptions().maxDepth
        for depth in [limit - 2, limit - 1] {
            let deep = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
            let text = #"[{"id": "i1", "unknown": \#(deep)}, {"id": "i2"}]"#
            let viaTree = outcome(text, .tree)
            #expect(outcome(text, .bytes) == viaTree, "depth \(depth)")
            #expect(outcome(text, .bytesReadConcurrently) == viaTree, "depth \(depth)")
            #expect(viaTree.hasPrefix("error") == (depth == limit - 1), "depth \(depth): \(viaTree.prefix(80))")
        }
    }
}

/// Documents of items with every kind of member the model maps, and the mistakes imports meet.
enum RandomItems {
    static func document(using random: inout SeededGenerator) -> String {
        let count = Int.random(in: 0...6, using: &random)
        return "[" + (0..<count).map { _ in item(using: &random) }.joined(separator: ", ") + "]"
    }

    private static func item(using random: inout SeededGenerator) -> String {
        func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &random) < percent }
        /// A good value mostly, a bad one (which fails the import) now and then.
        func pick(_ good: [String], bad: [String] = []) -> String {
            (bad.isEmpty || chance(94) ? good : bad).randomElement(using: &random)!
        }
        var members: [String] = []
        if chance(95) { members.append(#""id": \#(chance(2) ? "7" : "\"i\(Int.random(in: 0..<5, using: &random))\"")"#) }
        // Plain text too long for a small string is allocated.
        if chance(70) { members.append(#""title": \#(pick(["\"plain\"", "\"a plain title, longer than a small string\"", "\"caf\\u00e9 \\\"q\\\"\"", "\"😀 emoji\"", "null", "\"\""]))"#) }
        if chance(60) { members.append(#""meta": \#(pick(["{\"score\": 12}", "{\"score\": 1e2}", "{}", "null", "{\"other\": [1, {\"a\": 2}]}"], bad: ["{\"score\": \"x\"}", "{\"score\": 1.5}"]))"#) }
        if chance(50) { members.append(#""ratio": \#(pick(["0.5", "-3", "1E-3"], bad: ["\"half\""]))"#) }
        if chance(50) { members.append(#""flag": \#(pick(["true", "false", "1", "0"], bad: ["2"]))"#) }
        if chance(50) { members.append(#"\#(pick(["\"café\"", "\"caf\\u00e9\"", "\"cafe\\u0301\"", "\"cafe\""])): "label""#) }
        if chance(40) { members.append(#""parts": \#(pick(["[1, 2, 3]", "[]"], bad: ["\"many\"", "{\"a\": 1}"]))"#) }
        if chance(40) { members.append(#""when": \#(pick(["\"2018-06-20T18:00:00Z\""], bad: ["\"yesterday\"", "1529517600"]))"#) }
        if chance(50) {
            // `when` is a Date of an item and a String of a person.
            members.append(#""owner": \#(pick(["{\"id\": \"p1\", \"name\": \"Ann\"}", "{\"id\": \"p3\", \"when\": \"2018-06-20T18:00:00Z\"}", "\"p2\"", "{\"name\": \"No id\"}", "{\"id\": \"p1\"}", "null"], bad: ["[\"p1\"]", "3"]))"#)
        }
        if chance(50) { members.append(#""tags": \#(pick(["[\"t1\", {\"name\": \"t2\"}, null, \"t1\"]", "[]", "[{\"name\": \"t3\"}]"], bad: ["\"t1\"", "[{\"name\": 3}]"]))"#) }
        if chance(30) { members.append(#""unknown": {"deep": [true, null, {"x": "\u0041"}]}"#) }
        members.shuffle(using: &random)
        return "{" + members.joined(separator: ", ") + "}"
    }
}
