import WidgetryRuntime
import WidgetryScreen

/// The navigation bar: the title (the title view's text, else the item's title) in the middle,
/// the left bar button items from the leading edge (a back button when the screen was pushed and
/// has none, titled by the screen below), the right ones from the trailing edge. The bar is drawn as its navigation
/// controller designs it: its bar tint colour, else light grey, or near black for the black
/// style, whose title is white; the title in the font and colour of the bar's
/// `titleTextAttributes` when it has them; its buttons in the bar's tint colour.
struct NavigationBarLayout {
    let snapshot: Snapshot
    let item: NavigationItemNode?
    /// The navigation controller's bar, as designed.
    let bar: ViewDesign?
    /// The navigation item of the screen below this one in the stack, whose back button
    /// title or title the back button shows.
    let below: NavigationItemNode?
    let device: Device

    static let barGray = DesignColor(red: 248.0 / 255, green: 248.0 / 255, blue: 248.0 / 255)
    /// UIKit's black bar.
    static let barBlack = DesignColor(white: 0.11)

    private var isBlack: Bool { bar?.barStyle == .black }
    static let titleFont = DesignFont(size: 17, weight: .semibold)
    /// The title's font: the bar's `titleTextAttributes`, else UIKit's.
    private var titleFont: DesignFont { bar?.font ?? Self.titleFont }

    func draw() -> DrawnView {
        let height = Device.navigationBarHeight
        let top = device.statusBarHeight
        var children: [DrawnView] = []
        let leftIDs = item?.leftBarButtonItems.count ?? 0
        let buttons = snapshot.navigation.filter { $0.kind == .barButtonItem }
        var left: [Snapshot.ElementState?] = Array(buttons.prefix(leftIDs))
        let right = Array(buttons.dropFirst(leftIDs))
        if left.isEmpty, snapshot.stack.count > 1 { left = [nil] }
        var x = 8.0
        for state in left {
            guard let drawn = button(state, x: x, top: top, height: height) else { continue }
            children.append(drawn)
            x += drawn.frame.width + 8
        }
        var trailing = device.width - 8
        for state in right.reversed() {
            guard let drawn = button(state, x: 0, top: top, height: height) else { continue }
            var placed = drawn
            placed.frame.x = trailing - drawn.frame.width
            children.append(placed)
            trailing = placed.frame.x - 8
        }
        let titleView = snapshot.navigation.first { $0.kind != .barButtonItem }
        if let title = snapshot.navigationTitle {
            let room = max(min(x, device.width - trailing) , 0)
            let width = device.width - 2 * room - 16
            let titleHeight = max(TextMetrics.lineHeight(of: titleFont), 21)
            children.append(DrawnView(id: titleView?.id, type: titleView?.type ?? "UILabel",
                                      frame: DesignRect(x: room + 8, y: top + (height - titleHeight) / 2, width: width, height: titleHeight), look: .text,
                                      lines: TextMetrics.lines(of: title, font: titleFont, width: width, maximumLines: 1),
                                      font: titleFont, textColor: bar?.titleColor ?? (isBlack ? DesignColor(white: 1) : DrawnView.black), alignment: .center))
        }
        var drawn = DrawnView(id: nil, type: "UINavigationBar", frame: DesignRect(x: 0, y: 0, width: device.width, height: top + height),
                              look: .navigationBar, backgroundColor: bar?.barTintColor ?? (isBlack ? Self.barBlack : Self.barGray), children: children)
        drawn.barStyle = isBlack ? .black : .default
        return drawn
    }

    /// The back button's text, as UIKit titles it: the chevron, then the title of the screen
    /// below's back bar button item, else that screen's title, else "Back"; a blank back item
    /// title leaves the chevron alone.
    var backTitle: String {
        let title = below?.backButtonTitle ?? below?.title ?? "Back"
        return title.allSatisfy(\.isWhitespace) ? "‹" : "‹ " + title
    }

    /// A bar button item's title, or the back button for nil.
    private func button(_ state: Snapshot.ElementState?, x: Double, top: Double, height: Double) -> DrawnView? {
        let font = DesignFont(size: 17)
        let title = state.map { $0.state.first(where: { $0.name == "title" })?.value.stringValue } ?? backTitle
        guard let text = title, !text.isEmpty else { return nil }
        let width = max(TextMetrics.width(of: text, font: font).rounded(.up), 22)
        let enabled = state?.enabled ?? true
        return DrawnView(id: state?.id, type: state?.type ?? "UIBarButtonItem", frame: DesignRect(x: x, y: top + (height - 21) / 2, width: width, height: 21),
                         look: .button, lines: [text], font: font, textColor: enabled ? bar?.tintColor ?? DrawnView.tint : DrawnView.placeholderGray,
                         alignment: .center)
    }
}

