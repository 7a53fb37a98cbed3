import Foundation
import Testing
import WidgetryBundle
import WidgetryLint
import WidgetryTestSupport

/// `widgetry validate` reports a golden, picture golden or picked file a scenario names outside its `Tests/`
/// folder at the name, by its text and through a link (`bundle.path-escape`).
struct ScenarioPathValidationTests {
    @Test func aGoldenOutsideTestsIsAFindingAtItsName() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let base = scratch.path
        try FileManager.default.createDirectory(atPath: base + "/b/Tests", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: base + "/outside", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: base + "/b/Tests/out", withDestinationPath: base + "/outside")
        try Data(#"{"identifier": "test.paths"}"#.utf8).write(to: URL(fileURLWithPath: base + "/b/Info.json"))
        let scenario = """
            {"steps": [
              {"golden": "../Info.json"},
              {"golden": "/etc/passwd"},
              {"pickMedia": "out/photo.jpg", "with": "picker"},
              {"golden": "goldens/fine.txt"},
              {"picture": "out/shot.png"}
            ]}
            """
        try Data(scenario.utf8).write(to: URL(fileURLWithPath: base + "/b/Tests/a.scenario.json"))
        let outcome = try BundleValidator().validate(directory: base + "/b", displayPrefix: "b/")
        let escapes = outcome.report.diagnostics.filter { $0.code == "bundle.path-escape" }
        #expect(escapes.map { "\($0.file):\($0.location?.line ?? 0):\($0.location?.column ?? 0) \($0.pointer?.description ?? "")" } == [
            "b/Tests/a.scenario.json:2:14 /steps/0/golden",
            "b/Tests/a.scenario.json:3:14 /steps/1/golden",
            "b/Tests/a.scenario.json:4:17 /steps/2/pickMedia",
            "b/Tests/a.scenario.json:6:15 /steps/4/picture",
        ])
        #expect(escapes.allSatisfy { $0.hint != nil && $0.severity == .error })
    }
}
