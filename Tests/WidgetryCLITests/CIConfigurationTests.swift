import ArgumentParser
import Foundation
import Testing
import Yams
@testable import WidgetryCLI
import WidgetryTestSupport

/// The CI examples (`docs/ci/*.yml`, shown in `docs/CI.md`) and the pre-commit hooks use only
/// real subcommands, options and option values: every `widgetry …` command in them is parsed as
/// the command line parses it.
struct CIConfigurationTests {
    static let githubWorkflow = "docs/ci/github-workflow.yml"
    static let gitlabJob = "docs/ci/gitlab-ci.yml"
    static let preCommitHooks = ".pre-commit-hooks.yaml"

    /// Example values for what the files leave to CI: matrix entries, shell and CI variables.
    static let values = ["matrix.shard": "2", "bundle": "Widgets/Feed/", "CI_NODE_INDEX": "2", "CI_NODE_TOTAL": "3"]

    private func text(_ path: String) throws -> String {
        try String(contentsOfFile: Samples.file(path), encoding: .utf8)
    }

    /// Every string below a member named one of `keys`, anywhere in a loaded YAML document.
    private func strings(in node: Any, under keys: Set<String>, inside: Bool = false) -> [String] {
        switch node {
        case let mapping as [String: Any]:
            mapping.keys.sorted().flatMap { key in strings(in: mapping[key]!, under: keys, inside: inside || keys.contains(key)) }
        case let sequence as [Any]:
            sequence.flatMap { strings(in: $0, under: keys, inside: inside) }
        case let string as String where inside:
            [string]
        default:
            []
        }
    }

    /// The arguments of each `widgetry …` command in a shell script, up to the first redirection,
    /// pipe or list operator, with `${{ name }}`, `$NAME` and `${NAME}` replaced by ``values``.
    private func commands(in script: String) -> [[String]] {
        script.matches(of: /(?:^|[\s;(|&])widgetry\s+([^>|;&)\n]*)/.anchorsMatchLineEndings()).map { match in
            let command = String(match.output.1).replacing(/\$\{\{\s*([\w.]+)\s*\}\}|\$\{(\w+)\}|\$(\w+)/) { variable in
                let name = String(variable.output.1 ?? variable.output.2 ?? variable.output.3 ?? "")
                guard let value = Self.values[name] else {
                    Issue.record("no example value for \(name) in: \(match.output.1)")
                    return String(variable.output.0)
                }
                return value
            }
            return command.split(separator: " ").map { $0.replacingOccurrences(of: "\"", with: "") }
        }
    }

    /// Parses `arguments` as `widgetry arguments…` would, and names the subcommand it ran.
    private func parse(_ arguments: [String], from file: String) -> String? {
        do {
            let command = try WidgetryCommand.parseAsRoot(arguments)
            #expect(!(command is WidgetryCommand), "\(file): widgetry \(arguments.joined(separator: " ")) names no subcommand")
            return type(of: command).configuration.commandName
        } catch {
            Issue.record("\(file): widgetry \(arguments.joined(separator: " ")): \(WidgetryCommand.fullMessage(for: error))")
            return nil
        }
    }

    @Test func theGitHubWorkflowLintsToCodeScanningAndTestsInShards() throws {
        let workflow = try #require(try Yams.load(yaml: text(Self.githubWorkflow)))
        let commands = strings(in: workflow, under: ["run"]).flatMap(commands(in:))
        let parsed = commands.compactMap { parse($0, from: Self.githubWorkflow) }
        #expect(parsed.count == commands.count)
        #expect(Set(parsed) == ["validate", "lint", "test"])
        #expect(commands.contains { $0.starts(with: ["lint"]) && $0.contains("sarif") })
        #expect(commands.contains { $0.starts(with: ["lint"]) && $0.contains("--shard") })
        #expect(commands.contains { $0.starts(with: ["test"]) && $0.contains("junit") })
        let uses = strings(in: workflow, under: ["uses"])
        #expect(uses.contains { $0.hasPrefix("github/codeql-action/upload-sarif@") })
    }

    @Test func theGitLabJobsReportCodeQualityAndJUnitAndTestInShards() throws {
        let jobs = try #require(try Yams.load(yaml: text(Self.gitlabJob)) as? [String: Any])
        let commands = strings(in: jobs, under: ["script", "before_script"]).flatMap(commands(in:))
        let parsed = commands.compactMap { parse($0, from: Self.gitlabJob) }
        #expect(parsed.count == commands.count)
        #expect(Set(parsed) == ["validate", "lint", "test"])
        #expect(commands.contains { $0.starts(with: ["lint"]) && $0.contains("--shard") })
        let lint = try #require(jobs["widgetry-lint"] as? [String: Any])
        let reports = try #require((lint["artifacts"] as? [String: Any])?["reports"] as? [String: Any])
        #expect(Set(reports.keys) == ["codequality", "junit"])
    }

    @Test func thePreCommitHooksRunLintAndValidateAsSwiftHooks() throws {
        let hooks = try #require(try Yams.load(yaml: text(Self.preCommitHooks)) as? [[String: Any]])
        #expect(hooks.compactMap { $0["id"] as? String } == ["widgetry-lint", "widgetry-validate"])
        for hook in hooks {
            #expect(hook["language"] as? String == "swift")
            #expect(hook["pass_filenames"] as? Bool == false, "widgetry checks bundles, not the files pre-commit would pass")
            let entry = try #require(hook["entry"] as? String)
            let arguments = (hook["args"] as? [String] ?? []) + ["Widgets/Feed"]
            let command = try #require(commands(in: entry).first)
            #expect(parse(command + arguments, from: Self.preCommitHooks) != nil)
        }
    }

    @Test func theCIGuideShowsTheExampleFilesAsTheyAre() throws {
        let guide = try text("docs/CI.md")
        for file in [Self.githubWorkflow, Self.gitlabJob, Self.preCommitHooks] {
            #expect(guide.contains("```yaml\n" + (try text(file)) + "```\n"), "docs/CI.md must show \(file) unchanged")
        }
    }
}
