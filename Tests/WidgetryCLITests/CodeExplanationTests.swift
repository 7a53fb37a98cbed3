import Foundation
import Testing
import WidgetryAssets
import WidgetryExpressions
import WidgetryHostProfile
import WidgetryJSON
import WidgetryLint
import WidgetryModel
import WidgetryNIB
import WidgetryScenario
import WidgetrySchema
import WidgetryScreen
import WidgetryService
import WidgetryServiceConfiguration
import WidgetryStore
import WidgetryTestSupport

/// Every code any command prints explains itself: `lint --explain CODE` answers for each, and a
/// SARIF log describes each rule it lists as `--list-rules` and `--explain` do, with a link to
/// the section of docs/FORMAT.md that documents it. The codes are found where they are
/// declared (the domains' enums of codes, and every `"domain.kebab-id"` literal of the
/// sources), so a new code without an explanation fails here.
@Suite struct CodeExplanationTests {
    /// The codes of the enums that declare them.
    static let enumeratedCodes: [String] = JSONParseError.Code.allCases.map(\.rawValue)
        + SchemaViolation.Code.allCases.map(\.rawValue) + SchemaError.Code.allCases.map(\.rawValue)
        + ScreenErrorCode.allCases.map(\.rawValue) + BindingErrorCode.allCases.map(\.rawValue)
        + StoryboardWarning.Code.allCases.map(\.rawValue) + ServiceConfigurationErrorCode.allCases.map(\.rawValue)
        + ActionError.Code.allCases.map(\.rawValue) + ModelErrorCode.allCases.map(\.rawValue)
        + StoreError.Code.allCases.map(\.rawValue) + ImportErrorCode.allCases.map(\.rawValue)
        + ScenarioErrorCode.allCases.map(\.rawValue) + HostProfileErrorCode.allCases.map(\.rawValue)
        + PredicateSyntaxError.Code.allCases.map(\.rawValue) + EvaluationError.Code.allCases.map(\.rawValue)
        + TransformerConfigurationError.Code.allCases.map(\.rawValue) + TaggedValueErrorCode.allCases.map(\.rawValue)
        + AssetError.Code.allCases.map(\.rawValue) + LZFSEError.Code.allCases.map(\.rawValue) + NIBError.Code.allCases.map(\.rawValue)
        + LintRules.all.map { type(of: $0).description.id }

    /// The domains codes are named in; a literal `"domain.kebab-id"` of one of them anywhere in
    /// the sources (outside raw strings, which hold example files) is a code.
    static let domains: Set<String> = Set(enumeratedCodes.compactMap { $0.split(separator: ".").count == 2 ? String($0.split(separator: ".")[0]) : nil })
        .union(["bundle", "archive", "download", "config", "run", "navigation", "interaction", "host", "render", "regex", "layout", "preview", "usage", "io", "internal"])

    /// Every code literal of `Sources/` in a domain of ``domains``.
    static func declaredCodes() throws -> Set<String> {
        let pattern = try NSRegularExpression(pattern: #""([a-z]+(?:-[a-z]+)*)\.([a-z0-9]+(?:-[a-z0-9]+)*)""#)
        var codes: Set<String> = []
        for text in try Self.sourceTexts() {
            for line in text.split(separator: "\n") where !line.contains("#\"") && !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                let line = String(line)
                for match in pattern.matches(in: line, range: NSRange(line.startIndex..., in: line)) {
                    guard let domain = Range(match.range(at: 1), in: line).map({ String(line[$0]) }), domains.contains(domain),
                          let whole = Range(match.range, in: line) else { continue }
                    codes.insert(String(line[whole].dropFirst().dropLast()))
                }
            }
        }
        return codes
    }

    /// The text of every Swift file under `Sources/`.
    static func sourceTexts() throws -> [String] {
        let root = Samples.file("Sources")
        let walker = try #require(FileManager.default.enumerator(atPath: root))
        var texts: [String] = []
        while let relative = walker.nextObject() as? String {
            guard relative.hasSuffix(".swift") else { continue }
            texts.append(try String(contentsOfFile: root + "/" + relative, encoding: .utf8))
        }
        return texts
    }

    @Test func everyDeclaredCodeHasAnExplanation() throws {
        let declared = try Self.declaredCodes()
        #expect(declared.count > 250, "the scan finds the codes: \(declared.count)")
        #expect(declared.isSuperset(of: Self.enumeratedCodes.filter { $0.contains(".") }))
        let unexplained = declared.union(Self.enumeratedCodes).filter { CodeExplanation($0) == nil }.sorted()
        #expect(unexplained.isEmpty, "add a sentence for these codes to RuleDescriptions: \(unexplained.joined(separator: ", "))")
        let stale = Set(RuleDescriptions.codes).subtracting(declared).subtracting(Self.enumeratedCodes).sorted()
        #expect(stale.isEmpty, "RuleDescriptions explains codes no source declares: \(stale.joined(separator: ", "))")
    }

