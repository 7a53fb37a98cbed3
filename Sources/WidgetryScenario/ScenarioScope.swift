public import WidgetryExpressions
import WidgetryJSON
public import WidgetryRuntime
public import WidgetryScreen

/// What a scenario's expectations are evaluated against: the JSON snapshot of the run, with
/// friendlier views added — `elements.<id>` (its state plus `value`, `visible`, `enabled`),
/// `tables.<table id>` (`rows`, `sections`, each row's `object` and `elements`), and
/// `statuses.<name>` (a status controller's id, or an action controller's id for the status of
/// its last call).
public enum ScenarioScope {
    public static func make(_ run: WidgetRun) -> Value {
        let screen = run.screen
        guard case .dictionary(var root) = Value(json: SnapshotJSON.render(run)) else { return .null }
        var elements = ValueDictionary()
        let named = screen.elements + [screen.titleView].compactMap { $0 }.compactMap { element in element.id.map { ($0, element) } }
            + screen.barButtonItems.compactMap { element in element.id.map { ($0, element) } }
        for (id, element) in named where elements[id] == nil { elements[id] = state(of: element, in: screen) }
        root["elements"] = .dictionary(elements)
        var tables = ValueDictionary()
        for table in screen.tables.values.sorted(by: { $0.tableID < $1.tableID }) {
            func row(_ row: RenderedTable.Row) -> Value {
                var cells = ValueDictionary()
                for (id, element) in row.elements where cells[id] == nil { cells[id] = state(of: element, in: screen) }
                return .dictionary(["object": row.object, "reuseIdentifier": .string(row.reuseIdentifier), "elements": .dictionary(cells)])
            }
            let sections = table.sections.map { section in
                Value.dictionary(["name": .string(section.name), "rows": .array(section.rows.map(row))])
            }
            tables[table.tableID] = .dictionary(["sections": .array(sections), "rows": .array(table.sections.flatMap(\.rows).map(row))])
        }
        root["tables"] = .dictionary(tables)
        var statuses = ValueDictionary()
        for (name, status) in SnapshotJSON.statuses(screen) {
            // A per-call status (`currentUserAction.status`) is found under its controller's id.
            let key = name.hasSuffix(".status") ? String(name.dropLast(".status".count)) : name
            statuses[key] = .dictionary(["inProgress": status.value(forKey: "inProgress"), "isSuccess": status.value(forKey: "isSuccess"),
                                          "isFailure": status.value(forKey: "isFailure"), "progress": status.value(forKey: "progress"),
                                          "action": status.attribute("actionName")])
        }
        root["statuses"] = .dictionary(statuses)
        root["content"] = screen.controller.content
        return .dictionary(root)
    }

    private static func state(of element: Element, in screen: ScreenRun) -> Value {
        var state = ValueDictionary()
        for entry in element.displayState { state[entry.name] = entry.value }
        state["value"] = element.value(forKey: "wx_value")
        state["visible"] = element.value(forKey: "wx_visible")
        state["enabled"] = .bool(!(element.value(forKey: "wx_disabled").doubleValue.map { $0 != 0 } ?? false))
        state["type"] = .string(element.kind.typeName)
        state["placeholder"] = .array(screen.placeholderTargets(of: element).map(Value.string))
        return .dictionary(state)
    }
}
