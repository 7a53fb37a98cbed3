import Foundation
import Testing
import WidgetryExpressions
import WidgetryJSON
import WidgetryStore
import WidgetryModel

/// CoreData refused to save an object without a non-optional attribute; an import that would
/// insert one (its identity missing, or another required value) fails at the object's JSON
/// with `import.missing-value`, and the store keeps nothing of it, from a tree or from bytes.
struct RequiredAttributeImportTests {
    static let modelText = #"""
        {"entities": {
          "Post": {"identityAttribute": "postId", "attributes": {
            "postId": {"type": "String", "JSONKeyPath": "id"},
            "text": {"type": "String", "JSONKeyPath": "text"},
            "likes": {"type": "Integer 32", "default": 0, "JSONKeyPath": "likes"},
            "note": {"type": "String", "optional": true, "JSONKeyPath": "note"}},
            "relationships": {"author": {"destination": "User", "inverse": "posts", "JSONKeyPath": "user"}}},
          "User": {"identityAttribute": "userId", "attributes": {
            "userId": {"type": "String", "JSONKeyPath": "id"},
            "name": {"type": "String", "JSONKeyPath": "name"}},
            "relationships": {"posts": {"destination": "Post", "toMany": true, "inverse": "author"}}}}}
        """#

    let model: EntityModel
    let importer = JSONImporter(transformerContext: TransformerContext(now: Date(timeIntervalSince1970: 0)))

    init() throws {
        model = try ModelJSONReader.read(JSONParser.parse(Self.modelText, fileName: "Model.json"), file: "Model.json")
    }

    static let cases: [(json: String, pointer: String, attribute: String)] = [
        (#"[{"id": "1", "text": "a"}, {"text": "no identity"}]"#, "/1", "Post.postId"),
        (#"[{"id": "1", "text": "a"}, {"id": "2"}]"#, "/1", "Post.text"),
        (#"[{"id": "1", "text": "a", "user": {"id": "u"}}]"#, "/0/user", "User.name"),
        (#"[{"id": "1", "text": "a", "user": "u"}]"#, "/0/user", "User.name"),
    ]

    @Test(arguments: 0..<cases.count)
    func anObjectWithoutARequiredValueIsRefusedWhole(index: Int) throws {
        let (json, pointer, attribute) = Self.cases[index]
        let store = ObjectStore(model: model)
        let document = try JSONParser.parse(json, fileName: "response.json")
        do {
            _ = try store.perform { (transaction: inout StoreTransaction) throws(ImportError) in
                try importer.importJSON(document.root, into: "Post", in: &transaction)
            }
            Issue.record("imported")
        } catch {
            #expect(error.code == .missingValue)
            #expect(error.code.rawValue == "import.missing-value")
            #expect(error.pointer.description == pointer)
            #expect(error.location != nil)
            #expect(error.message.hasPrefix(attribute + " is not optional"))
        }
        #expect(store.objects(of: "Post").isEmpty && store.objects(of: "User").isEmpty, "rolled back")

        do throws(JSONImportError) {
            _ = try store.perform { (transaction: inout StoreTransaction) throws(JSONImportError) in
                try importer.importJSON(Array(json.utf8), fileName: "response.json", into: "Post", in: &transaction)
            }
            Issue.record("imported from bytes")
        } catch {
            guard case .content(let content) = error else { Issue.record("\(error)"); return }
            #expect(content.code == .missingValue && content.pointer.description == pointer)
        }
    }

    @Test func defaultsAndOptionalsNeedNothingAndUpdatesKeepWhatIsThere() throws {
        let store = ObjectStore(model: model)
        _ = try store.perform { (transaction: inout StoreTransaction) throws(ImportError) in
            try importer.importJSON(try! JSONParser.parse(#"[{"id": "1", "text": "a"}]"#).root, into: "Post", in: &transaction)
        }
        _ = try store.perform { (transaction: inout StoreTransaction) throws(ImportError) in
            try importer.importJSON(try! JSONParser.parse(#"{"id": "1", "note": "only a note"}"#).root, into: "Post", in: &transaction)
        }
        #expect(store.objects(of: "Post").count == 1)
    }
}
