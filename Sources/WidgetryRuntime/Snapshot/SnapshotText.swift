import Foundation
public import WidgetryExpressions
import WidgetryJSON
import WidgetryService
import WidgetryStore
import WidgetryScreen

/// The text snapshot of a run (`widgetry run`): the screen's elements with their state, each
/// table's rows with their cells, statuses, alerts, requests, events and the store. The same run
/// gives the same bytes on every machine.
public enum SnapshotText {
    public static func render(_ run: WidgetRun) -> String {
        render(Snapshot(run))
    }

    public static func render(_ snapshot: Snapshot) -> String {
        var lines: [String] = []
        lines.append("screen \(snapshot.screen) at \(RunTimeText.seconds(snapshot.time)) (\(TimeLabel.iso(snapshot.date)))")
        if !snapshot.patchedFiles.isEmpty { lines.append("patched by the host profile: " + snapshot.patchedFiles.joined(separator: ", ")) }
        if snapshot.stack.count > 1 { lines.append("stack: " + snapshot.stack.joined(separator: " > ")) }
        lines.append("content: \(describe(snapshot.content))")
        if snapshot.dismissed { lines.append("dismissed") }
        if !snapshot.navigation.isEmpty || snapshot.navigationTitle != nil {
            lines.append("navigation:")
            if let title = snapshot.navigationTitle { lines.append("  title: " + describe(.string(title))) }
            for item in snapshot.navigation { lines += tree(item, indent: 1) }
        }
        if let root = snapshot.views {
            lines.append("views:")
            lines += tree(root, indent: 1)
        }
        for table in snapshot.tables {
            let rows = table.rows.count
            lines.append("table \(table.table) (\(table.controller)): \(table.sections.count) section\(table.sections.count == 1 ? "" : "s"), \(rows) row\(rows == 1 ? "" : "s")")
            for (sectionIndex, section) in table.sections.enumerated() {
                lines.append("  section \(sectionIndex)" + (section.name.isEmpty ? "" : " \"\(section.name)\""))
                for (rowIndex, row) in section.rows.enumerated() {
                    lines.append("    row \(rowIndex) (\(row.reuseIdentifier)) \(describe(row.object))")
                    for (id, element) in row.elements { lines.append("      " + line(id: id, element)) }
                }
            }
        }
        for map in snapshot.maps {
            lines.append("map \(map.view) (\(map.controller)): \(map.markers.count) marker\(map.markers.count == 1 ? "" : "s")")
            for marker in map.markers {
                lines.append("  marker \(describe(marker.title)) at \(describe(marker.latitude)),\(describe(marker.longitude))")
            }
        }
        if !snapshot.statuses.isEmpty {
            lines.append("statuses:")
            for status in snapshot.statuses {
                var state = status.inProgress.isOn ? "inProgress" : status.isSuccess.isOn ? "isSuccess" : status.isFailure.isOn ? "isFailure" : "idle"
                if status.inProgress.isOn, let progress = status.progress.doubleValue, progress > 0 {
                    state += " \(Int((min(progress, 1) * 100).rounded()))%"
                }
                lines.append("  \(status.name) (\(status.action.stringValue ?? "?")): \(state)")
            }
        }
        lines.append("alerts:" + (snapshot.alerts.isEmpty ? " none" : ""))
        for alert in snapshot.alerts {
            lines.append("  \(RunTimeText.seconds(alert.time)) \(JSONValue(.string(alert.title)).serialized()): \(JSONValue(.string(alert.message)).serialized())")
        }
        lines.append("requests:" + (snapshot.requests.isEmpty ? " none" : ""))
        lines += requestLines(snapshot.requests)
        lines.append("events:" + (snapshot.events.isEmpty ? " none" : ""))
        lines += snapshot.events.map { "  \($0)" }
        lines.append("changes:" + (snapshot.changes.isEmpty ? " none" : ""))
        lines += snapshot.changes.map { entry in
            "  \(RunTimeText.seconds(entry.time)) \(entry.change.elementID ?? "-").\(entry.change.property): \(describe(entry.change.old)) -> \(describe(entry.change.new))"
        }
        if let store = snapshot.store {
            lines.append("store: " + store.map { "\($0.entity) \($0.count)" }.joined(separator: ", "))
        }
        if !snapshot.problems.isEmpty {
            lines.append("problems:")
            lines += snapshot.problems.map { "  " + $0.description.replacingOccurrences(of: "\n", with: "\n  ") }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Requests, two spaces in: each request's run time and first line, then its headers and
    /// body further in (secrets already redacted).
    public static func requestLines(_ requests: [Snapshot.Request]) -> [String] {
        requests.flatMap { request -> [String] in
            var lines = ["  \(RunTimeText.seconds(request.time)) \(request.lines[0])"] + request.lines.dropFirst().map { $0.isEmpty ? "" : "    " + $0 }
            if let level = request.signedAs { lines.append("    (signed as the \(level))") }
            if let fallback = request.parameterFallback { lines.append("    (parameters sent unsubstituted: \(fallback))") }
            return lines
        }
    }

    private static func tree(_ element: Snapshot.ElementState, indent: Int) -> [String] {
        [String(repeating: "  ", count: indent) + line(id: element.id, element)] + element.children.flatMap { tree($0, indent: indent + 1) }
    }

    /// `id (Type): name=value …`, and which bound targets show their placeholder.
    private static func line(id: String?, _ element: Snapshot.ElementState) -> String {
        let state = element.state.map { "\($0.name)=\(describe($0.value))" }.joined(separator: " ")
        return (id ?? "-") + " (\(element.type))" + (state.isEmpty ? "" : ": " + state)
            + (element.placeholders.isEmpty ? "" : " [placeholder: \(element.placeholders.joined(separator: ", "))]")
    }

    /// A value as snapshots print it: JSON for text, numbers and booleans (`true`), dates in
    /// ISO 8601, objects by their description; what a failed expectation shows too.
    public static func describe(_ value: Value) -> String {
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
