/// Where a screen file's predicates and key paths name an attribute of an entity: every key of
/// a key path that lint types as an entity's attribute, placed in the file through the string's
/// escapes. The editor integration's definition and references of attributes reach into screens
/// through it.
public enum AttributeReferences {
    /// One key naming an attribute: the entity lint says has it, the attribute, and the bytes of
    /// the screen file that write it.
    public struct Place: Sendable, Hashable {
        /// The entity whose attribute it is.
        public var entity: String
        /// The attribute's name.
        public var attribute: String
        /// The bytes of the name in the screen file.
        public var range: Range<Int>
    }

    /// Each attribute named in the screen file `file` (relative to the bundle), in file order;
    /// empty for a file that is no screen lint read.
    public static func places(inScreenFile file: String, of context: LintContext) -> [Place] {
        guard let sites = context.sites(ofScreenFile: file) else { return [] }
        let resolver = sites.resolver
        var found: [Place] = []
        /// Records the keys of `components` (at the text ranges `ranges` of `place`) that read an attribute.
        func record(_ components: [String], at ranges: [Range<Int>], on root: SemanticType, in place: JSONStringPlace) {
            for index in components.indices where index < ranges.count && ranges[index].count == components[index].utf8.count {
                let resolution = resolver.resolve(Array(components[...index]), on: root)
                // A prefix that does not resolve is not made to by what follows it.
                guard resolution.problem == nil else { break }
                guard case .attribute(_, let name, let entity) = resolution.type, name == components[index] else { continue }
                let range = place.location(ofTextOffset: ranges[index].lowerBound).offset..<place.location(ofTextOffset: ranges[index].upperBound).offset
                found.append(Place(entity: entity, attribute: name, range: range))
            }
        }
        for site in sites.predicates {
            guard let place = site.place, let analysis = site.analysis else { continue }
            for keyPath in analysis.keyPaths {
                var components = keyPath.components
                var ranges = keyPath.componentRanges
                var root = site.subject
                if let first = components.first, first.hasPrefix("$") {
                    guard let variable = site.variables[String(first.dropFirst())] else { continue }
                    root = variable
                    components.removeFirst()
                    ranges = Array(ranges.dropFirst())
                }
                record(components, at: ranges, on: root, in: place)
            }
        }
        for site in sites.sources {
            guard let place = site.place else { continue }
            var components: [String] = []
            var ranges: [Range<Int>] = []
            var start = site.textOffset
            for component in site.text.split(separator: ".", omittingEmptySubsequences: false) {
                components.append(String(component))
                ranges.append(start..<(start + component.utf8.count))
                start += component.utf8.count + 1
            }
            record(components, at: ranges, on: site.scope, in: place)
        }
        return found.sorted { $0.range.lowerBound < $1.range.lowerBound }
    }
}
