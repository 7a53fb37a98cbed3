import WidgetryExpressions
import WidgetryJSON

/// What a parsed predicate reads, typed: every key path with the place of each component and
/// what reading it gave, the variables nothing provides, and each comparison with the key paths
/// it compares, and the calls of `FUNCTION` selectors and built-in functions whose receiver or
/// arguments are of a kind they do not take. `SELF` is `subject`; `variables` are those the
/// caller provides; a SUBQUERY variable is an element of its collection inside its predicate.
struct PredicateAnalysis: Sendable {
    struct KeyPath: Sendable {
        var components: [String]
        /// The UTF-8 byte range of each component in the text (the whole path's range for
        /// components lint cannot place).
        var componentRanges: [Range<Int>]
        var range: Range<Int>
        var resolution: KeyPathResolution
    }

    struct Variable: Sendable {
        var name: String
        var range: Range<Int>
    }

    /// A receiver or an argument of a kind the selector or function does not take, or a
    /// character set name `stringByTrimmingCharactersInSet:` does not know.
    struct CallProblem: Sendable {
        var range: Range<Int>
        var message: String
        var hint: String?
        /// A misspelt name, the bytes of the text it is written in and the names it is one of
        /// (for the fix-it).
        var misspelt: (name: String, range: Range<Int>, candidates: [String])?
    }

    struct Comparison: Sendable {
        var syntax: ComparisonSyntax
        /// The key paths the two sides are, when they are key paths.
        var left: KeyPath?
        var right: KeyPath?
    }

    private(set) var keyPaths: [KeyPath] = []
    private(set) var unboundVariables: [Variable] = []
    private(set) var comparisons: [Comparison] = []
    private(set) var callProblems: [CallProblem] = []

    private let subject: SemanticType
    private let resolver: KeyPathResolver
    private let tokens: PredicateTokens

    init(_ syntax: PredicateSyntax, text: String, subject: SemanticType, variables: [String: SemanticType], resolver: KeyPathResolver) {
        self.subject = subject
        self.resolver = resolver
        tokens = PredicateTokens(text)
        visit(syntax, variables)
    }

    private mutating func visit(_ predicate: PredicateSyntax, _ variables: [String: SemanticType]) {
        switch predicate.kind {
        case .constant:
            break
        case .not(let operand):
            visit(operand, variables)
        case .and(let operands), .or(let operands):
            for operand in operands { visit(operand, variables) }
        case .comparison(let comparison):
            _ = visit(comparison.left, variables)
            let left = Self.isKeyPath(comparison.left) ? keyPaths.last : nil
            _ = visit(comparison.right, variables)
            let right = Self.isKeyPath(comparison.right) ? keyPaths.last : nil
            comparisons.append(Comparison(syntax: comparison, left: left, right: right))
        }
    }

    private static func isKeyPath(_ expression: ExpressionSyntax) -> Bool {
        if case .keyPath = expression.kind { return true }
        return false
    }

