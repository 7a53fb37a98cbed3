import WidgetryJSON
import WidgetryScreen

/// A binding's `to` starts with a key its element answers (FORMAT.md#elements.keys): the keys of
/// the element's kind (`wx_value`, `hidden`, `text`, a table's `refreshControl`…), or for
/// `@self` the screen controller's (`content`, `wx_dismissed` and the attributes a screen sets).
/// Without `to`, a binding writes `wx_value`, which every element answers and `@self` does not.
struct BindingTargetRule: LintRule {
    static let description = LintRuleDescription(
        id: "binding-target", severity: .error,
        summary: "Bindings write to keys their element has.",
        rationale: "Upstream crashed on a write to a key the element does not have; Widgetry stops the binding with an error each time it runs. Lint finds it before: the keys come from the element's kind in the view tree.",
        examples: [
            LintExample("a misspelt key of a label, and @self without a target", screen: #"""
                {"elements": {"title": {"bindings": [{"from": "content.name", "to": 1️⃣"txt"}]},
                  "@self": {"bindings": [2️⃣{"predicateFormat": "content == nil"}]}},
                 "views": {"type": "UIView", "children": [{"id": "title", "type": "UILabel"}]}}
                """#),
            LintExample("a key of another kind of element in a cell", screen: #"""
                {"elements": {"avatar": {"bindings": [{"from": "content.author.name", "to": 1️⃣"text"}]}},
                 "views": {"type": "UIView", "children": [{"id": "list", "type": "UITableView",
                   "prototypes": [{"reuseIdentifier": "Cell", "children": [{"id": "avatar", "type": "UIImageView"}]}]}]}}
                """#),
            LintExample("keys the elements answer", screen: #"""
                {"elements": {"title": {"bindings": [{"from": "content.name"}, {"from": "content", "predicateFormat": "SELF == nil", "to": "hidden"}]},
                  "list": {"bindings": [{"predicateFormat": "content == nil", "to": "refreshControl.wx_value"}]},
                  "@self": {"bindings": [{"predicateFormat": "content == nil", "to": "wx_dismissed"}]}},
                 "views": {"type": "UIView", "children": [{"id": "title", "type": "UILabel"}, {"id": "list", "type": "UITableView"}]}}
                """#),
        ])

    func check(_ context: LintContext) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        for sites in context.screenSites {
            for target in sites.targets {
                let key = String(target.text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
                let known: [String]
                let owner: String
                switch target.owner {
                case .element(let id, let kinds):
                    guard !kinds.isEmpty, !kinds.contains(where: { $0.answers(key) }) else { continue }
                    known = Array(Set(kinds.flatMap(\.answeredKeys))).sorted()
                    owner = "\(id) (\(kinds.map(\.typeName).sorted().joined(separator: " or ")))"
                case .screenController:
                    known = (["content", "wx_dismissed"] + ScreenController.attributeNames).sorted()
                    guard !known.contains(key) else { continue }
                    owner = "@self (the screen controller)"
                }
                let location = target.value?.location ?? target.bindingLocation
                let length = target.value.flatMap { value in value.location.map { sites.source.tokenLength(at: $0.offset) } } ?? 1
                let message = target.value == nil
                    ? "\(owner) has no key wx_value, which a binding without \"to\" writes"
                    : "\(owner) has no key '\(key)' to bind to"
                let finding = Diagnostic(code: Self.description.id, severity: Self.description.severity, file: sites.screen.file,
                                         location: location, length: length, pointer: target.value?.pointer ?? target.pointer, message: message,
                                         hint: Suggestion.hint(for: key, among: known))
                // A path (`title.text`) is more than the key it ends with.
                findings.append(target.value?.stringValue == key ? finding.renaming(key, among: known) : finding)
            }
        }
        return findings
    }
}
