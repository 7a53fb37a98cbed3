import Foundation
import Testing
import WidgetryExpressions
import WidgetryJSON
import WidgetryStore

/// Groot's import rules on the Feed sample's model and stub responses.
struct JSONImporterTests {
    static let feed = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("SampleWidgets/Feed")

    let store: ObjectStore
    let importer: JSONImporter
    let stub: JSONValue

    init() throws {
        let modelBytes = try [UInt8](Data(contentsOf: Self.feed.appendingPathComponent("Model.json")))
        store = ObjectStore(model: try ModelJSONReader.read(JSONParser.parse(modelBytes, fileName: "Model.json"), file: "Model.json"))
        let stubBytes = try [UInt8](Data(contentsOf: Self.feed.appendingPathComponent("StubService.json")))
        stub = try JSONParser.parse(stubBytes, fileName: "StubService.json").root
        var transformers = BindingTransformerRegistry()
        try transformers.registerDateTransformers(from: try #require(stub["options"]?["transformers"]))
        importer = JSONImporter(transformers: transformers, transformerContext: TransformerContext(now: Date(timeIntervalSince1970: 1_529_524_800)))
    }

    private func response(_ action: String) throws -> JSONValue {
        try #require(stub["actions"]?[action]?["response"])
    }

    private func importJSON(_ json: JSONValue, into entity: String) throws -> [ObjectID] {
        try store.perform { (transaction: inout StoreTransaction) throws(ImportError) in
            try importer.importJSON(json, into: entity, in: &transaction)
        }.result
    }

    @Test func theOnLoadChainImportsOneAccountFiveUsersAndSixPosts() throws {
        let account = try importJSON(try response("currentUser"), into: "Account")
        #expect(account.count == 1)
        let posts = try importJSON(try response("homeFeed"), into: "Post")
        #expect(posts.count == 6)
        #expect(store.objects(of: "Account").count == 1)
        #expect(store.objects(of: "User").count == 6)
        #expect(store.objects(of: "User", includingDescendants: false).count == 5)
        #expect(store.objects(of: "Post").count == 6)
        // The "0" author merged into the Account, its fields kept.
        let first = try #require(store.object(posts[0]))
        let author = first.value(forKey: "author")
        #expect(author == .object(try #require(store.object(account[0]))))
        #expect(try Expression(format: "author.nickname").evaluate(with: .object(first)) == "faviomob")
        #expect(try Expression(format: "author.posts.@count").evaluate(with: .object(first)) == 1)
        // Dates came through the bundle's strToDate transformer.
        #expect(first.value(forKey: "timestamp") == .date(Date(timeIntervalSince1970: 1_529_517_600)))
        // The rows of the feed table: favoritesCount > 0, newest first.
        let rows = try store.fetch(FetchRequest(entity: "Post", predicate: try Predicate(format: "favoritesCount > 0"),
                                                sortDescriptors: [.init("timestamp", ascending: false)]))
        #expect(rows.map { $0.value(forKey: "postId") } == ["1", "2", "3", "4", "5", "6"])
        #expect(rows.map { $0.value(forKey: "favoritesCount") } == [9000, 4, 5, 6, 7, 3])
    }

    @Test func importingAgainUpdatesInPlaceAndAbsentKeysKeepTheirValues() throws {
        _ = try importJSON(try response("homeFeed"), into: "Post")
        let update = try JSONParser.parse(#"[{"id_str": "1", "favorite_count": 1}, {"id_str": "2", "text": null}]"#).root
        let ids = try importJSON(update, into: "Post")
        #expect(store.objects(of: "Post").count == 6)
        let first = try #require(store.object(ids[0]))
        #expect(first.value(forKey: "favoritesCount") == 1)
        #expect(first.value(forKey: "text").stringValue?.hasPrefix("WidgetKit Framework") == true)
        #expect(try #require(store.object(ids[1])).value(forKey: "text") != .null)
    }

    @Test func aScalarRelationshipValueReferencesByIdentityAndIdentityIsTyped() throws {
        let json = try JSONParser.parse(#"[{"id_str": "a", "user": "7"}, {"id_str": "b", "user": "7"}, {"id_str": "c", "user": 7}]"#).root
        do {
            _ = try importJSON(json, into: "Post")
            Issue.record("a number was accepted as a String identity")
        } catch let error as ImportError {
            #expect(error.code == .conversion)
            #expect(error.pointer.description == "/2/user")
        }
        #expect(store.objects(of: "Post").isEmpty, "the failed import left objects behind")
        let ids = try importJSON(try JSONParser.parse(#"[{"id_str": "a", "user": "7"}, {"id_str": "b", "user": "7"}]"#).root, into: "Post")
        let authors = ids.compactMap { store.object($0)?.value(forKey: "author") }
        #expect(authors.count == 2)
        #expect(authors[0] == authors[1])
        #expect(store.objects(of: "User").count == 1)
    }

    @Test func aBadValueDeepInABatchRollsTheWholeImportBack() throws {
        var posts = (0..<5000).map { #"{"id_str": "p\#($0)", "favorite_count": \#($0), "user": {"id_str": "u\#($0 % 10)"}}"# }
        posts[4999] = #"{"id_str": "bad", "favorite_count": "many"}"#
        let json = try JSONParser.parse("[" + posts.joined(separator: ",\n") + "]", fileName: "feed.json").root
        do {
            _ = try importJSON(json, into: "Post")
            Issue.record("accepted")
        } catch let error as ImportError {
            #expect(error.code == .conversion)
            #expect(error.pointer.description == "/4999/favorite_count")
            #expect(error.location?.line == 5000)
        }
        #expect(store.objects(of: "Post").isEmpty)
        #expect(store.objects(of: "User").isEmpty)
    }

    @Test func shapeMismatchesAndUnknownTransformersAreReported() throws {
        // User.posts has no JSONKeyPath in the sample, so a posts key is ignored.
        let ignored = try JSONParser.parse(#"{"id_str": "0", "posts": {"id_str": "1"}}"#).root
        #expect(try importJSON(ignored, into: "User").count == 1)
        let text = try JSONParser.parse(#""just a string""#).root
        #expect(throws: ImportError.self) { try importJSON(text, into: "Post") }
        let authorAsArray = try JSONParser.parse(#"{"id_str": "p", "user": [1]}"#).root
        #expect(throws: ImportError.self) { try importJSON(authorAsArray, into: "Post") }
        let bare = JSONImporter(transformerContext: TransformerContext(now: Date()))
        let dated = try JSONParser.parse(#"{"id_str": "x", "created_at": "Wed Jun 20 18:00:00 +0000 2018"}"#).root
        do {
            _ = try store.perform { (transaction: inout StoreTransaction) throws(ImportError) in
                try bare.importJSON(dated, into: "Post", in: &transaction)
            }
            Issue.record("accepted")
        } catch {
            #expect(error.code == .unknownTransformer)
            #expect(error.pointer.description == "/created_at")
        }
    }
}
