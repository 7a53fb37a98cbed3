import Foundation
import WidgetryExpressions
public import WidgetryJSON
import WidgetryService
import WidgetryStore
package import WidgetryScreen

/// The JSON snapshot of a run (`widgetry run --format json`): what ``SnapshotText`` prints, for
/// programs. Keys in a fixed order; the same run gives the same bytes.
public enum SnapshotJSON {
    public static func render(_ run: WidgetRun) -> JSONValue {
        let screen = run.screen
        var root = JSONObject()
        root["screen"] = string(screen.document.name)
        root["stack"] = JSONValue(.array(run.stack.map { string($0.document.name) }))
        root["time"] = JSONValue(.double(run.timeline.now))
        root["date"] = string(TimeLabel.iso(run.timeline.date))
        root["content"] = value(screen.controller.content)
        root["dismissed"] = JSONValue(.bool(screen.controller.isDismissed))
        let element = { (item: Element) in SnapshotJSON.element(item, in: screen) }
        root["navigation"] = JSONValue(.array(([screen.titleView].compactMap { $0 } + screen.barButtonItems).map(element)))
        root["views"] = screen.root.map(element) ?? JSONValue(.null)
        root["tables"] = JSONValue(.array(screen.objects.filter(\.type.showsRows).compactMap { controller in
            screen.tables[controller.id].map { table in
                var json = JSONObject()
                json["table"] = string(table.tableID)
                json["controller"] = string(controller.id)
                json["sections"] = JSONValue(.array(table.sections.map { section in
                    var sectionJSON = JSONObject()
                    sectionJSON["name"] = string(section.name)
                    sectionJSON["rows"] = JSONValue(.array(section.rows.map { row in
                        var rowJSON = JSONObject()
                        rowJSON["object"] = value(row.object)
                        rowJSON["reuseIdentifier"] = string(row.reuseIdentifier)
                        rowJSON["elements"] = JSONValue(.array(row.elements.map { element($0.element) }))
                        return JSONValue(.object(rowJSON))
                    }))
                    return JSONValue(.object(sectionJSON))
                }))
                return JSONValue(.object(json))
            }
        }))
        root["statuses"] = JSONValue(.array(statuses(screen).map { name, status in
            var json = JSONObject()
            json["name"] = string(name)
            json["action"] = value(status.attribute("actionName"))
            for flag in ["inProgress", "isSuccess", "isFailure"] { json[flag] = JSONValue(.bool(status.value(forKey: flag).isOn)) }
            json["progress"] = JSONValue(.double(status.value(forKey: "progress").doubleValue ?? 0))
            return JSONValue(.object(json))
        }))
        root["alerts"] = JSONValue(.array(screen.alerts.map { alert in
            JSONValue(.object(object([("time", JSONValue(.double(alert.time))), ("title", string(alert.title)), ("message", string(alert.message))])))
        }))
        root["requests"] = JSONValue(.array(run.engine.requestLog.map { logged in
            let lines = logged.request.logLines(redacting: run.options.credentials)
            let headers = lines.dropFirst().prefix { !$0.isEmpty }
            let body = lines.dropFirst(1 + headers.count + 1)
            return JSONValue(.object(object([
                ("time", JSONValue(.double(logged.time))), ("action", string(logged.request.action)),
                ("method", string(logged.request.method.rawValue)), ("url", string(logged.request.url)),
                ("headers", JSONValue(.array(headers.map(string)))), ("body", body.isEmpty ? JSONValue(.null) : string(body.joined(separator: "\n"))),
                ("signedAs", logged.signedAs.map { string($0.rawValue) } ?? JSONValue(.null)),
            ])))
        }))
        root["events"] = JSONValue(.array(run.engine.events.map { event in
            var json = object([("time", JSONValue(.double(event.time))), ("name", string(event.name)), ("action", string(event.action)),
                               ("kind", string(event.kind.rawValue.lowercased())), ("sender", event.sender.map(string) ?? JSONValue(.null))])
            if let progress = event.progress { json["progress"] = JSONValue(.double(progress)) }
            if !event.objects.isEmpty { json["objects"] = JSONValue(.array(event.objects.map { string($0.description) })) }
            if let error = event.error {
                json["error"] = JSONValue(.object(object([("code", string(error.code.rawValue)), ("message", string(error.message)),
                                                          ("status", error.status.map { JSONValue(.integer(Int64($0))) } ?? JSONValue(.null))])))
            }
            return JSONValue(.object(json))
        }))
        root["changes"] = JSONValue(.array(screen.changes.map { entry in
            JSONValue(.object(object([("time", JSONValue(.double(entry.time))), ("element", entry.change.elementID.map(string) ?? JSONValue(.null)),
                                      ("property", string(entry.change.property)), ("old", value(entry.change.old)), ("new", value(entry.change.new))])))
        }))
        if let store = run.store {
            root["store"] = JSONValue(.object(object(store.model.entities.map { entity in
                (entity.name, JSONValue(.integer(Int64(store.objects(of: entity.name, includingDescendants: false).count))))
            })))
        }
        root["problems"] = JSONValue(.array(screen.problems.map { problem in
            JSONValue(.object(object([("code", string(problem.code.rawValue)), ("message", string(problem.message)), ("file", string(problem.file)),
                                      ("line", problem.location.map { JSONValue(.integer(Int64($0.line))) } ?? JSONValue(.null)),
                                      ("column", problem.location.map { JSONValue(.integer(Int64($0.column))) } ?? JSONValue(.null)),
                                      ("pointer", problem.pointer.map { string($0.description) } ?? JSONValue(.null))])))
        }))
        return JSONValue(.object(root))
    }

