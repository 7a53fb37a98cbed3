extension ScreenDocument {
    /// The roots of the screen's view trees: its view, then its navigation item's title view,
    /// left and right bar button items.
    public var viewRoots: [ViewNode] {
        [view, navigationItem?.titleView].compactMap { $0 } + (navigationItem.map { $0.leftBarButtonItems + $0.rightBarButtonItems } ?? [])
    }

    /// Every view of the screen, each root before what it holds, depth first; with `cells`,
    /// the views of the cell prototypes too. Without recursion, so a deep tree costs no stack.
    public func allViews(includingCells cells: Bool) -> [ViewNode] {
        var result: [ViewNode] = []
        var pending = Array(viewRoots.reversed())
        while let node = pending.popLast() {
            result.append(node)
            pending += (node.subviews + (cells ? node.prototypes.flatMap(\.children) : [])).reversed()
        }
        return result
    }
}
