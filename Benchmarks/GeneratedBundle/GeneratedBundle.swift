import Foundation
import WidgetryJSON

/// The bundle the schema and language-server benchmarks work on: the Feed sample's manifest,
/// model, stub service and scenarios, and `screens` screens made from its three by renaming each
/// screen's root key (and its file) to `Screen0000`….
public enum GeneratedBundle {
    /// The Feed sample's three screens, in the order the generated screens cycle through them.
    public static let templates = ["FeedViewController", "NewPostViewController", "PostDetailsViewController"]

    /// Writes the bundle into `directory` from the Feed sample at `feed`; returns the files'
    /// total size in bytes.
    public static func write(at directory: String, screens: Int, feed: String) throws -> Int {
        let manager = FileManager.default
        try manager.createDirectory(atPath: directory + "/Tests", withIntermediateDirectories: true)
        var bytes = 0
        func write(_ text: String, to path: String) throws {
            try Data(text.utf8).write(to: URL(fileURLWithPath: directory + "/" + path))
            bytes += text.utf8.count
        }
        for name in try manager.contentsOfDirectory(atPath: feed).sorted() where name.hasSuffix(".json") && !templates.contains(String(name.dropLast(5))) {
            try write(try String(contentsOfFile: feed + "/" + name, encoding: .utf8), to: name)
        }
        for name in try manager.contentsOfDirectory(atPath: feed + "/Tests").sorted() where name.hasSuffix(".scenario.json") {
            try write(try String(contentsOfFile: feed + "/Tests/" + name, encoding: .utf8), to: "Tests/" + name)
        }
        let parsed = try templates.map { name in (name, try JSONParser.parse(try Data(contentsOf: URL(fileURLWithPath: feed + "/\(name).json")).map { $0 }).root) }
        for index in 0..<screens {
            let (template, root) = parsed[index % parsed.count]
            let name = String(format: "Screen%04d", index)
            var renamed = JSONObject()
            for member in root.objectValue ?? JSONObject() {
                renamed[member.key == template ? name : member.key] = member.value
            }
            try write(JSONValue(.object(renamed)).serialized(JSONWritingOptions(pretty: true)) + "\n", to: name + ".json")
        }
        return bytes
    }
}
