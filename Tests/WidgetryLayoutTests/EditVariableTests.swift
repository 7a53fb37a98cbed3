import Testing
import WidgetryLayout

@Suite("Edit variables and suggested values")
struct EditVariableTests {
    @Test("A suggested width is taken within the required bounds")
    func suggestionsWithinBounds() throws {
        let width = LayoutVariable("label.width")
        var solver = LayoutSolver()
        try solver.add(width >= 50)
        try solver.add(width <= 200)
        try solver.addEditVariable(width, strength: .strong)
        #expect(solver.hasEditVariable(width))
        try solver.suggestValue(100, for: width)
        #expect(solver.value(of: width) == 100)
        try solver.suggestValue(20, for: width)
        #expect(solver.value(of: width) == 50)
        try solver.suggestValue(300, for: width)
        #expect(solver.value(of: width) == 200)
        try solver.suggestValue(120, for: width)
        #expect(solver.value(of: width) == 120)
    }

    @Test("A suggestion moves the views that depend on it, and removing the edit restores them")
    func suggestionPropagates() throws {
        let a = ViewVariables("label")
        let b = ViewVariables("button")
        var solver = LayoutSolver()
        try solver.add([a.edges, b.edges, a.left == 16, b.left == a.right + 8, b.width == 80])
        try solver.add((a.width == 60).withStrength(.medium))
        #expect(solver.value(of: b.right) == 16 + 60 + 8 + 80)
        try solver.addEditVariable(a.width, strength: .strong)
        try solver.suggestValue(140, for: a.width)
        #expect(solver.value(of: b.left) == 16 + 140 + 8)
        try solver.removeEditVariable(a.width)
        #expect(!solver.hasEditVariable(a.width))
        #expect(solver.value(of: b.left) == 16 + 60 + 8)
    }

    @Test("Edit variable mistakes are typed errors")
    func editErrors() throws {
        let x = LayoutVariable("x")
        var solver = LayoutSolver()
        #expect(throws: LayoutError.unknownEditVariable(x)) { try solver.suggestValue(1, for: x) }
        #expect(throws: LayoutError.unknownEditVariable(x)) { try solver.removeEditVariable(x) }
        #expect(throws: LayoutError.invalidEditStrength(x, .required)) { try solver.addEditVariable(x, strength: .required) }
        try solver.addEditVariable(x, strength: .weak)
        #expect(throws: LayoutError.duplicateEditVariable(x)) { try solver.addEditVariable(x, strength: .weak) }
        #expect(throws: LayoutError.nonFiniteSuggestion(x)) { try solver.suggestValue(.nan, for: x) }
        try solver.suggestValue(7, for: x)
        #expect(solver.value(of: x) == 7)
    }
}
