import WidgetryJSON

/// Where a screen file's predicates name the screen's objects and elements: the first key of
/// every key path a predicate reads from the screen's names (a status controller's or a
/// binding's `predicateFormat`) or a cell's, placed in the file through the string's escapes.
/// The editor integration's references and rename of an object or element reach into
/// predicates through it.
public enum ScreenNameReferences {
    /// Each name and the bytes of the screen file `file` (relative to the bundle) that write it,
    /// in file order; empty for a file that is no screen lint read.
    public static func places(inScreenFile file: String, of context: LintContext) -> [(name: String, range: Range<Int>)] {
        guard let sites = context.sites(ofScreenFile: file) else { return [] }
        var found: [(name: String, range: Range<Int>)] = []
        for site in sites.predicates {
            switch site.subject {
            case .screenNames, .cellNames: break
            default: continue
            }
            guard let place = site.place, let analysis = site.analysis else { continue }
            for keyPath in analysis.keyPaths {
                guard let name = keyPath.components.first, let text = keyPath.componentRanges.first, !name.hasPrefix("$") else { continue }
                let start = place.location(ofTextOffset: text.lowerBound).offset
                found.append((name, start..<place.location(ofTextOffset: text.upperBound).offset))
            }
        }
        return found.sorted { $0.range.lowerBound < $1.range.lowerBound }
    }
}
