public import WidgetryJSON

/// The actions a screen's controllers name (`actionName`, `elseActionName`), and what is said
/// of one that nothing defines, in one place: `lint` reports it and `run` and `test` warn of it
/// where they load the screen, in the same words, at the same value, with the same did-you-mean.
public enum ActionNames {
    /// The code of the finding, lint's rule id.
    public static let unknownCode = "unknown-action"

    /// An attribute of an object entry that names an action.
    public struct Use: Sendable {
        public var object: String
        public var attribute: String
        public var action: String
        /// The string naming it, where it is written.
        public var value: JSONValue

        public init(object: String, attribute: String, action: String, value: JSONValue) {
            self.object = object
            self.attribute = attribute
            self.action = action
            self.value = value
        }
    }

    /// Every attribute of `document`'s objects that names an action, in file order.
    public static func uses(in document: ScreenDocument) -> [Use] {
        document.objects.flatMap { object in
            object.attrs.compactMap { attr -> Use? in
                guard attr.key == "actionName" || attr.key == "elseActionName", let name = attr.value.stringValue else { return nil }
                return Use(object: object.id, attribute: attr.key, action: name, value: attr.value)
            }
        }
    }

    /// The action `name` most likely means among `known` (the service files', the stub's and
    /// the host profile's actions), when one is near enough; the name must be one of them.
    public static func suggestion(for name: String, among known: [String]) -> String? {
        let closest = Suggestion.closestInClosedSet(to: name, among: known.sorted())
        return closest.count == 1 ? closest[0] : nil
    }

    /// The warning for `use`, whose action none of `known` is, in `file` (as the reader names it).
    public static func unknown(_ use: Use, known: [String], file: String) -> Diagnostic {
        let sorted = known.sorted()
        let hint: String
        if let suggestion = suggestion(for: use.action, among: sorted) {
            hint = "did you mean \"\(suggestion)\"?"
        } else {
            let listed = sorted.prefix(Suggestion.maxListed).joined(separator: ", ") + (sorted.count > Suggestion.maxListed ? ", …" : "")
            hint = (sorted.isEmpty ? "the service files define no action" : "the service files define " + listed)
                + "; an action the app performs itself is declared in a host profile's \"actions\" (--profile)"
        }
        return Diagnostic(code: unknownCode, severity: .warning, file: file, location: use.value.location, pointer: use.value.pointer,
                          message: "\(use.object).\(use.attribute) names action '\(use.action)', which no service file defines", hint: hint)
    }
}
