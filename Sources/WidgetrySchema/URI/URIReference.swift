/// A URI reference (RFC 3986) split into its five components, able to resolve itself against a
/// base URI as section 5.2 describes.
///
/// Schemas identify themselves and each other with URI references (`$id`, `$ref`,
/// `$dynamicRef`); the registry keys resources by the resolved, normalized form.
struct URIReference: Sendable, Hashable, CustomStringConvertible {
    var scheme: String?
    var authority: String?
    var path: String
    var query: String?
    var fragment: String?

    init(scheme: String?, authority: String?, path: String, query: String?, fragment: String?) {
        self.scheme = scheme
        self.authority = authority
        self.path = path
        self.query = query
        self.fragment = fragment
    }

    /// Splits `text` into components with the grammar of RFC 3986, appendix B. Every string is
    /// some URI reference, so this never fails; a string that is not a sensible one simply does
    /// not resolve to any registered resource later.
    init(parsing text: String) {
        var rest = Substring(text)
        if let hash = rest.firstIndex(of: "#") {
            fragment = String(rest[rest.index(after: hash)...])
            rest = rest[..<hash]
        }
        if let question = rest.firstIndex(of: "?") {
            query = String(rest[rest.index(after: question)...])
            rest = rest[..<question]
        }
        if let colon = rest.firstIndex(of: ":"), URIReference.isScheme(rest[..<colon]) {
            scheme = String(rest[..<colon])
            rest = rest[rest.index(after: colon)...]
        }
        if rest.hasPrefix("//") {
            let afterSlashes = rest.index(rest.startIndex, offsetBy: 2)
            let end = rest[afterSlashes...].firstIndex(of: "/") ?? rest.endIndex
            authority = String(rest[afterSlashes..<end])
            rest = rest[end...]
        }
        path = String(rest)
    }

    /// Whether the reference has a scheme, and so names a resource on its own.
    var isAbsolute: Bool { scheme != nil }

    /// The reference without its fragment: the URI of the resource it points into.
    var withoutFragment: URIReference {
        var copy = self
        copy.fragment = nil
        return copy
    }

    /// The target URI of this reference resolved against `base` (RFC 3986, section 5.2.2), with
    /// dot segments removed.
    func resolved(against base: URIReference) -> URIReference {
        if scheme != nil {
            return URIReference(scheme: scheme, authority: authority, path: URIReference.removingDotSegments(path),
                                query: query, fragment: fragment)
        }
        var target = URIReference(scheme: base.scheme, authority: nil, path: "", query: nil, fragment: fragment)
        if authority != nil {
            target.authority = authority
            target.path = URIReference.removingDotSegments(path)
            target.query = query
            return target
        }
        target.authority = base.authority
        if path.isEmpty {
            target.path = base.path
            target.query = query ?? base.query
        } else {
            target.path = path.hasPrefix("/")
                ? URIReference.removingDotSegments(path)
                : URIReference.removingDotSegments(base.merging(path))
            target.query = query
        }
        return target
    }

    /// The reference with a lower-case scheme and host and, for references with an authority,
    /// `/` for an empty path, so that equivalent spellings compare equal.
    var normalized: URIReference {
        var copy = self
        copy.scheme = scheme?.lowercased()
        if let authority {
            copy.authority = URIReference.lowercasingHost(authority)
            if path.isEmpty { copy.path = "/" }
        }
        return copy
    }

    /// The reference written out again (RFC 3986, section 5.3).
    var description: String {
        var text = ""
        if let scheme { text += scheme + ":" }
        if let authority { text += "//" + authority }
        text += path
        if let query { text += "?" + query }
        if let fragment { text += "#" + fragment }
        return text
    }

    // MARK: - Helpers

    private static func isScheme(_ candidate: Substring) -> Bool {
        guard let first = candidate.unicodeScalars.first, first.isASCIILetter else { return false }
        return candidate.unicodeScalars.allSatisfy { $0.isASCIILetter || ("0"..."9").contains($0) || $0 == "+" || $0 == "-" || $0 == "." }
    }

    /// The path of `relative` merged with this (base) reference's path (RFC 3986, section 5.2.3).
    private func merging(_ relative: String) -> String {
        if authority != nil, path.isEmpty { return "/" + relative }
        guard let slash = path.lastIndex(of: "/") else { return relative }
        return String(path[...slash]) + relative
    }

    /// `path` with `.` and `..` segments interpreted (RFC 3986, section 5.2.4).
    static func removingDotSegments(_ path: String) -> String {
        guard path.contains(".") else { return path }
        var input = Substring(path)
        var output: [Substring] = []
        while !input.isEmpty {
            if input.hasPrefix("../") {
                input = input.dropFirst(3)
            } else if input.hasPrefix("./") {
                input = input.dropFirst(2)
            } else if input.hasPrefix("/./") {
                input = input.dropFirst(2)
            } else if input == "/." {
                input = "/"
            } else if input.hasPrefix("/../") {
                input = input.dropFirst(3)
                if !output.isEmpty { output.removeLast() }
            } else if input == "/.." {
                input = "/"
                if !output.isEmpty { output.removeLast() }
            } else if input == "." || input == ".." {
                input = ""
            } else {
                let searchStart = input.hasPrefix("/") ? input.index(after: input.startIndex) : input.startIndex
                let end = input[searchStart...].firstIndex(of: "/") ?? input.endIndex
                output.append(input[..<end])
                input = input[end...]
            }
        }
        return output.joined()
    }

    private static func lowercasingHost(_ authority: String) -> String {
        guard let at = authority.lastIndex(of: "@") else { return authority.lowercased() }
        return String(authority[...at]) + authority[authority.index(after: at)...].lowercased()
    }
}

extension Unicode.Scalar {
    fileprivate var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
}
