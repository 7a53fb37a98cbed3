public import WidgetryExpressions
import WidgetryJSON
public import WidgetryRuntime
import WidgetryScreen

/// What a scenario's expectations are evaluated against: the JSON snapshot of the run, with
/// friendlier views added — `elements.<id>` (its state plus `value`, `visible`, `enabled`),
/// `tables.<table id>` (`rows`, `sections`, each row's `object` and `elements`), and
/// `statuses.<name>` (a status controller's id, or an action controller's id for the status of
/// its last call).
public enum ScenarioScope {
    public static func make(_ run: WidgetRun) -> Value {
        make(Snapshot(run))
    }

    public static func make(_ snapshot: Snapshot) -> Value {
        guard case .dictionary(var root) = Value(json: SnapshotJSON.render(snapshot)) else { return .null }
        var elements = ValueDictionary()
        for (id, element) in snapshot.namedElements where elements[id] == nil { elements[id] = state(of: element) }
        root["elements"] = .dictionary(elements)
        var tables = ValueDictionary()
        for table in snapshot.tables.sorted(by: { $0.table < $1.table }) {
            func row(_ row: Snapshot.Table.Row) -> Value {
                var cells = ValueDictionary()
                for (id, element) in row.elements where cells[id] == nil { cells[id] = state(of: element) }
                return .dictionary(["object": row.object, "reuseIdentifier": .string(row.reuseIdentifier), "elements": .dictionary(cells)])
            }
            let sections = table.sections.map { section in
                Value.dictionary(["name": .string(section.name), "rows": .array(section.rows.map(row))])
            }
            tables[table.table] = .dictionary(["sections": .array(sections), "rows": .array(table.rows.map(row))])
        }
        root["tables"] = .dictionary(tables)
        var statuses = ValueDictionary()
        for status in snapshot.statuses {
            // A per-call status (`currentUserAction.status`) is found under its controller's id.
            let key = status.name.hasSuffix(".status") ? String(status.name.dropLast(".status".count)) : status.name
            statuses[key] = .dictionary(["inProgress": status.inProgress, "isSuccess": status.isSuccess,
                                          "isFailure": status.isFailure, "progress": status.progress, "action": status.action])
        }
        root["statuses"] = .dictionary(statuses)
        root["content"] = snapshot.content
        return .dictionary(root)
    }

    private static func state(of element: Snapshot.ElementState) -> Value {
        var state = ValueDictionary()
        for entry in element.state { state[entry.name] = entry.value }
        state["value"] = element.value
        state["visible"] = element.visible
        state["enabled"] = .bool(element.enabled)
        state["type"] = .string(element.type)
        state["placeholder"] = .array(element.placeholders.map(Value.string))
        return .dictionary(state)
    }
}
