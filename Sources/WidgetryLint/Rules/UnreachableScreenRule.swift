import WidgetryJSON
import WidgetryScreen

/// A screen no one can get to: it is not the entry screen and no segue leads to it.
struct UnreachableScreenRule: LintRule {
    static let description = LintRuleDescription(
        id: "unreachable-screen", severity: .warning,
        summary: "Every screen is the entry screen or the destination of a segue.",
        rationale: "A screen nothing opens is dead weight, or a segue was forgotten.",
        examples: [
            LintExample("a screen no segue opens", files: ["S.json": #"{"S": {}}"#, "Lost.json": #"{"Lost": 1️⃣{}}"#]),
            LintExample("a screen a segue opens", files: [
                "S.json": #"""
                    {"S": {"views": {"type": "UIButton", "id": "next", "segue": "more"}, "segues": {"more": {"destination": "More"}}}}
                    """#,
                "More.json": #"{"More": {}}"#]),
        ])

    func check(_ context: LintContext) -> [Diagnostic] {
        let entry = ScreenSource.entryScreen(in: context.bundle)
        let destinations = context.segueDestinations
        let definitions = Dictionary(context.bundle.screens.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        return context.screens.filter { $0.name != entry && !destinations.contains($0.name) }.compactMap { screen in
            guard let definition = definitions[screen.name], let body = definition.file.document.root[screen.name] else { return nil }
            return context.finding(Self.description, in: screen, at: body,
                                   message: "screen \(screen.name) is not the entry screen and no segue leads to it",
                                   hint: "add a segue with \"destination\": \"\(screen.name)\", or remove the screen")
        }
    }
}
