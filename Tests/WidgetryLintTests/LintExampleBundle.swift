import Foundation
import WidgetryBundle
import WidgetryLint

/// An example of a rule written out as a bundle: markers removed from the files and their
/// places kept, missing files filled with a small model, stub and manifest.
struct LintExampleBundle {
    /// Where each marker was, in marker order: the file and the 1-based line and column of the
    /// character after it.
    var expected: [(file: String, line: Int, column: Int)] = []
    let directory: String

    static let model = #"""
        {"entities": {
          "User": {"identityAttribute": "userId", "attributes": {
            "userId": {"type": "String", "JSONKeyPath": "id"}, "name": {"type": "String", "optional": true, "JSONKeyPath": "name"}},
            "relationships": {"posts": {"destination": "Post", "toMany": true, "inverse": "author"}}},
          "Post": {"identityAttribute": "postId", "attributes": {
            "postId": {"type": "String", "JSONKeyPath": "id"}, "text": {"type": "String", "optional": true, "JSONKeyPath": "text"},
            "favoritesCount": {"type": "Integer 32", "default": 0, "JSONKeyPath": "likes"},
            "timestamp": {"type": "Date", "optional": true, "JSONKeyPath": "date"}},
            "relationships": {"author": {"destination": "User", "inverse": "posts", "JSONKeyPath": "user"}}}}}
        """#
    static let stub = #"""
        {"defaults": {"baseUrl": "https://stub.test/"}, "actions": {
          "load": {"resultType": "[Post]", "response": []},
          "post": {"httpMethod": "POST", "parameters": {"status": "$text"}, "response": {}}}}
        """#
    static let manifest = #"{"identifier": "test.lint", "entryScreen": "S", "formatVersion": 1}"#

    init(_ example: LintExample) throws {
        directory = NSTemporaryDirectory() + "widgetry-lint-example-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        var files = example.files
        if files["Model.json"] == nil { files["Model.json"] = Self.model }
        if files["StubService.json"] == nil { files["StubService.json"] = Self.stub }
        if files["Info.json"] == nil { files["Info.json"] = Self.manifest }
        var found: [(marker: Int, file: String, line: Int, column: Int)] = []
        for (name, text) in files.sorted(by: { $0.key < $1.key }) {
            var clean = ""
            var line = 1, column = 1
            var rest = Substring(text)
            while !rest.isEmpty {
                if let marker = LintExample.markers.firstIndex(where: { rest.hasPrefix($0) }) {
                    found.append((marker, name, line, column))
                    rest = rest.dropFirst(LintExample.markers[marker].count)
                    continue
                }
                let character = rest.removeFirst()
                clean.append(character)
                if character == "\n" {
                    line += 1
                    column = 1
                } else {
                    column += character.unicodeScalars.count
                }
            }
            let path = directory + "/" + name
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(clean.utf8).write(to: URL(fileURLWithPath: path))
            if example.executable.contains(name) { try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path) }
        }
        expected = found.sorted { $0.marker < $1.marker }.map { ($0.file, $0.line, $0.column) }
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: directory)
    }
}
