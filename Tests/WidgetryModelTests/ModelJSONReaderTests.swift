import Foundation
import Testing
import WidgetryExpressions
import WidgetryJSON
import WidgetryModel
import WidgetryTestSupport

/// `Model.json`: reading, inheritance, and every model error with its place.
struct ModelJSONReaderTests {
    static let feedModel = URL(fileURLWithPath: Samples.widget("Feed/Model.json"))

    private func model(_ json: String) throws -> EntityModel {
        try ModelJSONReader.read(JSONParser.parse(json, fileName: "Model.json"), file: "Model.json")
    }

    /// The errors a model text produces.
    private func errors(_ json: String) throws -> [ModelError] {
        do {
            _ = try model(json)
            Issue.record("the model was accepted")
            return []
        } catch let failure as ModelErrors {
            return failure.errors
        }
    }

    @Test func theSampleModelReadsWithInheritanceResolved() throws {
        let bytes = try [UInt8](Data(contentsOf: Self.feedModel))
        let model = try ModelJSONReader.read(JSONParser.parse(bytes, fileName: "Model.json"), file: "Model.json")
        #expect(model.entities.map(\.name) == ["User", "Account", "Post"])
        #expect(model.ancestors(of: "Account").map(\.name) == ["User"])
        #expect(model.attributes(of: "Account").map(\.name) == ["userId", "name", "nickname", "imageName"])
        #expect(model.identityAttribute(of: "Account")?.name == "userId")
        #expect(model.identityAttribute(of: "Post")?.jsonKeyPath == "id_str")
        #expect(model.descendants(of: "User").map(\.name) == ["Account"])
        #expect(model.isKind("Account", of: "User"))
        #expect(!model.isKind("User", of: "Account"))
        let favorites = try #require(model.attribute("favoritesCount", of: "Post"))
        #expect(favorites.type == .integer32)
        #expect(favorites.defaultValue == .int(0))
        let author = try #require(model.relationship("author", of: "Post"))
        #expect(author.destination == "User")
        #expect(author.inverse == "posts")
        #expect(!author.isToMany)
        #expect(model.relationship("posts", of: "Account")?.deleteRule == .cascade)
        #expect(model.entity(named: "Account")?.isOwnerEntity == true)
        #expect(model.entity(named: "Post")?.ownerRelationship == "author")
    }

    @Test func defaultsAreConvertedToTheirAttributeType() throws {
        let model = try model("""
            {"entities": {"E": {"attributes": {
              "small": {"type": "Integer 16", "default": 7},
              "ratio": {"type": "Double", "default": 1},
              "flag": {"type": "Boolean", "default": true},
              "when": {"type": "Date", "default": "2018-06-20T18:00:00Z"},
              "id": {"type": "UUID", "default": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"},
              "blob": {"type": "Binary", "default": "AAE="}}}}}
            """)
        #expect(model.attribute("small", of: "E")?.defaultValue == .int(7))
        #expect(model.attribute("ratio", of: "E")?.defaultValue == .double(1))
        #expect(model.attribute("flag", of: "E")?.defaultValue == .bool(true))
        #expect(model.attribute("when", of: "E")?.defaultValue == .date(Date(timeIntervalSince1970: 1_529_517_600)))
        #expect(model.attribute("blob", of: "E")?.defaultValue == .data([0, 1]))
    }

    @Test(arguments: [
        (#"{"entities": {"E": {"attributes": {"a": {"type": "Integer 33"}}}}}"#, ModelError.Code.unknownAttributeType, 1, 50, "/entities/E/attributes/a/type"),
        (#"{"entities": {"E": {"attributes": {"a": {"type": "Integer 16", "default": 70000}}}}}"#, .invalidDefault, 1, 75, "/entities/E/attributes/a/default"),
        (#"{"entities": {"E": {"attributes": {"a": {"typ": "String"}}}}}"#, .unknownKey, 1, 42, "/entities/E/attributes/a/typ"),
        (#"{"entities": {"E": {"relationships": {"r": {"destination": "F", "deleteRule": "explode"}}}, "F": {}}}"#, .unknownDeleteRule, 1, 79, "/entities/E/relationships/r/deleteRule"),
        (#"{"entities": {"E": {"isOwnerEntity": "yes"}}}"#, .wrongType, 1, 38, "/entities/E/isOwnerEntity"),
        (#"{"entitys": {}}"#, .unknownKey, 1, 2, "/entitys"),
    ])
    func valueErrorsNameTheirPlace(json: String, code: ModelError.Code, line: Int, column: Int, pointer: String) throws {
        let found = try errors(json)
        let error = try #require(found.first { $0.code == code }, "expected \(code) in \(found)")
        #expect(error.location?.line == line)
        #expect(error.location?.column == column)
        #expect(error.pointer?.description == pointer)
        #expect(error.file == "Model.json")
        #expect(error.description.contains("[\(code.rawValue)]"))
    }

    @Test(arguments: [
        (#"{"entities": {"E": {"parent": "Nope"}}}"#, ModelError.Code.unknownEntity, "E"),
        (#"{"entities": {"A": {"parent": "B"}, "B": {"parent": "A"}}}"#, .parentCycle, "A"),
        (#"{"entities": {"E": {"relationships": {"r": {"destination": "Nope"}}}}}"#, .unknownEntity, "E"),
        (#"{"entities": {"E": {"relationships": {"r": {"destination": "F", "inverse": "back"}}}, "F": {}}}"#, .inverseMismatch, "E"),
        (#"{"entities": {"E": {"relationships": {"r": {"destination": "F", "inverse": "s"}}}, "F": {"relationships": {"s": {"destination": "G"}}}, "G": {}}}"#, .inverseMismatch, "E"),
        (#"{"entities": {"E": {"identityAttribute": "id"}}}"#, .unknownIdentityAttribute, "E"),
        (#"{"entities": {"E": {"ownerRelationship": "owner"}}}"#, .invalidOwnerRelationship, "E"),
        (#"{"entities": {"E": {"ownerRelationship": "r", "relationships": {"r": {"destination": "E", "toMany": true}}}}}"#, .invalidOwnerRelationship, "E"),
        (#"{"entities": {"P": {"attributes": {"a": {"type": "String"}}}, "C": {"parent": "P", "attributes": {"a": {"type": "String"}}}}}"#, .duplicateProperty, "C"),
    ])
    func crossReferenceErrorsNameTheEntity(json: String, code: ModelError.Code, entity: String) throws {
        let found = try errors(json)
        let error = try #require(found.first { $0.code == code }, "expected \(code) in \(found)")
        #expect(error.message.contains(entity), "the message names the entity")
        #expect(error.location != nil)
        #expect(!error.message.isEmpty)
    }

    @Test func everyProblemIsReportedAtOnce() throws {
        let found = try errors(#"{"entities": {"E": {"attributes": {"a": {"type": "Nope"}, "b": {}}, "color": 1}}}"#)
        #expect(found.map(\.code) == [.unknownAttributeType, .missingKey, .unknownKey], "in file order")
    }

    @Test func anInverseMayPointAtAnAncestor() throws {
        let model = try model("""
            {"entities": {
              "User": {"relationships": {"posts": {"destination": "Post", "toMany": true, "inverse": "author"}}},
              "Account": {"parent": "User"},
              "Post": {"relationships": {"author": {"destination": "User", "inverse": "posts"}}}}}
            """)
        #expect(model.relationship("posts", of: "Account")?.destination == "Post")
    }
}
