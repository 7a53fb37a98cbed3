import Foundation
import Testing
import WidgetryJSON
import WidgetryTestSupport

/// `widgetry validate`, end to end: exit codes, each output format, several bundles at once.
struct ValidateCommandTests {
    /// A copy of the Feed sample with `files` written over it, in `directory`.
    private func brokenFeed(in directory: TemporaryDirectory, _ files: [String: String]) throws -> String {
        let bundle = directory.path + "/Feed"
        try FileManager.default.copyItem(atPath: CommandRunner.feed, toPath: bundle)
        for (path, text) in files { try Data(text.utf8).write(to: URL(fileURLWithPath: bundle + "/" + path)) }
        return bundle
    }

    /// `path` as the command prints it: relative to the working directory when under it.
    private func shown(_ path: String) -> String {
        let current = FileManager.default.currentDirectoryPath + "/"
        return path.hasPrefix(current) ? String(path.dropFirst(current.count)) : path
    }

    /// How many files of the Feed sample have a schema: top-level JSON files and scenarios.
    private static let feedFiles: Int = {
        let manager = FileManager.default
        let top = (try? manager.contentsOfDirectory(atPath: CommandRunner.feed)) ?? []
        let tests = (try? manager.contentsOfDirectory(atPath: CommandRunner.feed + "/Tests")) ?? []
        return top.filter { $0.hasSuffix(".json") }.count + tests.filter { $0.hasSuffix(".scenario.json") }.count
    }()

    private static let brokenInfo = """
        {
          "identifier": "mobi.favio.WidgetDemo",
          "nmae": "Feed",
          "formatVersion": "1"
        }

        """

    @Test func theFeedSampleIsCleanInEveryFormat() throws {
        let text = try CommandRunner.run(["validate", CommandRunner.feed])
        #expect(text.status == 0, "\(text.stdout)\(text.stderr)")
        #expect(text.stdout.hasPrefix("0 errors, 0 warnings in "))
        #expect(text.stderr.isEmpty)
        #expect(try CommandRunner.run(["validate", CommandRunner.feed, "--format", "json"]).stdout == "[]\n")
        #expect(try CommandRunner.run(["validate", CommandRunner.feed, "--format", "github"]).stdout == "")
        #expect(try CommandRunner.run(["validate", CommandRunner.feed, "--fail-on", "note"]).status == 0)
        let junit = try CommandRunner.run(["validate", CommandRunner.feed, "--format", "junit"])
        #expect(junit.status == 0)
        #expect(junit.stdout.contains(#"failures="0""#))
        #expect(junit.stdout.contains(#"name="\#(shown(CommandRunner.feed))/Info.json""#))
    }

    @Test func findingsExitOneAndPrintTheSourceLineWithACaret() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let bundle = try brokenFeed(in: directory, ["Info.json": Self.brokenInfo])
        let info = shown(bundle) + "/Info.json"
        let outcome = try CommandRunner.run(["validate", bundle])
        #expect(outcome.status == 1)
        #expect(outcome.stdout == """
            \(info):3:3: error: property "nmae" is not allowed here (allowed: $schema, entryScreen, formatVersion, identifier, name, version, names matching ^\\*\\*\\*) [schema.additional-property]
              3 |   "nmae": "Feed",
                |   ^~~~~~
              hint: did you mean "name"?
            \(info):4:20: error: expected an integer, found a string [schema.type]
              4 |   "formatVersion": "1"
                |                    ^~~
            2 errors, 0 warnings in \(Self.feedFiles) files

