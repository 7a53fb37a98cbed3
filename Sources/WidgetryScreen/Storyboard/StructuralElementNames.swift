/// Names for the elements of a storyboard scene that must be addressable (they have a binding,
/// an action or a segue) but carry no `wx.identifier`: `<Class>-<n>`, the n-th element of that
/// UIKit class in the scene, counted in the order the view tree is read, each cell prototype
/// counting on its own with a fresh value (FORMAT.md#bundle.storyboard).
///
/// Both storyboard readers count with it, so an element has the same name whether the scene
/// comes from XML or from a compiled nib, which keeps no Interface Builder ids.
struct StructuralElementNames {
    private var counts: [String: Int] = [:]

    /// Counts one element of `className` and returns the name it goes by if it needs one.
    mutating func next(_ className: String) -> String {
        let count = counts[className, default: 0] + 1
        counts[className] = count
        return "\(className)-\(count)"
    }

}
