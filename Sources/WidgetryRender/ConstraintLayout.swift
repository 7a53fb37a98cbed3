import WidgetryLayout
public import WidgetryJSON
public import WidgetryScreen

/// A view tree's Auto Layout constraints solved for one size (docs/RENDERING.md#constraints):
/// every view a box of four variables (left, top, width, height) in the root's coordinates,
/// the root's box fixed, each constraint a linear relation at its priority, views placed by
/// their frames held there, and views placed by constraints pulled weakly towards their designed
/// frames, so that what the constraints leave open stays as designed.
///
/// A required constraint that cannot hold is left out and reported at its place in the
/// storyboard, as UIKit breaks one and logs it; so is a constraint that names no view of the tree.
struct ConstraintLayout {
    /// The solved frames, by design identifier, in the root's coordinates.
    private(set) var frames: [String: DesignRect] = [:]
    /// The root's solved height: `size`'s, unless the layout fits the height to the content.
    private(set) var rootHeight = 0.0
    private(set) var problems: [LayoutProblem] = []

    private struct Box {
        let left: LayoutVariable, top: LayoutVariable, width: LayoutVariable, height: LayoutVariable
        let node: ViewNode

        init(_ node: ViewNode, name: String) {
            self.node = node
            left = LayoutVariable(name + ".left")
            top = LayoutVariable(name + ".top")
            width = LayoutVariable(name + ".width")
            height = LayoutVariable(name + ".height")
        }
    }

    /// Whether anything in the tree under `root` has constraints to solve.
    static func hasConstraints(_ root: ViewNode) -> Bool {
        !root.design.constraints.isEmpty || root.subviews.contains(where: hasConstraints)
    }