            """)
        #expect(outcome.stderr.isEmpty)
    }

    @Test func eachFormatReportsTheSameFindings() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let bundle = try brokenFeed(in: directory, ["Info.json": Self.brokenInfo])
        let info = shown(bundle) + "/Info.json"

        let json = try CommandRunner.run(["validate", bundle, "--format", "json"])
        #expect(json.status == 1)
        let findings = try #require(try JSONParser.parse(json.stdout).root.arrayValue)
        #expect(findings.map { $0.objectValue?.keys ?? [] }.allSatisfy { $0 == ["rule", "severity", "file", "line", "column", "pointer", "message", "hint"] })
        #expect(findings.map { "\($0["file"]?.stringValue ?? ""):\($0["line"]?.integerValue ?? 0):\($0["column"]?.integerValue ?? 0) \($0["rule"]?.stringValue ?? "")" }
            == ["\(info):3:3 schema.additional-property", "\(info):4:20 schema.type"])
        #expect(findings[1]["hint"]?.isNull == true)

        let sarif = try CommandRunner.run(["validate", bundle, "--format", "sarif"])
        #expect(sarif.status == 1)
        let log = try JSONParser.parse(sarif.stdout).root
        #expect(log["version"]?.stringValue == "2.1.0")
        let run = try #require(log["runs"]?[0])
        #expect(run["tool"]?["driver"]?["name"]?.stringValue == "widgetry")
        #expect(run["tool"]?["driver"]?["rules"]?.arrayValue?.compactMap { $0["id"]?.stringValue } == ["schema.additional-property", "schema.type"])
        #expect(run["results"]?.arrayValue?.compactMap { $0["level"]?.stringValue } == ["error", "error"])
        let region = run["results"]?[1]?["locations"]?[0]?["physicalLocation"]?["region"]
        #expect(region?["startLine"]?.integerValue == 4)
        #expect(region?["startColumn"]?.integerValue == 20)

        let github = try CommandRunner.run(["validate", bundle, "--format", "github"])
        #expect(github.status == 1)
        #expect(github.stdout.split(separator: "\n").last == "::error file=\(info),line=4,col=20,endColumn=23,title=[schema.type]::expected an integer, found a string")

        let junit = try CommandRunner.run(["validate", bundle, "--format", "junit"])
        #expect(junit.status == 1)
        #expect(junit.stdout.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites tests=\"\(Self.feedFiles)\" failures=\"1\">\n"))
        #expect(junit.stdout.contains(#"<failure message="expected an integer, found a string" type="schema.type">"#))
    }

    @Test func severalBundlesAreReportedInTheOrderGiven() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let broken = try brokenFeed(in: directory, ["Model.json": "{\"entities\": {},}\n"])
        let outcome = try CommandRunner.run(["validate", broken, CommandRunner.feed, "--format", "json"])
        #expect(outcome.status == 1)
        let findings = try #require(try JSONParser.parse(outcome.stdout).root.arrayValue)
        #expect(findings.compactMap { $0["file"]?.stringValue } == [shown(broken) + "/Model.json"])
        #expect(findings.first?["rule"]?.stringValue == "json.trailing-comma")

        let text = try CommandRunner.run(["validate", CommandRunner.feed, broken])
        #expect(text.stdout.hasSuffix("1 error, 0 warnings in \(2 * Self.feedFiles) files\n"))
    }

    @Test func anUnreadableBundleIsAnInputErrorButTheOthersAreStillReported() throws {
        let outcome = try CommandRunner.run(["validate", "/no/such/bundle", CommandRunner.feed])
        #expect(outcome.status == 2)
        #expect(outcome.stdout.hasPrefix("error: no bundle at '/no/such/bundle' [bundle.not-found]\n"), "load errors are part of the report")
        #expect(outcome.stdout.contains("\n1 error, 0 warnings in "))

        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let empty = try CommandRunner.run(["validate", directory.path])
        #expect(empty.status == 2)
        #expect(empty.stdout.contains("[bundle.no-manifest]"))

        let usage = try CommandRunner.run(["validate"])
        #expect(usage.status == 2)
        let badOption = try CommandRunner.run(["validate", CommandRunner.feed, "--format", "yaml"])
        #expect(badOption.status == 2)
    }

    @Test func archivesAreExtractedAndChecked() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let archive = directory.path + "/Feed.zip"
        #expect(try CommandRunner.run(["pack", CommandRunner.feed, "-o", archive]).status == 0)
        let outcome = try CommandRunner.run(["validate", archive, "--format", "junit"])
        #expect(outcome.status == 0, "\(outcome.stdout)\(outcome.stderr)")
        #expect(outcome.stdout.contains(#"name="\#(shown(archive))/Info.json""#))
    }

    @Test func verboseListsTheFilesNoSchemaCovers() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let bundle = try brokenFeed(in: directory, ["notes.json": "{}"])
        let outcome = try CommandRunner.run(["validate", bundle, "--verbose"])
        #expect(outcome.status == 0)
        #expect(outcome.stderr == "skipped \(shown(bundle))/notes.json: no schema covers it\n")
    }

    @Test func helpNamesTheFormatsTheSeveritiesAndTheExitCodes() throws {
        let help = try CommandRunner.run(["validate", "--help"], environment: ["COLUMNS": "80"])
        #expect(help.status == 0)
        #expect(help.stdout.hasPrefix("""
            OVERVIEW: Check every JSON file of bundles against Widgetry's schemas.

            Checks Info.json, each screen, Service.json, Service.dev.json,
            StubService.json, Model.json, .widgetry.json and Tests/*.scenario.json against
            its schema, and reports each finding at its file:line:column with a stable rule
            id (schema.required, json.trailing-comma). A single JSON file, or - for
            standard input, is checked against the schema its name implies or --kind names.
            Several bundles are checked in parallel and reported in the order given. Exit
            codes: 0 no finding at or above --fail-on, 1 findings at or above --fail-on, 2
            a bundle cannot be read or the usage is wrong, 3 internal error.

            USAGE: widgetry validate [<options>] [<bundle> ...]

            ARGUMENTS:
              <bundle>                Bundle folders, archives, URLs or glob patterns
                                      (default: the working directory).

            OPTIONS:
              --format <format>       Report format: text for people, json for programs,
                                      sarif for code scanning, github for annotations,
                                      junit for CI. (values: text, json, sarif, github,
                                      junit; default: text)
              --fail-on <severity>    Exit 1 when a finding is at least this severe.
            """))
    }
}
