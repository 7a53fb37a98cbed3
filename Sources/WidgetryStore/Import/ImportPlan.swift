import WidgetryExpressions
import WidgetryModel

/// What importing into each entity reads and writes, worked out once per import (classes, so the
/// hot loop passes references instead of copying descriptions): the key path
/// of every mapped attribute and relationship split into keys, with its column and transformer.
struct ImportPlan {
    final class Attribute {
        let slot: Int
        let description: AttributeDescription
        /// No keys for an identity attribute without `JSONKeyPath` (found only by references).
        let path: ImportPath
        let isMapped: Bool
        /// Nil when the attribute names no transformer or one that is not registered
        /// (``transformerName`` tells them apart).
        let transformer: BindingTransformer?
        let type: AttributeType
        let transformerName: String?

        init(slot: Int, description: AttributeDescription, path: ImportPath?, transformer: BindingTransformer?) {
            self.slot = slot
            self.description = description
            self.path = path ?? ImportPath("")
            isMapped = path != nil
            self.transformer = transformer
            type = description.type
            transformerName = description.jsonTransformerName
        }
    }

    final class Relationship {
        let relationship: EntityLayout.Relationship
        let path: ImportPath

        init(relationship: EntityLayout.Relationship, path: ImportPath) {
            self.relationship = relationship
            self.path = path
        }
    }

    final class Entity {
        let layout: EntityLayout
        /// The identity attribute, mapped or not.
        let identity: Attribute?
        /// The mapped attributes.
        let attributes: [Attribute]
        /// The mapped relationships, in the entity's declaration order.
        let relationships: [Relationship]

        init(layout: EntityLayout, identity: Attribute?, attributes: [Attribute], relationships: [Relationship]) {
            self.layout = layout
            self.identity = identity
            self.attributes = attributes
            self.relationships = relationships
        }
    }

    /// By entity index.
    let entities: [Entity]

    init(model: EntityModel, transformers: BindingTransformerRegistry) {
        entities = model.layouts.map { layout in
            let all = layout.attributes.enumerated().map { slot, attribute in
                Attribute(slot: slot, description: attribute, path: attribute.jsonKeyPath.map(ImportPath.init),
                          transformer: attribute.jsonTransformerName.flatMap(transformers.transformer(named:)))
            }
            let relationships = model.relationships(of: layout.name).compactMap { description -> Relationship? in
                guard let path = description.jsonKeyPath, let slot = layout.slots[description.name],
                      let relationship = layout.relationship(slot) else { return nil }
                return Relationship(relationship: relationship, path: ImportPath(path))
            }
            return Entity(layout: layout, identity: layout.identitySlot.map { all[$0] },
                          attributes: all.filter(\.isMapped), relationships: relationships)
        }
    }
}

/// A `JSONKeyPath` split into keys (`user.name` → `user`, `name`). Each key also carries, when
/// it is ASCII of at most 16 bytes (nearly always), its bytes packed into two words, so lazy
/// nodes compare keys with two integer comparisons and no reference counting.
struct ImportPath {
    struct Key {
        /// The key's UTF-8 in two little-endian words, zero-padded; valid when `isShortASCII`.
        let words: (UInt64, UInt64)
        let count: Int
        let isShortASCII: Bool
        /// Position in ``ImportPath/texts``.
        let index: Int
    }

    let keys: [Key]
    /// The keys as text, for the parsed tree and for keys that are not short ASCII.
    let texts: [String]

    init(_ keyPath: String) {
        self.init(texts: keyPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init))
    }

    /// The path through the keys `texts`, each taken whole (a key may hold dots).
    init(texts: [String]) {
        self.texts = texts
        keys = texts.enumerated().map { index, text in
            let utf8 = Array(text.utf8)
            let isShortASCII = utf8.count <= 16 && utf8.allSatisfy { $0 < 0x80 }
            return Key(words: isShortASCII ? ImportPath.pack(utf8[...]) : (0, 0), count: utf8.count, isShortASCII: isShortASCII, index: index)
        }
    }

    /// Up to 16 bytes as two little-endian words, zero-padded.
    @inline(__always)
    static func pack(_ bytes: ArraySlice<UInt8>) -> (UInt64, UInt64) {
        var words: (UInt64, UInt64) = (0, 0)
        withUnsafeMutableBytes(of: &words) { target in
            for (offset, byte) in bytes.enumerated() { target[offset] = byte }
        }
        return (UInt64(littleEndian: words.0), UInt64(littleEndian: words.1))
    }
}
