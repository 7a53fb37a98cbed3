import Testing
import WidgetryLayout

@Suite("Solving equalities, inequalities and strengths")
struct SolverTests {
    @Test("A chain of views is laid out left to right")
    func chainOfViews() throws {
        let views = (0..<3).map { ViewVariables("view\($0)") }
        var solver = LayoutSolver()
        try solver.add(views[0].left == 0)
        for (index, view) in views.enumerated() {
            try solver.add(view.edges)
            try solver.add(view.width == Double(100 + 10 * index))
            if index > 0 {
                try solver.add(view.left == views[index - 1].right + 8)
            }
        }
        #expect(solver.values(of: views.map(\.left)) == [0, 108, 226])
        #expect(solver.values(of: views.map(\.right)) == [100, 218, 346])
        #expect(solver.values(of: views.map(\.width)) == [100, 110, 120])
    }

    @Test("Inequalities bound what a weaker constraint asks for")
    func inequalitiesBound() throws {
        for (wanted, expected) in [(0.0, 10.0), (15, 15), (100, 20)] {
            let x = LayoutVariable("x")
            var solver = LayoutSolver()
            try solver.add(x >= 10)
            try solver.add(x <= 20)
            try solver.add((x == wanted).withStrength(.weak))
            #expect(solver.value(of: x) == expected, "asked for \(wanted)")
        }
    }

    @Test("Solving for a multiple: a view twice as wide as another, both in a container")
    func proportions() throws {
        let a = ViewVariables("a")
        let b = ViewVariables("b")
        var solver = LayoutSolver()
        try solver.add([a.edges, b.edges, a.left == 0, b.left == a.right, b.right == 300, a.width == 2 * b.width])
        #expect(solver.value(of: a.width) == 200)
        #expect(solver.value(of: b.left) == 200)
    }

    @Test("A strong constraint beats a weak one, in either order")
    func strongBeatsWeak() throws {
        for strongFirst in [true, false] {
            let x = LayoutVariable("x")
            let strong = (x == 200).withStrength(.strong)
            let weak = (x == 100).withStrength(.weak)
            var solver = LayoutSolver()
            try solver.add(strongFirst ? [strong, weak] : [weak, strong])
            #expect(solver.value(of: x) == 200)
        }
    }

    @Test("Priority 750 beats priority 250 when two widths share a container")
    func priorities() throws {
        let a = LayoutVariable("a.width")
        let b = LayoutVariable("b.width")
        var solver = LayoutSolver()
        try solver.add(a + b == 300)
        try solver.add(a >= 0)
        try solver.add(b >= 0)
        try solver.add(LayoutConstraint(LinearExpression(b), .equal, LinearExpression(constant: 250), strength: Strength(priority: 250)))
        try solver.add(LayoutConstraint(LinearExpression(a), .equal, LinearExpression(constant: 250), strength: Strength(priority: 750)))
        #expect(solver.value(of: a) == 250)
        #expect(solver.value(of: b) == 50)
    }

    @Test("A required constraint beats every other strength")
    func requiredBeatsAll() throws {
        let x = LayoutVariable("x")
        var solver = LayoutSolver()
        try solver.add((x == 1).withStrength(Strength(priority: 999)))
        try solver.add((x == 2).withStrength(.strong))
        try solver.add(x == 3)
        #expect(solver.value(of: x) == 3)
    }

    @Test("A copy of a solver is an independent solver with the same constraints")
    func copiesAreIndependent() throws {
        let x = LayoutVariable("x")
        let bound = x >= 10
        var original = LayoutSolver()
        try original.add(bound)
        try original.add((x == 50).withStrength(.weak))
        var copy = original
        try copy.add(x <= 30)
        try copy.remove(bound)
        #expect(copy.value(of: x) == 30)
        #expect(original.value(of: x) == 50)
        #expect(original.contains(bound))
        #expect(!copy.contains(bound))
    }

    @Test("A variable no constraint names is 0, and -0 never comes out")
    func unknownVariableAndNegativeZero() throws {
        let x = LayoutVariable("x")
        let y = LayoutVariable("y")
        var solver = LayoutSolver()
        try solver.add(-1 * x == 0)
        #expect(solver.value(of: x).sign == .plus)
        #expect(solver.value(of: y) == 0)
        #expect(solver.variables == [x])
    }
}
