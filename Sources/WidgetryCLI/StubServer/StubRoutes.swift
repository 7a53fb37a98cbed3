import Foundation
import WidgetryExpressions
import WidgetryService
import WidgetryServiceConfiguration

/// Which stub action answers a request: each action of the stub file at its method and path (the
/// path of `baseUrl` + `path`, `$key` placeholders matching any text within a segment and read
/// into the argument), in the file's order, and every action also at `/_actions/<name>` for any
/// method (the sample stubs give most actions no path, so several share `/`).
struct StubRoutes {
    struct Route {
        let action: ResolvedAction
        let method: String
        /// Path segments; each a list of literal text and placeholder names.
        let segments: [[Part]]
    }

    enum Part: Equatable {
        case text(String)
        case placeholder(String)
    }

    let routes: [Route]
    private let byName: [String: ResolvedAction]

    init(configuration: ServiceConfiguration) {
        let actions = configuration.actions.map { ResolvedAction($0, defaults: configuration.defaults) }
        routes = actions.map { action in
            let url = (action.action.path?.hasPrefix("http") ?? false) ? action.action.path! : (action.baseURL ?? "/") + (action.action.path ?? "")
            return Route(action: action, method: action.httpMethod.rawValue, segments: StubRoutes.segments(ofPathIn: url))
        }
        byName = Dictionary(actions.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The action for `method` and `path` (percent-encoded, without the query), with the values
    /// its placeholders matched.
    func match(method: String, path: String) -> (action: ResolvedAction, placeholders: [String: String])? {
        let requested = path.split(separator: "/", omittingEmptySubsequences: true).map { $0.removingPercentEncoding ?? String($0) }
        if requested.count == 2, requested[0] == "_actions", let action = byName[requested[1]] { return (action, [:]) }
        for route in routes where route.method == method && route.segments.count == requested.count {
            var values: [String: String] = [:]
            if zip(route.segments, requested).allSatisfy({ StubRoutes.match($0, $1, into: &values) }) { return (route.action, values) }
        }
        return nil
    }

    /// The segments of the path part of `url` (scheme and host dropped, query and fragment too).
    static func segments(ofPathIn url: String) -> [[Part]] {
        var path = Substring(url)
        if let scheme = path.range(of: "://") {
            path = path[scheme.upperBound...]
            path = path.firstIndex(of: "/").map { path[$0...] } ?? ""
        }
        if let end = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = path[..<end] }
        return path.split(separator: "/", omittingEmptySubsequences: true).map(parts)
    }

    /// `tweet_$id.json` → text `tweet_`, placeholder `id`, text `.json`: the placeholders URLs
    /// use (``StringSubstitution/key``), found as substitution finds them.
    private static func parts(_ segment: Substring) -> [Part] {
        let text = String(segment)
        let scalars = text.unicodeScalars
        var parts: [Part] = []
        var copied = scalars.startIndex
        func literal(_ range: Range<String.UnicodeScalarView.Index>) {
            guard !range.isEmpty else { return }
            let piece = String(String.UnicodeScalarView(scalars[range]))
            parts.append(.text(piece.removingPercentEncoding ?? piece))
        }
        for match in StringSubstitution.key.matches(in: text) {
            literal(copied..<match.range.lowerBound)
            parts.append(.placeholder(match.keyPath))
            copied = match.range.upperBound
        }
        literal(copied..<scalars.endIndex)
        return parts
    }

    /// Whether `segment` matches the parts; placeholders take the shortest text before the next literal.
    private static func match(_ parts: [Part], _ segment: String, into values: inout [String: String]) -> Bool {
        var rest = Substring(segment)
        for (index, part) in parts.enumerated() {
            switch part {
            case .text(let literal):
                guard rest.hasPrefix(literal) else { return false }
                rest = rest.dropFirst(literal.count)
            case .placeholder(let name):
                if index + 1 < parts.count, case .text(let literal) = parts[index + 1] {
                    guard let found = rest.range(of: literal) else { return false }
                    values[name] = String(rest[..<found.lowerBound])
                    rest = rest[found.lowerBound...]
                } else {
                    values[name] = String(rest)
                    rest = ""
                }
            }
        }
        return rest.isEmpty
    }
}
