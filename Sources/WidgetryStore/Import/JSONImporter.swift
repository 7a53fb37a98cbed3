#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
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
        try importRoot(json, into: entity, options: options, in: &transaction)
    }

    /// Imports the JSON document in `bytes` as ``importJSON(_:into:options:in:)`` imports a parsed
    /// one, reading only what the model maps straight from the bytes (several times faster, and
    /// without the memory of a tree), with the same errors placed the same way (line, column and
    /// JSON Pointer). Bytes that are not JSON are parsed to say where; the transaction is left as
    /// it was before the call when anything fails.
    ///
    /// A document of a megabyte or more is read on a second thread when the machine has one,
    /// while the import takes each top-level element of a root array as soon as it is read;
    /// the outcome, errors included, is the same as reading it first.
    public func importJSON(_ bytes: [UInt8], fileName: String? = nil, into entity: String, options: ImportOptions = ImportOptions(),
                           in transaction: inout StoreTransaction) throws(JSONImportError) -> [ObjectID] {
        let concurrently = bytes.count >= JSONImporter.concurrentReadingBytes && JSONImporter.hasSecondProcessor
        return try importJSON(bytes, fileName: fileName, into: entity, options: options, readingConcurrently: concurrently, in: &transaction)
    }

    /// Documents at least this large are read beside the import: below it, starting a thread
    /// costs more than the overlap saves.
    static let concurrentReadingBytes = 1 << 20
    /// Whether the machine has a second processor online. A process confined to one (by its
    /// affinity or a container's quota) still reads on a second thread, which then takes turns
    /// with the import: the outcome is the same, the overlap is lost.
    static let hasSecondProcessor = sysconf(Int32(_SC_NPROCESSORS_ONLN)) > 1

    /// ``importJSON(_:fileName:into:options:in:)`` with the choice of reading the document on a
    /// second thread made by the caller.
    func importJSON(_ bytes: [UInt8], fileName: String?, into entity: String, options: ImportOptions, readingConcurrently: Bool,
                    in transaction: inout StoreTransaction) throws(JSONImportError) -> [ObjectID] {
        let before = transaction
        let imported = bytes.count >= Int(Int32.max) ? nil : bytes.withUnsafeBufferPointer { buffer -> Result<[ObjectID], ImportError>? in
            guard let document = LazyJSONDocument(startReading: buffer, concurrently: readingConcurrently) else { return nil }
            return withExtendedLifetime(document) { () -> Result<[ObjectID], ImportError>? in
                guard document.rootIsReady() else { return nil }
                let result = Result { () throws(ImportError) in try importRoot(document.root, into: entity, options: options, in: &transaction) }
                // A document that turns out not to be JSON fails as a syntax error, whatever the
                // import of its first elements met.
                return document.reading.finish() == nil ? result : nil
            }
        }
        switch imported {
        case .success(let ids)?:
            return ids
        case .failure(let error)?:
            transaction = before
            throw .content(error)
        case nil:
            transaction = before
        }
        // Not JSON (the parser says where), or too large to index: the parsed tree.
        let document: JSONDocument
        do throws(JSONParseError) {
            document = try JSONParser.parse(bytes, fileName: fileName)
        } catch {
            throw .syntax(error)
        }
        do throws(ImportError) {
            return try importRoot(document.root, into: entity, options: options, in: &transaction)
        } catch {
            transaction = before
            throw .content(error)
        }
    }

    func importRoot<Node: ImportNode>(_ root: Node, into entity: String, options: ImportOptions,
                                              in transaction: inout StoreTransaction) throws(ImportError) -> [ObjectID] {
        let plan = ImportPlan(model: transaction.model, transformers: transformers)
        let run = ImportRun<Node>(plan: plan, context: transformerContext, transformerNames: { transformers.names })
        let target = try self.entity(entity, in: plan, at: root)
        if options.clearsEntityFirst {
            try run.storing(at: root) { () throws(StoreError) in try transaction.clear([entity]) }
        }
        let ids = try run.importValue(root.prepared, into: target, in: &transaction)
        let setRun = ImportRun<JSONValue>(plan: plan, context: transformerContext, transformerNames: { transformers.names })
        try apply(options.set, to: ids, run: setRun, in: &transaction)
        try run.checkRequiredAttributes(in: transaction)
        return ids
    }

    private func entity<Node: ImportNode>(_ name: String, in plan: ImportPlan, at node: Node) throws(ImportError) -> ImportPlan.Entity {
        guard let entity = plan.entity(named: name) else {
            throw node.importError(.store, "the model has no entity \(name)", hint: nil)
        }
        return entity
    }

    /// Writes each `set` member on every object, converted as an imported value would be.
    private func apply(_ set: JSONObject?, to ids: [ObjectID], run: ImportRun<JSONValue>, in transaction: inout StoreTransaction) throws(ImportError) {
        guard let set, !set.isEmpty else { return }
        for id in ids {
            let location = try run.storing(at: set.members[0].value) { () throws(StoreError) in try transaction.location(of: id) }
            let layout = run.plan.layouts[Int(location.entity)]
            for member in set {
                guard case .attribute(let slot)? = layout.slots[member.key] else {
                    throw ImportError(.store, "set names \(member.key), which is not an attribute of \(layout.name)", at: member.value)
                }
                let attribute = layout.attributes[slot]
                guard let value = ImportRun<JSONValue>.converted(member.value.expressionValue, to: attribute.type) else {
                    throw run.conversionError(at: member.value, to: attribute.type, name: "\(layout.name).\(attribute.name)")
                }
                try run.storing(at: member.value) { () throws(StoreError) in
                    try transaction.setAttribute(slot, to: value, of: id, at: location)
                }
            }
        }
    }
}