    /// Visits `expression` and returns its type.
    private mutating func visit(_ expression: ExpressionSyntax, _ variables: [String: SemanticType]) -> SemanticType {
        switch expression.kind {
        case .constant:
            return .unknown
        case .evaluatedObject:
            return subject
        case .variable(let name):
            guard let type = variables[name] else {
                unboundVariables.append(Variable(name: name, range: expression.range))
                return .unknown
            }
            return type
        case .keyPath(let operand, let components):
            let root = visit(operand, variables)
            var evaluatedRoot = false
            if case .evaluatedObject = operand.kind { evaluatedRoot = true }
            let resolution = resolver.resolve(components, on: root)
            keyPaths.append(KeyPath(components: components, componentRanges: tokens.componentRanges(components.count, in: expression.range, evaluatedRoot: evaluatedRoot),
                                    range: expression.range, resolution: resolution))
            return resolution.type
        case .subscripted(let collection, let index):
            _ = visit(collection, variables)
            if case .expression(let position) = index { _ = visit(position, variables) }
            return .unknown
        case .aggregate(let elements):
            for element in elements { _ = visit(element, variables) }
            return .unknown
        case .arithmetic(_, let left, let right), .setOperation(_, let left, let right):
            _ = visit(left, variables)
            _ = visit(right, variables)
            return .unknown
        case .negate(let operand), .cast(let operand, _):
            _ = visit(operand, variables)
            return .unknown
        case .function(let name, let arguments):
            var argumentKinds: [ValueKinds?] = []
            for argument in arguments { argumentKinds.append(kinds(of: argument, variables)) }
            guard let signature = FunctionCatalog.signature(ofBuiltIn: name) else { return .unknown }
            for (position, (argument, expected)) in zip(arguments, signature.arguments).enumerated() {
                guard let found = argumentKinds[position], found.isDisjoint(with: expected) else { continue }
                callProblems.append(CallProblem(range: argument.range, message: "\(name) takes \(expected), but its argument is \(found)",
                                                hint: Self.takesHint(name, expected)))
            }
            return SemanticType(valueKinds: signature.result)
        case .call(let receiver, let selector, let arguments):
            return typeCall(receiver, selector, arguments, variables)
        case .ternary(let condition, let ifTrue, let ifFalse):
            visit(condition, variables)
            _ = visit(ifTrue, variables)
            _ = visit(ifFalse, variables)
            return .unknown
        case .subquery(let collection, let variable, let predicate):
            var element = SemanticType.unknown
            if case .collection(let inner, _) = visit(collection, variables) { element = inner }
            var inner = variables
            inner[variable] = element
            visit(predicate, inner)
            return element.isUnknown ? .unknown : .collection(element, toMany: nil)
        }
    }

    /// The kinds `expression` is, where lint knows them: a literal's own, or its type's.
    private mutating func kinds(of expression: ExpressionSyntax, _ variables: [String: SemanticType]) -> ValueKinds? {
        let type = visit(expression, variables)
        if case .constant(let value) = expression.kind { return value.kind }
        return type.valueKinds
    }

    /// Checks `FUNCTION(receiver, 'selector', arguments…)` against the selector's signature and
    /// gives its result's type.
    private mutating func typeCall(_ receiver: ExpressionSyntax, _ selector: String, _ arguments: [ExpressionSyntax],
                                   _ variables: [String: SemanticType]) -> SemanticType {
        let receiverKinds = kinds(of: receiver, variables)
        var argumentKinds: [ValueKinds?] = []
        for argument in arguments { argumentKinds.append(kinds(of: argument, variables)) }
        guard let function = FunctionCatalog.standard.selectors[selector] else { return .unknown }
        if let found = receiverKinds, !found.contains(.null), found.isDisjoint(with: function.receiver) {
            let defined = FunctionCatalog.standard.selectors.filter { !$0.value.receiver.isDisjoint(with: found) && $0.value.receiver != .any }.keys.sorted()
            callProblems.append(CallProblem(range: receiver.range, message: "\(selector) is defined on \(function.receiver), but its receiver is \(found)",
                                            hint: defined.isEmpty ? nil : "selectors defined on \(found): " + defined.joined(separator: ", ")))
        }
        for (position, (argument, expected)) in zip(arguments, function.arguments).enumerated() {
            if let found = argumentKinds[position], found.isDisjoint(with: expected) {
                callProblems.append(CallProblem(range: argument.range, message: "\(selector) takes \(expected) as argument \(position + 1), but it is \(found)",
                                                hint: Self.takesHint(selector, expected)))
            }
        }
        if selector == "stringByTrimmingCharactersInSet:", let argument = arguments.first, case .constant(.string(let name)) = argument.kind,
           !FunctionCatalog.characterSetNames.contains(name) {
            // The name inside the literal's quotes.
            let written = (argument.range.lowerBound + 1)..<max(argument.range.lowerBound + 1, argument.range.upperBound - 1)
            callProblems.append(CallProblem(range: argument.range, message: "'\(name)' is not a character set stringByTrimmingCharactersInSet: knows",
                                            hint: Suggestion.closest(to: name, among: FunctionCatalog.characterSetNames).map { "did you mean '\($0)'?" }
                                                ?? "the sets are " + FunctionCatalog.characterSetNames.joined(separator: ", "),
                                            misspelt: (name, written, FunctionCatalog.characterSetNames)))
        }
        return SemanticType(valueKinds: function.result)
    }

    private static func takesHint(_ name: String, _ expected: ValueKinds) -> String {
        "\(name) takes \(expected); a value of another kind fails when the predicate runs"
    }
}
