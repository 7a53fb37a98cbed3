import Testing
import WidgetryLayout

@Suite("Deterministic answers")
struct DeterminismTests {
    /// A layout with strengths that compete and freedom left over, on the given views.
    static func layout(_ views: [ViewVariables]) -> [LayoutConstraint] {
        var constraints: [LayoutConstraint] = [views[0].left == 0]
        for (index, view) in views.enumerated() {
            constraints.append(view.edges)
            constraints.append(view.width >= 10)
            constraints.append((view.width == Double(30 + index % 7)).withStrength(Strength(priority: 250 + index)))
            if index > 0 {
                constraints.append(view.left >= views[index - 1].right + 4)
                constraints.append((view.left == views[index - 1].right + 8).withStrength(.medium))
            }
        }
        constraints.append(views[views.count - 1].right <= 600)
        return constraints
    }

    @Test("The same constraints in the same order give bit-identical values, whatever the variables' identities")
    func identicalRuns() throws {
        let firstViews = (0..<20).map { ViewVariables("v\($0)") }
        // Made in the opposite order, so their identities compare the other way round.
        let secondViews = (0..<20).reversed().map { ViewVariables("v\($0)") }.reversed()
        var first = LayoutSolver()
        var second = LayoutSolver()
        try first.add(Self.layout(firstViews))
        try second.add(Self.layout(Array(secondViews)))
        let firstValues = firstViews.flatMap { [$0.left, $0.width, $0.right] }.map { first.value(of: $0).bitPattern }
        let secondValues = secondViews.flatMap { [$0.left, $0.width, $0.right] }.map { second.value(of: $0).bitPattern }
        #expect(firstValues == secondValues)
        #expect(first.value(of: firstViews[19].right) <= 600)
    }

    @Test("An under-determined equality is solved for the variable met first; the free one is 0")
    func underDeterminedEquality() throws {
        let a = LayoutVariable("a")
        let b = LayoutVariable("b")
        var solver = LayoutSolver()
        try solver.add(a + b == 100)
        #expect(solver.value(of: a) == 100)
        #expect(solver.value(of: b) == 0)
        var reversed = LayoutSolver()
        try reversed.add(b + a == 100)
        #expect(reversed.value(of: b) == 100)
        #expect(reversed.value(of: a) == 0)
    }

    @Test("A variable between two bounds and nothing else sits on the bound added first")
    func underDeterminedInequalities() throws {
        let x = LayoutVariable("x")
        var lowerFirst = LayoutSolver()
        try lowerFirst.add([x >= 10, x <= 20])
        #expect(lowerFirst.value(of: x) == 10)
        var upperFirst = LayoutSolver()
        try upperFirst.add([x <= 20, x >= 10])
        #expect(upperFirst.value(of: x) == 20)
    }
}
