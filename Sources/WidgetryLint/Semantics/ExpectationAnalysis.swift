import WidgetryExpressions
import WidgetryJSON

/// The names a scenario expectation reads that are not there: each key path read on the
/// ``ExpectationScope`` (a key on a list reads every item, a subscript takes one, a SUBQUERY
/// variable is an item of its collection), stopping at the first key that is missing, and every
/// string compared with `screen` or `stack` that names no screen.
struct ExpectationAnalysis {
    /// A name that is not there, at the UTF-8 byte range of the text that writes it.
    struct Problem: Equatable {
        var range: Range<Int>
        var name: String
        var message: String
        var hint: String?
        /// The one name it most likely means, for a fix.
        var replacement: String?
    }

    private(set) var problems: [Problem] = []
    private let root: ExpectationScope
    private let screens: Set<String>
    private let tokens: PredicateTokens

    init(_ syntax: PredicateSyntax, text: String, scope: ExpectationScope, screens: Set<String>) {
        root = scope
        self.screens = screens
        tokens = PredicateTokens(text)
        visit(syntax, [:])
    }

    private mutating func visit(_ predicate: PredicateSyntax, _ variables: [String: ExpectationScope]) {
        switch predicate.kind {
        case .constant:
            break
        case .not(let operand):
            visit(operand, variables)
        case .and(let operands), .or(let operands):
            for operand in operands { visit(operand, variables) }
        case .comparison(let comparison):
            let left = visit(comparison.left, variables)
            let right = visit(comparison.right, variables)
            guard comparison.options.isEmpty, [.equal, .notEqual, .in, .contains].contains(comparison.comparison) else { return }
            if Self.holdsScreenNames(left) { checkScreenNames(comparison.right) }
            if Self.holdsScreenNames(right) { checkScreenNames(comparison.left) }
        }
    }

    /// Visits `expression` and returns what it reads.
    private mutating func visit(_ expression: ExpressionSyntax, _ variables: [String: ExpectationScope]) -> ExpectationScope {
        switch expression.kind {
        case .constant:
            return .any
        case .evaluatedObject:
            return root
        case .variable(let name):
            return variables[name] ?? .any
        case .keyPath(let operand, let components):
            var scope = visit(operand, variables)
            var evaluatedRoot = false
            if case .evaluatedObject = operand.kind { evaluatedRoot = true }
            let ranges = tokens.componentRanges(components.count, in: expression.range, evaluatedRoot: evaluatedRoot)
            for (index, key) in components.enumerated() {
                // A collection operator (`@count`, `@sum.x`) gives a value lint does not follow.
                if key.hasPrefix("@") { return .any }
                switch scope.step(key) {
                case .found(let next):
                    scope = next
                case .missing(let message, let candidates, let noun, let hint):
                    let close = Suggestion.closestCandidates(to: key, among: candidates)
                    problems.append(Problem(range: ranges[index], name: key, message: message,
                                            hint: hint ?? Suggestion.hint(for: key, among: candidates, noun: noun),
                                            replacement: hint == nil && close.count == 1 ? close.first : nil))
                    return .any
                }
            }
            return scope
        case .subscripted(let collection, let index):
            let scope = visit(collection, variables)
            switch index {
            case .expression(let position):
                _ = visit(position, variables)
                return scope.item
            case .first, .last: return scope.item
            case .size: return .any
            }
        case .aggregate(let elements):
            for element in elements { _ = visit(element, variables) }
            return .any
        case .arithmetic(_, let left, let right), .setOperation(_, let left, let right):
            _ = visit(left, variables)
            _ = visit(right, variables)
            return .any
        case .negate(let operand), .cast(let operand, _):
            _ = visit(operand, variables)
            return .any
        case .function(_, let arguments):
            for argument in arguments { _ = visit(argument, variables) }
            return .any
        case .call(let receiver, _, let arguments):
            _ = visit(receiver, variables)
            for argument in arguments { _ = visit(argument, variables) }
            return .any
        case .ternary(let condition, let ifTrue, let ifFalse):
            visit(condition, variables)
            _ = visit(ifTrue, variables)
            _ = visit(ifFalse, variables)
            return .any
        case .subquery(let collection, let variable, let predicate):
            var inner = variables
            inner[variable] = visit(collection, variables).item
            visit(predicate, inner)
            return .any
        }
    }

    private static func holdsScreenNames(_ scope: ExpectationScope) -> Bool {
        switch scope {
        case .screenName, .list(.screenName): true
        default: false
        }
    }

    /// Reports every string literal of `expression` (one, or a `{…}` list) that names no screen.
    private mutating func checkScreenNames(_ expression: ExpressionSyntax) {
        switch expression.kind {
        case .constant, .aggregate: break
        default: return
        }
        guard !screens.isEmpty else { return }
        let candidates = screens.sorted()
        for (name, range) in tokens.strings(in: expression.range) where !screens.contains(name) {
            let close = Suggestion.closestCandidates(to: name, among: candidates)
            problems.append(Problem(range: range ?? expression.range, name: name, message: "no screen is named '\(name)'",
                                    hint: Suggestion.hint(for: name, among: candidates, noun: "screens"),
                                    replacement: range != nil && close.count == 1 ? close.first : nil))
        }
    }
}
