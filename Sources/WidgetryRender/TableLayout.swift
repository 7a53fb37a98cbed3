import WidgetryExpressions
import WidgetryRuntime
import WidgetryScreen

/// A table view (or a collection without a flow layout) drawn with its rows: the header view, each section's header
/// when it has a name, the cells in order, the footer view.
struct TableLayout {
    let layout: ScreenLayout
    let node: ViewNode
    let state: Snapshot.ElementState
    let content: ViewContent

    /// UIKit's height for a plain table's section header and for a cell no one sized.
    static let sectionHeaderHeight = 28.0
    static let minimumRowHeight = 44.0
    /// The strip a refreshing control takes above the rows.
    static let refreshHeight = 60.0
    static let separatorGray = DesignColor(red: 200.0 / 255, green: 199.0 / 255, blue: 204.0 / 255)
    static let sectionGray = DesignColor(red: 247.0 / 255, green: 247.0 / 255, blue: 247.0 / 255)

    func draw(in frame: DesignRect, contentTop: Double) -> DrawnView {
        var children: [DrawnView] = []
        // Under the bars, the content starts below them (the adjusted content inset).
        var y = max(frame.y, contentTop)
        // A refreshing pull-to-refresh control shows its spinner above the rows.
        if let control = state.refreshControl.first, control.state.contains(where: { $0.name == "refreshing" && $0.value == .bool(true) }) {
            let strip = DesignRect(x: frame.x, y: y, width: frame.width, height: Self.refreshHeight)
            let spinner = DrawnView(id: nil, type: "UIRefreshControl", frame: DesignRect(x: strip.x + (strip.width - 20) / 2, y: strip.y + 20, width: 20, height: 20),
                                    look: .spinner)
            children.append(DrawnView(id: nil, type: "UIView", frame: strip, children: [spinner]))
            y += Self.refreshHeight
        }
        let pairs = Array(zip(node.subviews, state.children))
        let headerCount = node.header == nil ? 0 : 1
        let footerCount = node.footer == nil ? 0 : 1
        for (child, childState) in pairs.prefix(headerCount) {
            if let drawn = accessory(child, childState, at: &y, width: frame.width, x: frame.x) { children.append(drawn) }
        }
        if let table = layout.snapshot.tables.first(where: { $0.table == node.id }) {
            for (sectionIndex, section) in table.sections.enumerated() {
                if !section.name.isEmpty {
                    children.append(sectionHeader(section.name, frame: DesignRect(x: frame.x, y: y, width: frame.width,
                                                                                   height: node.design.sectionHeaderHeight ?? Self.sectionHeaderHeight)))
                    y += node.design.sectionHeaderHeight ?? Self.sectionHeaderHeight
                }
                for (rowIndex, row) in section.rows.enumerated() {
                    var cell = self.cell(row, x: frame.x, y: y, width: frame.width)
                    cell.row = RowPlace(table: table.table, section: sectionIndex, row: rowIndex)
                    children.append(cell)
                    y += cell.frame.height
                }
            }
        }
        for (child, childState) in pairs.suffix(footerCount) {
            if let drawn = accessory(child, childState, at: &y, width: frame.width, x: frame.x) { children.append(drawn) }
        }
        // Views inside the table itself (an empty-data view) keep their own frames.
        let inner = Array(pairs.dropFirst(headerCount).dropLast(footerCount))
        children += layout.arrange(inner.map { ($0.0, $0.1) }, in: frame, designedSize: node.design.frame, insideCell: false) { child, state, frame in
            ViewContent(node: child, state: state, kind: state?.kind ?? .view).drawn(frame: frame)
        }
        var drawnFrame = frame
        drawnFrame.height = max(frame.height, y - frame.y)
        return content.drawn(frame: drawnFrame, children: children, clips: true)
    }

    /// A header or footer view at `y`, as tall as designed or as its content.
    private func accessory(_ child: ViewNode, _ state: Snapshot.ElementState, at y: inout Double, width: Double, x: Double) -> DrawnView? {
        let content = ViewContent(node: child, state: state, kind: state.kind)
        guard !content.isHidden else { return nil }
        let height = child.design.frame?.height ?? max(content.intrinsicHeight(width: width), content.kind == .activityIndicator ? 44 : 0)
        let frame = DesignRect(x: x, y: y, width: width, height: height)
        y += height
        if content.kind == .activityIndicator {
            // The indicator sits in the middle of its strip.
            let spinner = content.drawn(frame: DesignRect(x: x + (width - 20) / 2, y: frame.y + (height - 20) / 2, width: 20, height: 20))
            return DrawnView(id: nil, type: "UIView", frame: frame, children: [spinner])
        }
        return content.drawn(frame: frame)
    }

