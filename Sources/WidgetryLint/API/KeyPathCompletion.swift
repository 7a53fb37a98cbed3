import WidgetryJSON
import WidgetryExpressions

/// What may be written next where a key path is being typed in a screen's predicate or binding
/// string: the keys of what the path before the last dot reads, typed as lint types them (the
/// attributes and relationships of an entity, the names of a screen or a cell, collection
/// operators on a collection). The editor integration's completion inside strings.
public struct KeyPathCompletion: Sendable, Hashable {
    /// What a completion is.
    public enum Kind: Sendable, Hashable {
        case attribute, relationship, name, collectionOperator
    }

    public var name: String
    public var kind: Kind
    /// Its type in words: `String attribute of Author`, `to-many relationship to Post`.
    public var detail: String

    /// The completions at byte `offset` of the screen file `file` (relative to the bundle), with
    /// the bytes of the source the partial key at the cursor covers; nil when the offset is in
    /// no predicate or key path string lint places, or the path before it does not resolve.
    public static func completions(at offset: Int, inScreenFile file: String, of context: LintContext) -> (replacing: Range<Int>, items: [KeyPathCompletion])? {
        guard let sites = context.sites(ofScreenFile: file) else { return nil }
        let strings = sites.predicates.compactMap { site in site.place.map { ($0, site.subject) } }
            + sites.sources.compactMap { site in site.place.map { ($0, site.scope) } }
        let bytes = sites.source.bytes
        guard let (place, root) = strings.first(where: { place, _ in
            place.start.offset < offset && offset <= closingQuote(after: place.start.offset, in: bytes)
        }) else { return nil }
        // The key path being typed: the run of key path characters before the cursor.
        var start = offset
        while start > place.start.offset + 1, isKeyPathByte(bytes[start - 1]) { start -= 1 }
        var end = offset
        while end < bytes.count, isKeyPathByte(bytes[end]), bytes[end] != UInt8(ascii: ".") { end += 1 }
        let components = String(decoding: bytes[start..<offset], as: UTF8.self).split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard let partial = components.last, !(components.first?.hasPrefix("$") ?? false) else { return nil }
        let before = Array(components.dropLast())
        let resolution = sites.resolver.resolve(before, on: root)
        guard before.isEmpty || resolution.problem == nil else { return nil }
        let items = members(of: before.isEmpty ? root : resolution.type, in: sites.model)
        return ((offset - partial.utf8.count)..<end, items.sorted { ($0.kind == .collectionOperator ? 1 : 0, $0.name) < ($1.kind == .collectionOperator ? 1 : 0, $1.name) })
    }

    /// The keys lint knows `type` has.
    static func members(of type: SemanticType, in model: ScreenModel) -> [KeyPathCompletion] {
        switch type {
        case .entity(let entity):
            guard let entities = model.entities else { return [] }
            return entities.attributes(of: entity).map { KeyPathCompletion(name: $0.name, kind: .attribute, detail: "\($0.type.rawValue) attribute of \(entity)") }
                + entities.relationships(of: entity).map {
                    KeyPathCompletion(name: $0.name, kind: .relationship, detail: "\($0.isToMany ? "to-many" : "to-one") relationship to \($0.destination)")
                }
        case .collection(let inner, _):
            return CollectionOperator.allCases.map { KeyPathCompletion(name: "@" + $0.rawValue, kind: .collectionOperator, detail: "collection operator") }
                + members(of: inner, in: model)
        case .screenNames:
            return model.elements.keys.map { KeyPathCompletion(name: $0, kind: .name, detail: "element") }
                + model.document.objects.map { KeyPathCompletion(name: $0.id, kind: .name, detail: "object (\($0.type))") }
                + [KeyPathCompletion(name: "content", kind: .name, detail: "the screen's content"), KeyPathCompletion(name: "defaults", kind: .name, detail: "user defaults")]
        case .cellNames(let names):
            return names.elements.keys.map { KeyPathCompletion(name: $0, kind: .name, detail: "element of the cell") }
                + [KeyPathCompletion(name: "content", kind: .name, detail: "the cell's row"), KeyPathCompletion(name: "defaults", kind: .name, detail: "user defaults")]
        default:
            return []
        }
    }

    /// The offset of the quote that closes the string opened at `quote`, or the end of its line.
    static func closingQuote(after quote: Int, in bytes: [UInt8]) -> Int {
        var index = quote + 1
        while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != 0x0A {
            index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
        }
        return min(index, bytes.count)
    }

    /// Whether `byte` may be part of a key path (a name, a dot, an operator's `@`, a variable's `$`).
    static func isKeyPathByte(_ byte: UInt8) -> Bool {
        byte >= 0x80 || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || [UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "@"), UInt8(ascii: "$")].contains(byte)
    }
}
