import WidgetryExpressions
@_spi(WidgetryInternals) import WidgetryJSON
import WidgetryModel

/// What importing into each entity reads and writes, worked out once per import: every mapped
/// attribute and relationship with its column, its type and its key path split into keys.
///
/// Laid out for the per-object loop, which a large response runs hundreds of thousands of times:
/// what the loop reads are plain values in memory the plan owns, read through pointers, so the
/// loop changes no reference count (each change is a locked instruction, and copying a class or
/// an array out of a table is one). What only messages and transformers need stays beside them
/// in ordinary arrays, indexed the same way.
final class ImportPlan {
    /// An attribute the import reads (or, for an identity without `JSONKeyPath`, only writes).
    struct Attribute {
        let slot: Int
        /// No keys for an identity attribute without `JSONKeyPath` (found only by references).
        let path: ImportPath
        let type: AttributeType
        /// Whether the attribute names a transformer, registered or not (``transformers`` tells).
        let namesTransformer: Bool
    }

    /// A mapped relationship.
    struct Relationship {
        let path: ImportPath
        /// Its column (to-one or to-many).
        let slot: EntityLayout.Slot
        /// The destination's index in ``entities``.
        let destination: Int
    }

    /// An entity, by its attributes' and relationships' positions in the plan's tables.
    struct Entity {
        /// The entity's index in the model (and in ``entities`` and ``layouts``).
        let index: Int
        /// The identity attribute, mapped or not: a position in ``attributes``.
        let identity: Int?
        /// The mapped attributes, in slot order: positions in ``attributes``.
        let attributes: Range<Int>
        /// The mapped relationships, in the entity's declaration order: positions in ``relationships``.
        let relationships: Range<Int>
        /// Importing into the entity writes only attributes, each from its JSON alone (no
        /// relationship and no transformer, whose result may depend on more than its input), so
        /// importing the same JSON into the same object again changes nothing.
        let dependsOnlyOnItsJSON: Bool
        /// The entity has a required slot (``requiredSlots``) besides its identity: a new object
        /// inserted with its identity must still be checked once the import is done.
        let requiresMoreThanItsIdentity: Bool
    }

    let entities: UnsafeMutableBufferPointer<Entity>
    let attributes: UnsafeMutableBufferPointer<Attribute>
    let relationships: UnsafeMutableBufferPointer<Relationship>

    /// By entity index.
    let layouts: [EntityLayout]
    /// By position in ``attributes``.
    let attributeDescriptions: [AttributeDescription]
    /// By position in ``attributes``: nil when the attribute names no transformer or one that is
    /// not registered.
    let transformers: [BindingTransformer?]
    /// By entity index: the slots of the non-optional attributes without a default, which every
    /// object an import inserts must have a value for once it is done
    /// (``ImportRun/checkRequiredAttributes(in:)``).
    let requiredSlots: [[Int]]
    /// The memory of every path's keys.
    private let keys: ImportKeys

    init(model: EntityModel, transformers registry: BindingTransformerRegistry) {
        var entityList: [Entity] = [], attributeList: [(slot: Int, path: Int?, description: AttributeDescription)] = []
        var relationshipList: [(path: Int, relationship: EntityLayout.Relationship)] = [], paths: [[String]] = []
        func path(_ keyPath: String) -> Int {
            paths.append(keyPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init))
            return paths.count - 1
        }
        let requiredSlots = model.layouts.map { layout in
            layout.attributes.indices.filter { !layout.attributes[$0].isOptional && layout.attributes[$0].defaultValue == nil }
        }
        for layout in model.layouts {
            let firstAttribute = attributeList.count
            var identity: Int?
            for (slot, attribute) in layout.attributes.enumerated() {
                guard let keyPath = attribute.jsonKeyPath else { continue }
                if slot == layout.identitySlot { identity = attributeList.count }
                attributeList.append((slot, path(keyPath), attribute))
            }
            let mapped = firstAttribute..<attributeList.count
            if let slot = layout.identitySlot, identity == nil {
                identity = attributeList.count
                attributeList.append((slot, nil, layout.attributes[slot]))
            }
            let firstRelationship = relationshipList.count
            for description in model.relationships(of: layout.name) {
                guard let keyPath = description.jsonKeyPath, let slot = layout.slots[description.name],
                      let relationship = layout.relationship(slot) else { continue }
                relationshipList.append((path(keyPath), relationship))
            }
            entityList.append(Entity(index: layout.index, identity: identity, attributes: mapped,
                                     relationships: firstRelationship..<relationshipList.count,
                                     dependsOnlyOnItsJSON: relationshipList.count == firstRelationship
                                         && !attributeList[mapped].contains { $0.description.jsonTransformerName != nil },
                                     requiresMoreThanItsIdentity: requiredSlots[layout.index].contains { $0 != layout.identitySlot }))
        }
        self.requiredSlots = requiredSlots
        keys = ImportKeys(paths)
        let keys = keys
        layouts = model.layouts
        attributeDescriptions = attributeList.map(\.description)
        transformers = attributeList.map { $0.description.jsonTransformerName.flatMap(registry.transformer(named:)) }
        entities = .allocate(capacity: entityList.count)
        _ = entities.initialize(from: entityList)
        attributes = .allocate(capacity: attributeList.count)
        _ = attributes.initialize(from: attributeList.map { attribute in
            Attribute(slot: attribute.slot, path: attribute.path.map { keys.paths[$0] } ?? ImportPath(),
                      type: attribute.description.type, namesTransformer: attribute.description.jsonTransformerName != nil)
        })
        relationships = .allocate(capacity: relationshipList.count)
        _ = relationships.initialize(from: relationshipList.map { path, relationship in
            Relationship(path: keys.paths[path], slot: relationship.description.isToMany ? .toMany(relationship.slot) : .toOne(relationship.slot),
                         destination: relationship.destination)
        })
    }

    deinit {
        entities.deallocate()
        attributes.deallocate()
        relationships.deallocate()
    }

    /// The entity named `name`.
    func entity(named name: String) -> Entity? {
        layouts.firstIndex { $0.name == name }.map { entities[$0] }
    }

    /// The attribute at `position` as messages name it: `Entity.attribute`.
    func name(ofAttribute position: Int, in entity: Entity) -> String {
        "\(layouts[entity.index].name).\(attributeDescriptions[position].name)"
    }
}

