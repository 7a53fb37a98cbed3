import Foundation
import WidgetryExpressions
public import WidgetryJSON
import WidgetryService
import WidgetryStore
import WidgetryScreen

/// The JSON snapshot of a run (`widgetry run --format json`): what ``SnapshotText`` prints, for
/// programs. Keys in a fixed order; the same run gives the same bytes.
public enum SnapshotJSON {
    public static func render(_ run: WidgetRun) -> JSONValue {
        render(Snapshot(run))
    }

    public static func render(_ snapshot: Snapshot) -> JSONValue {
        var root = JSONObject()
        root["screen"] = string(snapshot.screen)
        if !snapshot.patchedFiles.isEmpty { root["patchedFiles"] = JSONValue(.array(snapshot.patchedFiles.map(string))) }
        root["stack"] = JSONValue(.array(snapshot.stack.map(string)))
        root["time"] = JSONValue(.double(snapshot.time))
        root["date"] = string(TimeLabel.iso(snapshot.date))
        root["content"] = value(snapshot.content)
        root["dismissed"] = JSONValue(.bool(snapshot.dismissed))
        root["navigation"] = JSONValue(.array(snapshot.navigation.map(element)))
        root["views"] = snapshot.views.map(element) ?? JSONValue(.null)
        root["tables"] = JSONValue(.array(snapshot.tables.map { table in
            var json = JSONObject()
            json["table"] = string(table.table)
            json["controller"] = string(table.controller)
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
        }))
        if !snapshot.maps.isEmpty {
            root["maps"] = JSONValue(.array(snapshot.maps.map { map in
                JSONValue(.object(object([
                    ("view", string(map.view)), ("controller", string(map.controller)),
                    ("markers", JSONValue(.array(map.markers.map { marker in
                        JSONValue(.object(object([("title", value(marker.title)), ("latitude", value(marker.latitude)),
                                                  ("longitude", value(marker.longitude))])))
                    }))),
                ])))
            }))
        }
        root["statuses"] = JSONValue(.array(snapshot.statuses.map { status in
            JSONValue(.object(object([
                ("name", string(status.name)), ("action", value(status.action)), ("inProgress", JSONValue(.bool(status.inProgress.isOn))),
                ("isSuccess", JSONValue(.bool(status.isSuccess.isOn))), ("isFailure", JSONValue(.bool(status.isFailure.isOn))),
                ("progress", JSONValue(.double(status.progress.doubleValue ?? 0))),
            ])))
        }))
        root["alerts"] = JSONValue(.array(snapshot.alerts.map { alert in
            JSONValue(.object(object([("time", JSONValue(.double(alert.time))), ("title", string(alert.title)), ("message", string(alert.message))])))
        }))
        root["requests"] = JSONValue(.array(snapshot.requests.map { request in
            let headers = request.lines.dropFirst().prefix { !$0.isEmpty }
            let body = request.lines.dropFirst(1 + headers.count + 1)
            var json = object([
                ("time", JSONValue(.double(request.time))), ("action", string(request.action)),
                ("method", string(request.method)), ("url", string(request.url)),
                ("headers", JSONValue(.array(headers.map(string)))), ("body", body.isEmpty ? JSONValue(.null) : string(body.joined(separator: "\n"))),
                ("signedAs", request.signedAs.map(string) ?? JSONValue(.null)),
            ])
            // Only a redirected request has one, so other snapshots read as before.
            if let original = request.originalURL { json["originalURL"] = string(original) }
            return JSONValue(.object(json))
        }))
        root["events"] = JSONValue(.array(snapshot.events.map { event in
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
        root["changes"] = JSONValue(.array(snapshot.changes.map { entry in
            JSONValue(.object(object([("time", JSONValue(.double(entry.time))), ("element", entry.change.elementID.map(string) ?? JSONValue(.null)),
                                      ("property", string(entry.change.property)), ("old", value(entry.change.old)), ("new", value(entry.change.new))])))
        }))
        if let store = snapshot.store {
            root["store"] = JSONValue(.object(object(store.map { ($0.entity, JSONValue(.integer(Int64($0.count)))) })))
        }
        root["problems"] = JSONValue(.array(snapshot.problems.map { problem in
            JSONValue(.object(object([("code", string(problem.code.rawValue)), ("message", string(problem.message)), ("file", string(problem.file)),
                                      ("line", problem.location.map { JSONValue(.integer(Int64($0.line))) } ?? JSONValue(.null)),
                                      ("column", problem.location.map { JSONValue(.integer(Int64($0.column))) } ?? JSONValue(.null)),
                                      ("pointer", problem.pointer.map { string($0.description) } ?? JSONValue(.null))])))
        }))
        return JSONValue(.object(root))
    }

    private static func element(_ element: Snapshot.ElementState) -> JSONValue {
        var json = JSONObject()
        json["id"] = element.id.map(string) ?? JSONValue(.null)
        json["type"] = string(element.type)
        json["state"] = JSONValue(.object(object(element.state.map { ($0.name, value($0.value)) })))
        if !element.placeholders.isEmpty { json["placeholder"] = JSONValue(.array(element.placeholders.map(string))) }
        if !element.children.isEmpty { json["children"] = JSONValue(.array(element.children.map(SnapshotJSON.element))) }
        return JSONValue(.object(json))
    }

    static func value(_ value: Value) -> JSONValue {
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
