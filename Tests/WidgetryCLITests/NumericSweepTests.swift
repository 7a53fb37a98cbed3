import Foundation
import Testing
import WidgetryTestSupport

/// Extreme numbers through every numeric option and every numeric key of every schema: the
/// process never traps; it succeeds, fails a scenario, or stops with a typed error
/// (README, "Numbers"). The schema keys are found by walking `Schemas/`, so a new numeric key
/// is swept without touching this file (and fails here until a sample uses it).
struct NumericSweepTests {
    /// ±0, ±1e308, ±infinity (JSON cannot write it: 1e999 reads as infinity), NaN where the
    /// option parser takes it, Int64.max + 1 and -1.
    static let optionValues = ["0", "-0", "1e308", "-1e308", "inf", "-inf", "nan", "9223372036854775808", "-1"]
    static let jsonValues = ["0", "-0", "1e308", "-1e308", "1e999", "-1e999", "9223372036854775808", "-1"]

    struct OptionCase: CustomStringConvertible, Sendable {
        var arguments: [String]
        var option: String
        var description: String { ([option] + arguments.prefix(1)).joined(separator: " on ") }
    }

    static let hello = Samples.widget("Hello")

    /// Every numeric option of the commands that read bundles and run them.
    static let optionCases: [OptionCase] = {
        let shared = ["--timeout", "--connect-timeout", "--total-timeout", "--stall-timeout", "--cache-ttl", "--max-redirects", "--max-download-bytes",
                      "--max-entries", "--max-unpacked-bytes", "--max-ratio"]
        let service = ["--request-timeout", "--max-response-bytes"]
        return (["--for", "--max-render-passes"] + service + shared).map { OptionCase(arguments: ["run", hello], option: $0) }
            + ["--min-coverage"].map { OptionCase(arguments: ["test", hello], option: $0) }
            + service.map { OptionCase(arguments: ["call", hello, "notes"], option: $0) }
    }()

