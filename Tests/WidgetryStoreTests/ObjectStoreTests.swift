import Foundation
import Testing
import WidgetryExpressions
import WidgetryJSON
import WidgetryStore
import WidgetryModel
import WidgetryTestSupport

/// The in-memory object store: defaults and type checks, inverses, identity across an entity
/// hierarchy, all-or-nothing transactions with change sets, delete rules, and fetching.
struct ObjectStoreTests {
    let model: EntityModel
    let files: TemporaryDirectory

    init() throws {
        files = try TemporaryDirectory(removedOnRelease: true)
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Samples.widget("Feed/Model.json"))))
        model = try ModelJSONReader.read(JSONParser.parse(bytes, fileName: "Model.json"), file: "Model.json")
    }

    /// Ann (an Account, "0") with two posts, Bob (a User, "1") with one.
    @discardableResult
    private func seed(_ store: ObjectStore) throws -> (ann: ObjectID, bob: ObjectID, posts: [ObjectID]) {
        try store.perform { transaction throws(StoreError) in
            let ann = try transaction.insert("Account")
            try transaction.setAttribute("userId", to: "0", of: ann)
            try transaction.setAttribute("name", to: "Ann", of: ann)
            let bob = try transaction.insert("User")
            try transaction.setAttribute("userId", to: "1", of: bob)
            try transaction.setAttribute("name", to: "Bob", of: bob)
            var posts: [ObjectID] = []
            for (index, (author, likes)) in [(ann, 5), (bob, 50), (ann, 500)].enumerated() {
                let post = try transaction.insert("Post")
                try transaction.setAttribute("postId", to: .string("p\(index)"), of: post)
                try transaction.setAttribute("favoritesCount", to: .int(Int64(likes)), of: post)
                try transaction.setAttribute("text", to: .string("post \(index) about Swift"), of: post)
                try transaction.setTarget("author", to: author, of: post)
                posts.append(post)
            }
            return (ann, bob, posts)
        }.result
    }

    @Test(arguments: StoreMode.allCases) func newObjectsGetDefaultsAndAttributesAreTypeChecked(_ mode: StoreMode) throws {
        let store = try mode.store(for: model, in: files)
        let (_, _, posts) = try seed(store)
        let reposts = try #require(store.object(posts[0])).value(forKey: "repostCount")
        #expect(reposts == 0)
        let errors: [(Value, String, StoreError.Code)] = [
            ("12", "favoritesCount", .typeMismatch), (.int(1 << 40), "favoritesCount", .typeMismatch),
            (.null, "postId", .missingValue), (true, "text", .typeMismatch), ("x", "nope", .unknownKey),
        ]
        for (value, key, code) in errors {
            do {
                try store.perform { transaction throws(StoreError) in try transaction.setAttribute(key, to: value, of: posts[0]) }
                Issue.record("\(key) = \(value) was accepted")
            } catch {
                #expect(error.code == code, "\(key) = \(value)")
            }
        }
    }

    @Test(arguments: StoreMode.allCases) func relationshipWritesKeepInversesConsistent(_ mode: StoreMode) throws {
        let store = try mode.store(for: model, in: files)
        let (ann, bob, posts) = try seed(store)
        let annObject = try #require(store.object(ann))
        #expect(annObject.value(forKey: "posts").elements?.count == 2)
        try store.perform { transaction throws(StoreError) in try transaction.setTarget("author", to: bob, of: posts[0]) }
        #expect(annObject.value(forKey: "posts").elements?.count == 1)
        #expect(try #require(store.object(bob)).value(forKey: "posts").elements?.count == 2)
        try store.perform { transaction throws(StoreError) in try transaction.setTargets("posts", to: [posts[1]], of: bob) }
        #expect(try #require(store.object(posts[0])).value(forKey: "author") == .null)
        #expect(try #require(store.object(posts[1])).value(forKey: "author") == .object(try #require(store.object(bob))))
    }

    @Test(arguments: StoreMode.allCases) func identityIsSharedAcrossTheEntityHierarchy(_ mode: StoreMode) throws {
        let store = try mode.store(for: model, in: files)
        let (ann, _, _) = try seed(store)
        let found = store.read { transaction in transaction.object(withIdentity: "0", in: "User") }
        #expect(found == ann)
        #expect(store.read { $0.object(withIdentity: "0", in: "Post") } == nil)
        #expect(throws: StoreError.self) {
            try store.perform { transaction throws(StoreError) in
                let other = try transaction.insert("User")
                try transaction.setAttribute("userId", to: "0", of: other)
            }
        }
    }

    @Test(arguments: StoreMode.allCases) func aFailingTransactionLeavesTheStoreExactlyAsItWas(_ mode: StoreMode) throws {
        let store = try mode.store(for: model, in: files)
        try seed(store)
        let before = store.objects(of: "Post").map { $0.value(forKey: "favoritesCount") }
        do {
            try store.perform { transaction throws(StoreError) in
                for post in transaction.objects(of: "Post") { try transaction.setAttribute("favoritesCount", to: 0, of: post) }
                _ = try transaction.insert("Post")
                throw StoreError(.unknownKey, "stop")
            }
        } catch {}
        #expect(store.objects(of: "Post").map { $0.value(forKey: "favoritesCount") } == before)
        #expect(store.objects(of: "Post").count == 3)
    }

    @Test(arguments: StoreMode.allCases) func aTransactionReportsWhatItChanged(_ mode: StoreMode) throws {
        let store = try mode.store(for: model, in: files)
        let (ann, bob, posts) = try seed(store)
        let changes = try store.perform { transaction throws(StoreError) in
            let post = try transaction.insert("Post")
            try transaction.setAttribute("postId", to: "p9", of: post)
            try transaction.setTarget("author", to: bob, of: post)
            try transaction.setAttribute("text", to: "edited", of: posts[0])
            try transaction.delete(posts[2])
            return post
        }
        #expect(changes.changes.inserted == [changes.result])
        #expect(changes.changes.updated == [bob, posts[0], ann])
        #expect(changes.changes.deleted == [posts[2]])
    }

    @Test(arguments: StoreMode.allCases) func deleteRulesCascadeAndNullify(_ mode: StoreMode) throws {
        let store = try mode.store(for: model, in: files)
        let (ann, bob, posts) = try seed(store)
        // Post.author is nullify: deleting a post removes it from its author's posts.
        try store.perform { transaction throws(StoreError) in try transaction.delete(posts[0]) }
        #expect(try #require(store.object(ann)).value(forKey: "posts").elements?.count == 1)
        // User.posts is cascade: deleting Bob deletes his post.
        try store.perform { transaction throws(StoreError) in try transaction.delete(bob) }
        #expect(store.object(posts[1]) == nil)
        #expect(store.objects(of: "Post").count == 1)
        #expect(store.read { $0.object(withIdentity: "1", in: "User") } == nil)
    }

    @Test(arguments: StoreMode.allCases) func fetchFiltersSortsAndPagesThroughSubentities(_ mode: StoreMode) throws {
        let store = try mode.store(for: model, in: files)
        try seed(store)
        let users = try store.fetch(FetchRequest(entity: "User", sortDescriptors: [.init("name", ascending: false)]))
        #expect(users.map { $0.value(forKey: "name") } == ["Bob", "Ann"])
        #expect(users.map(\.entity) == ["User", "Account"])
        let popular = try store.fetch(FetchRequest(
            entity: "Post", predicate: try Predicate(format: "favoritesCount > 10 AND text CONTAINS[c] 'swift'"),
            sortDescriptors: [.init("favoritesCount", ascending: false)]))
        #expect(popular.map { $0.value(forKey: "postId") } == ["p2", "p1"])
        let byAnn = try store.fetch(FetchRequest(entity: "Post", predicate: try Predicate(format: "author.name == 'Ann'"), offset: 1, limit: 5))
        #expect(byAnn.map { $0.value(forKey: "postId") } == ["p2"])
        let counted = try store.fetch(FetchRequest(entity: "User", predicate: try Predicate(format: "posts.@count == 2 AND ANY posts.favoritesCount > 100")))
        #expect(counted.map { $0.value(forKey: "name") } == ["Ann"])
    }

    @Test(arguments: StoreMode.allCases) func nullSortsFirstAscending(_ mode: StoreMode) throws {
        let store = try mode.store(for: model, in: files)
        try seed(store)
        try store.perform { transaction throws(StoreError) in
            let post = try transaction.insert("Post")
            try transaction.setAttribute("postId", to: "untitled", of: post)
        }
        let posts = try store.fetch(FetchRequest(entity: "Post", sortDescriptors: [.init("text")]))
        #expect(posts.first?.value(forKey: "postId") == "untitled")
    }

    /// Sort keys that name a column and keys that walk a relationship, in one request: the
    /// first are read from the store's columns, the second evaluated on each object.
    @Test(arguments: StoreMode.allCases) func sortsByColumnsAndKeyPathsTogether(_ mode: StoreMode) throws {
        let store = try mode.store(for: model, in: files)
        try seed(store)
        let posts = try store.fetch(FetchRequest(entity: "Post", sortDescriptors: [.init("author.name", ascending: false), .init("favoritesCount", ascending: false)]))
        #expect(posts.map { $0.value(forKey: "postId") } == ["p1", "p2", "p0"])
        let sections = try store.fetchObjectSections(FetchRequest(entity: "Post", sortDescriptors: [.init("favoritesCount")], sectionKeyPath: "author.name"))
        #expect(sections.map(\.name) == ["Ann", "Bob"])
        #expect(sections.map { $0.objects.map { $0.value(forKey: "postId") } } == [["p0", "p2"], ["p1"]])
    }

    /// `self` is the object itself to key-value reading, even where an attribute has that name:
    /// sorting by it ties every object, so they keep their order.
    @Test func sortingBySelfDoesNotReadAnAttributeOfThatName() throws {
        let model = try ModelJSONReader.read(JSONParser.parse(#"{"entities": {"Item": {"attributes": {"self": {"type": "String"}}}}}"#,
                                                              fileName: "Model.json"), file: "Model.json")
        let store = ObjectStore(model: model)
        try store.perform { (transaction: inout StoreTransaction) throws(StoreError) in
            for text in ["b", "a", "c"] { try transaction.setAttribute("self", to: .string(text), of: transaction.insert("Item")) }
        }
        let items = try store.fetch(FetchRequest(entity: "Item", sortDescriptors: [.init("self")]))
        #expect(items.map { $0.value(forKey: "self") } == ["b", "a", "c"], "the attribute, in insertion order")
    }

    @Test(arguments: StoreMode.allCases) func handlesForTheSameObjectAreTheSameObject(_ mode: StoreMode) throws {
        let store = try mode.store(for: model, in: files)
        let (ann, _, posts) = try seed(store)
        let author = try #require(store.object(posts[0])).value(forKey: "author")
        #expect(author == .object(try #require(store.object(ann))))
        #expect(Set([author, .object(try #require(store.object(ann)))]).count == 1)
        let mine = try Predicate(format: "author == $me")
        #expect(try mine.evaluate(with: .object(try #require(store.object(posts[2]))), variables: ["me": author]))
    }

    @Test(arguments: StoreMode.allCases) func onlyPostsOfTheOwnerEntityAreMine(_ mode: StoreMode) throws {
        let store = try mode.store(for: model, in: files)
        let (_, _, posts) = try seed(store)
        let mine = posts.compactMap(store.object).map(store.isMine)
        #expect(mine == [true, false, true])
        try store.perform { transaction throws(StoreError) in try transaction.setTarget("author", to: nil, of: posts[0]) }
        #expect(store.isMine(try #require(store.object(posts[0]))) == false)
    }

    @Test(arguments: StoreMode.allCases) func clearingAnEntityDeletesItsObjectsAndRespectsRules(_ mode: StoreMode) throws {
        let store = try mode.store(for: model, in: files)
        let (ann, _, _) = try seed(store)
        let changes = try store.perform { transaction throws(StoreError) in try transaction.clear(["Post"]) }.changes
        #expect(changes.deleted.count == 3)
        #expect(store.objects(of: "Post").isEmpty)
        #expect(try #require(store.object(ann)).value(forKey: "posts") == [])
        try store.perform { transaction throws(StoreError) in try transaction.clear() }
        #expect(store.objects(of: "User").isEmpty)
        #expect(throws: StoreError.self) { try store.perform { transaction throws(StoreError) in try transaction.clear(["Nope"]) } }
    }
}
