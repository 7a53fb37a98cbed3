import Foundation
import WidgetryBundle
import WidgetryRuntime
import WidgetryTestSupport

/// A bundle with one screen `S` over a one-entity model (`Item`), written to a scratch folder:
/// what the hostile-bundle and render-settling tests run their screens in.
enum ItemScreenBundle {
    static let info = #"{"identifier": "dev.example.Hostile", "name": "Hostile", "version": "1.0", "entryScreen": "S", "formatVersion": 1}"#
    static let model = #"""
        {"entities": {"Item": {"identityAttribute": "itemId", "attributes": {
          "itemId": {"type": "String", "JSONKeyPath": "id"}, "name": {"type": "String", "optional": true, "JSONKeyPath": "name"}}}}}
        """#
    /// A stub action `items` that imports one item.
    static let itemsAction = #"{"items": {"path": "items", "resultType": "[Item]", "response": [{"id": "1", "name": "one"}]}}"#

    /// Writes `Info.json`, `Model.json`, a stub file with `actions` and the screen `S` with
    /// `screen` as its body to `scratch`, then loads it with `options` (time 0 by default).
    static func run(screen: String, actions: String = itemsAction, in scratch: TemporaryDirectory,
                    options: WidgetRun.Options = WidgetRun.Options(now: Date(timeIntervalSince1970: 0))) throws -> WidgetRun {
        try write(["Info.json": info, "Model.json": model, "StubService.json": #"{"defaults": {"baseUrl": "https://test/"}, "actions": \#(actions)}"#,
                   "S.json": #"{"S": \#(screen)}"#], to: scratch.path)
        return try WidgetRun(bundle: WidgetBundle(directory: scratch.path), options: options)
    }

    /// Writes each file's text at its name under `folder`.
    static func write(_ files: [String: String], to folder: String) throws {
        for (name, text) in files { try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/" + name)) }
    }
}
