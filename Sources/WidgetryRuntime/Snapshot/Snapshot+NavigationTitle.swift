import WidgetryScreen

extension Snapshot {
    /// The title the navigation bar shows: a visible title view's text (its own, or its first
    /// visible label's, as a storyboard's title view is often a view holding a label), else the
    /// navigation item's `title`; nil when the bar shows none (a hidden title view hides it).
    static func navigationTitle(titleView: ElementState?, item: NavigationItemNode?) -> String? {
        let title: String?
        if let titleView {
            title = isHidden(titleView) ? nil : text(of: titleView) ?? item?.title
        } else {
            title = item?.title
        }
        return title?.isEmpty == false ? title : nil
    }

    private static func text(of state: ElementState) -> String? {
        if isHidden(state) { return nil }
        if let text = state.state.first(where: { $0.name == "text" })?.value.stringValue { return text }
        return state.children.lazy.compactMap(text).first
    }

    private static func isHidden(_ state: ElementState) -> Bool {
        state.state.first { $0.name == "hidden" }?.value == .bool(true)
    }
}
