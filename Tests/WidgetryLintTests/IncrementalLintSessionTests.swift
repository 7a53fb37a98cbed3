import Foundation
import Testing
import WidgetryBundle
import WidgetryJSON
import WidgetryLint
import WidgetryTestSupport

/// `IncrementalLintSession`, lint for an editor: over a sequence of edits (in memory, as an
/// editor's buffers) of screens, the stub service, the model and the manifest, each lint finds
/// what a fresh `LintSession` finds on the same files, file by file and in the same order,
/// cross-file findings included.
@Suite("Incremental lint session")
struct IncrementalLintSessionTests {
    private let feed = Samples.widget("Feed")
    /// The Feed sample's scenario files.
    static let scenarios = ["1-feed", "2-search", "3-post-details", "4-new-post", "5-error-path"].map { "Tests/\($0).scenario.json" }

    /// The Feed sample's files as edited: each edit a file's text with one string replaced.
    private struct Edits {
        let root: String
        var texts: [String: String] = [:]

        mutating func replace(_ file: String, _ text: String, with replacement: String) throws {
            let current = try texts[file] ?? String(contentsOfFile: root + "/" + file, encoding: .utf8)
            let edited = current.replacingOccurrences(of: text, with: replacement)
            #expect(edited != current, "\(text) is not in \(file)")
            texts[file] = edited
        }

        var fileSystem: BundleFileSystem {
            BundleFileSystem(overriding: Dictionary(uniqueKeysWithValues: texts.map { (root + "/" + $0.key, Array($0.value.utf8)) }))
        }
    }

    /// The findings by file, each file's in report order, as `code file:line:column message`.
    private func byFile(_ report: DiagnosticReport) -> [String: [String]] {
        Dictionary(grouping: report.diagnostics, by: \.file).mapValues { findings in
            findings.map { "\($0.code) \($0.file):\($0.location?.line ?? 0):\($0.location?.column ?? 0) \($0.message) \($0.hint ?? "") \($0.fixIts)" }
        }
    }

