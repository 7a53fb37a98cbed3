import Foundation
import Testing
import WidgetryBundle
import WidgetryJSON
import WidgetryLint
import WidgetryTestSupport

/// `widgetry validate`'s library side: every JSON file of a bundle against its schema, each
/// violation a finding at its exact place with its rule id.
@Suite("Bundle validation")
struct BundleValidatorTests {
    private func validate(_ bundle: String) throws -> BundleValidator.Outcome {
        try BundleValidator().validate(directory: bundle, displayPrefix: "Feed/")
    }

    /// `file:line:column [rule]` of each finding.
    private func places(_ outcome: BundleValidator.Outcome) -> [String] {
        outcome.report.diagnostics.map { "\($0.file):\($0.location.map(\.description) ?? "-") [\($0.code)]" }
    }

    @Test func theFeedSampleIsClean() throws {
        let outcome = try BundleValidator().validate(directory: LintTestSupport.feed)
        #expect(outcome.report.diagnostics.isEmpty, "\(outcome.report.diagnostics.map { "\($0.file):\($0.location?.description ?? "") \($0.message)" })")
        #expect(outcome.skippedFiles.isEmpty)
        #expect(outcome.report.files.contains("Info.json"))
        #expect(outcome.report.files.contains("Model.json"))
        #expect(outcome.report.files.contains("StubService.json"))
        #expect(outcome.report.files.contains("FeedViewController.json"))
        #expect(outcome.report.files.contains("Tests/1-feed.scenario.json"))
    }

    @Test func everyFileIsClassifiedAsTheLoaderReadsIt() throws {
        let files = try BundleJSONFiles(directory: LintTestSupport.feed)
        let kinds = Dictionary(uniqueKeysWithValues: files.files.map { ($0.path, $0.kind?.description ?? "none") })
        #expect(kinds["Info.json"] == "manifest")
        #expect(kinds["Model.json"] == "model")
        #expect(kinds["StubService.json"] == "stub service")
        #expect(kinds["FeedViewController.json"] == "screen FeedViewController")
        #expect(kinds["Tests/2-search.scenario.json"] == "scenario")
        #expect(BundleFileKind.classify(path: ".widgetry.json", root: nil) == .lintConfiguration)
        #expect(BundleFileKind.classify(path: "Service.json", root: nil) == .service)
        #expect(BundleFileKind.classify(path: "Service.dev.json", root: nil) == .developmentService)
        #expect(BundleFileKind.classify(path: "Extra.json", root: try JSONParser.parse(#"{"Other": {}}"#).root) == nil)
        #expect(BundleFileKind.classify(path: "Tests/goldens/a.json", root: nil) == nil)
    }

    @Test func anUnknownManifestKeyIsPlacedAtTheKeyWithADidYouMean() throws {
        let info = MarkedText("""
            {
              "identifier": "mobi.favio.WidgetDemo",
              1️⃣"nmae": "Feed",
              "entryScreen": "FeedViewController",
              "formatVersion": 2️⃣2
            }
            """)
        let bundle = try LintTestSupport.feedCopy(overwriting: ["Info.json": info.text])
        defer { LintTestSupport.remove(bundle) }
        let outcome = try validate(bundle)
        #expect(places(outcome) == ["Feed/Info.json:\(info["1️⃣"]) [schema.additional-property]", "Feed/Info.json:\(info["2️⃣"]) [schema.maximum]"])
        let unknown = try #require(outcome.report.diagnostics.first)
        #expect(unknown.hint == #"did you mean "name"?"#)
        #expect(unknown.length == 6, "the key with its quotes")
        #expect(unknown.pointer?.description == "/nmae")
        #expect(unknown.severity == .error)
    }

