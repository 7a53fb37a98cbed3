import WidgetryNIB

/// What a compiled nib cheaply gives of a view's design: its frame, from `UIBounds` (the size)
/// and `UICenter` (the centre in the superview's coordinates), as UIKit derives it for a view
/// without a transform; its autoresizing mask (`UIAutoresizingMask`, UIKit's bits, which
/// ``Autoresizing`` shares); and whether constraints place it
/// (`UIViewDoesNotTranslateAutoresizingMaskIntoConstraints`).
///
/// Constraints, fonts and colours are objects of their own in a nib and are not read here:
/// the storyboard's XML source gives them. A value that cannot be read is left nil.
enum CompiledDesign {
    /// The design of view `object` of `archive` (a view, a cell, or a constraint, which has none).
    static func design(of object: Int, in archive: NIBArchive) -> ViewDesign {
        var design = ViewDesign()
        if let bounds = try? archive.rect(of: object, key: "UIBounds"), let center = try? archive.point(of: object, key: "UICenter"),
           [bounds.width, bounds.height, center.x, center.y].allSatisfy(\.isFinite) {
            design.frame = DesignRect(x: center.x - bounds.width / 2, y: center.y - bounds.height / 2, width: bounds.width, height: bounds.height)
        }
        if let mask = try? archive.integer(of: object, key: "UIAutoresizingMask"), mask >= 0, mask <= 63 {
            design.autoresizing = Autoresizing(rawValue: Int(mask))
        }
        design.usesConstraints = (try? archive.bool(of: object, key: "UIViewDoesNotTranslateAutoresizingMaskIntoConstraints")) ?? false
        return design
    }
}
