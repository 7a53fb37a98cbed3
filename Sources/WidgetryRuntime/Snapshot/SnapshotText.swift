import Foundation
import WidgetryExpressions
import WidgetryJSON
public import WidgetryService
import WidgetryStore

/// The text snapshot of a run (`widgetry run`): the screen's elements with their state, each
/// table's rows with their cells, statuses, alerts, requests, events and the store. The same run
/// gives the same bytes on every machine.
public enum SnapshotText {
    public static func render(_ run: WidgetRun) -> String {
        let screen = run.screen
        var lines: [String] = []
        lines.append("screen \(screen.document.name) at \(RunTimeText.seconds(run.timeline.now)) (\(TimeLabel.iso(run.timeline.date)))")
        if run.stack.count > 1 { lines.append("stack: " + run.stack.map(\.document.name).joined(separator: " > ")) }
        lines.append("content: \(describe(screen.controller.content))")
        if screen.controller.isDismissed { lines.append("dismissed") }
        if screen.titleView != nil || !screen.barButtonItems.isEmpty {
            lines.append("navigation:")
            if let title = screen.titleView { lines += tree(title, indent: 1, in: screen) }
            for item in screen.barButtonItems { lines += tree(item, indent: 1, in: screen) }
        }
        if let root = screen.root {
            lines.append("views:")
            lines += tree(root, indent: 1, in: screen)
        }
        for object in screen.objects where object.type.showsRows {
            guard let table = screen.tables[object.id] else { continue }
            let rows = table.sections.reduce(0) { $0 + $1.rows.count }
            lines.append("table \(table.tableID) (\(object.id)): \(table.sections.count) section\(table.sections.count == 1 ? "" : "s"), \(rows) row\(rows == 1 ? "" : "s")")
            for (sectionIndex, section) in table.sections.enumerated() {
                lines.append("  section \(sectionIndex)" + (section.name.isEmpty ? "" : " \"\(section.name)\""))
                for (rowIndex, row) in section.rows.enumerated() {
                    lines.append("    row \(rowIndex) (\(row.reuseIdentifier)) \(describe(row.object))")
                    for (id, element) in row.elements { lines.append("      " + line(id: id, element, in: screen)) }
                }
            }
        }
        let statuses = SnapshotJSON.statuses(screen)
        if !statuses.isEmpty {
            lines.append("statuses:")
            for (name, status) in statuses {
                var state = ["inProgress", "isSuccess", "isFailure"].first { status.value(forKey: $0).isOn } ?? "idle"
                if state == "inProgress", let progress = status.value(forKey: "progress").doubleValue, progress > 0 {
                    state += " \(Int((min(progress, 1) * 100).rounded()))%"
                }
                lines.append("  \(name) (\(status.attribute("actionName").stringValue ?? "?")): \(state)")
            }
        }
        lines.append("alerts:" + (screen.alerts.isEmpty ? " none" : ""))
        for alert in screen.alerts {
            lines.append("  \(RunTimeText.seconds(alert.time)) \(JSONValue(.string(alert.title)).serialized()): \(JSONValue(.string(alert.message)).serialized())")
        }
        lines.append("requests:" + (run.engine.requestLog.isEmpty ? " none" : ""))
        lines += requestLines(run.engine, credentials: run.options.credentials)
        lines.append("events:" + (run.engine.events.isEmpty ? " none" : ""))
        lines += run.engine.events.map { "  \($0)" }
        lines.append("changes:" + (screen.changes.isEmpty ? " none" : ""))
        lines += screen.changes.map { entry in
            "  \(RunTimeText.seconds(entry.time)) \(entry.change.elementID ?? "-").\(entry.change.property): \(describe(entry.change.old)) -> \(describe(entry.change.new))"
        }
        if let store = run.store {
            let counts = store.model.entities.map { entity in "\(entity.name) \(store.objects(of: entity.name, includingDescendants: false).count)" }
            lines.append("store: " + counts.joined(separator: ", "))
        }
        if !screen.problems.isEmpty {
            lines.append("problems:")
            lines += screen.problems.map { "  " + $0.description.replacingOccurrences(of: "\n", with: "\n  ") }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The engine's request log, two spaces in: each request's run time and first line, then
    /// its headers and body further in (secrets redacted).
    public static func requestLines(_ engine: ActionEngine, credentials: Credentials?) -> [String] {
        engine.requestLog.flatMap { logged -> [String] in
            let request = logged.request.logLines(redacting: credentials)
            var lines = ["  \(RunTimeText.seconds(logged.time)) \(request[0])"] + request.dropFirst().map { $0.isEmpty ? "" : "    " + $0 }
            if let level = logged.signedAs { lines.append("    (signed as the \(level.rawValue))") }
            if let fallback = logged.parameterFallback { lines.append("    (parameters sent unsubstituted: \(fallback.message))") }
            return lines
        }
    }

    private static func tree(_ element: Element, indent: Int, in screen: ScreenRun) -> [String] {
        [String(repeating: "  ", count: indent) + line(id: element.id, element, in: screen)]
            + element.children.flatMap { tree($0, indent: indent + 1, in: screen) }
    }

    /// `id (Type): name=value …`, and which bound targets show their placeholder.
    private static func line(id: String?, _ element: Element, in screen: ScreenRun) -> String {
        let state = element.displayState.map { "\($0.name)=\(describe($0.value))" }.joined(separator: " ")
        let placeholders = screen.placeholderTargets(of: element)
        return (id ?? "-") + " (\(element.kind.typeName))" + (state.isEmpty ? "" : ": " + state)
            + (placeholders.isEmpty ? "" : " [placeholder: \(placeholders.joined(separator: ", "))]")
    }

    /// A value as snapshots print it: JSON for text and numbers, objects by their description.
    static func describe(_ value: Value) -> String {
        switch value {
        case .null: "null"
        case .bool(let flag): flag ? "true" : "false"
        case .string(let text): JSONValue(.string(text)).serialized()
        case .int, .double: value.description
        case .date(let date): TimeLabel.iso(date)
        case .object(let object): object.keyValueDescription
        case .array(let items): "[" + items.map(describe).joined(separator: ", ") + "]"
        default: value.description
        }
    }
}

/// Dates as snapshots print them (run times: ``RunTimeText``).
enum TimeLabel {
    static func iso(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: date)
    }
}
