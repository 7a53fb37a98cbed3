import WidgetryExpressions
import WidgetryRuntime
import WidgetryScreen

/// Places every view of a snapshot's screen on a device (docs/RENDERING.md#layout):
///
/// - A view with a designed frame keeps it, stretched by its autoresizing mask when its
///   superview is not the size it was designed at.
/// - Views without one are laid out by two rules. In a container that has views that fill
///   (tables, collections, container and form views, text views), the others stack at the top
///   and the filling ones share what is left. Otherwise the first image view sits at the
///   leading edge and the others stack beside it, each as tall as its content.
/// - A table draws its header view, its rows (each cell laid out by the same rules inside its
///   prototype's or the table's row height, or as tall as its content) and its footer view, below
///   the bars when it lies under them (UIKit's adjusted content inset).
/// - A collection with a flow layout places its items as UIKit's flow layout does
///   (``CollectionLayout``); one without is drawn as a table.
/// - Hidden views are neither drawn nor given room; a view without a tint colour takes its
///   superview's.
struct ScreenLayout {
    let snapshot: Snapshot
    let document: ScreenDocument
    let device: Device
    /// The navigation item of the screen below in the stack, for the back button's title.
    let below: NavigationItemNode?
    /// Frames the screen's constraints gave, by design identifier, in the picture's coordinates.
    var solved: [String: DesignRect] = [:]
    private(set) var problems: [LayoutProblem] = []

    init(snapshot: Snapshot, document: ScreenDocument, device: Device, below: NavigationItemNode? = nil) {
        self.snapshot = snapshot
        self.document = document
        self.device = device
        self.below = below
    }

    /// The margin UIKit keeps at a screen's and a cell's edges.
    static let margin = 16.0

    func draw() -> DrawnScreen {
        var layout = self
        var views: [DrawnView] = []
        let navigation = document.navigationItem
        let showsBar = navigation != nil || snapshot.stack.count > 1
        let contentTop = device.statusBarHeight + (showsBar ? Device.navigationBarHeight : 0)
        if let node = document.view?.inheritingTint(), let state = snapshot.views {
            let frame = node.design.frame != nil
                ? DesignRect(x: 0, y: 0, width: device.width, height: device.height)
                : DesignRect(x: 0, y: contentTop, width: device.width, height: device.height - contentTop - device.bottomInset)
            if ConstraintLayout.hasConstraints(node) {
                let safeArea = DesignRect(x: 0, y: contentTop - frame.y, width: frame.width,
                                          height: device.height - device.bottomInset - contentTop)
                var contents: [ObjectIdentifier: ViewContent] = [:]
                func index(_ node: ViewNode, _ state: Snapshot.ElementState) {
                    contents[ObjectIdentifier(node)] = ViewContent(node: node, state: state, kind: state.kind)
                    for (child, childState) in zip(node.subviews, state.children) { index(child, childState) }
                }
                index(node, state)
                let solution = ConstraintLayout(root: node, size: frame, safeArea: safeArea) { node in
                    contents[ObjectIdentifier(node)]?.intrinsicSize
                }
                layout.solved = solution.frames.mapValues { DesignRect(x: $0.x + frame.x, y: $0.y + frame.y, width: $0.width, height: $0.height) }
                layout.problems = solution.problems
            }
            if let root = layout.view(node, state, frame: frame, contentTop: contentTop) { views.append(root) }
        }
        if showsBar { views.append(NavigationBarLayout(snapshot: snapshot, item: navigation, bar: document.navigationBar, below: below, device: device).draw()) }
        let bottom = views.map(Self.bottom).max() ?? 0
        return DrawnScreen(screen: snapshot.screen, device: device, height: max(device.height, bottom.rounded(.up)), views: views,
                           problems: layout.problems)
    }

    private static func bottom(of view: DrawnView) -> Double {
        max(view.frame.y + view.frame.height, view.children.map(bottom).max() ?? 0)
    }

    /// The drawn view of `node` at `frame` with its subtree; nil when it is hidden.
    private func view(_ node: ViewNode, _ state: Snapshot.ElementState, frame: DesignRect, contentTop: Double) -> DrawnView? {
        let content = ViewContent(node: node, state: state, kind: state.kind)
        guard !content.isHidden else { return nil }
        if state.kind == .collectionView, let flow = node.design.flowLayout {
            return CollectionLayout(layout: self, node: node, state: state, content: content, flow: flow).draw(in: frame, contentTop: contentTop)
        }
        if state.kind == .tableView || state.kind == .collectionView {
            return TableLayout(layout: self, node: node, state: state, content: content).draw(in: frame, contentTop: contentTop)
        }
        let children = arrange(Array(zip(node.subviews, state.children)), in: frame, designedSize: node.design.frame, insideCell: false) { child, state, frame in
            state.flatMap { view(child, $0, frame: frame, contentTop: contentTop) }
        }
        return content.drawn(frame: frame, children: children)
    }

