import Testing
import WidgetryJSON
import WidgetryRuntime
import WidgetryScreen
import WidgetryStore
import WidgetryModel
@testable import WidgetryLint

/// What the key path resolver makes of screens: the types of names, `content` and rows, and the
/// first key that is not there.
struct KeyPathResolverTests {
    /// The example model with a sub-entity: Account ⊂ User adds `isOwner`.
    static let model = #"""
        {"entities": {
          "User": {"identityAttribute": "userId", "attributes": {"userId": {"type": "String"}, "name": {"type": "String", "optional": true}},
            "relationships": {"posts": {"destination": "Post", "toMany": true, "inverse": "author"}}},
          "Account": {"parent": "User", "attributes": {"isOwner": {"type": "Boolean", "default": true}}},
          "Post": {"identityAttribute": "postId", "attributes": {"postId": {"type": "String"}, "text": {"type": "String", "optional": true},
            "favoritesCount": {"type": "Integer 32", "default": 0}},
            "relationships": {"author": {"destination": "User", "inverse": "posts"}}}}}
        """#

    private func screen(_ body: String, namesAreOpen: Bool = false) throws -> ScreenModel {
        let document = try JSONParser.parse(#"{"S": "# + body + "}", fileName: "S.json")
        let screen = try ScreenReader.read(document, screen: "S", file: "S.json")
        let entities = try ModelJSONReader.read(try JSONParser.parse(Self.model), file: "Model.json")
        return ScreenModel(document: screen, entities: entities, namesAreOpen: namesAreOpen)
    }

    private func resolve(_ path: String, on type: SemanticType, in screen: ScreenModel) -> KeyPathResolution {
        KeyPathResolver(screen: screen).resolve(KeyPathText.components(of: path), on: type)
    }

    static let accountScreen = #"""
        {"objects": {"account": {"type": "ManagedObjectsProvider", "attrs": {"entityName": "Account", "resultChain": ["wx_first"]}},
          "posts": {"type": "ManagedObjectsProvider", "alias": "feed", "attrs": {"entityName": "Post"}},
          "display": {"type": "ContentDisplayController", "outlets": {"mainContentProvider": "account"}},
          "table": {"type": "TableDisplayController", "outlets": {"mainContentProvider": "feed", "tableView": "list"}},
          "status": {"type": "ActionStatusController", "attrs": {"actionName": "load"}},
          "load": {"type": "OnLoadActionController", "attrs": {"actionName": "load"}}},
         "views": {"type": "UIView", "children": [{"id": "title", "type": "UILabel"},
           {"id": "list", "type": "UITableView", "prototypes": [{"reuseIdentifier": "Cell", "children": [{"id": "text", "type": "UILabel"}]}]}]}}
        """#

    @Test func contentIsWhatTheContentDisplayControllerShows() throws {
        let model = try screen(Self.accountScreen)
        #expect(model.contentType == .entity("Account"))
        #expect(model.rowType(ofTable: "list") == .entity("Post"))
    }

    @Test func contentWithoutAResultChainIsTheArray() throws {
        let model = try screen(#"""
            {"objects": {"p": {"type": "ManagedObjectsProvider", "attrs": {"entityName": "Post"}},
              "d": {"type": "ContentDisplayController", "outlets": {"mainContentProvider": "p"}}}}
            """#)
        #expect(model.contentType == .collection(.entity("Post"), toMany: nil))
    }

    @Test func contentIsTheDeclaredInputOrUnknown() throws {
        #expect(try screen(#"{"input": "Post"}"#).contentType == .entity("Post"))
        #expect(try screen(#"{"input": "Nothing"}"#).contentType == .unknown)
        let open = try screen("{}")
        #expect(open.contentType == .unknown)
        let anything = resolve("content.whatever.else", on: .screenNames(content: open.contentType), in: open)
        #expect(anything.problem == nil)
        #expect(anything.type == .unknown)
    }

    @Test func namesOfTheScreen() throws {
        let model = try screen(Self.accountScreen)
        let names = SemanticType.screenNames(content: model.contentType)
        #expect(resolve("content.name", on: names, in: model).type == .attribute(.string, name: "name", entity: "Account"))
        #expect(resolve("content.isOwner", on: names, in: model).problem == nil)
        #expect(resolve("feed.totalCount", on: names, in: model).type == .value(.number))
        #expect(resolve("posts.value.@count", on: names, in: model).type == .value(.number))
        #expect(resolve("load.status.inProgress", on: names, in: model).type == .value(.boolean))
        #expect(resolve("table.mainContentProvider.isEmpty", on: names, in: model).type == .value(.boolean))
        #expect(resolve("title.text.length", on: names, in: model).type == .value(.number))
        #expect(resolve("defaults.a.b.c", on: names, in: model).problem == nil)
        let missing = resolve("stats.inProgress", on: names, in: model)
        #expect(missing.problem == KeyPathResolution.Problem(index: 0, message: "the screen has no element, object or alias named 'stats'",
                                                             hint: "did you mean \"status\"?"))
        #expect(resolve("text", on: names, in: model).problem?.index == 0, "cell elements are not the screen's names")
    }

    @Test func keysOfEntitiesWithHints() throws {
        let model = try screen("{}")
        let problem = resolve("author.nmae", on: .entity("Post"), in: model).problem
        #expect(problem?.index == 1)
        #expect(problem?.message == "unknown key 'nmae' on entity User")
        #expect(problem?.hint == "did you mean \"name\"?")
        #expect(resolve("author.isOwner", on: .entity("Post"), in: model).type == .attribute(.boolean, name: "isOwner", entity: "Account"),
                "a key of a sub-entity is accepted")
        #expect(resolve("text.foo", on: .entity("Post"), in: model).problem?.index == 1, "a string has only NSString's keys")
        #expect(resolve("text.length", on: .entity("Post"), in: model).problem == nil)
    }

    /// Attribute values answer what NSString, NSNumber and NSDate answer through valueForKey:,
    /// typed as the selectors of the same name.
    @Test func keysOfValuesAreTheirSelectors() throws {
        let model = try screen("{}")
        #expect(resolve("text.uppercaseString", on: .entity("Post"), in: model).type == .value(.string))
        #expect(resolve("text.intValue", on: .entity("Post"), in: model).type == .value(.number))
        #expect(resolve("text.boolValue", on: .entity("Post"), in: model).type == .value(.boolean))
        #expect(resolve("favoritesCount.stringValue", on: .entity("Post"), in: model).type == .value(.string))
        #expect(resolve("favoritesCount.description", on: .entity("Post"), in: model).type == .value(.string))
        #expect(resolve("text.uppercaseString.length", on: .entity("Post"), in: model).type == .value(.number))
        let misspelt = resolve("text.lenght", on: .entity("Post"), in: model).problem
        #expect(misspelt?.index == 1)
        #expect(misspelt?.hint?.hasPrefix("did you mean") == true && misspelt?.hint?.contains("length") == true, "\(misspelt?.hint ?? "no hint")")
        let numberLength = resolve("favoritesCount.length", on: .entity("Post"), in: model).problem
        #expect(numberLength?.message == "unknown key 'length' on favoritesCount (a Integer 32 attribute of Post)")
        #expect(numberLength?.hint?.contains("stringValue") == true, "\(numberLength?.hint ?? "no hint")")
    }

    @Test func toManyRelationshipsAndCollectionOperators() throws {
        let model = try screen("{}")
        let through = resolve("author.posts.text", on: .entity("Post"), in: model)
        #expect(through.toMany == KeyPathResolution.ToMany(index: 1, relationship: "User.posts"))
        #expect(through.type == .collection(.attribute(.string, name: "text", entity: "Post"), toMany: "User.posts"))
        let sum = resolve("posts.@sum.favoritesCount", on: .entity("User"), in: model)
        #expect(sum.type == .value(.number))
        #expect(sum.toMany == nil)
        #expect(resolve("posts.@max.text", on: .entity("User"), in: model).type == .attribute(.string, name: "text", entity: "Post"))
        #expect(resolve("posts.@avg.nope", on: .entity("User"), in: model).problem?.index == 2)
        #expect(resolve("posts.@count", on: .entity("User"), in: model).toMany == nil)
        #expect(resolve("name.@count", on: .entity("User"), in: model).problem?.index == 1, "@count needs a collection")
        #expect(resolve("posts.self.@count", on: .entity("User"), in: model).problem == nil)
    }

    @Test func cellsSeeTheirOwnNames() throws {
        let model = try screen(Self.accountScreen)
        let scope = try #require(model.bindingScope(ofEntry: "text"))
        #expect(resolve("content.author.name", on: scope, in: model).problem == nil)
        #expect(resolve("text.text", on: scope, in: model).problem == nil)
        #expect(resolve("defaults.x", on: scope, in: model).problem == nil)
        let screenName = resolve("feed.totalCount", on: scope, in: model).problem
        #expect(screenName?.message == "the cell has no element named 'feed'")
        #expect(model.bindingScope(ofEntry: "@self") == .screenNames(content: .entity("Account")))
        #expect(model.bindingScope(ofEntry: "posts") == nil, "bindings of objects never run")
    }

    @Test func elementsAnswerTheKeysOfTheirKind() throws {
        let model = try screen(Self.accountScreen)
        let label = SemanticType.element(id: "title", kinds: [.label])
        #expect(resolve("wx_value", on: label, in: model).problem == nil)
        #expect(resolve("refreshControl", on: label, in: model).problem != nil)
        #expect(resolve("refreshControl.wx_value", on: .element(id: "list", kinds: [.tableView]), in: model).problem == nil)
        #expect(resolve("anything", on: .element(id: "custom", kinds: []), in: model).problem == nil, "unknown kinds are not checked")
    }

    @Test func aStoryboardMayAddNames() throws {
        let model = try screen(#"{"elements": {"fromStoryboard": {"bindings": [{"from": "other.text"}]}}}"#, namesAreOpen: true)
        let scope = try #require(model.bindingScope(ofEntry: "fromStoryboard"))
        #expect(resolve("other.text", on: scope, in: model).problem == nil)
    }
}
