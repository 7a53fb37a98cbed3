import Testing
import WidgetryDiagnostics
import WidgetryLayout

/// A refused operation reaches a person as a diagnostic with a code for its kind, placed where
/// the constraint was written when the caller tagged it with its place.
@Suite struct LayoutDiagnosticTests {
    @Test func anUnsatisfiableConstraintConvertsAtItsPlace() throws {
        let x = LayoutVariable("x")
        var solver = LayoutSolver()
        try solver.add(x == 10)
        let place = DiagnosticLocation(file: "Main.storyboard", start: SourceLocation(offset: 120, line: 7, column: 13), length: 4)
        let error = try #require(throws: LayoutError.self) { try solver.add((x == 20).tagged(place)) }
        let diagnostic = try #require(error.diagnostics.first)
        #expect(error.diagnostics.count == 1)
        #expect(diagnostic.code == "layout.unsatisfiable")
        #expect(diagnostic.place == place)
        #expect(diagnostic.message == error.description)
        #expect(diagnostic.hint != nil)
    }

    @Test func eachRefusalHasItsOwnCode() {
        let x = LayoutVariable("x")
        let constraint = x == 1
        let errors: [LayoutError] = [
            .unsatisfiable(constraint), .duplicateConstraint(constraint), .unknownConstraint(constraint),
            .nonFiniteConstraint(constraint), .invalidStrength(constraint), .duplicateEditVariable(x), .unknownEditVariable(x),
            .invalidEditStrength(x, .required), .nonFiniteSuggestion(x), .numericalFailure(nil, reason: "overflow"),
        ]
        let codes = errors.map { $0.diagnostics[0].code.description }
        #expect(Set(codes).count == errors.count)
        #expect(codes.allSatisfy { $0.hasPrefix("layout.") })
        // An untagged constraint has no place.
        #expect(errors.allSatisfy { $0.diagnostics[0].file.isEmpty && $0.diagnostics[0].location == nil })
    }
}