    /// Frames for `children` inside `frame` by the rules above, each drawn by `draw`.
    func arrange(_ children: [(ViewNode, Snapshot.ElementState?)], in frame: DesignRect, designedSize: DesignRect?, insideCell: Bool,
                 draw: (ViewNode, Snapshot.ElementState?, DesignRect) -> DrawnView?) -> [DrawnView] {
        let contents = children.map { node, state in
            ViewContent(node: node, state: state, kind: state?.kind ?? ElementKind(typeName: node.type) ?? .view)
        }
        var frames = [DesignRect?](repeating: nil, count: children.count)
        var flowing: [Int] = []
        for (index, content) in contents.enumerated() where !content.isHidden {
            if let id = content.design.designID, let placed = solved[id] {
                frames[index] = placed
            } else if let designed = content.design.frame {
                frames[index] = Self.resized(designed, mask: content.design.autoresizing, from: designedSize, to: frame)
            } else {
                flowing.append(index)
            }
        }
        for (index, placed) in flow(flowing.map { ($0, contents[$0]) }, in: frame, insideCell: insideCell) { frames[index] = placed }
        return zip(children, frames).compactMap { child, frame in frame.flatMap { draw(child.0, child.1, $0) } }
    }

    /// Frames for views without a designed one.
    func flow(_ views: [(index: Int, content: ViewContent)], in frame: DesignRect, insideCell: Bool) -> [(Int, DesignRect)] {
        guard !views.isEmpty else { return [] }
        let margin = Self.margin
        if views.contains(where: { $0.content.fills }) {
            let width = frame.width - 2 * margin
            let fixed = views.filter { !$0.content.fills }.map { $0.content.intrinsicHeight(width: width) }.reduce(0, +)
            let fillCount = Double(views.filter(\.content.fills).count)
            let share = max(frame.height - fixed, 0) / fillCount
            var y = frame.y
            return views.map { index, content in
                let edgeToEdge = content.fills || content.kind == .searchBar
                let height = content.fills ? share : content.intrinsicHeight(width: width)
                defer { y += height }
                return (index, DesignRect(x: frame.x + (edgeToEdge ? 0 : margin), y: y, width: edgeToEdge ? frame.width : width, height: height))
            }
        }
        let side = insideCell ? 44.0 : 64.0
        let top = insideCell ? 10.0 : margin
        let media = views.first { $0.content.kind == .imageView }
        let column = frame.x + margin + (media == nil ? 0 : side + 12)
        let width = frame.x + frame.width - margin - column
        var placed: [(Int, DesignRect)] = []
        if let media { placed.append((media.index, DesignRect(x: frame.x + margin, y: frame.y + top, width: side, height: side))) }
        var y = frame.y + top
        for (index, content) in views where index != media?.index {
            let height = content.intrinsicHeight(width: width)
            let fixedWidth = content.kind == .switchControl ? 51.0 : (content.kind == .activityIndicator ? 20 : width)
            placed.append((index, DesignRect(x: column, y: y, width: fixedWidth, height: height)))
            if height > 0 { y += height + 4 }
        }
        return placed
    }

    /// How tall the views `flow` placed need their container to be.
    static func flowHeight(_ frames: [DesignRect], in frame: DesignRect, insideCell: Bool) -> Double {
        let bottom = frames.map { $0.y + $0.height }.max() ?? frame.y
        return bottom - frame.y + (insideCell ? 10 : margin)
    }

    /// `designed` (in a superview designed as `from`) in a superview now `to`, by UIKit's
    /// autoresizing rules: the flexible parts of each axis share the change in size equally.
    static func resized(_ designed: DesignRect, mask: Autoresizing?, from: DesignRect?, to frame: DesignRect) -> DesignRect {
        let mask = mask ?? [.flexibleRightMargin, .flexibleBottomMargin]
        let designedWidth = from?.width ?? frame.width, designedHeight = from?.height ?? frame.height
        func axis(_ start: Double, _ length: Double, change: Double, lead: Bool, size: Bool, trail: Bool) -> (Double, Double) {
            let parts = [lead, size, trail].filter { $0 }.count
            guard parts > 0, change != 0 else { return (start, length) }
            let share = change / Double(parts)
            return (start + (lead ? share : 0), length + (size ? share : 0))
        }
        let (x, width) = axis(designed.x, designed.width, change: frame.width - designedWidth,
                              lead: mask.contains(.flexibleLeftMargin), size: mask.contains(.flexibleWidth), trail: mask.contains(.flexibleRightMargin))
        let (y, height) = axis(designed.y, designed.height, change: frame.height - designedHeight,
                               lead: mask.contains(.flexibleTopMargin), size: mask.contains(.flexibleHeight), trail: mask.contains(.flexibleBottomMargin))
        return DesignRect(x: frame.x + x, y: frame.y + y, width: max(width, 0), height: max(height, 0))
    }
}
