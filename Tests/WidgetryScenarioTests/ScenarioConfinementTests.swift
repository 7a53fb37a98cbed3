import Foundation
import Testing
import WidgetryBundle
import WidgetryBundleFetch
import WidgetryJSON
import WidgetryRuntime
import WidgetryScreen
@testable import WidgetryScenario
import WidgetryTestSupport

/// Hostile scenarios: goldens and picked media named outside the scenario's `Tests/` folder are
/// refused (`bundle.path-escape`), by name when the scenario is read and through links when the
/// file is reached, and nothing outside is read or written.
struct ScenarioConfinementTests {
    private func feed() async throws -> WidgetBundle {
        try await BundleLoader().load(try BundleSource(argument: ScenarioTests.feed.path)).bundle
    }

    /// A folder `<tmp>/bundle/Tests` holding nothing yet, and a sibling `<tmp>/outside`.
    private func folders() throws -> (tests: String, outside: String, cleanup: () -> Void) {
        let base = try TemporaryDirectory().path
        try FileManager.default.createDirectory(atPath: base + "/bundle/Tests", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: base + "/outside", withIntermediateDirectories: true)
        return (base + "/bundle/Tests", base + "/outside", { try? FileManager.default.removeItem(atPath: base) })
    }

    @Test(arguments: ["../escape.txt", "goldens/../../escape.txt", "/etc/passwd", "~/x.txt", "a\\b.txt", "", "./"])
    func aNamedEscapeIsALocatedErrorWhenTheScenarioIsRead(name: String) throws {
        let text = #"{"steps": [{"golden": "# + JSONValue(.string(name)).serialized() + "}, {\"pickMedia\": "
            + JSONValue(.string(name)).serialized() + #", "with": "picker"}]}"#
        #expect {
            _ = try ScenarioReader.read(try JSONParser.parse(text, fileName: "/b/Tests/x.scenario.json"), file: "/b/Tests/x.scenario.json")
        } throws: { error in
            guard let errors = error as? ScenarioErrors else { return false }
            return errors.errors.count == 2 && errors.errors.allSatisfy {
                $0.code == .pathEscape && $0.code.rawValue == "bundle.path-escape" && $0.location?.line == 1 && $0.hint != nil
            } && errors.errors.map(\.pointer?.description) == ["/steps/0/golden", "/steps/1/pickMedia"]
        }
    }

    @Test func updateDoesNotWriteAGoldenThroughALinkedFolder() async throws {
        let (tests, outside, cleanup) = try folders()
        defer { cleanup() }
        try FileManager.default.createSymbolicLink(atPath: tests + "/goldens", withDestinationPath: outside)
        let file = tests + "/x.scenario.json"
        let script = try ScenarioReader.read(try JSONParser.parse(#"{"steps": [{"golden": "goldens/g.txt"}]}"#, fileName: file), file: file)
        let result = await ScenarioRunner(updatesGoldens: true).run(script, bundle: try await feed())
        #expect(result.goldensWritten.isEmpty)
        #expect(result.failures.first?.message.contains("[bundle.path-escape]") == true)
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside).isEmpty)
    }

    @Test func aGoldenLinkedToAFileOutsideIsNotReadIntoTheDiff() async throws {
        let (tests, outside, cleanup) = try folders()
        defer { cleanup() }
        try Data("secret line\n".utf8).write(to: URL(fileURLWithPath: outside + "/secret.txt"))
        try FileManager.default.createSymbolicLink(atPath: tests + "/g.txt", withDestinationPath: outside + "/secret.txt")
        let file = tests + "/x.scenario.json"
        let script = try ScenarioReader.read(try JSONParser.parse(#"{"steps": [{"golden": "g.txt"}]}"#, fileName: file), file: file)
        for update in [false, true] {
            let result = await ScenarioRunner(updatesGoldens: update).run(script, bundle: try await feed())
            let message = try #require(result.failures.first?.message)
            #expect(message.contains("[bundle.path-escape]"))
            #expect(!message.contains("secret line"))
        }
        #expect(try String(contentsOfFile: outside + "/secret.txt", encoding: .utf8) == "secret line\n")
    }

    @Test func aPickedFileLinkedOutsideIsRefusedBeforeItIsRead() async throws {
        let (tests, outside, cleanup) = try folders()
        defer { cleanup() }
        try Data("secret".utf8).write(to: URL(fileURLWithPath: outside + "/photo.jpg"))
        try FileManager.default.createSymbolicLink(atPath: tests + "/photo.jpg", withDestinationPath: outside + "/photo.jpg")
        let file = tests + "/x.scenario.json"
        let script = try ScenarioReader.read(try JSONParser.parse(#"{"steps": [{"pickMedia": "photo.jpg", "with": "picker"}]}"#, fileName: file), file: file)
        let result = await ScenarioRunner().run(script, bundle: try await feed())
        #expect(result.failures.first?.message.contains("[bundle.path-escape]") == true)
    }

    @Test func aLinkInsideTheFolderIsFollowed() async throws {
        let (tests, _, cleanup) = try folders()
        defer { cleanup() }
        try FileManager.default.createDirectory(atPath: tests + "/real", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: tests + "/goldens", withDestinationPath: tests + "/real")
        let file = tests + "/x.scenario.json"
        let script = try ScenarioReader.read(try JSONParser.parse(#"{"steps": [{"golden": "goldens/g.txt"}]}"#, fileName: file), file: file)
        let written = await ScenarioRunner(updatesGoldens: true).run(script, bundle: try await feed())
        #expect(written.passed)
        #expect(FileManager.default.fileExists(atPath: tests + "/real/g.txt"))
    }

    @Test func confinedPathResolvesLinksBeforeJudging() throws {
        let (tests, outside, cleanup) = try folders()
        defer { cleanup() }
        try FileManager.default.createSymbolicLink(atPath: tests + "/out", withDestinationPath: outside)
        try FileManager.default.createSymbolicLink(atPath: tests + "/dangling", withDestinationPath: outside + "/none/deeper")
        #expect(throws: PathEscape.self) { try ConfinedPath("out/new/file.txt", in: tests).resolved() }
        #expect(throws: PathEscape.self) { try ConfinedPath("dangling/x", in: tests).resolved() }
        #expect(try ConfinedPath("new/./file.txt", in: tests).resolved().hasSuffix("/bundle/Tests/new/file.txt"))
        #expect(try ConfinedPath("new//file.txt", in: tests).relative == "new/file.txt")
        #expect(throws: PathEscape.self) { try ConfinedPath("x", in: tests + "/missing").resolved() }
    }
}
