import Foundation
import Testing
import WidgetryBundle
import WidgetryBundleFetch
import WidgetryExpressions
import WidgetryJSON
import WidgetryRuntime
import WidgetryScreen
import WidgetryService
import WidgetryServiceConfiguration
import WidgetryTestSupport

/// In a run, an upload that names a file reads it only inside the bundle (``ConfinedPath``):
/// `/etc/passwd`, `../` and a link out are refused before anything is read or sent.
struct UploadConfinementTests {
    static let stub = #"""
        {"options": {"debugDelay": 0}, "defaults": {"baseUrl": "https://stub.test/"},
         "actions": {"up": {"httpMethod": "POST", "isUpload": true, "multipart": {"media": "file"}, "response": {"ok": true}}}}
        """#

    @Test(arguments: ["/etc/passwd", "../outside.txt", "linked.txt", "file:///etc/passwd", "logo.txt"])
    func anUploadReadsOnlyFilesOfTheBundle(name: String) async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let base = scratch.path
        let root = base + "/bundle"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        let files = ["Info.json": #"{"identifier": "test.upload", "entryScreen": "S"}"#, "S.json": #"{"S": {}}"#,
                     "StubService.json": Self.stub, "logo.txt": "LOGO"]
        for (file, text) in files { try Data(text.utf8).write(to: URL(fileURLWithPath: root + "/" + file)) }
        try Data("SECRET".utf8).write(to: URL(fileURLWithPath: base + "/outside.txt"))
        try FileManager.default.createSymbolicLink(atPath: root + "/linked.txt", withDestinationPath: base + "/outside.txt")
        let bundle = try await BundleLoader().load(try BundleSource(argument: root)).bundle
        let widget = try WidgetRun(bundle: bundle, options: WidgetRun.Options(now: Date(timeIntervalSince1970: 0)))
        await widget.run()
        widget.engine.perform("up", argument: Value(json: try JSONParser.parse(#"{"file": "# + JSONValue(.string(name)).serialized() + "}").root))
        await widget.run()
        let error = widget.engine.events.last { $0.kind == .error }?.error
        if name == "logo.txt" {
            #expect(error == nil)
            #expect(String(decoding: try #require(widget.engine.requestLog.last?.request.body), as: UTF8.self).contains("LOGO"))
        } else {
            #expect(error?.code == .upload)
            #expect(error?.message.contains("bundle.path-escape") == true, "\(error?.message ?? "")")
            #expect(!widget.engine.requestLog.contains { String(decoding: $0.request.body, as: UTF8.self).contains("SECRET") })
        }
        await widget.shutdown()
    }
}