    /// Solves the constraints of the tree under `root`, sized `size`, whose safe area is
    /// `safeArea` (in the root's coordinates): the safe-area guide is that area, the top layout
    /// guide the strip above it, the bottom layout guide the strip below it.
    /// `intrinsicSize` gives a view's content size (a label's text), nil for a view without one:
    /// as UIKit's intrinsic content size, it holds the view's width and then its height against
    /// squeezing at the view's compression resistance and against stretching at its hugging
    /// priority, in place of the designed size (the storyboard's frame is only Interface
    /// Builder's picture of it).
    ///
    /// With `fitsHeight`, the root's height is not `size`'s but as small as its constraints let
    /// it be (UIKit's `systemLayoutSizeFitting` at the fitting-size priority, 50, as a table sizes
    /// a self-sizing row), and the designed heights of views placed by constraints pull below that.
    init(root: ViewNode, size: DesignRect, safeArea: DesignRect, fitsHeight: Bool = false,
         intrinsicSize: (ViewNode) -> IntrinsicSize? = { _ in nil }) {
        var boxes: [String: Box] = [:]
        var order: [(Box, parent: Box?)] = []
        func collect(_ node: ViewNode, parent: Box?) {
            let box = Box(node, name: node.design.designID ?? node.id ?? node.type)
            if let id = node.design.designID, boxes[id] == nil { boxes[id] = box }
            order.append((box, parent))
            for child in node.subviews { collect(child, parent: box) }
        }
        collect(root, parent: nil)
        let rootBox = order[0].0
        // A cell's content view is the cell itself here: the reader moved its views into the cell.
        if let content = root.design.contentViewID, boxes[content] == nil { boxes[content] = rootBox }
        var guides: [String: DesignRect] = [:]
        if let guide = root.design.safeAreaGuideID { guides[guide] = safeArea }
        if let guide = root.design.topLayoutGuideID { guides[guide] = DesignRect(x: 0, y: 0, width: size.width, height: safeArea.y) }
        if let guide = root.design.bottomLayoutGuideID {
            let bottom = safeArea.y + safeArea.height
            guides[guide] = DesignRect(x: 0, y: bottom, width: size.width, height: max(size.height - bottom, 0))
        }

        // Views sized by their content, by position in `order`.
        var sizes: [Int: IntrinsicSize] = [:]
        for (index, (box, _)) in order.enumerated().dropFirst() where box.node.design.usesConstraints {
            if let size = intrinsicSize(box.node) { sizes[index] = size }
        }

        /// `length` held at `content` against squeezing and stretching at the view's priorities
        /// on that axis (UIKit's compression resistance and content hugging).
        func contentConstraints(_ length: LayoutVariable, _ content: Double, resisting: Int, hugging: Int) -> [LayoutConstraint] {
            [(length >= content).withStrength(Strength(priority: resisting)), (length <= content).withStrength(Strength(priority: hugging))]
        }

        /// The tree solved, with the contents' widths and the heights of `heights` (by position
        /// in `order`) as the views' content sizes.
        func solve(heights: [Int: Double]) -> (LayoutSolver, [LayoutProblem]) {
            var solver = LayoutSolver()
            var problems: [LayoutProblem] = []
            func add(_ constraint: LayoutConstraint) {
                do throws(LayoutError) {
                    try solver.add(constraint)
                } catch {
                    if let place = constraint.tag as? DesignConstraint {
                        problems.append(LayoutProblem(message: "a required constraint cannot hold with the others and was left out (\(error))", place: place.place))
                    }
                }
            }
            // The root is where it is; views placed by frames are held, the others drawn to their design.
            for constraint in [rootBox.left == 0, rootBox.top == 0, rootBox.width == size.width] { add(constraint) }
            if fitsHeight {
                add(rootBox.height >= 0)
                add((rootBox.height == 0).withStrength(Strength(priority: 50)))
            } else {
                add(rootBox.height == size.height)
            }
            for (index, (box, parent)) in order.enumerated().dropFirst() {
                guard let parent else { continue }
                let design = box.node.design
                if let size = sizes[index] {
                    for constraint in contentConstraints(box.width, size.width, resisting: design.compressionResistance.horizontal,
                                                         hugging: design.contentHugging.horizontal) { add(constraint) }
                }
                if let height = heights[index] {
                    for constraint in contentConstraints(box.height, height, resisting: design.compressionResistance.vertical,
                                                         hugging: design.contentHugging.vertical) { add(constraint) }
                }
                guard let frame = design.frame else { continue }
                let strength: Strength = design.usesConstraints ? .weak : .strong
                let (x, width, y, height) = Self.autoresized(design, frame: frame, in: parent)
                for constraint in [box.left == parent.left + x, box.top == parent.top + y] { add(constraint.withStrength(strength)) }
                if sizes[index] == nil {
                    add((box.width == width).withStrength(strength))
                    add((box.height == height).withStrength(fitsHeight && strength == .weak ? Strength(priority: 1) : strength))
                } else if heights[index] == nil {
                    // First pass: the designed height stands in until the width is known.
                    add((box.height == height).withStrength(strength))
                }
            }
            for (box, _) in order {
                for designed in box.node.design.constraints {
                    guard let constraint = Self.constraint(designed, holder: box, boxes: boxes, guides: guides) else {
                        problems.append(LayoutProblem(message: "the constraint names a view or guide the layout does not know, and was left out", place: designed.place))
                        continue
                    }
                    add(constraint)
                }
            }
            return (solver, problems)
        }

        var (solver, found) = solve(heights: [:])
        // Views sized by their content (labels) need a width first: solve again with their
        // heights at the widths the first pass gave them.
        if !sizes.isEmpty {
            var heights: [Int: Double] = [:]
            for (index, size) in sizes { heights[index] = size.height(solver.value(of: order[index].0.width)) }
            (solver, found) = solve(heights: heights)
        }
        problems = found
        rootHeight = max(solver.value(of: rootBox.height), 0)
        for (id, box) in boxes {
            frames[id] = DesignRect(x: solver.value(of: box.left), y: solver.value(of: box.top),
                                    width: max(solver.value(of: box.width), 0), height: max(solver.value(of: box.height), 0))
        }
    }

    /// Where a view's designed `frame` puts it in `parent`'s box. A view placed by its frame
    /// follows its autoresizing mask (UIKit turns the mask into constraints): the change of
    /// the superview's size from its designed one is shared equally by the flexible margins and
    /// size, as ``ScreenLayout/resized(_:mask:from:to:)`` shares it. A view placed by
    /// constraints is only drawn towards its frame.
    private static func autoresized(_ design: ViewDesign, frame: DesignRect, in parent: Box)
        -> (x: LinearExpression, width: LinearExpression, y: LinearExpression, height: LinearExpression) {
        let mask: Autoresizing = design.usesConstraints ? [] : design.autoresizing ?? [.flexibleRightMargin, .flexibleBottomMargin]
        let designed = parent.node.design.frame
        func axis(_ start: Double, _ length: Double, size: LayoutVariable, designed: Double?, lead: Bool, flexible: Bool, trail: Bool)
            -> (LinearExpression, LinearExpression) {
            let parts = [lead, flexible, trail].filter { $0 }.count
            guard let designed, parts > 0 else { return (LinearExpression(constant: start), LinearExpression(constant: length)) }
            let share = (size - designed) / Double(parts)
            return (lead ? share + start : LinearExpression(constant: start), flexible ? share + length : LinearExpression(constant: length))
        }
        let (x, width) = axis(frame.x, frame.width, size: parent.width, designed: designed?.width, lead: mask.contains(.flexibleLeftMargin),
                              flexible: mask.contains(.flexibleWidth), trail: mask.contains(.flexibleRightMargin))
        let (y, height) = axis(frame.y, frame.height, size: parent.height, designed: designed?.height, lead: mask.contains(.flexibleTopMargin),
                               flexible: mask.contains(.flexibleHeight), trail: mask.contains(.flexibleBottomMargin))
        return (x, width, y, height)
    }

