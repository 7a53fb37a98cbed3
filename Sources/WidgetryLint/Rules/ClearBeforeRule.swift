import WidgetryJSON
import WidgetryScreen

/// `clearPolicy: before` on an action whose objects a table shows: the table empties the moment
/// the action starts, and stays empty if it fails.
struct ClearBeforeRule: LintRule {
    static let description = LintRuleDescription(
        id: "clear-before-visible-table", severity: .warning,
        summary: "An action feeding a table clears the old objects after the import, not before.",
        rationale: "With clearPolicy before, the rows vanish when the request starts and do not come back when it fails; after replaces them in one transaction.",
        examples: [
            LintExample("a table whose action clears first", screen: #"""
                {"objects": {"posts": {"type": "ManagedObjectsProvider", "attrs": {"entityName": "Post"}},
                             "list": {"type": "TableDisplayController", "outlets": {"mainContentProvider": "posts", "tableView": "table"}}},
                 "views": {"type": "UITableView", "id": "table"}}
                """#, files: ["StubService.json": #"""
                    {"defaults": {"baseUrl": "https://stub.test/"}, "actions": {"load": {"resultType": "[Post]", "clearPolicy": 1️⃣"before", "response": []}}}
                    """#]),
            LintExample("a table whose action clears after", screen: #"""
                {"objects": {"posts": {"type": "ManagedObjectsProvider", "attrs": {"entityName": "Post"}},
                             "list": {"type": "TableDisplayController", "outlets": {"mainContentProvider": "posts", "tableView": "table"}}},
                 "views": {"type": "UITableView", "id": "table"}}
                """#, files: ["StubService.json": #"""
                    {"defaults": {"baseUrl": "https://stub.test/"}, "actions": {"load": {"resultType": "[Post]", "clearPolicy": "after", "response": []}}}
                    """#]),
        ])

    func check(_ context: LintContext) -> [Diagnostic] {
        // Most bundles clear nothing before a request: then no screen need be looked at.
        guard context.services.contains(where: { $0.configuration.actions.contains { $0.clearPolicy == .before } }) else { return [] }
        var shown: Set<String> = []
        for screen in context.screens {
            let objects = Dictionary(screen.document.objects.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            for object in screen.document.objects {
                guard let type = ObjectType(rawValue: object.type), type.showsRows,
                      let providerID = object.outlets.first(where: { $0.property == "mainContentProvider" })?.targets.first,
                      let provider = objects[providerID],
                      let entity = provider.attrs.first(where: { $0.key == "entityName" })?.value.stringValue else { continue }
                shown.insert(entity)
                if let model = context.model { shown.formUnion(model.entities.filter { model.ancestors(of: $0.name).contains { $0.name == entity } }.map(\.name)) }
            }
        }
        var findings: [Diagnostic] = []
        for service in context.services {
            for action in service.configuration.actions where action.clearPolicy == .before {
                guard let entity = action.resultType?.entity, shown.contains(entity) else { continue }
                findings.append(service.finding(Self.description, at: action.pointer.appending(key: "clearPolicy"),
                                                message: "action \(action.name) clears the \(entity) objects a table shows before its request",
                                                hint: "use \"clearPolicy\": \"after\": the rows are replaced when the new ones arrive"))
            }
        }
        return findings
    }
}
