import Testing
import WidgetrySchema

/// The official JSON Schema Test Suite's draft 2020-12 files, run as data. Skipped when the
/// suite is not checked out beside the project.
@Suite("JSON Schema Test Suite, draft 2020-12", .enabled(if: ConformanceSuite.isAvailable))
struct ConformanceTests {
    /// Cases known not to pass, by file, group and test description (nil: the whole group),
    /// each with the reason. Every other case of every file must pass.
    static let knownUnsupported: [String: [(group: String, test: String?, reason: String)]] = [:]

    @Test("required test file", arguments: ConformanceSuite.requiredFiles)
    func requiredFile(_ file: String) throws {
        let outcomes = try ConformanceSuite.run(file)
        let exemptions = Self.knownUnsupported[file] ?? []
        let passed = outcomes.filter(\.passed).count
        print("\(file.replacingOccurrences(of: ".json", with: "")): \(passed)/\(outcomes.count)")
        for outcome in outcomes where !outcome.passed {
            let exempt = exemptions.contains { $0.group == outcome.group && ($0.test == nil || $0.test == outcome.test) }
            if !exempt {
                Issue.record("\(file) — \(outcome.group) — \(outcome.test): \(outcome.detail)")
            }
        }
    }

    /// The tape check leaves to the evaluator only what it does not handle (`uniqueItems`,
    /// `unevaluated*`, errors): every other case, by
    /// far most of the suite, it decides itself, and `requiredFile` checks that it decides right.
    @Test func theTapeCheckDecidesAllButWhatItLeavesToTheEvaluator() throws {
        var decided = 0, total = 0
        for file in ConformanceSuite.requiredFiles {
            let outcomes = try ConformanceSuite.run(file)
            decided += outcomes.filter(\.tapeDecided).count
            total += outcomes.count
            let leavesAll = ["uniqueItems.json", "unevaluatedItems.json", "unevaluatedProperties.json"]
            if !leavesAll.contains(file), !file.hasPrefix("optional/") {
                #expect(outcomes.contains(where: \.tapeDecided) || outcomes.isEmpty, "\(file): no case decided on the tape")
            }
        }
        print("decided on the tape: \(decided)/\(total)")
        #expect(decided * 10 >= total * 8, "\(decided) of \(total)")
    }

    /// Optional files, run for information only: big numbers beyond 64-bit doubles and
    /// ECMA-262 regular expression details.
    @Test("optional test file (informational)", arguments: ["optional/bignum.json", "optional/ecmascript-regex.json"])
    func optionalFile(_ file: String) throws {
        let outcomes = try ConformanceSuite.run(file)
        print("\(file): \(outcomes.filter(\.passed).count)/\(outcomes.count) (informational)")
        for outcome in outcomes where !outcome.passed {
            print("  not passing: \(outcome.group) — \(outcome.test): \(outcome.detail)")
        }
    }
}
