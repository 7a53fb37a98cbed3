import WidgetryJSON
import WidgetryExpressions
import WidgetryModel

/// A comparison of an entity attribute of known type with a literal of a type it can never
/// match: a String attribute with a number, a number with a string, a Date with a string or a
/// number, a Boolean with a string (`text > 3`, `favoritesCount == '3'`).
struct TypeMismatchRule: LintRule {
    static let description = LintRuleDescription(
        id: "type-mismatch", severity: .error,
        summary: "Comparisons of entity attributes use literals of the attribute's type.",
        rationale: "A string never equals a number, and ordering a string against a number fails at run time with a type mismatch; either way the predicate cannot do what it says. The attribute's type comes from the data model.",
        examples: [
            LintExample("a string attribute ordered against a number", screen: #"""
                {"objects": {"posts": {"type": "ManagedObjectsProvider",
                  "attrs": {"entityName": "Post", "predicateFormat": "text > 1️⃣3 OR favoritesCount == 2️⃣'3'"}}}}
                """#),
            LintExample("a date compared with a string, through a to-many relationship", screen: #"""
                {"input": "User", "objects": {"load": {"type": "OnLoadActionController",
                  "attrs": {"actionName": "load", "predicateFormat": "ANY content.posts.timestamp < 1️⃣'2018-06-20'"}}}}
                """#),
            LintExample("comparisons of matching types", screen: #"""
                {"input": "User", "objects": {"posts": {"type": "ManagedObjectsProvider",
                  "attrs": {"entityName": "Post", "predicateFormat": "text == '3' AND favoritesCount > 3 AND favoritesCount IN {1, 2} AND timestamp < now() AND text != nil"}},
                  "load": {"type": "OnLoadActionController", "attrs": {"actionName": "load", "predicateFormat": "content.name BEGINSWITH 'A'"}}}}
                """#),
        ])

    func check(_ context: LintContext) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        for (file, site) in context.predicateSites {
            guard let analysis = site.analysis else { continue }
            for comparison in analysis.comparisons {
                let syntax = comparison.syntax
                for (path, literal, onLeft) in [(comparison.left, syntax.right, true), (comparison.right, syntax.left, false)] {
                    guard let path, let attribute = Self.attribute(path.resolution.type, throughModifier: onLeft && syntax.modifier != .direct),
                          case .constant(let value) = literal.kind else { continue }
                    let values = [.in, .between].contains(syntax.comparison) && onLeft ? value.elements ?? [value] : [value]
                    guard let clash = values.lazy.compactMap({ Self.clash(attribute.type, $0) }).first else { continue }
                    findings.append(site.finding(Self.description, file: file, range: literal.range,
                                                 message: "\(attribute.name) is \(Self.article(attribute.type.rawValue)) attribute of \(attribute.entity), compared with \(clash)",
                                                 hint: Self.hint(attribute.type, syntax.comparison)))
                }
            }
        }
        return findings
    }

    /// The attribute a side of a comparison reads: directly, or on each element after ANY/ALL/NONE.
    private static func attribute(_ type: SemanticType, throughModifier: Bool) -> (type: AttributeType, name: String, entity: String)? {
        switch type {
        case .attribute(let attributeType, let name, let entity): (attributeType, name, entity)
        case .collection(let element, _) where throughModifier: attribute(element, throughModifier: false)
        default: nil
        }
    }

    private enum Kind {
        case string, number, boolean, date
    }

    private static func kind(of type: AttributeType) -> Kind? {
        switch type {
        case .string: .string
        case .integer16, .integer32, .integer64, .double, .float, .decimal: .number
        case .boolean: .boolean
        case .date: .date
        case .binary, .uuid, .uri: nil
        }
    }

    /// How the literal is described when it cannot match an attribute of `type`; nil when it can.
    private static func clash(_ type: AttributeType, _ literal: Value) -> String? {
        guard let kind = kind(of: type) else { return nil }
        switch (kind, literal) {
        case (.string, .int), (.string, .double), (.date, .int), (.date, .double): return "the number \(literal.description)"
        case (.number, .string(let text)), (.date, .string(let text)), (.boolean, .string(let text)): return "the string '\(text)'"
        default: return nil
        }
    }

    /// `a String`, `an Integer 32`.
    private static func article(_ name: String) -> String {
        ("AEIOU".contains(name.first ?? "x") ? "an " : "a ") + name
    }

    private static func hint(_ type: AttributeType, _ comparison: ComparisonOperator) -> String {
        let outcome = comparison == .equal || comparison == .notEqual
            ? "values of different types are never equal, so the comparison always gives the same answer"
            : "comparing values of different types fails at run time"
        let literal = switch kind(of: type) {
        case .string: "a string literal such as '3'"
        case .number: "a number literal without quotes, such as 3"
        case .boolean: "YES, NO, 1 or 0"
        case .date, nil: "a date, such as now() or CAST(550000000, 'NSDate')"
        }
        return "\(outcome); write \(literal)"
    }
}
