import WidgetryRuntime
import WidgetryScreen

/// A collection view with a flow layout, drawn as `UICollectionViewFlowLayout` places its items
/// (docs/RENDERING.md#collections):
///
/// - Each item is the layout's item size, or the size the collection's controller asks for
///   (`cellWidthHint`, `cellHeightHint`). Items go along a line (a row, or a column when the
///   collection scrolls horizontally) with at least the interitem spacing, and a line that has
///   no room for the next item ends there; lines are the line spacing apart, each section
///   within its insets, below the previous one (beside it, horizontally).
/// - A line that is not its section's last is justified: its first item at the leading inset,
///   its last at the trailing one, the spare room shared equally between them; a line of one
///   item has it centred. The last line keeps the interitem spacing from the leading inset.
///   An item narrower (shorter) than its line's tallest is centred across the line.
/// - A horizontal collection's columns go on past its right edge, which cuts them off.
struct CollectionLayout {
    let layout: ScreenLayout
    let node: ViewNode
    let state: Snapshot.ElementState
    let content: ViewContent
    let flow: FlowLayoutDesign

    /// An item's place along its line (`main`) and across it (`cross`), both from the section's start.
    struct Placed: Equatable {
        var main: Double
        var cross: Double
    }

    func draw(in frame: DesignRect, contentTop: Double) -> DrawnView {
        // Under the bars, the content starts below them (the adjusted content inset).
        let top = max(frame.y, contentTop)
        let horizontal = flow.scrollDirection == .horizontal
        let inset = flow.sectionInset
        // The room of a line, between the insets across the scrolling direction.
        let lineLength = horizontal ? frame.y + frame.height - top - inset.top - inset.bottom : frame.width - inset.left - inset.right
        var children: [DrawnView] = []
        // How far the sections reach in the scrolling direction, from the content's start.
        var reach = 0.0
        if let table = layout.snapshot.tables.first(where: { $0.table == node.id }) {
            let attrs = layout.document.objects.first { $0.id == table.controller }?.attrs ?? []
            func hint(_ key: String) -> Double? { attrs.last { $0.key == key }?.value.doubleValue }
            let itemWidth = Self.itemLength(hint: hint("cellWidthHint"), layout: flow.itemWidth, bounds: frame.width)
            let itemHeight = Self.itemLength(hint: hint("cellHeightHint"), layout: flow.itemHeight, bounds: frame.height)
            let itemLength = horizontal ? itemHeight : itemWidth
            let itemDepth = horizontal ? itemWidth : itemHeight
            for (sectionIndex, section) in table.sections.enumerated() where !section.rows.isEmpty {
                let places = Self.places(count: section.rows.count, itemLength: itemLength, itemDepth: itemDepth, lineLength: lineLength,
                                         interitem: flow.minimumInteritemSpacing, lineSpacing: flow.minimumLineSpacing)
                let start = reach + (horizontal ? inset.left : inset.top)
                for (rowIndex, (row, place)) in zip(section.rows, places).enumerated() {
                    let itemFrame = horizontal
                        ? DesignRect(x: frame.x + start + place.cross, y: top + inset.top + place.main, width: itemWidth, height: itemHeight)
                        : DesignRect(x: frame.x + inset.left + place.main, y: top + start + place.cross, width: itemWidth, height: itemHeight)
                    var cell = self.cell(row, frame: itemFrame)
                    cell.row = RowPlace(table: table.table, section: sectionIndex, row: rowIndex)
                    children.append(cell)
                }
                let depth = (places.map(\.cross).max() ?? 0) + itemDepth
                reach = start + depth + (horizontal ? inset.right : inset.bottom)
            }
        }
        // Views inside the collection itself (an empty-data or background view) keep their own frames.
        children += layout.arrange(Array(zip(node.subviews, state.children)).map { ($0.0, $0.1) }, in: frame, designedSize: node.design.frame,
                                   insideCell: false) { child, state, frame in
            ViewContent(node: child, state: state, kind: state?.kind ?? .view).drawn(frame: frame)
        }
        var drawnFrame = frame
        if !horizontal { drawnFrame.height = max(frame.height, top + reach - frame.y) }
        return content.drawn(frame: drawnFrame, children: children, clips: true)
    }

