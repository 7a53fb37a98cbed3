/// A collection view's flow layout as designed (`UICollectionViewFlowLayout`): a storyboard's
/// `<collectionViewFlowLayout>` or a compiled nib's `UICollectionLayout`. Every member starts
/// at UIKit's default, which a compiled nib leaves out.
public struct FlowLayoutDesign: Sendable, Equatable {
    /// The direction the collection scrolls: lines are rows (vertical) or columns (horizontal).
    public enum ScrollDirection: String, Sendable, CaseIterable {
        case vertical, horizontal
    }

    /// Each item's width, in points.
    public var itemWidth: Double
    /// Each item's height, in points.
    public var itemHeight: Double
    /// The least space between lines (rows when vertical, columns when horizontal).
    public var minimumLineSpacing: Double
    /// The least space between the items of a line.
    public var minimumInteritemSpacing: Double
    /// Each section's insets.
    public var sectionInset: DesignInsets
    /// Whether lines are rows or columns.
    public var scrollDirection: ScrollDirection

    /// A flow layout; each value left out is UIKit's default.
    public init(itemWidth: Double = 50, itemHeight: Double = 50, minimumLineSpacing: Double = 10, minimumInteritemSpacing: Double = 10,
                sectionInset: DesignInsets = DesignInsets(), scrollDirection: ScrollDirection = .vertical) {
        self.itemWidth = itemWidth
        self.itemHeight = itemHeight
        self.minimumLineSpacing = minimumLineSpacing
        self.minimumInteritemSpacing = minimumInteritemSpacing
        self.sectionInset = sectionInset
        self.scrollDirection = scrollDirection
    }
}

/// Edge insets in points.
public struct DesignInsets: Sendable, Equatable {
    /// The inset from the top edge.
    public var top: Double
    /// The inset from the left edge.
    public var left: Double
    /// The inset from the bottom edge.
    public var bottom: Double
    /// The inset from the right edge.
    public var right: Double

    /// Insets of the given sizes, none by default.
    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }
}