    @Test(arguments: optionCases)
    func extremeOptionValuesNeverTrap(_ sweep: OptionCase) throws {
        for value in Self.optionValues {
            let outcome = try CommandRunner.run(sweep.arguments + ["\(sweep.option)=\(value)"])
            #expect([0, 1, 2].contains(outcome.status), "\(sweep.option)=\(value) ended with \(outcome.status): \(outcome.stderr.suffix(400))")
            if outcome.status == 2 {
                #expect(outcome.stderr.contains("[usage.out-of-range]") || outcome.stderr.contains("[usage.invalid-arguments]"),
                        "\(sweep.option)=\(value): \(outcome.stderr.suffix(300))")
            }
        }
    }

    // MARK: Schema keys

    struct KeyCase: CustomStringConvertible, Sendable {
        var schema: String
        var key: String
        var description: String { "\(schema)#\(key)" }
    }

    /// The keys whose schema allows a number or an integer, in every schema file.
    static let keyCases: [KeyCase] = {
        let folder = Samples.file("Schemas")
        var found: [KeyCase] = []
        for file in ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted() where file.hasSuffix(".json") {
            guard let data = FileManager.default.contents(atPath: folder + "/" + file),
                  let root = try? JSONSerialization.jsonObject(with: data) else { continue }
            var keys = Set<String>()
            numericKeys(root, key: nil, into: &keys)
            found += keys.sorted().map { KeyCase(schema: file, key: $0) }
        }
        return found
    }()

    private static func numericKeys(_ node: Any, key: String?, into keys: inout Set<String>) {
        if let object = node as? [String: Any] {
            let types = (object["type"] as? [String]) ?? [(object["type"] as? String)].compactMap { $0 }
            if let key, types.contains("number") || types.contains("integer") { keys.insert(key) }
            for (name, value) in object {
                if name == "properties", let properties = value as? [String: Any] {
                    for (property, schema) in properties { numericKeys(schema, key: property, into: &keys) }
                } else {
                    numericKeys(value, key: key, into: &keys)
                }
            }
        } else if let array = node as? [Any] {
            for element in array { numericKeys(element, key: key, into: &keys) }
        }
    }

    /// The files of a sample bundle that `schema` describes.
    private static func files(of schema: String, in bundle: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: bundle)) ?? []
        let tests = ((try? FileManager.default.contentsOfDirectory(atPath: bundle + "/Tests")) ?? []).map { "Tests/" + $0 }
        switch schema {
        case "manifest.schema.json": return names.filter { $0 == "Info.json" }
        case "scenario.schema.json": return tests.filter { $0.hasSuffix(".scenario.json") }.sorted()
        case "stub-service.schema.json": return names.filter { $0 == "StubService.json" }
        case "service.schema.json": return names.filter { $0 == "Service.json" || $0 == "Service.dev.json" }
        case "model.schema.json": return names.filter { $0 == "Model.json" }
        case "lint-config.schema.json": return names.filter { $0 == ".widgetry.json" }
        case "host-profile.schema.json": return tests.filter { $0.hasSuffix(".profile.json") }.sorted()
        default: return names.filter { $0.hasSuffix("ViewController.json") }.sorted()
        }
    }

    /// A sample file holding `key` with a number (or an array of numbers: then its first), and
    /// the range of that number in its text.
    private static func occurrence(of sweep: KeyCase) -> (bundle: String, file: String, text: String, range: Range<String.Index>)? {
        let samples = Samples.widgetsFolder
        // The samples first, then a fixture that uses the keys no sample needs.
        let bundles = ((try? FileManager.default.contentsOfDirectory(atPath: samples)) ?? []).sorted().map { samples + "/" + $0 }
            + [Samples.file("Tests/Fixtures/NumericSweep")]
        let pattern = try! NSRegularExpression(pattern: "\"\(NSRegularExpression.escapedPattern(for: sweep.key))\"\\s*:\\s*\\[?\\s*(-?[0-9][0-9.eE+-]*)")
        for bundle in bundles {
            for file in files(of: sweep.schema, in: bundle) {
                guard let text = try? String(contentsOfFile: bundle + "/" + file, encoding: .utf8),
                      let match = pattern.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
                      let range = Range(match.range(at: 1), in: text) else { continue }
                return (bundle, file, text, range)
            }
        }
        return nil
    }

    @Test(arguments: keyCases)
    func extremeValuesOfASchemaKeyNeverTrap(_ sweep: KeyCase) throws {
        guard let place = Self.occurrence(of: sweep) else {
            Issue.record("no sample bundle uses the numeric key \(sweep): add it to Tests/Fixtures/NumericSweep")
            return
        }
        for value in Self.jsonValues {
            let copy = try TemporaryDirectory()
            defer { copy.remove() }
            let bundle = copy.path + "/" + URL(fileURLWithPath: place.bundle).lastPathComponent
            try FileManager.default.copyItem(atPath: place.bundle, toPath: bundle)
            // Only the scenario under test runs: the others would cost time and prove nothing here.
            let isProfile = place.file.hasSuffix(".profile.json")
            if place.file.hasPrefix("Tests/"), !isProfile {
                for other in Self.files(of: "scenario.schema.json", in: bundle) where other != place.file {
                    try FileManager.default.removeItem(atPath: bundle + "/" + other)
                }
            }
            var text = place.text
            text.replaceSubrange(place.range, with: value)
            try text.write(toFile: bundle + "/" + place.file, atomically: true, encoding: .utf8)
            let profile = ["--profile", bundle + "/" + place.file]
            let commands = isProfile ? [["validate", bundle] + profile, ["run", bundle, "--for", "30"] + profile]
                : [["validate", bundle], place.file.hasPrefix("Tests/") ? ["test", bundle] : ["run", bundle, "--for", "30"]]
            for command in commands {
                let outcome = try CommandRunner.run(command)
                #expect([0, 1, 2].contains(outcome.status), "\(sweep) = \(value): \(command[0]) ended with \(outcome.status): \(outcome.stderr.suffix(400))")
                // A value may change what a scenario sees, so `test` may fail a scenario; any
                // other failure names its typed code.
                let output = outcome.stdout + outcome.stderr
                let failedAScenario = command[0] == "test" && outcome.status == 1 && Self.failedScenarios(in: output)
                if outcome.status != 0 && !failedAScenario {
                    #expect(!Self.errorCodes(in: output).isEmpty,
                            "\(sweep) = \(value): \(command[0]) failed with no typed error: \(outcome.stdout.suffix(300)) \(outcome.stderr.suffix(300))")
                }
            }
        }
    }

    /// The codes of the error lines of a command's output, as the text reporter writes them
    /// (`FILE:LINE:COLUMN: error: MESSAGE [domain.kebab-id]`, or a lint rule's bare id; `test`
    /// indents them under their scenario): a bracket elsewhere, as in a snapshot's `[0, 1]`, is
    /// no code.
    static func errorCodes(in output: String) -> [String] {
        let line = try! NSRegularExpression(pattern: #"(?m)^ *\S.*?: error: .*\[([a-z][a-z0-9]*(?:[.-][a-z0-9]+)*)\]$"#)
        return line.matches(in: output, range: NSRange(output.startIndex..., in: output)).compactMap {
            Range($0.range(at: 1), in: output).map { String(output[$0]) }
        }
    }

    /// Whether `test`'s summary counts a failed scenario (`0 passed, 1 failed`).
    static func failedScenarios(in output: String) -> Bool {
        output.range(of: #"(?m)^ *[0-9]+ passed, [1-9][0-9]* failed"#, options: .regularExpression) != nil
    }

    @Test func errorCodesAreReadOnlyFromErrorLines() {
        #expect(Self.errorCodes(in: "Feed/Model.json:3:9: error: a number out of range [json.number-out-of-range]\n  hint: x\n") == ["json.number-out-of-range"])
        #expect(Self.errorCodes(in: "widgetry: error: the bundle has no Info.json [bundle.missing-manifest]\n") == ["bundle.missing-manifest"])
        #expect(Self.errorCodes(in: "tableView (UITableView): rows=[0, 1]\nerror: failed\n").isEmpty)
        #expect(Self.errorCodes(in: "Info.json:1:8: error: no such screen [unknown-screen]\n") == ["unknown-screen"])
        #expect(Self.errorCodes(in: "  ✗ Search\n      T/2.scenario.json:8:17: error: advance takes … [scenario.out-of-range]\n") == ["scenario.out-of-range"])
        #expect(Self.failedScenarios(in: "  ✗ Feed\n  0 passed, 1 failed\n"))
        #expect(!Self.failedScenarios(in: "  3 passed, 0 failed\n"))
        #expect(Self.errorCodes(in: "x.json:1:1: warning: odd [lint.odd]\n").isEmpty)
    }

    @Test func theSchemasHaveNumericKeysToSweep() {
        #expect(Self.keyCases.count >= 10)
        #expect(Self.keyCases.contains { $0.key == "advance" })
    }
}
