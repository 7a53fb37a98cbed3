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
        let solved = ConstraintLayout(root: root, size: Self.size, safeArea: Self.size) { node in
            guard node.id == "label" else { return nil }
            return IntrinsicSize(width: 500) { width in
                widthsAsked.append(width)
                return width > 300 ? 34 : 51
            }
        }
        #expect(widthsAsked == [335], "the content height is asked at the width the constraints give")
        #expect(solved.frames["label"]?.height == 34)
        #expect(solved.frames["below"]?.y == 52, "a view pinned below the label follows its content height")
    }

    @Test func aViewIsAsWideAsItsContentWhereConstraintsLeaveItsWidthOpen() throws {
        // Centred with a frame narrower than its text, as Interface Builder drew a placeholder.
        let centred = view("centred", frame: DesignRect(x: 156, y: 0, width: 63, height: 23))
        // Pinned at the leading edge with room to the trailing edge at least 20: as wide as its text.
        let pinned = view("pinned", frame: DesignRect(x: 16, y: 40, width: 57, height: 17))
        // Between both edges at 100 each, wider than the room: squeezed, the required constraints winning.
        let squeezed = view("squeezed", frame: DesignRect(x: 100, y: 80, width: 175, height: 17))
        let root = view("root", frame: Self.size, constraints: [
            constraint("centred", .centerX, .equal, "root", .centerX),
            constraint("centred", .top, .equal, "root", .top),
            constraint("pinned", .leading, .equal, "root", .leading, constant: 16),
            constraint("root", .trailing, .greaterThanOrEqual, "pinned", .trailing, constant: 20),
            constraint("pinned", .top, .equal, "root", .top, constant: 40),
            constraint("squeezed", .leading, .equal, "root", .leading, constant: 100),
            constraint("root", .trailing, .equal, "squeezed", .trailing, constant: 100),
            constraint("squeezed", .top, .equal, "root", .top, constant: 80),
        ], children: [centred, pinned, squeezed])
        let solved = ConstraintLayout(root: root, size: Self.size, safeArea: Self.size) { node in
            IntrinsicSize(width: node.id == "squeezed" ? 300 : 120) { _ in 20 }
        }
        #expect(solved.frames["centred"] == DesignRect(x: 127.5, y: 0, width: 120, height: 20))
        #expect(solved.frames["pinned"] == DesignRect(x: 16, y: 40, width: 120, height: 20))
        #expect(solved.frames["squeezed"] == DesignRect(x: 100, y: 80, width: 175, height: 20))
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
