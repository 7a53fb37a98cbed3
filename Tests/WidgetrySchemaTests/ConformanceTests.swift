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

    /// Every optional file of the suite must pass, but for the cases listed in
    /// ``ConformanceSuite/expectedOptionalFailures``: a case that fails and is not listed fails
    /// the test, and so does a listed case that passes (take it off the list).
    @Test("optional test file", arguments: ConformanceSuite.optionalFiles)
    func optionalFile(_ file: String) throws {
        let outcomes = try ConformanceSuite.run(file)
        let expected = ConformanceSuite.expectedOptionalFailures[file] ?? [:]
        for outcome in outcomes {
            let name = outcome.group + " — " + outcome.test
            switch (outcome.passed, expected[name]) {
            case (false, nil): Issue.record("\(file) — \(name): \(outcome.detail)")
            case (true, let reason?): Issue.record("\(file) — \(name) passes now (listed as failing: \(reason)): take it off the list")
            default: break
            }
        }
        let names = Set(outcomes.map { $0.group + " — " + $0.test })
        for name in expected.keys.sorted() where !names.contains(name) {
            Issue.record("\(file) has no case \(name), which the list of expected failures names")
        }
    }

    @Test func everyListedOptionalFileIsInTheSuite() {
        #expect(Set(ConformanceSuite.expectedOptionalFailures.keys).isSubset(of: ConformanceSuite.optionalFiles))
        #expect(ConformanceSuite.optionalFiles.contains("optional/bignum.json"))
    }
}