    /// The declared status controllers, then the per-call statuses of action controllers.
    package static func statuses(_ screen: ScreenRun) -> [(String, ScreenObject)] {
        screen.objects.filter { $0.type == .actionStatusController }.map { ($0.id, $0) }
            + screen.objects.filter(\.type.isActionController).compactMap { object -> (String, ScreenObject)? in
                guard case .object(let status) = object.value(forKey: "status"), let status = status as? ScreenObject else { return nil }
                return ("\(object.id).status", status)
            }
    }

    private static func element(_ element: Element, in screen: ScreenRun) -> JSONValue {
        var json = JSONObject()
        json["id"] = element.id.map(string) ?? JSONValue(.null)
        json["type"] = string(element.kind.typeName)
        json["state"] = JSONValue(.object(object(element.displayState.map { ($0.name, value($0.value)) })))
        let placeholders = screen.placeholderTargets(of: element)
        if !placeholders.isEmpty { json["placeholder"] = JSONValue(.array(placeholders.map(string))) }
        if !element.children.isEmpty { json["children"] = JSONValue(.array(element.children.map { SnapshotJSON.element($0, in: screen) })) }
        return JSONValue(.object(json))
    }

    private static func value(_ value: Value) -> JSONValue {
        switch value {
        case .null: JSONValue(.null)
        case .bool(let flag): JSONValue(.bool(flag))
        case .int(let number): JSONValue(.integer(number))
        case .double(let number): JSONValue(.double(number))
        case .string(let text): JSONValue(.string(text))
        case .date(let date): JSONValue(.string(TimeLabel.iso(date)))
        case .array(let items): JSONValue(.array(items.map(SnapshotJSON.value)))
        case .object(let object): JSONValue(.string(object.keyValueDescription))
        default: JSONValue(.string(value.description))
        }
    }

    private static func string(_ text: String) -> JSONValue { JSONValue(.string(text)) }

    private static func object(_ members: [(String, JSONValue)]) -> JSONObject {
        var object = JSONObject()
        for (key, value) in members { object[key] = value }
        return object
    }
}
