import Foundation
import Testing
import WidgetryTestSupport

/// `widgetry lint` reads scenarios: the kinds and keys of steps, the elements, tables, screens
/// and entities they name, and what their expectations read, each with a did-you-mean that
/// `lint --fix` writes.
@Suite struct ScenarioLintTests {
    /// Hello with one more scenario, `Tests/broken.scenario.json`, holding `text`.
    private func hello(with text: String, in directory: TemporaryDirectory) throws -> String {
        let bundle = try directory.copy(of: Samples.widget("Hello"), as: "Hello")
        try Data(text.utf8).write(to: URL(fileURLWithPath: bundle + "/Tests/broken.scenario.json"))
        return bundle
    }

    @Test func lintFindsMisspeltStepsNamesAndKeyPathsAtTheirPlace() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let bundle = try hello(with: #"""
            {
              "settings": {"screen": "NotesViewControler"},
              "steps": [
                {"goBack": true},
                {"tap": "countLabl", "fo": 1},
                {"type": "x", "into": "countLabel"},
                {"tapRow": 0, "of": "tableVew"},
                {"expectStore": "Nots", "count": 2},
                {"expect": ["elements.countLabl.value == '2 notes'", "elements.countLabel.valeu == '2 notes'",
                            "tables.tableView.rows[0].elements.starsLabl.value == '1 ★'", "screen == 'NotesViewControler'",
                            "elements.noteLabel.value == 'x'", "alert.@count == 0"]}
              ]
            }
            """#, in: directory)
        let lint = try CommandRunner.run(["lint", bundle])
        #expect(lint.status == 1, "\(lint.stdout)\(lint.stderr)")
        let file = bundle + "/Tests/broken.scenario.json"
        for expected in [
            "\(file):2:26: warning: no screen is named 'NotesViewControler' [scenario-name]",
            "\(file):4:6: error: \"goBack\" is not a kind of step [scenario-step]",
            "\(file):5:13: warning: no screen has an element named 'countLabl' [scenario-name]",
            "\(file):5:26: error: a tap step has unknown key \"fo\" [scenario-step]",
            "\(file):6:27: warning: countLabel is a UILabel, not a text input [scenario-name]",
            "\(file):7:25: warning: no screen shows a table named 'tableVew' [scenario-name]",
            "\(file):8:21: warning: the data model has no entity named 'Nots' [scenario-name]",
            "\(file):9:27: warning: no screen has an element named 'countLabl' [scenario-expectation]",
            "\(file):9:79: warning: an element has no key 'valeu' [scenario-expectation]",
            "\(file):10:52: warning: no cell of the table has an element named 'starsLabl' [scenario-expectation]",
            "\(file):10:91: warning: no screen is named 'NotesViewControler' [scenario-expectation]",
            "\(file):11:27: warning: no screen has an element named 'noteLabel' [scenario-expectation]",
            "\(file):11:53: warning: the snapshot has no key 'alert' [scenario-expectation]",
        ] {
            #expect(lint.stdout.contains(expected), "\(expected)\n\(lint.stdout)")
        }
        for hint in ["did you mean \"back\"?", "did you mean \"for\"?", "did you mean \"countLabel\"?", "did you mean \"tableView\"?",
                     "did you mean \"Note\"?", "did you mean \"value\"?", "did you mean \"starsLabel\"?", "did you mean \"NotesViewController\"?",
                     "did you mean \"alerts\"?", "noteLabel is an element of the cells of tableView: read it as tables.tableView.rows[0].elements.noteLabel"] {
            #expect(lint.stdout.contains("hint: " + hint), "\(hint)\n\(lint.stdout)")
        }
        #expect(lint.stdout.hasSuffix("2 errors, 11 warnings in 6 files\n"), "\(lint.stdout)")
    }

    @Test func lintFixWritesTheNamesAScenarioMeantAndTheScenarioThenPasses() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let bundle = try hello(with: #"""
            {"steps": [
              {"advanc": 0.5},
              {"expect": ["elements.countLabl.value == '2 notes'", "tables.tableVew.rows[1].elements.starsLabel.value == '1 ★'",
                          "elements.countLabel.valeu == '2 notes'", "screen == 'NotesViewControler' AND stack == {'NotesViewControler'}"]}
            ]}
            """#, in: directory)
        let fix = try CommandRunner.run(["lint", "--fix", bundle])
        #expect(fix.status == 0, "\(fix.stdout)\(fix.stderr)")
        #expect(fix.stderr.contains("fixed \(bundle)/Tests/broken.scenario.json:2:4: 'advanc' → 'advance' [scenario-step]"), "\(fix.stderr)")
        #expect(fix.stdout.hasSuffix("0 errors, 0 warnings in 6 files\n"), "\(fix.stdout)")
        let fixed = try String(contentsOfFile: bundle + "/Tests/broken.scenario.json", encoding: .utf8)
        #expect(fixed == #"""
            {"steps": [
              {"advance": 0.5},
              {"expect": ["elements.countLabel.value == '2 notes'", "tables.tableView.rows[1].elements.starsLabel.value == '1 ★'",
                          "elements.countLabel.value == '2 notes'", "screen == 'NotesViewController' AND stack == {'NotesViewController'}"]}
            ]}
            """#)
        let test = try CommandRunner.run(["test", bundle])
        #expect(test.status == 0, "\(test.stdout)\(test.stderr)")
    }

    /// Every key a real run's snapshot has, and every element, table and status it shows, is a
    /// key lint knows an expectation may read: lint's picture of the scope cannot drift from it.
    @Test func lintKnowsEveryKeyARunsSnapshotHas() throws {
        let run = try CommandRunner.run(["run", CommandRunner.feed, "--format", "json"])
        #expect(run.status == 0, "\(run.stderr)")
        let snapshot = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        var reads = snapshot.keys.sorted().map { "\($0) != nil" } + ["elements != nil"]
        func elements(_ element: [String: Any], prefix: String) {
            if let id = element["id"] as? String {
                let keys = ((element["state"] as? [String: Any])?.keys.sorted() ?? []) + ["value", "visible", "enabled", "type", "placeholder"]
                reads += keys.map { "\(prefix).\(id).\($0) != nil" }
            }
            for child in element["children"] as? [[String: Any]] ?? [] { elements(child, prefix: prefix) }
        }
        for element in [snapshot["views"]] + (snapshot["navigation"] as? [Any] ?? []) {
            if let element = element as? [String: Any] { elements(element, prefix: "elements") }
        }
        for table in snapshot["tables"] as? [[String: Any]] ?? [] {
            let id = try #require(table["table"] as? String)
            for section in table["sections"] as? [[String: Any]] ?? [] {
                reads += section.keys.sorted().map { "tables.\(id).sections[0].\($0) != nil" }
                for row in section["rows"] as? [[String: Any]] ?? [] {
                    reads += row.keys.sorted().map { "tables.\(id).rows[0].\($0) != nil" }
                    for element in row["elements"] as? [[String: Any]] ?? [] { elements(element, prefix: "tables.\(id).rows[0].elements") }
                }
            }
        }
        for status in snapshot["statuses"] as? [[String: Any]] ?? [] {
            let name = try #require(status["name"] as? String).replacingOccurrences(of: ".status", with: "")
            reads += status.keys.filter { $0 != "name" }.sorted().map { "statuses.\(name).\($0) != nil" }
        }
        for list in ["alerts", "requests", "events", "changes", "problems"] {
            for item in snapshot[list] as? [[String: Any]] ?? [] { reads += item.keys.sorted().map { "\(list)[0].\($0) != nil" } }
        }
        reads += (snapshot["store"] as? [String: Any] ?? [:]).keys.sorted().map { "store.\($0) >= 0" }
        #expect(reads.count > 100)

        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let bundle = try directory.copy(of: CommandRunner.feed, as: "Feed")
        let expect = String(decoding: try JSONSerialization.data(withJSONObject: ["steps": [["expect": reads]]]), as: UTF8.self)
        try Data(expect.utf8).write(to: URL(fileURLWithPath: bundle + "/Tests/every-key.scenario.json"))
        let lint = try CommandRunner.run(["lint", bundle])
        #expect(lint.status == 0)
        #expect(!lint.stdout.contains("[scenario-"), "\(lint.stdout)")
        #expect(lint.stdout.contains("0 errors, 0 warnings"), "\(lint.stdout)")
    }
}
