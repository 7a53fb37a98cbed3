import Foundation
import WidgetryExpressions
import WidgetryServiceConfiguration

/// An action's URL before substitution, and its expansion for an argument (FORMAT.md#service.request,
/// step 1).
///
/// Differences from upstream, which substituted `$key` raw and then percent-encoded the whole
/// URL with `CharacterSet.urlQueryAllowed`:
/// - Each substituted value is encoded on its own, keeping only RFC 3986 unreserved characters
///   (`A–Z a–z 0–9 - . _ ~`), so a value cannot end its path segment or query value: `/`, `?`,
///   `#`, `%`, `&`, `=` and `+` inside a value stay inside it. A value that would make a whole path
///   segment `.` or `..` is refused, since encoding the dots does not stop every URL parser
///   (WHATWG reads `%2e%2e` as `..`).
/// - The template's own text is encoded as upstream encoded it (space → `%20`, `#` → `%23`,
///   non-ASCII as UTF-8 escapes; `/?:@&=+$,;` kept), except that a `%` starting a valid escape
///   (`%2F`) is kept; upstream turned every `%` into `%25`.
/// - No URL (no `path` and no `baseUrl`, or a relative `path` and no `baseUrl`) and a result that
///   is not an http(s) URL with a host are errors; upstream dropped such calls silently.
struct URLTemplate {
    /// `baseUrl + path` (plain concatenation), or an absolute `path`.
    let text: String
    let action: String

    init(for action: ResolvedAction) throws(ActionError) {
        self.action = action.name
        let path = action.action.path
        guard let template = action.urlTemplate else {
            let message = path.map { "action '\(action.name)' has the relative path '\($0)' and the service file has no baseUrl" }
                ?? "action '\(action.name)' has no path and the service file has no baseUrl"
            throw ActionError(.noURL, message,
                              hint: "set defaults.baseUrl in the service file, or give the action an absolute path (starting with http)")
        }
        text = template
    }

    /// The URL for `argument`: `$key` placeholders substituted when the argument is an object or
    /// a dictionary (left as written otherwise), each part encoded for its place, and checked.
    func expanded(with argument: Value) throws(ActionError) -> String {
        var url = ""
        var inQuery = false
        var segment = PathSegment()
        for piece in try pieces(for: argument) {
            switch piece {
            case .literal(let literal):
                for scalar in literal.unicodeScalars where !inQuery {
                    switch scalar {
                    case "/":
                        try segment.end(action: action)
                    case "?":
                        try segment.end(action: action)
                        inQuery = true
                    default:
                        segment.text.unicodeScalars.append(scalar)
                    }
                }
                url += PercentEncoding.encodingLiteralURLText(literal)
            case .value(let value):
                if !inQuery {
                    segment.text += value
                    segment.hasValue = true
                }
                url += PercentEncoding.encodingAllButUnreserved(value)
            }
        }
        if !inQuery { try segment.end(action: action) }
        return url
    }

    /// Throws ``ActionError/Code/invalidURL`` unless `url` parses with scheme http or https and a host.
    static func check(_ url: String, action: String) throws(ActionError) {
        guard let components = URLComponents(string: url),
              let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = components.host, !host.isEmpty
        else {
            throw ActionError(.invalidURL, "action '\(action)': '\(url)' is not an http or https URL with a host",
                              hint: "check the action's path and the service file's baseUrl")
        }
    }

    private enum Piece {
        case literal(String)
        /// The text of a substituted value, not yet encoded.
        case value(String)
    }

    /// The template split into literal text and substituted values.
    private func pieces(for argument: Value) throws(ActionError) -> [Piece] {
        guard RequestBuilder.isKeyValueSource(argument) else { return [.literal(text)] }
        let scalars = text.unicodeScalars
        var pieces: [Piece] = []
        var copied = scalars.startIndex
        for match in StringSubstitution.key.matches(in: text) {
            pieces.append(.literal(String(String.UnicodeScalarView(scalars[copied..<match.range.lowerBound]))))
            do {
                pieces.append(.value(try StringSubstitution.key.substitute(in: "$" + match.keyPath, source: argument)))
            } catch {
                throw substitutionError(error)
            }
            copied = match.range.upperBound
        }
        pieces.append(.literal(String(String.UnicodeScalarView(scalars[copied...]))))
        return pieces
    }

    private func substitutionError(_ error: EvaluationError) -> ActionError {
        ActionError(.substitution, "action '\(action)': cannot substitute the URL '\(text)': \(error.message)")
    }

    /// A path segment being built: its unencoded text, and whether a substituted value is in it.
    private struct PathSegment {
        var text = ""
        var hasValue = false

        mutating func end(action: String) throws(ActionError) {
            defer { self = PathSegment() }
            guard hasValue else { return }
            let dotted = text.lowercased().replacingOccurrences(of: "%2e", with: ".")
            if dotted == "." || dotted == ".." {
                throw ActionError(.substitution, "action '\(action)': a substituted value makes the URL path segment '\(text)'",
                                  hint: "a `.` or `..` segment would move up the URL path; check the argument's value")
            }
        }
    }
}