    @Test func screenFindingsCarryExactPlacesAndRules() throws {
        let screen = MarkedText("""
            {
              "$schema": "https://widgetry.dev/schemas/screen.schema.json",
              "Broken": {
                "objects": {
                  "posts": {"type": 1️⃣"ManagedObjectsProvidr", "attrs": {"entityName": "Post"}},
                  "table": 2️⃣{"outlets": {"tableView": "tableView"}}
                },
                "elements": {
                  "titleLabel": {"bindings": [{"from": "content.name", 3️⃣"placeholdr": "-"}]},
                  "countLabel": {"bindings": [{"from": "content.count", "format": 4️⃣7}]}
                },
                "segues": {"details": {"destination": "PostDetailsViewController", "kind": 5️⃣"push"}}
              }
            }
            """)
        let bundle = try LintTestSupport.feedCopy(overwriting: ["Broken.json": screen.text])
        defer { LintTestSupport.remove(bundle) }
        let outcome = try validate(bundle)
        #expect(places(outcome) == [
            "Feed/Broken.json:\(screen["1️⃣"]) [schema.enum]",
            "Feed/Broken.json:\(screen["2️⃣"]) [schema.required]",
            "Feed/Broken.json:\(screen["3️⃣"]) [schema.additional-property]",
            "Feed/Broken.json:\(screen["4️⃣"]) [schema.type]",
            "Feed/Broken.json:\(screen["5️⃣"]) [schema.enum]",
        ])
        let findings = outcome.report.diagnostics
        #expect(findings[0].hint == #"did you mean "ManagedObjectsProvider"?"#)
        #expect(findings[0].length == 23)
        #expect(findings[1].message == #"missing required property "type""#)
        #expect(findings[1].length == 1, "an object is underlined at its brace")
        #expect(findings[2].hint == #"did you mean "placeholder"?"#)
        #expect(findings[3].message == "expected a string, found an integer")
        #expect(findings[4].pointer?.description == "/Broken/segues/details/kind")
    }

    @Test func aFileThatIsNotJSONIsOneFindingAndTheOthersAreStillChecked() throws {
        let model = MarkedText("""
            {
              "entities": {
                "Post": {"attributes": {"text": {"type": "String"}}1️⃣,}
              }
            }
            """)
        let info = MarkedText(#"{"identifier": "mobi.favio.WidgetDemo", "formatVersion": 1️⃣"one"}"#)
        let bundle = try LintTestSupport.feedCopy(overwriting: ["Model.json": model.text, "Info.json": info.text])
        defer { LintTestSupport.remove(bundle) }
        let outcome = try validate(bundle)
        #expect(places(outcome) == ["Feed/Info.json:\(info["1️⃣"]) [schema.type]", "Feed/Model.json:\(model["1️⃣"]) [json.trailing-comma]"])
        #expect(outcome.report.files.contains("Feed/Model.json"))
        #expect(outcome.report.sources["Feed/Model.json"]?.bytes == Array(model.text.utf8))
    }

    @Test func scenarioFilesAreChecked() throws {
        let scenario = MarkedText("""
            {"name": "typo", "settings": {"servce": "stub"}, "steps": []}
            """)
        let bundle = try LintTestSupport.feedCopy(overwriting: ["Tests/9-typo.scenario.json": scenario.text])
        defer { LintTestSupport.remove(bundle) }
        let outcome = try validate(bundle)
        #expect(places(outcome) == ["Feed/Tests/9-typo.scenario.json:1:31 [schema.additional-property]"])
        #expect(outcome.report.diagnostics.first?.hint == #"did you mean "service"?"#)
    }

    @Test func jsonFilesNoSchemaCoversAreSkipped() throws {
        let bundle = try LintTestSupport.feedCopy(overwriting: ["notes.json": #"{"anything": true}"#])
        defer { LintTestSupport.remove(bundle) }
        let outcome = try validate(bundle)
        #expect(outcome.report.diagnostics.isEmpty)
        #expect(outcome.skippedFiles == ["Feed/notes.json"])
        #expect(!outcome.report.files.contains("Feed/notes.json"))
    }

    @Test func aFolderThatIsNotABundleIsAnInputError() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let folder = scratch.path
        #expect(throws: BundleError.noManifest(path: folder)) { try BundleValidator().validate(directory: folder) }
        #expect(throws: BundleError.notFound(path: folder + "/missing")) { try BundleValidator().validate(directory: folder + "/missing") }
    }

    @Test func findingsAreTheSameOnEveryRun() throws {
        let bundle = try LintTestSupport.feedCopy(overwriting: ["Info.json": #"{"identifier": "a b", "nmae": 1, "version": 2}"#])
        defer { LintTestSupport.remove(bundle) }
        let first = try validate(bundle).report.diagnostics
        #expect(first.count == 3)
        for _ in 0..<3 { #expect(try validate(bundle).report.diagnostics == first) }
    }

    /// The bundle's files are read, parsed and checked on every core; what each file gets must
    /// be exactly what checking it alone, on one thread, gets.
    @Test func checkingFilesTogetherFindsWhatCheckingEachAloneFinds() throws {
        let bundle = try LintTestSupport.feedCopy(overwriting: [
            "Info.json": #"{"identifier": "a b", "nmae": 1, "version": 2}"#,
            "Model.json": #"{"entities": {"Post": {"attributes": {"text": {"type": "String"}},}}}"#,
            "Tests/9-typo.scenario.json": #"{"name": "typo", "settings": {"servce": "stub"}, "steps": []}"#,
        ])
        defer { LintTestSupport.remove(bundle) }
        let together = try validate(bundle)
        #expect(Set(together.report.diagnostics.map(\.file)).count == 3)
        let validator = try BundleValidator()
        for file in together.report.files {
            let path = String(file.dropFirst("Feed/".count))
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: bundle + "/" + path)))
            let alone = validator.validate(file: file, bytes: bytes, kindName: nil).report.diagnostics
            #expect(together.report.diagnostics.filter { $0.file == file } == alone, "\(file)")
        }
    }
}
