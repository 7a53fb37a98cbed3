import Testing
import WidgetryJSON
@testable import WidgetryRender
import WidgetryScreen

/// Storyboard constraints solved for a size: equalities, inequalities, priorities, the safe
/// area, and constraints that cannot hold reported at their place.
@Suite("Render: constraint layout")
struct ConstraintLayoutTests {
    private static let size = DesignRect(x: 0, y: 0, width: 375, height: 667)

    private func place(_ line: Int) -> SourcePlace {
        SourcePlace(file: "Base.lproj/Main.storyboard", location: SourceLocation(offset: 0, line: line, column: 21))
    }

    private func constraint(_ first: String?, _ attribute: DesignConstraint.Attribute, _ relation: DesignConstraint.Relation = .equal,
                            _ second: String? = nil, _ secondAttribute: DesignConstraint.Attribute = .notAnAttribute,
                            multiplier: Double = 1, constant: Double = 0, priority: Int = 1000, line: Int = 1) -> DesignConstraint {
        DesignConstraint(id: "c\(line)", firstItem: first, firstAttribute: attribute, relation: relation, secondItem: second,
                         secondAttribute: secondAttribute, multiplier: multiplier, constant: constant, priority: priority, place: place(line))
    }

    private func view(_ id: String, frame: DesignRect, constraints: [DesignConstraint] = [], children: [ViewNode] = [],
                      safeArea: String? = nil) -> ViewNode {
        ViewNode(id: id, type: "UIView", properties: [], children: children, header: nil, footer: nil, prototypes: [], segue: nil,
                 place: place(1), design: ViewDesign(frame: frame, usesConstraints: true, constraints: constraints, designID: id, safeAreaGuideID: safeArea))
    }

    @Test func equalitiesPinAViewToItsSuperviewsEdges() throws {
        let label = view("label", frame: DesignRect(x: 0, y: 0, width: 10, height: 10))
        let root = view("root", frame: Self.size, constraints: [
            constraint("label", .leading, .equal, "root", .leading, constant: 16),
            constraint("root", .trailing, .equal, "label", .trailing, constant: 16),
            constraint("label", .top, .equal, "root", .top, constant: 20),
            constraint("label", .height, constant: 44),
        ], children: [label])
        let solved = ConstraintLayout(root: root, size: Self.size, safeArea: Self.size)
        #expect(solved.problems.isEmpty)
        #expect(solved.frames["label"] == DesignRect(x: 16, y: 20, width: 343, height: 44))
        let wider = ConstraintLayout(root: root, size: DesignRect(x: 0, y: 0, width: 414, height: 736), safeArea: Self.size)
        #expect(wider.frames["label"]?.width == 382, "the same constraints on a wider device")
    }

    @Test func aHigherPriorityWinsAndAnInequalityHolds() throws {
        let box = view("box", frame: DesignRect(x: 0, y: 0, width: 50, height: 50))
        let root = view("root", frame: Self.size, constraints: [
            constraint("box", .width, constant: 120, priority: 250),
            constraint("box", .width, constant: 200, priority: 750),
            constraint("box", .height, .greaterThanOrEqual, constant: 80),
            constraint("box", .centerX, .equal, "root", .centerX),
        ], children: [box])
        let frame = try #require(ConstraintLayout(root: root, size: Self.size, safeArea: Self.size).frames["box"])
        #expect(frame.width == 200)
        #expect(frame.height == 80, "the designed 50 gives way to the required minimum")
        #expect(frame.x == 87.5, "centred")
    }

    @Test func aMultiplierScalesTheSecondItem() throws {
        let half = view("half", frame: DesignRect(x: 0, y: 0, width: 10, height: 10))
        let root = view("root", frame: Self.size, constraints: [constraint("half", .width, .equal, "root", .width, multiplier: 0.5)],
                        children: [half])
        #expect(ConstraintLayout(root: root, size: Self.size, safeArea: Self.size).frames["half"]?.width == 187.5)
    }

    @Test func theSafeAreaGuideIsBelowTheBars() throws {
        let banner = view("banner", frame: DesignRect(x: 0, y: 0, width: 375, height: 30))
        let root = view("root", frame: Self.size, constraints: [constraint("banner", .top, .equal, "guide", .top, constant: 8)],
                        children: [banner], safeArea: "guide")
        let safeArea = DesignRect(x: 0, y: 64, width: 375, height: 603)
        #expect(ConstraintLayout(root: root, size: Self.size, safeArea: safeArea).frames["banner"]?.y == 72)
    }

    @Test func aRequiredConflictIsLeftOutAndReportedAtItsPlace() throws {
        let box = view("box", frame: DesignRect(x: 0, y: 0, width: 50, height: 50))
        let root = view("root", frame: Self.size, constraints: [
            constraint("box", .width, constant: 100, line: 40),
            constraint("box", .width, constant: 200, line: 41),
            constraint("box", .height, .equal, "nowhere", .height, line: 42),
        ], children: [box])
        let solved = ConstraintLayout(root: root, size: Self.size, safeArea: Self.size)
        #expect(solved.frames["box"]?.width == 100, "the first constraint holds")
        #expect(solved.problems.map { $0.place.location?.line } == [41, 42])
        #expect(solved.problems.first?.message.contains("cannot hold") == true)
        #expect(LayoutProblems(solved.problems).diagnostics.allSatisfy { $0.code == "render.constraint" && $0.severity == .warning })
    }

    @Test func aLabelPlacedByConstraintsIsAsTallAsItsContentAtItsSolvedWidth() throws {
        let label = view("label", frame: DesignRect(x: 0, y: 0, width: 100, height: 17))
        let below = view("below", frame: DesignRect(x: 0, y: 30, width: 100, height: 20))
        let root = view("root", frame: Self.size, constraints: [
            constraint("label", .leading, .equal, "root", .leading, constant: 20),
            constraint("root", .trailing, .equal, "label", .trailing, constant: 20),
            constraint("label", .top, .equal, "root", .top, constant: 10),
            constraint("below", .top, .equal, "label", .bottom, constant: 8),
        ], children: [label, below])
        var widthsAsked: [Double] = []
        let solved = ConstraintLayout(root: root, size: Self.size, safeArea: Self.size) { node, width in
            guard node.id == "label" else { return nil }
            widthsAsked.append(width)
            return width > 300 ? 34 : 51
        }
        #expect(widthsAsked == [335], "the content height is asked at the width the constraints give")
        #expect(solved.frames["label"]?.height == 34)
        #expect(solved.frames["below"]?.y == 52, "a view pinned below the label follows its content height")
    }

    @Test func aLabelIsAsTallAsItsLines() throws {
        let node = ViewNode(id: "text", type: "UILabel", properties: [("text", JSONValue(.string("one two three four five six")))],
                            children: [], header: nil, footer: nil, prototypes: [], segue: nil, place: place(1),
                            design: ViewDesign(font: DesignFont(size: 10), numberOfLines: 0))
        let content = ViewContent(node: node, state: nil, kind: .label)
        let width = TextMetrics.width(of: "one two three", font: DesignFont(size: 10))
        #expect(content.intrinsicHeight(width: width) == 2 * TextMetrics.lineHeight(of: DesignFont(size: 10)))
        #expect(content.intrinsicHeight(width: 1_000) == TextMetrics.lineHeight(of: DesignFont(size: 10)))
    }
}
