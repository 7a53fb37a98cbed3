import Testing
import WidgetryExpressions

/// Objects that answer `KeyValueCoding` (store objects, controllers, elements) work in key
/// paths, comparisons, aggregates and collection operators like dictionaries do.
struct KeyValueCodingTests {
    final class Author: KeyValueCoding, @unchecked Sendable {
        let name: String
        var posts: [Post] = []
        init(name: String) { self.name = name }

        func value(forKey key: String) -> Value {
            switch key {
            case "name": .string(name)
            case "posts": .array(posts.map { .object($0) })
            default: .null
            }
        }

        var keyValueTypeName: String { "Author" }
        var keyValueDescription: String { "<Author \(name)>" }
    }

    final class Post: KeyValueCoding, @unchecked Sendable {
        let text: String
        let likes: Int64
        weak var author: Author?
        init(text: String, likes: Int64) {
            self.text = text
            self.likes = likes
        }

        func value(forKey key: String) -> Value {
            switch key {
            case "text": .string(text)
            case "likes": .int(likes)
            case "author": author.map { .object($0) } ?? .null
            default: .null
            }
        }
    }

    private let ann: Author
    private let first: Post
    private let second: Post

    init() {
        ann = Author(name: "Ann")
        first = Post(text: "Hello Swift", likes: 3)
        second = Post(text: "Linux", likes: 10)
        for post in [first, second] {
            post.author = ann
            ann.posts.append(post)
        }
    }

    @Test func keyPathsWalkThroughObjects() throws {
        #expect(try Predicate(format: "author.name == 'Ann'").evaluate(with: .object(first)))
        #expect(try Expression(format: "author.posts.@count").evaluate(with: .object(first)) == 2)
        #expect(try Expression(format: "posts.@sum.likes").evaluate(with: .object(ann)) == 13)
        #expect(try Expression(format: "posts.text").evaluate(with: .object(ann)) == ["Hello Swift", "Linux"])
        #expect(try Predicate(format: "ANY posts.text CONTAINS[c] 'swift'").evaluate(with: .object(ann)))
        #expect(try Predicate(format: "SUBQUERY(posts, $p, $p.likes > 5).@count == 1").evaluate(with: .object(ann)))
    }

    @Test func aMissingKeyOfAnObjectIsNull() throws {
        #expect(try Predicate(format: "nickname == nil").evaluate(with: .object(ann)))
        #expect(try Predicate(format: "author.nickname.length == nil").evaluate(with: .object(first)))
    }

    @Test func objectsCompareByIdentity() throws {
        let predicate = try Predicate(format: "author == $me")
        #expect(try predicate.evaluate(with: .object(first), variables: ["me": .object(ann)]))
        #expect(try !predicate.evaluate(with: .object(first), variables: ["me": .object(Author(name: "Ann"))]))
        #expect(try Predicate(format: "$post IN posts").evaluate(with: .object(ann), variables: ["post": .object(second)]))
    }

    @Test func objectsPrintTheirDescription() throws {
        let joined = try Expression(format: "FUNCTION({author, author}, 'wx_joinedBy:', ' & ')").evaluate(with: .object(first))
        #expect(joined == "<Author Ann> & <Author Ann>")
    }

    @Test func writesAreRefusedUnlessTheObjectImplementsThem() {
        #expect(throws: KeyValueError(key: "name", typeName: "Author", reason: .readOnly)) {
            try ann.setValue("Bob", forKey: "name")
        }
    }
}
