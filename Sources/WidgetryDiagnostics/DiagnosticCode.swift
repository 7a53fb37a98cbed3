/// The stable identifier of one kind of problem: a domain (`binding`, `screen`, `json`…) and an
/// id within it (`unknown-transformer`), written `binding.unknown-transformer`. Lint's own rules
/// are codes of the ``lint`` domain, written as their bare id (`unknown-screen`), as reports,
/// baselines and configuration files have always named them.
public struct DiagnosticCode: Sendable, Hashable, Comparable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The domain of lint's rules, whose codes are written without it.
    public static let lint = "lint"

    /// Who reports the problem (`binding`, `schema`, ``lint``).
    public var domain: String
    /// The kind of problem within its domain, in kebab case (`unknown-transformer`).
    public var id: String

    public init(domain: String, id: String) {
        self.domain = domain
        self.id = id
    }

    /// The code written as `text`: the domain before the first `.`, or a lint rule's bare id.
    public init(_ text: String) {
        if let dot = text.firstIndex(of: ".") {
            self.init(domain: String(text[..<dot]), id: String(text[text.index(after: dot)...]))
        } else {
            self.init(domain: DiagnosticCode.lint, id: text)
        }
    }

    public init(stringLiteral text: String) {
        self.init(text)
    }

    /// Whether the code is one of lint's rules rather than a domain's error.
    public var isLintRule: Bool { domain == DiagnosticCode.lint }

    /// `domain.id`, or the bare id of a lint rule: the form reports print.
    public var description: String { isLintRule ? id : domain + "." + id }

    /// Codes sort by their written form, as reports have always listed them.
    public static func < (lhs: DiagnosticCode, rhs: DiagnosticCode) -> Bool {
        lhs.description < rhs.description
    }
}

/// The codes one domain declares, as an enum whose raw values are their written form
/// (`screen.unknown-key`): each domain (screens, services, models, scenarios…) has one.
public protocol DomainCode: RawRepresentable<String>, Sendable, Hashable {}

extension DomainCode {
    /// The code as a ``DiagnosticCode``.
    public var diagnosticCode: DiagnosticCode { DiagnosticCode(rawValue) }
}
