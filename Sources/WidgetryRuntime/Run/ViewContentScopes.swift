import WidgetryExpressions
import WidgetryScreen

/// Where the elements of a screen read `content` (FORMAT.md#binding.view-content): an element
/// inside a `ContentDisplayView` whose own `content` is set reads that view's content (the
/// nearest such view's, when they nest); every other element reads the screen's. Graffiti's
/// hosts set a content display view's content in code, and the bindings of its subviews then
/// show it: GoogleMapsDemo's info view shows the place of the marker tapped
/// (`infoView.content = marker.userData`, GooglePlacesContentController.swift).
struct ViewContentScopes {
    /// For each element of the screen's view tree inside some content display view, those
    /// views, nearest first. Empty for a screen without one, which then costs nothing.
    private let enclosing: [ObjectIdentifier: [Element]]

    /// Whether a binding writes the content of a content display view: the elements inside it
    /// then read what a binding wrote, so a render settles as when bindings read elements
    /// (FORMAT.md#render.settling), whatever the order of the entries.
    let contentIsBound: Bool

    /// The scopes of the view tree under `root` (cells are not in it: a cell's elements read
    /// its row's object), and whether one of `bindings` writes such a view's content.
    init(root: Element?, bindings: [(target: any KeyValueCoding, compiled: [CompiledBinding])]) {
        var enclosing: [ObjectIdentifier: [Element]] = [:]
        func walk(_ element: Element, inside views: [Element]) {
            if !views.isEmpty { enclosing[ObjectIdentifier(element)] = views }
            let inner = element.kind == .contentDisplayView ? [element] + views : views
            for child in element.children { walk(child, inside: inner) }
        }
        if let root { walk(root, inside: []) }
        self.enclosing = enclosing
        contentIsBound = !enclosing.isEmpty && bindings.contains { target, compiled in
            (target as? Element)?.kind == .contentDisplayView && compiled.contains { $0.spec.to == "content" }
        }
    }

    /// The content `target` reads as `content` instead of the screen's: the content of the
    /// nearest content display view around it that has one; nil when none does.
    func content(of target: any KeyValueCoding) -> Value? {
        guard !enclosing.isEmpty, let views = enclosing[ObjectIdentifier(target)] else { return nil }
        for view in views {
            let content = view.value(forKey: "content")
            if !content.isNull { return content }
        }
        return nil
    }
}
