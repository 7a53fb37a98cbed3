/// The type of the key path under the cursor in a screen's predicate or binding string, as lint
/// types it: what the path up to the end of the key at the cursor reads (an attribute of an
/// entity, a relationship's entity or collection, an element, a controller). The editor
/// integration's hover inside strings.
public struct KeyPathType: Sendable, Hashable {
    /// The path read: from the start of the key path to the end of the key at the cursor.
    public var path: String
    /// What it reads, in lint's words: `title (a String attribute of Post)`, `entity Author`.
    public var description: String
    /// Whether it reads through a to-many relationship (`Entity.relationship`), giving one value
    /// per related object.
    public var throughToMany: String?
    /// The bytes of the source `path` covers.
    public var range: Range<Int>

    /// The type at byte `offset` of the screen file `file` (relative to the bundle); nil when the
    /// offset is in no key path of a predicate or key path string lint places, when the path
    /// has a key its subject lacks (lint reports that), or when lint knows nothing of it.
    public static func type(at offset: Int, inScreenFile file: String, of context: LintContext) -> KeyPathType? {
        guard let sites = context.sites(ofScreenFile: file) else { return nil }
        let strings = sites.predicates.compactMap { site in site.place.map { ($0, site.subject, site.variables) } }
            + sites.sources.compactMap { site in site.place.map { ($0, site.scope, [String: SemanticType]()) } }
        let bytes = sites.source.bytes
        guard offset < bytes.count, KeyPathCompletion.isKeyPathByte(bytes[offset]),
              let (place, subject, variables) = strings.first(where: { place, _, _ in
                  place.start.offset < offset && offset < KeyPathCompletion.closingQuote(after: place.start.offset, in: bytes)
              }) else { return nil }
        var start = offset
        while start > place.start.offset + 1, KeyPathCompletion.isKeyPathByte(bytes[start - 1]) { start -= 1 }
        var end = offset
        while end < bytes.count, KeyPathCompletion.isKeyPathByte(bytes[end]), bytes[end] != UInt8(ascii: ".") { end += 1 }
        let path = String(decoding: bytes[start..<end], as: UTF8.self)
        var components = path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        var root = subject
        if let first = components.first, first.hasPrefix("$") {
            // A predicate's variable: what it stands for, when lint knows.
            guard let variable = variables[String(first.dropFirst())] else { return nil }
            root = variable
            components.removeFirst()
            if components.isEmpty { return KeyPathType(path: path, description: variable.description, range: start..<end) }
        }
        guard !components.contains(where: \.isEmpty) else { return nil }
        let resolution = sites.resolver.resolve(components, on: root)
        guard resolution.problem == nil, !resolution.type.isUnknown else { return nil }
        return KeyPathType(path: path, description: resolution.type.description, throughToMany: resolution.toMany?.relationship, range: start..<end)
    }
}
