import Foundation
import Testing
import WidgetryExpressions
import WidgetryJSON
import WidgetryStore
import WidgetryModel
import WidgetryTestSupport

/// Groot's import rules on the Feed sample's model and stub responses.
struct JSONImporterTests {
    static let feed = URL(fileURLWithPath: Samples.widget("Feed"))

    let model: EntityModel
    let files: TemporaryDirectory
    let importer: JSONImporter
    let stub: JSONValue

    init() throws {
        files = try TemporaryDirectory(removedOnRelease: true)
        let modelBytes = try [UInt8](Data(contentsOf: Self.feed.appendingPathComponent("Model.json")))
        model = try ModelJSONReader.read(JSONParser.parse(modelBytes, fileName: "Model.json"), file: "Model.json")
        let stubBytes = try [UInt8](Data(contentsOf: Self.feed.appendingPathComponent("StubService.json")))
        stub = try JSONParser.parse(stubBytes, fileName: "StubService.json").root
        var transformers = BindingTransformerRegistry()
        try transformers.registerDateTransformers(from: try #require(stub["options"]?["transformers"]))
        importer = JSONImporter(transformers: transformers, transformerContext: TransformerContext(now: Date(timeIntervalSince1970: 1_529_524_800)))
    }

    private func response(_ action: String) throws -> JSONValue {
        try #require(stub["actions"]?[action]?["response"])
    }

    private func importJSON(_ json: JSONValue, into entity: String, _ store: ObjectStore, options: ImportOptions = ImportOptions()) throws -> [ObjectID] {
        try store.perform { (transaction: inout StoreTransaction) throws(ImportError) in
            try importer.importJSON(json, into: entity, options: options, in: &transaction)
        }.result
    }

    @Test(arguments: StoreMode.allCases) func theOnLoadChainImportsOneAccountFiveUsersAndSixPosts(_ mode: StoreMode) throws {
        let store = try mode.store(for: model, in: files)
        let account = try importJSON(try response("currentUser"), into: "Account", store)
        #expect(account.count == 1)
        let posts = try importJSON(try response("homeFeed"), into: "Post", store)
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

    @Test(arguments: StoreMode.allCases) func importingAgainUpdatesInPlaceAndAbsentKeysKeepTheirValues(_ mode: StoreMode) throws {
        let store = try mode.store(for: model, in: files)
        _ = try importJSON(try response("homeFeed"), into: "Post", store)
        let update = try JSONParser.parse(#"[{"id_str": "1", "favorite_count": 1}, {"id_str": "2", "text": null}]"#).root
        let ids = try importJSON(update, into: "Post", store)
        #expect(store.objects(of: "Post").count == 6)
        let first = try #require(store.object(ids[0]))
        #expect(first.value(forKey: "favoritesCount") == 1)
        #expect(first.value(forKey: "text").stringValue?.hasPrefix("WidgetKit Framework") == true)
        #expect(try #require(store.object(ids[1])).value(forKey: "text") != .null)
    }

    @Test(arguments: StoreMode.allCases) func aScalarRelationshipValueReferencesByIdentityAndIdentityIsTyped(_ mode: StoreMode) throws {
        let store = try mode.store(for: model, in: files)
        let json = try JSONParser.parse(#"[{"id_str": "a", "user": "7"}, {"id_str": "b", "user": "7"}, {"id_str": "c", "user": 7}]"#).root
        do {
            _ = try importJSON(json, into: "Post", store)
            Issue.record("a number was accepted as a String identity")
        } catch let error as ImportError {
            #expect(error.code == .conversion)
            #expect(error.pointer.description == "/2/user")
        }
        #expect(store.objects(of: "Post").isEmpty, "the failed import left objects behind")
        let ids = try importJSON(try JSONParser.parse(#"[{"id_str": "a", "user": "7"}, {"id_str": "b", "user": "7"}]"#).root, into: "Post", store)
        let authors = ids.compactMap { store.object($0)?.value(forKey: "author") }
        #expect(authors.count == 2)
        #expect(authors[0] == authors[1])
        #expect(store.objects(of: "User").count == 1)
    }

    @Test(arguments: StoreMode.allCases) func aBadValueDeepInABatchRollsTheWholeImportBack(_ mode: StoreMode) throws {
        let store = try mode.store(for: model, in: files)
        _ = try importJSON(try response("currentUser"), into: "Account", store)
        _ = try importJSON(try response("homeFeed"), into: "Post", store)
        let before = dump(store)
        // Updates of existing posts and users come first, so the failure has much to undo.
        var posts = (0..<5000).map { #"{"id_str": "\#($0 % 7)", "favorite_count": \#($0), "user": {"id_str": "u\#($0 % 10)", "name": "N\#($0)"}}"# }
        posts[4999] = #"{"id_str": "bad", "favorite_count": "many"}"#
        let json = try JSONParser.parse("[" + posts.joined(separator: ",\n") + "]", fileName: "feed.json").root
        do {
            _ = try importJSON(json, into: "Post", store, options: ImportOptions(clearsEntityFirst: true))
            Issue.record("accepted")
        } catch let error as ImportError {
            #expect(error.code == .conversion)
            #expect(error.pointer.description == "/4999/favorite_count")
            #expect(error.location?.line == 5000)
        }
        #expect(dump(store) == before)
        if let path = store.filePath {
            #expect(dump(try ObjectStore(model: model, filePath: path)) == before, "the file holds part of the failed import")
        }
    }

    @Test(arguments: StoreMode.allCases) func clearPolicyAfterReplacesTheEntityAndSetWritesEveryImportedObject(_ mode: StoreMode) throws {
        let store = try mode.store(for: model, in: files)
        _ = try importJSON(try response("homeFeed"), into: "Post", store)
        let set = try #require(JSONParser.parse(#"{"repostCount": 42, "text": "pinned"}"#, fileName: "Service.json").root.objectValue)
        let replacement = try JSONParser.parse(#"[{"id_str": "9", "favorite_count": 1}, {"id_str": "1", "favorite_count": 2}]"#).root
        let (ids, changes) = try store.perform { (transaction: inout StoreTransaction) throws(ImportError) in
            try importer.importJSON(replacement, into: "Post", options: ImportOptions(clearsEntityFirst: true, set: set), in: &transaction)
        }
        #expect(store.objects(of: "Post").map { $0.value(forKey: "postId") } == ["9", "1"])
        #expect(changes.deleted.count == 6, "every old post is deleted, even the one whose identity comes back")
        #expect(changes.inserted.count == 2)
        for id in ids {
            let post = try #require(store.object(id))
            #expect(post.value(forKey: "repostCount") == 42)
            #expect(post.value(forKey: "text") == "pinned")
        }
        let wrong = try #require(JSONParser.parse(#"{"repostCount": "many"}"#, fileName: "Service.json").root.objectValue)
        do {
            _ = try store.perform { (transaction: inout StoreTransaction) throws(ImportError) in
                try importer.importJSON(replacement, into: "Post", options: ImportOptions(set: wrong), in: &transaction)
            }
            Issue.record("accepted")
        } catch {
            #expect(error.code == .conversion)
            #expect(error.pointer.description == "/repostCount")
            #expect(error.location?.line == 1)
        }
        let unknown = try #require(JSONParser.parse(#"{"author": "0"}"#).root.objectValue)
        #expect(throws: ImportError.self) {
            try store.perform { (transaction: inout StoreTransaction) throws(ImportError) in
                try importer.importJSON(replacement, into: "Post", options: ImportOptions(set: unknown), in: &transaction)
            }
        }
    }

    @Test(arguments: StoreMode.allCases) func shapeMismatchesAndUnknownTransformersAreReported(_ mode: StoreMode) throws {
        let store = try mode.store(for: model, in: files)
        // User.posts has no JSONKeyPath in the sample, so a posts key is ignored.
        let ignored = try JSONParser.parse(#"{"id_str": "0", "posts": {"id_str": "1"}}"#).root
        #expect(try importJSON(ignored, into: "User", store).count == 1)
        let text = try JSONParser.parse(#""just a string""#).root
        #expect(throws: ImportError.self) { try importJSON(text, into: "Post", store) }
        let authorAsArray = try JSONParser.parse(#"{"id_str": "p", "user": [1]}"#).root
        #expect(throws: ImportError.self) { try importJSON(authorAsArray, into: "Post", store) }
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