    /// One side of a constraint: an attribute of a view's box, or of a fixed guide.
    private static func side(_ attribute: DesignConstraint.Attribute, of item: String?, holder: Box, boxes: [String: Box],
                             guides: [String: DesignRect]) -> LinearExpression? {
        if let item, let guide = guides[item] {
            return attribute.expression(left: LinearExpression(constant: guide.x), top: LinearExpression(constant: guide.y),
                                        width: LinearExpression(constant: guide.width), height: LinearExpression(constant: guide.height))
        }
        guard let box = item.map({ boxes[$0] }) ?? holder else { return nil }
        return attribute.expression(left: LinearExpression(box.left), top: LinearExpression(box.top),
                                    width: LinearExpression(box.width), height: LinearExpression(box.height))
    }

    private static func constraint(_ designed: DesignConstraint, holder: Box, boxes: [String: Box], guides: [String: DesignRect]) -> LayoutConstraint? {
        guard designed.multiplier.isFinite, designed.constant.isFinite,
              let first = side(designed.firstAttribute, of: designed.firstItem, holder: holder, boxes: boxes, guides: guides) else { return nil }
        var second = LinearExpression(constant: designed.constant)
        if designed.secondAttribute != .notAnAttribute {
            guard let other = side(designed.secondAttribute, of: designed.secondItem, holder: holder, boxes: boxes, guides: guides) else { return nil }
            second = other * designed.multiplier + designed.constant
        }
        let relation: LayoutRelation = switch designed.relation {
        case .equal: .equal
        case .lessThanOrEqual: .lessOrEqual
        case .greaterThanOrEqual: .greaterOrEqual
        }
        return LayoutConstraint(first, relation, second, strength: Strength(priority: min(max(designed.priority, 1), 1000)), tag: designed)
    }
}

/// What a view's content asks of its size, as UIKit's intrinsic content size: its width (a
/// label's text on one line) and its height at the width the layout gives it (the lines it
/// wraps to there).
struct IntrinsicSize {
    let width: Double
    let height: (Double) -> Double
}

/// A constraint the layout left out, at its place in the storyboard.
public struct LayoutProblem: Sendable, Equatable {
    public var message: String
    public var place: SourcePlace

    /// The problem as a warning (`render.constraint`): the picture is drawn without the constraint.
    public var diagnostic: Diagnostic {
        Diagnostic(code: "render.constraint", severity: .warning, file: place.file ?? "", location: place.location, pointer: nil,
                   message: message, hint: "the picture is drawn without it; check the constraint's items, constant and priority")
    }
}

/// A picture's layout problems, reported as warnings.
public struct LayoutProblems: DiagnosticConvertible {
    public var problems: [LayoutProblem]

    public init(_ problems: [LayoutProblem]) {
        self.problems = problems
    }

    public var diagnostics: [Diagnostic] { problems.map(\.diagnostic) }
}

extension DesignConstraint.Attribute {
    /// UIKit's layout margin inside a view.
    static let margin = 8.0

    /// The attribute of a box as a linear expression of its four variables (baselines are
    /// taken at the bottom, less a fifth of a line).
    func expression(left: LinearExpression, top: LinearExpression, width: LinearExpression, height: LinearExpression) -> LinearExpression? {
        let margin = Self.margin
        switch self {
        case .left, .leading: return left
        case .right, .trailing: return left + width
        case .top: return top
        case .bottom: return top + height
        case .width: return width
        case .height: return height
        case .centerX, .centerXWithinMargins: return left + width * 0.5
        case .centerY, .centerYWithinMargins: return top + height * 0.5
        case .baseline, .lastBaseline: return top + height - 4
        case .firstBaseline: return top + 16
        case .leftMargin, .leadingMargin: return left + margin
        case .rightMargin, .trailingMargin: return left + width - margin
        case .topMargin: return top + margin
        case .bottomMargin: return top + height - margin
        case .notAnAttribute: return nil
        }
    }
}
