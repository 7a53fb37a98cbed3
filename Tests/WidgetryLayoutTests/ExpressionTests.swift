import Testing
import WidgetryLayout

@Suite("Linear expressions and constraints as written")
struct ExpressionTests {
    @Test("Operators build terms in the order variables appear, with the constant summed")
    func operatorsBuildTerms() {
        let a = LayoutVariable("a")
        let b = LayoutVariable("b")
        let c = LayoutVariable("c")
        let expression = 2 * a + 3 * b - c + 10 - 4
        #expect(expression.terms.map(\.variable) == [a, b, c])
        #expect(expression.terms.map(\.coefficient) == [2, 3, -1])
        #expect(expression.constant == 6)
        #expect(expression.description == "2*a + 3*b - c + 6")
    }

    @Test("A variable given twice is one term, and a term that cancels is dropped")
    func termsMerge() {
        let a = LayoutVariable("a")
        let b = LayoutVariable("b")
        #expect((a + b + a).terms.map(\.coefficient) == [2, 1])
        #expect((a + b + a).coefficient(of: a) == 2)
        #expect((a - a + b).terms.map(\.variable) == [b])
        #expect((a - a).description == "0")
        #expect((-(a - 2 * b) / 2).terms.map(\.coefficient) == [-0.5, 1])
    }

    @Test("A relation keeps lhs - rhs, required, with a new identity per constraint")
    func relationsMakeConstraints() {
        let a = LayoutVariable("a")
        let b = LayoutVariable("b")
        let constraint = a + 10 == b
        #expect(constraint.relation == .equal)
        #expect(constraint.strength == .required)
        #expect(constraint.expression.description == "a - b + 10")
        #expect((a <= 5).relation == .lessOrEqual)
        #expect((5 >= a).expression.description == "-a + 5")
        let variablesOnly: LayoutConstraint = a == b
        #expect(variablesOnly.expression.description == "a - b")
        #expect(a != b, "== between two variables still compares the handles")
        let weak = constraint.withStrength(.weak)
        #expect(weak != constraint)
        #expect(weak.strength == .weak)
        #expect(weak.tagged("Main.storyboard:12").tag as? String == "Main.storyboard:12")
        #expect(weak.tagged("t").description == "a - b + 10 == 0 (weight \(Strength.weak.weight)) [t]")
    }
}
