import Testing
import WidgetryLayout

@Suite("A moderate layout")
struct ScaleTests {
    @Test("500 views in a row fill their container exactly, and a change in the middle moves the rest")
    func fiveHundredViews() throws {
        let count = 500
        let container = ViewVariables("container")
        let views = (0..<count).map { ViewVariables("view\($0)") }
        var solver = LayoutSolver()
        try solver.add([container.edges, container.left == 0, container.width == Double(count * 40 + (count - 1) * 8)])
        var middleWidth: LayoutConstraint?
        for (index, view) in views.enumerated() {
            try solver.add(view.edges)
            try solver.add(view.width >= 10)
            let width = (view.width == 40).withStrength(.medium)
            if index == count / 2 {
                middleWidth = width
            }
            try solver.add(width)
            try solver.add(view.left == (index == 0 ? container.left + 0 : views[index - 1].right + 8))
        }
        try solver.add(container.right == views[count - 1].right)
        for (index, view) in views.enumerated() {
            #expect(solver.value(of: view.left) == Double(index * 48))
            #expect(solver.value(of: view.width) == 40)
        }
        // The middle view now wants 60 more, more strongly than the others keep their 40: the 60
        // comes out of two of them, each down to its minimum of 10: the first two, the simplex
        // taking the lowest symbol among equals.
        try solver.remove(try #require(middleWidth))
        try solver.add((views[count / 2].width == 100).withStrength(.strong))
        #expect(solver.value(of: views[count / 2].width) == 100)
        #expect(solver.value(of: container.right) == Double(count * 40 + (count - 1) * 8))
        let widths = views.map { solver.value(of: $0.width) }
        #expect(widths.filter { $0 == 10 }.count == 2)
        #expect(widths.filter { $0 == 40 }.count == count - 3)
        #expect(widths.indices.filter { widths[$0] == 10 } == [0, 1])
    }
}