    private func sectionHeader(_ name: String, frame: DesignRect) -> DrawnView {
        let font = DesignFont(size: 13, weight: .semibold)
        let label = DrawnView(id: nil, type: "UILabel",
                              frame: DesignRect(x: frame.x + ScreenLayout.margin, y: frame.y + (frame.height - TextMetrics.lineHeight(of: font)) / 2,
                                                width: frame.width - 2 * ScreenLayout.margin, height: TextMetrics.lineHeight(of: font)),
                              look: .text, lines: TextMetrics.lines(of: name.uppercased(), font: font, width: frame.width - 2 * ScreenLayout.margin, maximumLines: 1),
                              font: font, textColor: DesignColor(red: 109.0 / 255, green: 109.0 / 255, blue: 114.0 / 255))
        return DrawnView(id: nil, type: "UITableViewHeaderFooterView", frame: frame, backgroundColor: Self.sectionGray, children: [label])
    }

    /// A row's cell: its prototype's views with the row's values.
    private func cell(_ row: Snapshot.Table.Row, x: Double, y: Double, width: Double) -> DrawnView {
        guard let prototype = node.prototypes.first(where: { $0.reuseIdentifier == row.reuseIdentifier }) else {
            return DrawnView(id: nil, type: "UITableViewCell", frame: DesignRect(x: x, y: y, width: width, height: Self.minimumRowHeight))
        }
        var states: [String: Snapshot.ElementState] = [:]
        for (id, state) in row.elements where states[id] == nil { states[id] = state }
        var fixedHeight = prototype.design.frame?.height ?? node.design.rowHeight
        var placed: [DesignRect] = []
        // A prototype designed with constraints sizes its row (UIKit's automatic dimension, which
        // WidgetKit's tables ask for): as tall as its constraints and its labels' lines need.
        // Constraints that leave the height open keep the designed one.
        var layout = self.layout
        let cellRoot = ViewNode(id: nil, type: "UITableViewCell", properties: [], children: prototype.children, header: nil, footer: nil,
                                prototypes: [], segue: nil, place: prototype.place, design: prototype.design)
        if ConstraintLayout.hasConstraints(cellRoot) {
            func solve(fitting: Bool) -> ConstraintLayout {
                let size = DesignRect(x: 0, y: 0, width: width, height: fixedHeight ?? Self.minimumRowHeight)
                return ConstraintLayout(root: cellRoot, size: size, safeArea: size, fitsHeight: fitting) { node in
                    ViewContent(node: node, state: node.id.flatMap { states[$0] }, kind: node.id.flatMap { states[$0]?.kind } ?? ElementKind(typeName: node.type) ?? .view)
                        .intrinsicSize
                }
            }
            var solution = solve(fitting: true)
            if solution.rootHeight >= 1 {
                fixedHeight = solution.rootHeight
            } else {
                solution = solve(fitting: false)
            }
            layout.solved = solution.frames.mapValues { DesignRect(x: $0.x + x, y: $0.y + y, width: $0.width, height: $0.height) }
        }
        let available = DesignRect(x: x, y: y, width: width, height: fixedHeight ?? 10_000)
        // Rows are not selected: the selected background view is not drawn. The background view
        // is drawn behind the content at the cell's bounds, once its height is known.
        let shown = prototype.children.filter { $0.design.designID == nil || $0.design.designID != prototype.design.selectedBackgroundViewID }
        let backgroundID = prototype.design.backgroundViewID
        var children = layout.arrange(shown.map { ($0, $0.id.flatMap { states[$0] }) }, in: available,
                                      designedSize: prototype.design.frame, insideCell: true) { child, state, frame in
            if backgroundID == nil || child.design.designID != backgroundID { placed.append(frame) }
            return Self.cellView(child, state, frame: frame, states: states, layout: layout)
        }
        let height = fixedHeight ?? max(ScreenLayout.flowHeight(placed, in: available, insideCell: true), Self.minimumRowHeight)
        if let index = children.firstIndex(where: { $0.designID != nil && $0.designID == backgroundID }) {
            var background = children.remove(at: index)
            background.frame = DesignRect(x: x, y: y, width: width, height: height)
            children.insert(background, at: 0)
        }
        let separator = DrawnView(id: nil, type: "separator", frame: DesignRect(x: x + ScreenLayout.margin, y: y + height - 1,
                                                                               width: width - ScreenLayout.margin, height: 1),
                                  backgroundColor: Self.separatorGray)
        return DrawnView(id: nil, type: "UITableViewCell", frame: DesignRect(x: x, y: y, width: width, height: height),
                         backgroundColor: prototype.design.backgroundColor, clips: true, children: children + (node.design.hidesSeparators ? [] : [separator]))
    }

    /// A view of a cell (a table's or a collection's) with its subtree, the row's elements
    /// in `states`; nil when it is hidden.
    static func cellView(_ node: ViewNode, _ state: Snapshot.ElementState?, frame: DesignRect, states: [String: Snapshot.ElementState],
                         layout: ScreenLayout) -> DrawnView? {
        let content = ViewContent(node: node, state: state, kind: state?.kind ?? ElementKind(typeName: node.type) ?? .view)
        guard !content.isHidden else { return nil }
        let children = layout.arrange(node.subviews.map { ($0, $0.id.flatMap { states[$0] }) }, in: frame, designedSize: node.design.frame,
                                      insideCell: true) { child, state, frame in
            Self.cellView(child, state, frame: frame, states: states, layout: layout)
        }
        return content.drawn(frame: frame, children: children)
    }
}
