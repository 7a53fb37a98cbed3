import Foundation
import Testing
import WidgetryExpressions
import WidgetryJSON
import WidgetryModel
import WidgetryStore

/// Computed keys (a host profile's `keyPaths`): answered by store objects like attributes,
/// inherited by sub-entities, refused where they would shadow the model or read each other.
struct ComputedKeysTests {
    let model: EntityModel
    static let now = Date(timeIntervalSince1970: 1_529_521_200)

    init() throws {
        model = try ModelJSONReader.read(JSONParser.parse("""
            {"entities": {
              "Post": {"attributes": {"text": {"type": "String", "optional": true}, "timestamp": {"type": "Date", "optional": true}}},
              "Quote": {"parent": "Post", "attributes": {"source": {"type": "String", "optional": true}}}}}
            """, fileName: "Model.json"), file: "Model.json")
    }

    private func keys(_ definitions: [String: [String: String]]) throws(ComputedKeys.Failure) -> ComputedKeys {
        try ComputedKeys(definitions, model: model, context: EvaluationContext(now: Self.now))
    }

    @Test func objectsAnswerComputedKeysAndSubEntitiesInheritThem() throws {
        let store = ObjectStore(model: model)
        let (post, quote) = try store.perform { (transaction: inout StoreTransaction) throws(StoreError) in
            let post = try transaction.insert("Post")
            try transaction.setAttribute("timestamp", to: .date(Self.now.addingTimeInterval(-3 * 3_600)), of: post)
            try transaction.setAttribute("text", to: "hello", of: post)
            let quote = try transaction.insert("Quote")
            try transaction.setAttribute("timestamp", to: .date(Self.now.addingTimeInterval(-90)), of: quote)
            try transaction.setAttribute("source", to: "a", of: quote)
            return (post, quote)
        }.result
        store.setComputedKeys(try keys(["Post": ["timeAgoString": "timeAgo(timestamp)", "shout": "uppercase(text)"],
                                        "Quote": ["cited": "source"]]))
        let postObject = try #require(store.object(post)), quoteObject = try #require(store.object(quote))
        #expect(postObject.value(forKey: "timeAgoString") == "3h")
        #expect(postObject.value(forKey: "shout") == "HELLO")
        #expect(quoteObject.value(forKey: "timeAgoString") == "1m", "inherited from Post")
        #expect(quoteObject.value(forKey: "cited") == "a")
        #expect(postObject.value(forKey: "cited") == .null, "a sub-entity's key is not its parent's")
        #expect(postObject.value(forKey: "text") == "hello", "model keys are read as before")
        #expect(try Predicate(format: "timeAgoString == '3h'").evaluate(with: .object(postObject)))
        store.setComputedKeys(nil)
        #expect(postObject.value(forKey: "timeAgoString") == .null)
    }

    @Test func declarationsThatCannotWorkAreRefusedWithEntityAndKey() {
        #expect(throws: ComputedKeys.Failure(entity: "Tweet", key: "x", message: "the model has no entity Tweet")) { try keys(["Tweet": ["x": "text"]]) }
        #expect(throws: ComputedKeys.Failure.self) { try keys(["Post": ["text": "uppercase(text)"]]) }
        #expect(throws: ComputedKeys.Failure.self) { try keys(["Post": ["bad": "text +"]]) }
        #expect(throws: ComputedKeys.Failure(entity: "Quote", key: "source",
                                             message: "Quote already has source in the model; the computed key it inherits cannot replace it"),
                "a sub-entity's attribute is not shadowed by its parent's computed key") { try keys(["Post": ["source": "text"]]) }
        #expect(throws: ComputedKeys.Failure(entity: "Post", key: "text",
                                             message: "Post already has text in the model; a computed key cannot replace it")) {
            try keys(["Post": ["text": "uppercase(text)"]])
        }
        do {
            _ = try keys(["Post": ["bad": "text +"]])
        } catch {
            #expect(error.entity == "Post" && error.key == "bad" && error.description.hasPrefix("keyPaths.Post.bad: text +"))
        }
        do {
            _ = try keys(["Post": ["a": "b", "b": "text"]])
            Issue.record("a computed key that reads another was accepted")
        } catch {
            #expect(error.description == "keyPaths.Post.a: b reads the computed key b; a computed key reads the model's keys only")
        }
    }
}
