/// The actions Interface Builder can send to the view controller itself (an action entry with
/// target `@self`): upstream's `dismissAction:`, `closeAction:` and `backAction:`, which all
/// leave the screen here (the screen below is uncovered), and StandardViewController's
/// `nextAction:`, which performs the segue `Next`. Other selectors sent to `@self` go to the
/// host handler of that name.
enum ControllerAction {
    case leave
    case next

    init?(selector: String) {
        switch selector {
        case "dismissAction:", "closeAction:", "backAction:": self = .leave
        case "nextAction:": self = .next
        default: return nil
        }
    }
}

extension ScreenRun {
    /// Performs the controller action `selector` names; false when it names none.
    func performControllerAction(_ selector: String) throws(InteractionError) -> Bool {
        guard let action = ControllerAction(selector: selector) else { return false }
        switch action {
        case .leave:
            // Writing true to wx_dismissed cannot fail.
            try? controller.setValue(.bool(true), forKey: "wx_dismissed")
        case .next:
            guard let segue = document.segues.first(where: { $0.id == "Next" }) else {
                throw InteractionError("\(selector) performs the segue Next, which \(document.name) does not have")
            }
            try navigate?(segue, controller.content)
        }
        return true
    }
}
