import Testing
import WidgetryLayout
import WidgetryTestSupport

@Suite("Random operations")
struct RandomOperationTests {
    /// How far `constraint` is from holding under the solver's values (0 when it holds).
    static func violation(of constraint: LayoutConstraint, in solver: LayoutSolver) -> Double {
        let expression = constraint.expression
        let value = expression.terms.reduce(expression.constant) { $0 + $1.coefficient * solver.value(of: $1.variable) }
        switch constraint.relation {
        case .equal: return abs(value)
        case .lessOrEqual: return max(value, 0)
        case .greaterOrEqual: return max(-value, 0)
        }
    }

    @Test("Adds, removals and suggestions at random never crash, keep every required constraint, and undo refusals exactly", arguments: Array(1...8) as [UInt64])
    func randomOperations(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let variables = (0..<10).map { LayoutVariable("x\($0)") }
        var solver = LayoutSolver()
        var added: [LayoutConstraint] = []
        var refusals = 0
        try solver.addEditVariable(variables[0], strength: .strong)
        try solver.addEditVariable(variables[1], strength: .weak)
        for step in 0..<300 {
            if Int.random(in: 0..<6, using: &random) == 0 {
                try solver.suggestValue(Double(Int.random(in: -500...500, using: &random)), for: variables[Int.random(in: 0...1, using: &random)])
            } else if !added.isEmpty, Int.random(in: 0..<4, using: &random) == 0 {
                let constraint = added.remove(at: Int.random(in: 0..<added.count, using: &random))
                try solver.remove(constraint)
            } else {
                var expression = LinearExpression(constant: Double(Int.random(in: -1000...1000, using: &random)))
                for _ in 0..<Int.random(in: 1...3, using: &random) {
                    expression.add(variables[Int.random(in: 0..<variables.count, using: &random)], coefficient: Double(Int.random(in: -12...12, using: &random)) / 4)
                }
                let relation = [LayoutRelation.equal, .lessOrEqual, .greaterOrEqual][Int.random(in: 0..<3, using: &random)]
                let strength = [Strength.required, .required, .strong, .medium, .weak, Strength(priority: Int.random(in: 1...999, using: &random))][Int.random(in: 0..<6, using: &random)]
                let constraint = LayoutConstraint(expression, relation, strength: strength, tag: step)
                let before = variables.map { solver.value(of: $0).bitPattern }
                do {
                    try solver.add(constraint)
                    added.append(constraint)
                } catch {
                    #expect(error == .unsatisfiable(constraint))
                    #expect(error.tag as? Int == step)
                    #expect(variables.map { solver.value(of: $0).bitPattern } == before, "step \(step): a refusal changes nothing")
                    refusals += 1
                }
            }
            for constraint in added where constraint.strength.isRequired {
                #expect(Self.violation(of: constraint, in: solver) < 1e-6, "step \(step): \(constraint)")
            }
        }
        #expect(refusals > 0, "the random constraints include conflicts")
    }
}
