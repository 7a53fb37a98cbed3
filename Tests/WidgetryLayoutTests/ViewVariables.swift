import WidgetryLayout

/// The horizontal variables of one view, as a storyboard renderer would make them.
struct ViewVariables {
    let left: LayoutVariable
    let width: LayoutVariable
    let right: LayoutVariable

    init(_ name: String) {
        left = LayoutVariable("\(name).left")
        width = LayoutVariable("\(name).width")
        right = LayoutVariable("\(name).right")
    }

    /// `right == left + width`.
    var edges: LayoutConstraint {
        right == left + width
    }
}

extension LayoutSolver {
    /// Adds every constraint, in order.
    mutating func add(_ constraints: [LayoutConstraint]) throws(LayoutError) {
        for constraint in constraints {
            try add(constraint)
        }
    }

    /// The value of each variable, in order.
    func values(of variables: [LayoutVariable]) -> [Double] {
        variables.map { value(of: $0) }
    }
}
