import Foundation
import Testing
import WidgetryExpressions
import WidgetryStore
import WidgetryModel
import WidgetryTestSupport

/// The two ways a store keeps its objects; store tests run in both.
enum StoreMode: String, CaseIterable, CustomTestStringConvertible {
    case memory
    case file

    var testDescription: String { rawValue }

    /// An empty store of `model`, in memory or in a new SQLite file under `directory`.
    func store(for model: EntityModel, in directory: TemporaryDirectory) throws -> ObjectStore {
        switch self {
        case .memory: ObjectStore(model: model)
        case .file: try ObjectStore(model: model, filePath: directory.newFile("store.sqlite"))
        }
    }
}

/// Every object of a store as text, entity by entity in id order: attributes and relationships
/// by name, targets by id. Two stores with the same dump hold the same objects.
func dump(_ store: ObjectStore) -> String {
    store.model.entities.flatMap { entity in
        store.objects(of: entity.name, includingDescendants: false).map { object in
            let attributes = store.model.attributes(of: entity.name).map { "\($0.name)=\(object.value(forKey: $0.name))" }
            let relationships = store.model.relationships(of: entity.name).map { relationship in
                let value = object.value(forKey: relationship.name)
                let targets = (value.elements ?? [value]).compactMap { element -> String? in
                    guard case .object(let target) = element else { return nil }
                    return (target as? StoreObject)?.id.description
                }
                return "\(relationship.name)->[\(targets.joined(separator: ","))]"
            }
            return "\(entity.name) \(object.id) " + (attributes + relationships).joined(separator: " ")
        }
    }.joined(separator: "\n")
}
