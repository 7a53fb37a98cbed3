import WidgetryJSON
import WidgetryScreen

/// The names a scenario's steps and settings give are names the bundle has: the element a step
/// taps, types into, presses return in or clears, or whose map's markers it taps; the table a row step, a refresh or a scroll
/// works on; the media picker of `pickMedia`; the screen a run starts on; the entity
/// `expectStore` counts. A scenario may move from screen to screen, so the elements and tables
/// of every screen count, and only a name no screen has is reported; a step with
/// `expectFailure` is left alone.
struct ScenarioNameRule: LintRule {
    static let description = LintRuleDescription(
        id: "scenario-name", severity: .warning,
        summary: "Elements, tables, media pickers, screens and entities a scenario's steps and settings name exist in the bundle.",
        rationale: "A step naming an element no screen has fails only when the run gets there, after everything before it ran, and an expectation after it fails for the knock-on. The name is compared with what every screen declares (a scenario may navigate anywhere), so a warning is a name nothing has; the nearest is offered as a fix (docs/FORMAT.md#scenario).",
        examples: [
            LintExample("a misspelt button, text input, table and start screen", files: [
                "S.json": #"""
                    {"S": {"objects": {"rows": {"type": "TableDisplayController", "outlets": {"tableView": "list"}}},
                     "views": {"type": "UIView", "children": [{"id": "addButton", "type": "UIButton"}, {"id": "nameField", "type": "UITextField"},
                       {"id": "list", "type": "UITableView"}]}}}
                    """#,
                "Tests/a.scenario.json": #"""
                    {"settings": {"screen": 1️⃣"s"}, "steps": [{"tap": 2️⃣"addButon"}, {"type": "Ada", "into": 3️⃣"nameFeld"}, {"tapRow": 0, "of": 4️⃣"lst"},
                      {"return": 5️⃣"addButton"}, {"expectStore": 6️⃣"Psot", "count": 0}]}
                    """#]),
            LintExample("a misspelt map view of a marker tap", files: [
                "S.json": #"""
                    {"S": {"views": {"type": "UIView", "children": [{"id": "mapContainer", "type": "UIView"}]}}}
                    """#,
                "Tests/a.scenario.json": #"""
                    {"steps": [{"tapMarker": 0, "of": 1️⃣"mapContaner"}, {"tapMarkerTitle": "Flore", "of": "mapContainer"}]}
                    """#]),
            LintExample("names of the bundle's screens", files: [
                "S.json": #"""
                    {"S": {"views": {"type": "UIView", "children": [{"id": "addButton", "type": "UIButton"}, {"id": "search", "type": "UISearchBar"}]}}}
                    """#,
                "Tests/a.scenario.json": #"""
                    {"settings": {"screen": "S"}, "steps": [{"tap": "addButton"}, {"type": "x", "into": "search"}, {"return": "search"}, {"expectStore": "Post", "count": 0}]}
                    """#]),
        ])

    /// The kinds an element must be of for a step that types.
    private static let textInputs: Set<ElementKind> = [.textField, .textView, .searchBar]

    func check(_ context: LintContext) -> [Diagnostic] {
        guard !context.scenarios.isEmpty else { return [] }
        let names = context.scenarioNames
        var findings: [Diagnostic] = []
        for scenario in context.scenarios {
            func check(_ value: JSONValue?, among known: [String], missing: String, noun: String, hint: String? = nil) {
                guard let value, let name = value.stringValue, !known.contains(name) else { return }
                let close = Suggestion.closestCandidates(to: name, among: known)
                findings.append(scenario.finding(Self.description, at: value, message: "\(missing) '\(name)'",
                                                 hint: hint ?? Suggestion.hint(for: name, among: known, noun: noun),
                                                 replacing: name, with: hint == nil && close.count == 1 ? close.first : nil))
            }
            let elements = names.elements.keys.sorted()
            func element(_ value: JSONValue?, typing: Bool = false) {
                guard let value, let id = value.stringValue else { return }
                guard let kinds = names.elements[id] else {
                    let cells = names.tables(holding: id)
                    check(value, among: elements, missing: "no screen has an element named", noun: "elements",
                          hint: cells.isEmpty ? nil : "\(id) is an element of the cells of \(cells.joined(separator: ", ")); a step names the screen's own elements")
                    return
                }
                if typing, !kinds.isEmpty, kinds.isDisjoint(with: Self.textInputs) {
                    let inputs = names.elements.filter { !$0.value.isDisjoint(with: Self.textInputs) }.keys.sorted()
                    findings.append(scenario.finding(Self.description, at: value,
                                                     message: "\(id) is a \(kinds.map(\.typeName).sorted().joined(separator: " or ")), not a text input",
                                                     hint: inputs.isEmpty ? "no screen has a text field, text view or search bar" : "text inputs: " + inputs.joined(separator: ", ")))
                }
            }
            let tables = names.tables.keys.sorted()
            func table(_ value: JSONValue?) {
                guard let id = value?.stringValue, !names.isOpaqueElement(id) else { return }
                check(value, among: tables, missing: "no screen shows a table named", noun: "tables")
            }
            if let settings = scenario.document.root["settings"] {
                check(settings["screen"], among: names.screens.sorted(), missing: "no screen is named", noun: "screens")
            }
            // A step that expects to fail may name what is not there on purpose.
            for (_, step) in scenario.steps where step["expectFailure"] == nil {
                element(step["tap"])
                element(step["into"], typing: step["type"] != nil)
                element(step["return"], typing: true)
                element(step["clear"], typing: true)
                if step["tapRow"] != nil || step["deleteRow"] != nil { table(step["of"]) }
                if step["tapMarker"] != nil || step["tapMarkerTitle"] != nil { element(step["of"]) }
                table(step["refresh"])
                table(step["scrollToEnd"])
                if step["pickMedia"] != nil {
                    check(step["with"], among: names.mediaPickers.sorted(), missing: "no screen has a media picker named", noun: "media pickers")
                }
                if let entities = names.entities { check(step["expectStore"], among: entities, missing: "the data model has no entity named", noun: "entities") }
            }
        }
        return findings
    }
}
