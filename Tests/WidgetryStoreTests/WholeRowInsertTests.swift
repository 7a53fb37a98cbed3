import Testing
import WidgetryExpressions
import WidgetryJSON
import WidgetryModel
@testable import WidgetryStore

/// `StoreTransaction.insert(entity:identity:values:)`, the import's insert of a whole row: it
/// must leave the store as inserting and then writing each attribute would, and change nothing
/// when it declines or when the values cannot be made.
@Suite struct WholeRowInsertTests {
    struct Refused: StoreErrorRepresentable {
        init() {}
        init(_ storeError: StoreError) {}
    }

    let model: EntityModel

    init() throws {
        model = try ModelJSONReader.read(JSONParser.parse(#"""
            {"entities": {
              "Person": {"identityAttribute": "personId", "attributes": {
                "personId": {"type": "String"}, "name": {"type": "String", "optional": true},
                "age": {"type": "Integer 32", "default": 7}},
                "relationships": {"pets": {"destination": "Pet", "toMany": true, "inverse": "owner"}}},
              "Author": {"parent": "Person", "attributes": {"pen": {"type": "String", "optional": true}}},
              "Pet": {"identityAttribute": "petId", "attributes": {"petId": {"type": "String", "default": "none"}},
                "relationships": {"owner": {"destination": "Person", "inverse": "pets"}}}}}
            """#, fileName: "Model.json"), file: "Model.json")
    }

    private func index(of entity: String) -> Int { model.layout(named: entity)!.index }

    private func slot(_ attribute: String, of entity: String) -> Int {
        guard case .attribute(let slot)? = model.layout(named: entity)!.slots[attribute] else { fatalError(attribute) }
        return slot
    }

    @Test func theRowHoldsTheValuesOverTheDefaultsAndIsIndexed() throws {
        let store = ObjectStore(model: model)
        let nameSlot = slot("name", of: "Person")
        let changes = try store.perform { (transaction: inout StoreTransaction) throws(Refused) in
            let id = try transaction.insert(entity: index(of: "Person"), identity: IdentityIndex.Key(.string("p1"))) { (values) throws(Refused) in
                values[nameSlot] = .string("Ada")
            }
            #expect(id != nil)
            #expect(transaction.object(withIdentity: .string("p1"), in: "Person") == id)
            // The row is a row like any other: relationships start empty and can be written.
            let pet = try? transaction.insert("Pet")
            if let id, let pet { try? transaction.setTarget("owner", to: id, of: pet) }
        }
        store.read { transaction in
            guard let person = transaction.object(withIdentity: .string("p1"), in: "Person") else {
                Issue.record("p1 is not in the store")
                return
            }
            #expect(transaction.attribute("personId", of: person) == .string("p1"))
            #expect(transaction.attribute("name", of: person) == .string("Ada"))
            #expect(transaction.attribute("age", of: person) == .int(7), "an attribute fill leaves alone keeps its default")
            #expect(transaction.targets("pets", of: person).count == 1)
            #expect(changes.changes.inserted.first == person)
        }
    }

    @Test func aFailingFillInsertsNothingAndLeavesTheIdentityFree() throws {
        let store = ObjectStore(model: model)
        try store.perform { (transaction: inout StoreTransaction) throws(Refused) in
            let before = transaction.state.nextID
            var called = false
            #expect(throws: Refused.self) {
                _ = try transaction.insert(entity: index(of: "Person"), identity: IdentityIndex.Key(.string("p1"))) { (_) throws(Refused) in
                    called = true
                    throw Refused()
                }
            }
            #expect(called)
            #expect(transaction.state.nextID == before)
            #expect(transaction.objects(of: "Person").isEmpty)
            #expect(transaction.object(withIdentity: .string("p1"), in: "Person") == nil)
            #expect(transaction.changes.isEmpty)
            // The identity can be taken afterwards.
            let id = try transaction.insert(entity: index(of: "Person"), identity: IdentityIndex.Key(.string("p1"))) { (_) throws(Refused) in }
            #expect(id != nil && transaction.object(withIdentity: .string("p1"), in: "Person") == id)
        }
    }

    @Test func itDeclinesWithoutCallingFillWhereTheIdentityCannotBeWrittenAtOnce() throws {
        let store = ObjectStore(model: model)
        try store.perform { (transaction: inout StoreTransaction) throws(Refused) in
            _ = try transaction.insert(entity: index(of: "Author"), identity: IdentityIndex.Key(.string("a1"))) { (_) throws(Refused) in }
            let count = transaction.objects(of: "Person").count
            var called = false
            // Another kind of the hierarchy has the identity.
            let taken = try transaction.insert(entity: index(of: "Person"), identity: IdentityIndex.Key(.string("a1"))) { (_) throws(Refused) in called = true }
            // The identity attribute has a default.
            let defaulted = try transaction.insert(entity: index(of: "Pet"), identity: IdentityIndex.Key(.string("x"))) { (_) throws(Refused) in called = true }
            #expect(taken == nil && defaulted == nil && !called)
            #expect(transaction.objects(of: "Person").count == count)
            #expect(transaction.objects(of: "Pet").isEmpty)
        }
    }
}