    /// An item's width (height): the layout's, or the collection controller's `cellWidthHint`
    /// (`cellHeightHint`) as upstream's controllers size items: below 0 the layout's, from 0 to
    /// 1 a fraction of the collection's bounds, above 1 points.
    /// Lengths are held within ``maxItemLength``, so a bundle's absurd size draws an absurd
    /// picture rather than overflowing.
    static func itemLength(hint: Double?, layout: Double, bounds: Double) -> Double {
        let length: Double
        if let hint, hint.isFinite, hint >= 0 {
            length = hint <= 1 ? hint * bounds : hint
        } else {
            length = layout
        }
        return length.isFinite ? min(max(length, 0), maxItemLength) : 0
    }

    /// The longest item drawn, in points: far beyond any screen.
    static let maxItemLength = 100_000.0

    /// Where `count` items of one section go, by the rules above: along the line (`main`, from
    /// the leading inset) and across (`cross`, the line's start from the section's).
    static func places(count: Int, itemLength: Double, itemDepth: Double, lineLength: Double, interitem: Double, lineSpacing: Double) -> [Placed] {
        guard count > 0 else { return [] }
        // As many items as fit with the least spacing; always at least one, at most all (items
        // and spacing of no length fit any number).
        let fitting = ((lineLength + interitem) / (itemLength + interitem)).rounded(.down)
        let perLine = fitting.isFinite && fitting > 1 ? Int(min(fitting, Double(count))) : 1
        var places: [Placed] = []
        var first = 0
        var line = 0
        while first < count {
            let items = min(perLine, count - first)
            let isLast = first + items == count
            let cross = Double(line) * (itemDepth + lineSpacing)
            for index in 0..<items {
                let main: Double
                if isLast {
                    main = Double(index) * (itemLength + interitem)
                } else if items == 1 {
                    // An item wider than the line (UIKit logs that it is undefined) starts at the inset.
                    main = max((lineLength - itemLength) / 2, 0)
                } else {
                    main = Double(index) * (itemLength + (lineLength - Double(items) * itemLength) / Double(items - 1))
                }
                places.append(Placed(main: main, cross: cross))
            }
            first += items
            line += 1
        }
        return places
    }

    /// An item's cell: its prototype's views with the row's values, laid out at the item's size
    /// (by the prototype's constraints when it has them).
    private func cell(_ row: Snapshot.Table.Row, frame: DesignRect) -> DrawnView {
        guard let prototype = node.prototypes.first(where: { $0.reuseIdentifier == row.reuseIdentifier }) else {
            return DrawnView(id: nil, type: "UICollectionViewCell", frame: frame)
        }
        var states: [String: Snapshot.ElementState] = [:]
        for (id, state) in row.elements where states[id] == nil { states[id] = state }
        var layout = self.layout
        let cellRoot = ViewNode(id: nil, type: "UICollectionViewCell", properties: [], children: prototype.children, header: nil, footer: nil,
                                prototypes: [], segue: nil, place: prototype.place, design: prototype.design)
        if ConstraintLayout.hasConstraints(cellRoot) {
            let size = DesignRect(x: 0, y: 0, width: frame.width, height: frame.height)
            let solution = ConstraintLayout(root: cellRoot, size: size, safeArea: size) { node in
                ViewContent(node: node, state: node.id.flatMap { states[$0] }, kind: node.id.flatMap { states[$0]?.kind } ?? ElementKind(typeName: node.type) ?? .view)
                    .intrinsicSize
            }
            layout.solved = solution.frames.mapValues { DesignRect(x: $0.x + frame.x, y: $0.y + frame.y, width: $0.width, height: $0.height) }
        }
        // Items are not selected: the selected background view is not drawn; the background
        // view fills the cell behind its content.
        let shown = prototype.children.filter { $0.design.designID == nil || $0.design.designID != prototype.design.selectedBackgroundViewID }
        let backgroundID = prototype.design.backgroundViewID
        var children = layout.arrange(shown.map { ($0, $0.id.flatMap { states[$0] }) }, in: frame, designedSize: prototype.design.frame,
                                      insideCell: true) { child, state, childFrame in
            TableLayout.cellView(child, state, frame: childFrame, states: states, layout: layout)
        }
        if let index = children.firstIndex(where: { $0.designID != nil && $0.designID == backgroundID }) {
            var background = children.remove(at: index)
            background.frame = frame
            children.insert(background, at: 0)
        }
        return DrawnView(id: nil, type: "UICollectionViewCell", frame: frame, backgroundColor: prototype.design.backgroundColor,
                         cornerRadius: prototype.design.cornerRadius ?? 0, clips: true, children: children)
    }
}
