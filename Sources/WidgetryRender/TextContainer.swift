/// A view that takes typed text and holds a text field or text view of its own: a host's
/// composite input view, such as Graffiti's `TextInputView` (a view holding a text view, a
/// placeholder label and a clear button, docs/FORMAT.md#graffiti.elements). The element keeps the
/// text typed into it on itself; UIKit draws it in the text-bearing view inside
/// (docs/RENDERING.md#text-containers).
enum TextContainer {
    /// Whether `children` hold a text field or text view, at any depth: whether a view of a
    /// kind that takes text, with these children, is a container rather than a field itself.
    static func holdsTextBearer(_ children: [DrawnView]) -> Bool {
        children.contains { $0.look == .field || holdsTextBearer($0.children) }
    }

    /// `children` of a container showing `shown`: the first text field or text view among them
    /// (depth first) draws the text in its own frame, font and colour, as it would draw its own;
    /// while the text is typed (not a placeholder), the labels among `children` (the container's
    /// placeholder) are not drawn.
    static func children(_ children: [DrawnView], showing shown: (text: String, placeholder: Bool)) -> [DrawnView] {
        var handed = false
        return handing(shown, to: children, handed: &handed).filter { shown.placeholder || $0.look != .text }
    }

    private static func handing(_ shown: (text: String, placeholder: Bool), to views: [DrawnView], handed: inout Bool) -> [DrawnView] {
        views.map { view in
            var view = view
            if handed { return view }
            if view.look == .field {
                handed = true
                view.lines = ViewContent.lines(of: shown.text, font: view.font, frame: view.frame, multiline: view.type == "UITextView")
                view.showsPlaceholder = shown.placeholder
            } else {
                view.children = handing(shown, to: view.children, handed: &handed)
            }
            return view
        }
    }
}
