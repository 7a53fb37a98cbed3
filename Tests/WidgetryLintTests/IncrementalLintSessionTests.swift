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
}
