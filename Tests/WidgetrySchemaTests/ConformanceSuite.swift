import Foundation
import WidgetryJSON
import WidgetrySchema
import WidgetryTestSupport

/// The official JSON Schema Test Suite, when the checkout beside the project has it: its draft
/// 2020-12 test files, and a registry holding its remote documents under the
/// `http://localhost:1234/` URIs the tests refer to (nothing is fetched).
enum ConformanceSuite {
    /// `../shared/conformance/json-schema-test-suite`, beside the checkout.
    static let root = URL(fileURLWithPath: Samples.shared("conformance/json-schema-test-suite"))

    static let testsDirectory = root.appendingPathComponent("tests/draft2020-12")

    static var isAvailable: Bool {
        FileManager.default.fileExists(atPath: testsDirectory.path)
    }

    /// The names of the required test files (`type.json`, …), sorted.
    static let requiredFiles: [String] = {
        guard isAvailable, let names = try? FileManager.default.contentsOfDirectory(atPath: testsDirectory.path) else { return [] }
        return names.filter { $0.hasSuffix(".json") }.sorted()
    }()

    /// The names of the optional test files, below `optional/` (`optional/bignum.json`, …),
    /// sorted, but for those in ``optionalFoldersNotRun``.
    static let optionalFiles: [String] = {
        let folder = testsDirectory.appendingPathComponent("optional")
        guard isAvailable, let enumerator = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        return enumerator.compactMap { $0 as? String }.filter { $0.hasSuffix(".json") }.map { "optional/" + $0 }
            .filter { file in !optionalFoldersNotRun.contains { file.hasPrefix($0) } }.sorted()
    }()

    /// A registry with every document under `remotes/`.
    static let registry: SchemaRegistry = {
        var registry = SchemaRegistry()
        let remotes = root.appendingPathComponent("remotes")
        guard let enumerator = FileManager.default.enumerator(atPath: remotes.path) else { return registry }
        let paths = enumerator.compactMap { $0 as? String }.filter { $0.hasSuffix(".json") }.sorted()
        for path in paths {
            guard let data = FileManager.default.contents(atPath: remotes.appendingPathComponent(path).path),
                let document = try? JSONParser.parse(Array(data), fileName: "remotes/" + path)
            else { continue }
            try? registry.register(document.root, uri: "http://localhost:1234/" + path, file: "remotes/" + path)
        }
        return registry
    }()

    /// One group of a test file: a schema and the values checked against it.
    struct Group {
        var description: String
        var schema: JSONValue
        var tests: [Case]
    }

    struct Case {
        var description: String
        var data: JSONValue
        var valid: Bool
    }

    /// The groups of a test file, by its path relative to `tests/draft2020-12`.
    static func groups(in file: String) throws -> [Group] {
        let data = try Data(contentsOf: testsDirectory.appendingPathComponent(file))
        let document = try JSONParser.parse(Array(data), fileName: file)
        return (document.root.arrayValue ?? []).map { group in
            Group(
                description: group["description"]?.stringValue ?? "",
                schema: group["schema"] ?? true,
                tests: (group["tests"]?.arrayValue ?? []).map { test in
                    Case(description: test["description"]?.stringValue ?? "", data: test["data"] ?? nil,
                         valid: test["valid"]?.boolValue ?? true)
                })
        }
    }

    /// The outcome of one test case.
    struct Outcome {
        var group: String
        var test: String
        var passed: Bool
        var detail: String
        /// Whether the tape check (``Schema/isValid(_:)-(JSONTape)``) decided the case.
        var tapeDecided = false
    }

    /// Runs every case of a file: each schema is compiled, each value checked three ways
    /// (``Schema/isValid(_:)`` and ``Schema/validate(_:file:)`` must agree with the expectation,
    /// and the tape check, on the value serialized, must agree or leave the case undecided).
    static func run(_ file: String) throws -> [Outcome] {
        var outcomes: [Outcome] = []
        for group in try groups(in: file) {
            let schema: Schema
            do {
                schema = try registry.schema(for: group.schema)
            } catch {
                for test in group.tests {
                    outcomes.append(Outcome(group: group.description, test: test.description, passed: false, detail: "schema error: \(error)"))
                }
                continue
            }
            for test in group.tests {
                do {
                    let isValid = try schema.isValid(test.data)
                    let violations = try schema.validate(test.data)
                    let onTape = schema.isValid(try JSONTape(Array(test.data.serialized().utf8)))
                    let passed = isValid == test.valid && violations.isEmpty == test.valid && (onTape ?? test.valid) == test.valid
                    let detail = "expected \(test.valid ? "valid" : "invalid"), isValid = \(isValid), on the tape: "
                        + "\(onTape.map(String.init) ?? "undecided"), violations: " + violations.map(\.message).joined(separator: "; ")
                    outcomes.append(Outcome(group: group.description, test: test.description, passed: passed, detail: detail,
                                            tapeDecided: onTape != nil))
                } catch {
                    outcomes.append(Outcome(group: group.description, test: test.description, passed: false, detail: "evaluation error: \(error)"))
                }
            }
        }
        return outcomes
    }
}