/// A `JSONKeyPath` split into keys (`user.name` → `user`, `name`), in memory an ``ImportKeys``
/// owns. Each key also carries, when it is ASCII of at most 16 bytes (nearly always), its bytes
/// packed into two words, so lazy nodes compare keys with two integer comparisons.
struct ImportPath {
    struct Key {
        /// The key's UTF-8 as ``ShortKeyWords``; valid when `isShortASCII`.
        let words: (UInt64, UInt64)
        /// What to keep of two words loaded at a key of `count` bytes to compare them with `words`.
        let masks: (UInt64, UInt64)
        let count: Int
        let isShortASCII: Bool
    }

    /// The keys, with their text at the same positions in ``texts``.
    let keys: UnsafeBufferPointer<Key>
    let texts: UnsafePointer<String>?
    /// For each key, the position among its object's members where the last lookup found it:
    /// the objects of one array list their keys in one order, so the next lookup looks there
    /// first. Written by the one import that owns the plan.
    let hints: UnsafeMutablePointer<Int32>?

    /// The path with no keys.
    init() {
        keys = UnsafeBufferPointer(start: nil, count: 0)
        texts = nil
        hints = nil
    }

    init(keys: UnsafeBufferPointer<Key>, texts: UnsafePointer<String>, hints: UnsafeMutablePointer<Int32>) {
        self.keys = keys
        self.texts = texts
        self.hints = hints
    }

    /// Whether the path has keys (an identity without `JSONKeyPath` has none).
    var isMapped: Bool { !keys.isEmpty }

    /// The text of the key at `position`.
    func text(_ position: Int) -> String { texts![position] }

}

/// The memory of a set of ``ImportPath``s: their keys and texts, made once and freed with it.
/// The paths are valid while it lives.
final class ImportKeys {
    private let keys: UnsafeMutableBufferPointer<ImportPath.Key>
    private let texts: UnsafeMutableBufferPointer<String>
    private let hints: UnsafeMutableBufferPointer<Int32>
    /// One path per list of texts given, in order; each text is a whole key (it may hold dots).
    let paths: [ImportPath]

    init(_ paths: [[String]]) {
        let all = paths.flatMap { $0 }
        texts = .allocate(capacity: all.count)
        _ = texts.initialize(from: all)
        keys = .allocate(capacity: all.count)
        _ = keys.initialize(from: all.map { text in
            var text = text
            return text.withUTF8 { utf8 in
                let isShortASCII = utf8.count <= 16 && utf8.allSatisfy { $0 < 0x80 }
                return ImportPath.Key(words: isShortASCII && !utf8.isEmpty ? ShortKeyWords.load(utf8.baseAddress!, count: utf8.count, readable: utf8.count) : (0, 0),
                                      masks: ShortKeyWords.masks(count: min(utf8.count, 16)),
                                      count: utf8.count, isShortASCII: isShortASCII)
            }
        })
        hints = .allocate(capacity: all.count)
        hints.initialize(repeating: 0)
        var start = 0
        var made: [ImportPath] = []
        for path in paths {
            made.append(ImportPath(keys: UnsafeBufferPointer(rebasing: keys[start..<start + path.count]),
                                   texts: UnsafePointer(texts.baseAddress! + start), hints: hints.baseAddress! + start))
            start += path.count
        }
        self.paths = made
    }

    deinit {
        texts.deinitialize().deallocate()
        keys.deallocate()
        hints.deallocate()
    }
}