    @Test func everyExplanationLinksToAnAnchorTheReferenceDeclares() throws {
        let reference = try String(contentsOfFile: Samples.file("docs/FORMAT.md"), encoding: .utf8)
        let declaration = try NSRegularExpression(pattern: #"<a id="([^"]+)"></a>"#)
        let anchors = Set(declaration.matches(in: reference, range: NSRange(reference.startIndex..., in: reference)).compactMap { match in
            Range(match.range(at: 1), in: reference).map { String(reference[$0]) }
        })
        var undocumented: [String] = []
        for code in RuleDescriptions.codes {
            guard let explanation = CodeExplanation(code) else { continue }
            guard let anchor = explanation.anchor else {
                undocumented.append(code)
                continue
            }
            #expect(anchors.contains(anchor), "\(code) links to FORMAT.md#\(anchor), which docs/FORMAT.md does not declare")
            #expect(explanation.helpURI == "https://widgetry.dev/docs/FORMAT.md#" + anchor)
        }
        // The command line's own codes are documented with the commands, in the README.
        #expect(undocumented.allSatisfy { ["usage", "io", "internal", "preview"].contains(String($0.split(separator: ".")[0])) },
                "link these codes to a section of docs/FORMAT.md: \(undocumented.joined(separator: ", "))")
    }

    @Test(arguments: ["binding.unknown-transformer", "json.missing-comma", "bundle.not-found", "usage.unknown-name", "schema.type", "scenario.unknown-key"])
    func lintExplainsACodeOfAnyCommand(code: String) throws {
        let outcome = try CommandRunner.run(["lint", "--explain", code])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout.hasPrefix("\(code)\n\n\(try #require(RuleDescriptions.shortDescription(of: code)))\n"), "\(outcome.stdout)")
    }

    @Test func everyCodeLintPrintsForABrokenBundleExplainsItself() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        #expect(try CommandRunner.run(["init", "Notes"], in: directory.path).status == 0)
        let screen = directory.file("Notes/NotesViewController.json")
        let text = try String(contentsOfFile: screen, encoding: .utf8)
        let broken = text.replacingOccurrences(of: #"{"from": "content.title"}"#, with: #"{"from": "content.title", "transformer": "shout"}"#)
            .replacingOccurrences(of: "\"sortByFields\": \"title\"", with: "\"sortByFields\": \"titel\"")
        #expect(broken != text)
        try Data(broken.utf8).write(to: URL(fileURLWithPath: screen))
        let lint = try CommandRunner.run(["lint", "Notes", "--format", "json"], in: directory.path)
        let findings = try #require(try JSONSerialization.jsonObject(with: Data(lint.stdout.utf8)) as? [[String: Any]])
        let codes = Set(findings.compactMap { $0["rule"] as? String })
        #expect(codes.contains("binding.unknown-transformer"), "\(codes)")
        for code in codes {
            let explained = try CommandRunner.run(["lint", "--explain", code])
            #expect(explained.status == 0, "lint printed \(code) and cannot explain it: \(explained.stderr)")
        }

        // SARIF describes each rule as --list-rules and --explain do.
        let sarif = try CommandRunner.run(["lint", "Notes", "--format", "sarif"], in: directory.path)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as? [String: Any])
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let rules = try #require(((run["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]])
        #expect(Set(rules.compactMap { $0["id"] as? String }) == codes)
        let list = try CommandRunner.run(["lint", "--list-rules", "--format", "json"])
        let summaries = try #require(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: String]])
        for rule in rules {
            let id = try #require(rule["id"] as? String)
            let short = (rule["shortDescription"] as? [String: Any])?["text"] as? String
            #expect(short == RuleDescriptions.shortDescription(of: id))
            if let listed = summaries.first(where: { $0["id"] == id }) { #expect(short == listed["summary"]) }
            #expect(((rule["fullDescription"] as? [String: Any])?["text"] as? String)?.hasPrefix(short ?? "?") == true)
            let help = try #require(rule["help"] as? [String: Any])
            #expect(help["text"] is String)
            #expect((help["markdown"] as? String)?.contains("`\(id)`") == true)
            let uri = try #require(rule["helpUri"] as? String, "\(id) has no helpUri")
            #expect(uri.hasPrefix("https://widgetry.dev/docs/FORMAT.md#"))
        }
        #expect(rules.contains { $0["id"] as? String == "unknown-key-path" }, "a lint rule, described by its summary")
    }
}
