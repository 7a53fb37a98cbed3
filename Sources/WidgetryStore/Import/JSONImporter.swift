public import WidgetryExpressions
public import WidgetryJSON

/// Imports JSON into a store transaction by the model's annotations (Groot's rules).
///
/// - An object imports into the entity; an array imports each element (null elements skipped).
/// - Entities with an identity attribute merge: the object whose identity (the value at the
///   identity attribute's `JSONKeyPath`, after its transformer) matches an object of the entity
///   or any sub-entity updates that object in place; otherwise a new object is inserted.
/// - Attributes take the value at their `JSONKeyPath` (a dotted path), through their
///   `JSONTransformerName`, converted to their type (``ImportedValues``). A key that is absent or
///   null leaves the stored value unchanged. Properties without `JSONKeyPath` are not imported;
///   JSON keys the model does not name are ignored.
/// - A to-one relationship takes an object (imported into the destination by the same rules)
///   or a scalar identity (a reference: the destination object with that identity, created when
///   missing); a to-many takes an array of those and replaces the whole set.
/// - Identity matching is by value and type: `"0"` is not `0`.
/// - `ImportOptions` add what a networking action asks for around the import: clearing the
///   entity first (`clearPolicy: after`) and `set` values on each imported object.
/// Any error aborts the import; run it inside one ``ObjectStore/perform(_:)`` so nothing of it stays.
public struct JSONImporter: Sendable {
    public var transformers: BindingTransformerRegistry
    public var transformerContext: TransformerContext

    public init(transformers: BindingTransformerRegistry = BindingTransformerRegistry(), transformerContext: TransformerContext) {
        self.transformers = transformers
        self.transformerContext = transformerContext
    }

    /// Imports `json` (an object or an array of objects) into `entity`; returns the top-level
    /// objects in order. With ``ImportOptions`` it first clears the entity and afterwards writes
    /// the `set` values on each returned object, all in the same transaction.
    public func importJSON(_ json: JSONValue, into entity: String, options: ImportOptions = ImportOptions(),
                           in transaction: inout StoreTransaction) throws(ImportError) -> [ObjectID] {
        let run = ImportRun<JSONValue>(plan: ImportPlan(model: transaction.model, transformers: transformers), context: transformerContext,
                                       transformerNames: { transformers.names })
        let target = try self.entity(entity, in: run.plan, at: json)
        if options.clearsEntityFirst {
            try run.storing(at: json) { () throws(StoreError) in try transaction.clear([entity]) }
        }
        let ids = try run.importValue(json, into: target, in: &transaction)
        try apply(options.set, to: ids, run: run, in: &transaction)
        return ids
    }

    private func entity<Node: ImportNode>(_ name: String, in plan: ImportPlan, at node: Node) throws(ImportError) -> ImportPlan.Entity {
        guard let index = plan.entities.firstIndex(where: { $0.layout.name == name }) else {
            throw node.importError(.store, "the model has no entity \(name)", hint: nil)
        }
        return plan.entities[index]
    }

    /// Writes each `set` member on every object, converted as an imported value would be.
    private func apply(_ set: JSONObject?, to ids: [ObjectID], run: ImportRun<JSONValue>, in transaction: inout StoreTransaction) throws(ImportError) {
        guard let set, !set.isEmpty else { return }
        for id in ids {
            let location = try run.storing(at: set.members[0].value) { () throws(StoreError) in try transaction.location(of: id) }
            let entity = run.plan.entities[Int(location.entity)]
            for member in set {
                guard case .attribute(let slot)? = entity.layout.slots[member.key] else {
                    throw ImportError(.store, "set names \(member.key), which is not an attribute of \(entity.layout.name)", at: member.value)
                }
                let attribute = ImportPlan.Attribute(slot: slot, description: entity.layout.attributes[slot], path: nil, transformer: nil)
                let value = try run.value(member.value, for: attribute, of: entity)
                try run.storing(at: member.value) { () throws(StoreError) in
                    try transaction.setAttribute(slot, to: value, of: id, at: location)
                }
            }
        }
    }
}
