/// The outlets by which a view class Widgetry models as one element is wired to its own parts
/// in Interface Builder: Graffiti's `TextInputView` (a text field, FORMAT.md#graffiti.elements)
/// is a view holding a text view, a placeholder label and a clear button, connected through its
/// `textInput`, `placeholder` and `clearButton` outlets. Widgetry's text field is all of these, so
/// those outlets are not entries of the screen.
enum CompositeViewParts {
    static let outlets: [String: Set<String>] = ["TextInputView": ["textInput", "placeholder", "clearButton"]]

    /// Whether `property` of a view of the custom class `customClass` names one of its own parts.
    static func isPart(_ property: String?, of customClass: String?) -> Bool {
        guard let customClass, let property else { return false }
        return outlets[customClass]?.contains(property) == true
    }
}