    @Test func everyLintFindsWhatAFreshLintFindsAsScreensTheStubTheModelAndTheManifestChange() async throws {
        let session = IncrementalLintSession(root: feed)
        var edits = Edits(root: feed)
        let steps: [(String, (inout Edits) throws -> Void)] = [
            ("as on the disk", { _ in }),
            ("a predicate's key path misspelt", { try $0.replace("FeedViewController.json", "\"favoritesCount > 0\"", with: "\"favoritesCont > 0\"") }),
            ("another screen's binding misspelt", { try $0.replace("PostDetailsViewController.json", "content.favoritesCount", with: "content.favoritesCounts") }),
            ("an action renamed in the stub", { try $0.replace("StubService.json", "\"homeFeed\"", with: "\"homeTimeline\"") }),
            ("the first key path fixed", { try $0.replace("FeedViewController.json", "\"favoritesCont > 0\"", with: "\"favoritesCount > 0\"") }),
            ("an attribute renamed in the model", { try $0.replace("Model.json", "\"favoritesCount\"", with: "\"likesCount\"") }),
            ("a segue to a screen that is not there", { try $0.replace("FeedViewController.json", "\"destination\": \"NewPostViewController\"", with: "\"destination\": \"NewPost\"") }),
            ("the entry screen renamed", { try $0.replace("Info.json", "\"entryScreen\": \"FeedViewController\"", with: "\"entryScreen\": \"Feed\"") }),
            ("the stub's action back", { try $0.replace("StubService.json", "\"homeTimeline\"", with: "\"homeFeed\"") }),
            ("the model's attribute back", { try $0.replace("Model.json", "\"likesCount\"", with: "\"favoritesCount\"") }),
            // What scenarios may name comes from every screen: the search bar a scenario types
            // into is gone, then back.
            ("the search bar renamed", { try $0.replace("FeedViewController.json", "\"id\": \"searchBar\"", with: "\"id\": \"searchField\"") }),
            ("the search bar's name back", { try $0.replace("FeedViewController.json", "\"id\": \"searchField\"", with: "\"id\": \"searchBar\"") }),
            // While no scenario reads (each being typed), a screen's names change; then the
            // scenarios read again, and see the change.
            ("every scenario unreadable, the search bar renamed", { edits in
                for file in Self.scenarios { try edits.replace(file, "\"steps\"", with: "\"steps\" :") }
                try edits.replace("FeedViewController.json", "\"id\": \"searchBar\"", with: "\"id\": \"searchField\"")
            }),
            ("the scenarios readable again", { edits in
                for file in Self.scenarios { try edits.replace(file, "\"steps\" :", with: "\"steps\"") }
            }),
            ("the search bar's name back again", { try $0.replace("FeedViewController.json", "\"id\": \"searchField\"", with: "\"id\": \"searchBar\"") }),
            ("a scenario typing into a field that is not there", { try $0.replace("Tests/2-search.scenario.json", "\"into\": \"searchBar\"", with: "\"into\": \"searchBox\"") }),
        ]
        var before: [String: [String]]?
        for (step, edit) in steps {
            try edit(&edits)
            let incremental = await session.lint(fileSystem: edits.fileSystem)
            let fresh = await LintSession(fileSystem: edits.fileSystem).lint(.directory(feed))
            let found = byFile(incremental.report)
            #expect(found == byFile(fresh.report), "after \(step)")
            #expect(incremental.report.diagnostics == fresh.report.diagnostics, "after \(step)")
            #expect(incremental.report.files == fresh.report.files, "after \(step)")
            #expect(incremental.unreadable == fresh.unreadable, "after \(step)")
            // Each edit changes what is found, so that every step tests something.
            #expect(found != before, "after \(step)")
            before = found
        }
    }
    /// A bundle of many screens: a change of the model makes every screen's work be done again,
    /// in a part for each core, and the findings are a fresh lint's, in the same order.
    @Test func manyScreensCheckedInPartsFindWhatAFreshLintFinds() async throws {
        let scratch = try TemporaryDirectory()
        let manager = FileManager.default
        let templates = ["FeedViewController", "NewPostViewController", "PostDetailsViewController"]
        for name in try manager.contentsOfDirectory(atPath: feed) where name.hasSuffix(".json") && !templates.contains(String(name.dropLast(5))) {
            try manager.copyItem(atPath: feed + "/" + name, toPath: scratch.file(name))
        }
        for index in 0..<90 {
            let template = templates[index % templates.count]
            let text = try String(contentsOfFile: feed + "/\(template).json", encoding: .utf8)
            let name = String(format: "Screen%03d", index)
            let renamed = text.replacingOccurrences(of: "\"\(template)\"", with: "\"\(name)\"", options: [], range: text.range(of: "\"\(template)\""))
            try Data(renamed.utf8).write(to: URL(fileURLWithPath: scratch.file(name + ".json")))
        }
        let session = IncrementalLintSession(root: scratch.path)
        var edits = Edits(root: scratch.path)
        for step in ["as on the disk", "the model's attribute renamed", "one screen's key path misspelt"] {
            switch step {
            case "the model's attribute renamed": try edits.replace("Model.json", "\"favoritesCount\"", with: "\"likesCount\"")
            case "one screen's key path misspelt": try edits.replace("Screen000.json", "\"favoritesCount > 0\"", with: "\"favoritesCont > 0\"")
            default: break
            }
            let incremental = await session.lint(fileSystem: edits.fileSystem)
            let fresh = await LintSession(fileSystem: edits.fileSystem).lint(.directory(scratch.path))
            #expect(incremental.report.diagnostics == fresh.report.diagnostics, "after \(step)")
            #expect(incremental.report.diagnostics.count > 90, "after \(step)")
        }
    }
}
