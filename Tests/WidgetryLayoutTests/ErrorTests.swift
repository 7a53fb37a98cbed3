import Testing
import WidgetryLayout

@Suite("Refused operations change nothing")
struct ErrorTests {
    /// A storyboard-like place, as a renderer would tag its constraints.
    struct Place: Sendable, Equatable {
        let file: String
        let line: Int
    }

    @Test("A conflicting required equality throws with its tag, and the old solution stays")
    func conflictingEquality() throws {
        let x = LayoutVariable("x")
        let y = LayoutVariable("y")
        var solver = LayoutSolver()
        try solver.add(x == 10)
        try solver.add(y == x + 5)
        let conflict = (x == 20).tagged(Place(file: "Main.storyboard", line: 42))
        let error = try #require(throws: LayoutError.self) { try solver.add(conflict) }
        #expect(error == .unsatisfiable(conflict))
        #expect(error.tag as? Place == Place(file: "Main.storyboard", line: 42))
        #expect(solver.value(of: x) == 10)
        #expect(solver.value(of: y) == 15)
        #expect(!solver.contains(conflict))
        #expect(throws: LayoutError.unknownConstraint(conflict)) { try solver.remove(conflict) }
    }

    @Test("Conflicts with inequalities (the phase-one path) are refused, leaving the solution", arguments: [0, 1, 2])
    func conflictingInequalities(kind: Int) throws {
        let x = LayoutVariable("x")
        let y = LayoutVariable("y")
        var solver = LayoutSolver()
        try solver.add(x >= 10)
        try solver.add(x <= 30)
        try solver.add(y == 2 * x)
        try solver.add((x == 25).withStrength(.weak))
        let conflict = [x == 5, x >= 31, y <= 19][kind].tagged("conflict \(kind)")
        #expect(throws: LayoutError.unsatisfiable(conflict)) { try solver.add(conflict) }
        #expect(solver.value(of: x) == 25)
        #expect(solver.value(of: y) == 50)
        try solver.add(x == 12)
        #expect(solver.value(of: y) == 24, "the solver still works after the refusal")
    }

    @Test("A refused add leaves the solver exactly as before: later results match a solver that never saw it")
    func refusalLeavesNoTrace() throws {
        let x = LayoutVariable("x")
        let y = LayoutVariable("y")
        let z = LayoutVariable("z")
        let fresh = LayoutVariable("fresh")
        let first: [LayoutConstraint] = [x >= 0, y >= 0, x + y <= 100]
        let later: [LayoutConstraint] = [(x == 80).withStrength(.weak), (y == 80).withStrength(.weak), z == x - y]
        var refused = LayoutSolver()
        try refused.add(first)
        #expect(throws: LayoutError.self) { try refused.add(fresh + x >= 200 + fresh) }
        #expect(throws: LayoutError.self) { try refused.add(x + y == 150) }
        #expect(refused.variables == [x, y], "a refused constraint's new variables are forgotten")
        try refused.add(later)
        var clean = LayoutSolver()
        try clean.add(first)
        try clean.add(later)
        for variable in [x, y, z] {
            #expect(refused.value(of: variable).bitPattern == clean.value(of: variable).bitPattern)
        }
    }

    @Test("Adding the same constraint twice is a duplicate error")
    func duplicate() throws {
        let x = LayoutVariable("x")
        let constraint = x >= 4
        var solver = LayoutSolver()
        try solver.add(constraint)
        let copy = constraint
        #expect(throws: LayoutError.duplicateConstraint(constraint)) { try solver.add(copy) }
        try solver.add(x >= 4)
        #expect(solver.value(of: x) == 4, "an equal but separately made constraint is another constraint")
    }

    @Test("NaN and infinite coefficients or constants, and invalid strengths, are refused")
    func nonFinite() throws {
        let x = LayoutVariable("x")
        let y = LayoutVariable("y")
        var solver = LayoutSolver()
        try solver.add(y == 1)
        let bad: [LayoutConstraint] = [.nan * x == 1, x == .infinity, x / 0 == 3, x + y * -.infinity >= 0]
        for constraint in bad {
            #expect(throws: LayoutError.nonFiniteConstraint(constraint)) { try solver.add(constraint) }
        }
        for weight in [0, -1, Double.nan, .infinity] {
            let constraint = (x == 1).withStrength(Strength(weight: weight))
            #expect(throws: LayoutError.invalidStrength(constraint)) { try solver.add(constraint) }
        }
        #expect(solver.variables == [y])
    }

    @Test("Arithmetic that overflows is undone with a numerical-failure error")
    func overflow() throws {
        let x = LayoutVariable("x")
        let y = LayoutVariable("y")
        var solver = LayoutSolver()
        try solver.add(x == 1e308)
        let overflowing = y == 10 * x
        #expect(throws: LayoutError.numericalFailure(overflowing, reason: "a value is out of range")) { try solver.add(overflowing) }
        #expect(solver.value(of: x) == 1e308)
        #expect(solver.value(of: y) == 0)
    }
}
