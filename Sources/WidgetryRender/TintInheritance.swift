import WidgetryScreen

extension ViewNode {
    /// This tree with UIKit's tint inheritance written into its designs: a view without a tint
    /// colour of its own takes its superview's (a cell's views take the cell's, else the table's
    /// or collection's), so a button draws in the nearest tint designed above it, and in system
    /// blue when there is none.
    func inheritingTint(_ inherited: DesignColor? = nil) -> ViewNode {
        var design = self.design
        if design.tintColor == nil { design.tintColor = inherited }
        let tint = design.tintColor
        let prototypes = prototypes.map { prototype in
            var prototype = prototype
            if prototype.design.tintColor == nil { prototype.design.tintColor = tint }
            prototype.children = prototype.children.map { $0.inheritingTint(prototype.design.tintColor) }
            return prototype
        }
        return ViewNode(id: id, type: type, properties: properties, children: children.map { $0.inheritingTint(tint) },
                        header: header?.inheritingTint(tint), footer: footer?.inheritingTint(tint), prototypes: prototypes,
                        segue: segue, place: place, design: design)
    }
}
