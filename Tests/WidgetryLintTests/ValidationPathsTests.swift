import Foundation
import Testing
import WidgetryBundle
import WidgetryJSON
import WidgetryLint
import WidgetryTestSupport

/// `validate` decides most files on their tape and parses with locations only the files that
/// have findings. Its findings must be exactly those of the plain path: every file parsed,
/// every document validated, the not-a-screen check on the parsed roots.
@Suite("Validation: the tape path finds what the tree path finds")
struct ValidationPathsTests {
    /// One broken bundle each: the Feed sample with one file changed by a JSON merge patch (or
    /// replaced by raw text), covering each kind of file and of finding.
    static let mutations: [(name: String, file: String, patch: String)] = [
        ("a screen member of the wrong type", "FeedViewController.json", #"{"FeedViewController": {"objects": 5}}"#),
        ("an unknown screen key", "FeedViewController.json", #"{"FeedViewController": {"objcts": {}}}"#),
        ("an object without its type", "FeedViewController.json",
         #"{"FeedViewController": {"objects": {"currentUserProvider": {"type": null}}}}"#),
        ("an unknown object type", "FeedViewController.json",
         #"{"FeedViewController": {"objects": {"currentUserProvider": {"type": "ManagedObjectProvider"}}}}"#),
        ("outlets that are not an object", "FeedViewController.json",
         #"{"FeedViewController": {"objects": {"homeFeedContentProvider": {"outlets": 7}}}}"#),
        ("a manifest with a misspelt key and a bad version", "Info.json", #"{"nmae": "Feed", "formatVersion": "one"}"#),
        ("a manifest whose entry screen is not a screen", "Info.json", #"{"entryScreen": "Model"}"#),
        ("a stub action of the wrong shape", "StubService.json", #"{"actions": {"currentUser": {"resultType": 3}}}"#),
        ("stub defaults with an unknown key", "StubService.json", #"{"defaults": {"basUrl": "x"}}"#),
        ("a model attribute of an unknown type", "Model.json",
         #"{"entities": {"User": {"attributes": {"userId": {"type": "Text"}}}}}"#),
        ("a model without entities", "Model.json", #"{"entities": null}"#),
        ("a scenario step that is not an object", "Tests/1-feed.scenario.json", #"{"steps": [1, {"tap": 2}]}"#),
        ("a scenario golden outside its folder", "Tests/1-feed.scenario.json", #"{"steps": [{"golden": "../../x.txt"}]}"#),
        ("a screen file that is not JSON", "NewPostViewController.json", "{\"NewPostViewController\": {,}}"),
        ("a screen file with a repeated key", "NewPostViewController.json", #"{"NewPostViewController": {}, "NewPostViewController": {}}"#),
        ("a screen file whose root is an array", "PostDetailsViewController.json", "[1, 2]"),
    ]

    @Test(arguments: mutations.indices)
    func aBrokenBundle(_ index: Int) throws {
        let mutation = Self.mutations[index]
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let directory = try Self.copyOfFeed(into: scratch)
        let path = directory + "/" + mutation.file
        let original = try JSONParser.parse(Array(try Data(contentsOf: URL(fileURLWithPath: path))), fileName: mutation.file).root
        let text: String
        if let patch = try? JSONParser.parse(Array(mutation.patch.utf8)).root, patch.objectValue != nil {
            text = original.merging(patch).serialized(JSONWritingOptions(pretty: true))
        } else {
            text = mutation.patch
        }
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))

        let validator = try BundleValidator()
        let found = try validator.validate(directory: directory).report.diagnostics
        #expect(!found.isEmpty, "\(mutation.name): the bundle is broken")
        #expect(found == (try Self.treeFindings(directory, validator: validator)), "\(mutation.name)")
    }

    @Test func cleanAndBrokenBundlesOfTheRepository() throws {
        let root = Samples.packageRoot
        var bundles = Samples.widgetNames.map(Samples.widget)
        bundles += [root + "/Tests/Fixtures/Lint/BrokenFeed/input", root + "/Tests/Fixtures/NumericSweep"]
        // Upstream's sources as shipped, when they are beside the project.
        let upstream = URL(fileURLWithPath: root).deletingLastPathComponent().path + "/shared/upstream"
        bundles += ["WidgetDemo-source", "TwitterDemo-source"].map { upstream + "/" + $0 }
            .filter { FileManager.default.fileExists(atPath: $0) }
        let validator = try BundleValidator()
        for bundle in bundles {
            let found = try validator.validate(directory: bundle).report.diagnostics
            #expect(found == (try Self.treeFindings(bundle, validator: validator)), "\(bundle)")
        }
    }

    // MARK: The tree path

    /// Every file parsed with locations and validated, then the not-a-screen check on the roots.
    static func treeFindings(_ directory: String, validator: BundleValidator) throws -> [Diagnostic] {
        let bundle = try BundleJSONFiles(directory: directory)
        var findings: [Diagnostic] = []
        var roots: [(path: String, root: JSONValue)] = []
        var displayPaths: [String: String] = [:]
        var entryScreen: String?
        for file in bundle.files {
            switch file.parse() {
            case .failure(let error):
                findings.append(Diagnostic(error, file: file.displayPath, source: file.source))
            case .success(let document):
                if let kind = BundleFileKind.classify(path: file.path, root: document.root) {
                    findings += validator.diagnostics(for: document, kind: kind, file: file.displayPath)
                    if kind == .scenario {
                        findings += ScenarioPaths.escapes(in: document, file: file.displayPath, testsFolder: bundle.rootPath + "/Tests")
                    }
                }
                guard !file.path.contains("/") else { continue }
                if file.path == "Info.json" { entryScreen = document.root["entryScreen"]?.stringValue }
                roots.append((file.path, document.root))
                displayPaths[file.path] = file.displayPath
            }
        }
        findings += NotAScreen.find(files: roots, entryScreen: entryScreen).map { finding in
            var diagnostic = finding.diagnostic(severity: .error)
            diagnostic.file = displayPaths[finding.file] ?? finding.file
            return diagnostic
        }
        return findings.sorted()
    }

    /// A fresh copy of the Feed sample in a temporary folder.
    static func copyOfFeed(into scratch: TemporaryDirectory) throws -> String {
        let directory = scratch.file("Feed")
        try FileManager.default.copyItem(atPath: LintTestSupport.feed, toPath: directory)
        return directory
    }
}
