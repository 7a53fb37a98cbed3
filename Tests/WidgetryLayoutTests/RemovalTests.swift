import Testing
import WidgetryLayout

@Suite("Removing constraints")
struct RemovalTests {
    @Test("Removing a constraint gives back the solution from before it was added, bit for bit")
    func removalRestores() throws {
        let views = (0..<4).map { ViewVariables("view\($0)") }
        let all = views.flatMap { [$0.left, $0.width, $0.right] }
        var solver = LayoutSolver()
        try solver.add(views[0].left == 10)
        for (index, view) in views.enumerated() {
            try solver.add(view.edges)
            try solver.add((view.width == 50).withStrength(.strong))
            try solver.add(view.width >= 20)
            if index > 0 {
                try solver.add(view.left == views[index - 1].right + 8)
            }
        }
        let before = solver.values(of: all)
        #expect(before[2] == 60)
        for override in [views[1].width == 90, views[3].right <= 200, views[2].width >= 75] {
            try solver.add(override)
            #expect(solver.values(of: all) != before)
            try solver.remove(override)
            #expect(!solver.contains(override))
            #expect(solver.values(of: all).map(\.bitPattern) == before.map(\.bitPattern), "after removing \(override)")
        }
    }

    @Test("Removing the constraint that fixed a variable lets a weaker one take over")
    func weakerTakesOver() throws {
        let x = LayoutVariable("x")
        var solver = LayoutSolver()
        let required = x == 5
        try solver.add((x == 40).withStrength(.weak))
        try solver.add(required)
        #expect(solver.value(of: x) == 5)
        try solver.remove(required)
        #expect(solver.value(of: x) == 40)
    }

    @Test("Removing a constraint twice, or one never added, is an unknown-constraint error")
    func unknownRemoval() throws {
        let x = LayoutVariable("x")
        let constraint = (x == 3).tagged("Main.storyboard:7")
        var solver = LayoutSolver()
        #expect(throws: LayoutError.unknownConstraint(constraint)) { try solver.remove(constraint) }
        try solver.add(constraint)
        try solver.remove(constraint)
        #expect(throws: LayoutError.unknownConstraint(constraint)) { try solver.remove(constraint) }
    }
}
