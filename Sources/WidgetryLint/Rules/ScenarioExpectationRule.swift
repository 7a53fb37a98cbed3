import WidgetryExpressions
import WidgetryJSON

/// What a scenario's expectations read is there (docs/FORMAT.md#scenario.expectations): the
/// snapshot's keys, the elements, tables and statuses some screen of the bundle has, the keys of
/// an element of its kind, of a row, a status, an alert, a request or an event, the data model's
/// entities under `store`, and screen names compared with `screen` and `stack`.
struct ScenarioExpectationRule: LintRule {
    static let description = LintRuleDescription(
        id: "scenario-expectation", severity: .warning,
        summary: "Key paths a scenario's expectations read, and the screen names they compare with, exist in the snapshot and the bundle.",
        rationale: "A key that is not there reads as null: the expectation fails with a message about values, or passes for the wrong reason (`elements.emptyLable.visible == nil`). Each key path is read on what the snapshot holds, with the elements and tables of every screen of the bundle (a scenario may navigate anywhere); the finding points at the name inside the string, and the nearest name is offered as a fix.",
        examples: [
            LintExample("a misspelt element, key, table, cell element and screen", files: [
                "S.json": #"""
                    {"S": {"objects": {"rows": {"type": "TableDisplayController", "outlets": {"tableView": "list"}}},
                     "views": {"type": "UIView", "children": [{"id": "countLabel", "type": "UILabel"}, {"id": "list", "type": "UITableView",
                       "prototypes": [{"reuseIdentifier": "Cell", "children": [{"id": "nameLabel", "type": "UILabel"}]}]}]}}}
                    """#,
                "Tests/a.scenario.json": #"""
                    {"steps": [{"expect": ["elements.1️⃣countLabl.value == '2'", "elements.countLabel.2️⃣valeu == '2'",
                      "tables.3️⃣lst.rows.@count == 2", "tables.list.rows[0].elements.4️⃣nameLable.value == 'Ada'", "screen == '5️⃣s'",
                      "6️⃣alert.@count == 0"]}]}
                    """#]),
            LintExample("what a snapshot holds", files: [
                "S.json": #"""
                    {"S": {"objects": {"rows": {"type": "TableDisplayController", "outlets": {"tableView": "list"}},
                       "load": {"type": "OnLoadActionController", "attrs": {"actionName": "load"}}},
                     "views": {"type": "UIView", "children": [{"id": "countLabel", "type": "UILabel"}, {"id": "list", "type": "UITableView",
                       "prototypes": [{"reuseIdentifier": "Cell", "children": [{"id": "nameLabel", "type": "UILabel"}]}]}]}}}
                    """#,
                "Tests/a.scenario.json": #"""
                    {"steps": [{"expect": ["elements.countLabel.text == '2' AND elements.countLabel.hidden == false", "stack == {'S'}",
                      "ALL tables.list.rows.elements.nameLabel.visible == true", "statuses.load.isSuccess == true", "alerts[0].title == 'Error'",
                      "events[LAST].error.code == nil", "SUBQUERY(tables.list.sections, $s, $s.rows.@count > 0).@count == 1", "store.Post == 0", "maps.@count == 0"]}]}
                    """#]),
        ])

    func check(_ context: LintContext) -> [Diagnostic] {
        guard !context.scenarios.isEmpty else { return [] }
        let scope = ExpectationScope.root(context.scenarioNames)
        var findings: [Diagnostic] = []
        for scenario in context.scenarios {
            for (_, step) in scenario.steps {
                guard let expect = step["expect"] else { continue }
                for value in expect.arrayValue ?? [expect] {
                    guard let text = value.stringValue, let predicate = try? WidgetryExpressions.Predicate(format: text, arguments: []) else { continue }
                    let analysis = ExpectationAnalysis(predicate.syntax, text: text, scope: scope, screens: context.screenNames)
                    for problem in analysis.problems {
                        findings.append(scenario.finding(Self.description, in: value, range: problem.range, message: problem.message, hint: problem.hint,
                                                         replacing: problem.name, with: problem.replacement))
                    }
                }
            }
        }
        return findings
    }
}
