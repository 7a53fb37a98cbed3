import Foundation
import Testing
import WidgetryTestSupport

/// `widgetry init` and `widgetry schemas export`.
@Suite struct InitAndSchemasTests {
    @Test func initWritesABundleThatRunsTestsLintsAndValidatesClean() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let created = try CommandRunner.run(["init", "Notes"], in: directory.path)
        #expect(created.status == 0)
        #expect(created.stdout.hasPrefix("created Notes/ with Info.json, Model.json, StubService.json, NotesViewController.json, Tests/items.scenario.json\n"))
        let run = try CommandRunner.run(["run", "Notes", "--now", "2024-01-01T09:00:00Z"], in: directory.path)
        #expect(run.status == 0)
        #expect(run.stdout.contains("countLabel (UILabel): text=\"2 items\""))
        #expect(try CommandRunner.run(["test", "Notes"], in: directory.path).stdout == "✓ Items load from the stub (2 steps)\n1 passed, 0 failed\n")
        #expect(try CommandRunner.run(["lint", "Notes"], in: directory.path).stdout == "0 errors, 0 warnings in 5 files\n")
        #expect(try CommandRunner.run(["validate", "Notes"], in: directory.path).stdout == "0 errors, 0 warnings in 5 files\n")
        let again = try CommandRunner.run(["init", "Notes"], in: directory.path)
        #expect(again.status == 2)
        #expect(again.stderr.contains("Notes exists and is not an empty folder [io.unwritable-file]"))
        let badName = try CommandRunner.run(["init", "my notes"], in: directory.path)
        #expect(badName.status == 2)
        #expect(badName.stderr.contains("'my notes' is not a bundle name"))
    }

    @Test func exportedSchemasAreTheOnesValidateUsesWithACatalogOfTheirIdentifiers() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let outcome = try CommandRunner.run(["schemas", "export", directory.file("schemas")])
        #expect(outcome.status == 0)
        let repository = Samples.file("Schemas")
        for name in try FileManager.default.contentsOfDirectory(atPath: repository) where name.hasSuffix(".schema.json") {
            #expect(FileManager.default.contents(atPath: directory.file("schemas/" + name)) == FileManager.default.contents(atPath: repository + "/" + name), "\(name)")
        }
        let catalog = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: directory.file("schemas/catalog.json")))) as? [String: Any])
        let entries = try #require(catalog["schemas"] as? [[String: Any]])
        let screen = try #require(entries.first { ($0["url"] as? String) == "https://widgetry.dev/schemas/screen.schema.json" })
        #expect((screen["fileMatch"] as? [String]) == ["*ViewController.json"])
    }
}
