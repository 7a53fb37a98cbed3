import Foundation
import Testing
import WidgetryTestSupport

/// Smaller things a new user meets in the first hour: how values, counts, defaults, codes and
/// markers read, and what a command works on when no bundle is named.
struct FirstHourDetailsTests {
    static let hello = Samples.widget("Hello")

    /// A failed expectation shows a boolean as the snapshot does: `false`, not `0`.
    @Test func aFailedExpectationPrintsBooleansAsTheSnapshotDoes() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let bundle = try directory.copy(of: Self.hello, as: "Hello")
        try Data(#"{"name": "visible", "steps": [{"expect": "elements.emptyLabel.visible == true"}]}"#.utf8)
            .write(to: URL(fileURLWithPath: bundle + "/Tests/visible.scenario.json"))
        let outcome = try CommandRunner.run(["test", "Hello", "--scenario", "visible"], in: directory.path)
        #expect(outcome.status == 1)
        #expect(outcome.stdout.contains("elements.emptyLabel.visible is false\n"), "\(outcome.stdout)")
    }

    /// `validate` and `lint` count the same files of a bundle: every file each looked at, the
    /// scenarios included.
    @Test func validateAndLintCountTheSameFiles() throws {
        for bundle in [Self.hello, CommandRunner.feed] {
            let validate = try CommandRunner.run(["validate", bundle])
            let lint = try CommandRunner.run(["lint", bundle])
            let summary = { (text: String) in text.split(separator: "\n").last.map(String.init) ?? "" }
            #expect(summary(validate.stdout).hasSuffix(" files"), "\(validate.stdout)")
            #expect(summary(validate.stdout).split(separator: " ").suffix(2) == summary(lint.stdout).split(separator: " ").suffix(2),
                    "\(validate.stdout) \(lint.stdout)")
        }
        #expect(try CommandRunner.run(["lint", Self.hello]).stdout.hasSuffix(" in 5 files\n"), "Info, Model, the screen, the stub and the scenario")
    }

    /// The argument parser prints every default as `(default: …)`; no help says it again.
    @Test func noHelpStatesADefaultTwice() throws {
        let commands = ["init", "inspect", "eval", "fetch", "pack", "serve-stub", "call", "run", "render", "preview", "test", "validate", "lint",
                        "contract", "schemas"]
        for command in commands {
            let help = try CommandRunner.run([command, "--help"]).stdout
            // One entry per option: its first line starts with "  -", the rest are indented further.
            var entries: [String] = []
            for line in help.split(separator: "\n") {
                if line.hasPrefix("  -") || line.hasPrefix("  <") { entries.append(String(line)) } else if !entries.isEmpty { entries[entries.count - 1] += " " + line }
            }
            #expect(!entries.isEmpty, "\(command)")
            for entry in entries {
                let squeezed = entry.split(separator: " ").joined(separator: " ")
                #expect(squeezed.components(separatedBy: "(default").count <= 2, "\(command): \(squeezed)")
            }
        }
    }

    /// A binding error met while the widget runs carries one code, in the snapshot's problems
    /// as everywhere.
    @Test func aProblemCarriesOneCode() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        _ = try directory.copy(of: Self.hello, as: "Hello", editing: [
            ("NotesViewController.json", #""format": "%@ notes"}"#, #""format": "%@ notes", "to": "alpha"}"#),
        ])
        let outcome = try CommandRunner.run(["run", "Hello", "--now", "2024-01-01T00:00:00Z"], in: directory.path)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let problem = outcome.stdout.split(separator: "\n").first { $0.contains("cannot write 'alpha'") }.map(String.init) ?? ""
        #expect(problem.hasSuffix(" [binding.target]"), "\(outcome.stdout)")
        #expect(problem.components(separatedBy: " [").count == 2, "\(problem)")
    }

    /// `lint --explain` says what the examples' ⟶ marks.
    @Test func explainSaysWhatTheMarkersMean() throws {
        let outcome = try CommandRunner.run(["lint", "--explain", "unknown-screen"])
        #expect(outcome.status == 0)
        #expect(outcome.stdout.contains("⟶"))
        #expect(outcome.stdout.contains("In the examples, ⟶ marks where lint reports a finding"), "\(outcome.stdout)")
    }

    /// `run`, `render`, `test` and `inspect` work on the working directory when no bundle is
    /// named, as `lint` and `validate` do.
    @Test func commandsWorkOnTheWorkingDirectoryByDefault() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let bundle = try directory.copy(of: Self.hello, as: "Hello")
        let run = try CommandRunner.run(["run", "--now", "2024-01-01T00:00:00Z"], in: bundle)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("screen NotesViewController"))
        let test = try CommandRunner.run(["test"], in: bundle)
        #expect(test.status == 0, "\(test.stderr)")
        #expect(test.stdout.hasSuffix("1 passed, 0 failed\n"))
        let inspect = try CommandRunner.run(["inspect"], in: bundle)
        #expect(inspect.status == 0, "\(inspect.stderr)")
        #expect(inspect.stdout.hasPrefix("Hello 1.0 (dev.example.Hello)"))
        let render = try CommandRunner.run(["render", "--now", "2024-01-01T00:00:00Z"], in: bundle)
        #expect(render.status == 0, "\(render.stderr)")
        #expect(render.stdout.hasPrefix("<!DOCTYPE html>"))
    }

    /// The text snapshot's navigation section shows the title the bar shows: a title view's
    /// text, else the navigation item's title.
    @Test func theSnapshotShowsTheNavigationBarsTitle() throws {
        let feed = try CommandRunner.run(["run", CommandRunner.feed, "--now", "2018-06-20T19:00:00Z"])
        #expect(feed.stdout.contains("\nnavigation:\n  title: \"Favio Mobile\"\n  titleLabel (UILabel)"), "\(feed.stdout.prefix(300))")
        let shop = try CommandRunner.run(["run", Samples.widget("Shop"), "--now", "2018-06-20T19:00:00Z"])
        #expect(shop.stdout.contains("\nnavigation:\n  title: \"Shop\"\n"), "\(shop.stdout.prefix(300))")
    }
}
