import Foundation
import Testing
import WidgetryExpressions

/// Runs every case of `Corpus/*.json`: parse, evaluate, compare with the expected value or
/// error; and checks that the canonical printer round-trips every text that parses.
struct CorpusTests {
    static let files = (try? CorpusCase.files()) ?? []

    @Test func corpusIsLargeAndCoversEveryErrorCode() throws {
        let cases = try Self.files.flatMap(CorpusCase.load)
        #expect(cases.count >= 400)
        var codes = Set<String>()
        for corpusCase in cases {
            if case .error(let code, _) = corpusCase.outcome { codes.insert(code) }
        }
        let parseCodes = PredicateSyntaxError.Code.allCases.map(\.rawValue).filter { $0 != "predicate.length-limit" }
        let evaluationCodes = EvaluationError.Code.allCases.map(\.rawValue)
        for code in parseCodes + evaluationCodes {
            #expect(codes.contains(code), "no corpus case expects \(code)")
        }
    }

    /// Every case that cites its source names where the value comes from, and the files of the
    /// Foundation selectors, plain-named built-ins and value keys cite one for every case.
    @Test func sourcesNameAppleGNUstepOrWidgetry() throws {
        let cited: Set<String> = ["function-foundation-strings.json", "function-foundation-collections.json",
                                  "functions-without-colon.json", "key-value-coding-values.json"]
        for file in Self.files {
            for corpusCase in try CorpusCase.load(file) {
                if cited.contains(file) { #expect(corpusCase.citation != nil, "\(corpusCase): no source") }
                guard let citation = corpusCase.citation else { continue }
                #expect(["Apple", "GNUstep", "Widgetry"].contains { citation.contains($0) }, "\(corpusCase): source '\(citation)' names no authority")
            }
        }
    }

    /// Every allowed selector outside the resultChain ones has corpus cases: one that gives a
    /// value, and one where a receiver or an argument of the wrong kind is an evaluation error.
    @Test func everySelectorHasAValueCaseAndAWrongKindCase() throws {
        let cases = try Self.files.flatMap(CorpusCase.load)
        let selectors = FunctionCatalog.standard.selectors.keys.filter { !$0.hasPrefix("wx_") && $0 != "valueForKeyPath:" }
        for selector in selectors {
            let calling = cases.filter { $0.source.contains("'\(selector)'") }
            #expect(calling.contains { if case .value = $0.outcome { true } else { false } }, "no corpus case gives a value of \(selector)")
            #expect(calling.contains {
                if case .error(let code, _) = $0.outcome { code == "eval.type-mismatch" || code == "eval.invalid-argument" } else { false }
            }, "no corpus case calls \(selector) with a wrong kind")
        }
    }

    @Test(arguments: files)
    func corpusFile(_ file: String) throws {
        for corpusCase in try CorpusCase.load(file) {
            check(corpusCase)
        }
    }

    @Test(arguments: files)
    func canonicalFormRoundTrips(_ file: String) throws {
        for corpusCase in try CorpusCase.load(file) {
            switch corpusCase.text {
            case .predicate(let text):
                guard let first = try? Predicate(format: text, arguments: corpusCase.arguments) else { continue }
                let printed = first.canonicalText
                guard Self.roundTrips(corpusCase.arguments) else { continue }
                do {
                    let second = try Predicate(format: printed)
                    #expect(second.syntax == first.syntax, "\(corpusCase): '\(printed)' parses to another tree")
                    #expect(second.canonicalText == printed, "\(corpusCase): printing is not stable")
                } catch {
                    Issue.record("\(corpusCase): canonical text '\(printed)' does not parse: \(error)")
                }
            case .expression(let text):
                guard let first = try? Expression(format: text, arguments: corpusCase.arguments) else { continue }
                let printed = first.canonicalText
                guard Self.roundTrips(corpusCase.arguments) else { continue }
                do {
                    let second = try Expression(format: printed)
                    #expect(second.syntax == first.syntax, "\(corpusCase): '\(printed)' parses to another tree")
                    #expect(second.canonicalText == printed, "\(corpusCase): printing is not stable")
                } catch {
                    Issue.record("\(corpusCase): canonical text '\(printed)' does not parse: \(error)")
                }
            }
        }
    }

    /// Format arguments that the language cannot write back (dictionaries, sets, non-finite numbers)
    /// are documented not to round-trip.
    private static func roundTrips(_ arguments: [Value]) -> Bool {
        arguments.allSatisfy { argument in
            switch argument {
            case .dictionary, .set, .data, .object: false
            case .double(let number): number.isFinite
            default: true
            }
        }
    }

    private func check(_ corpusCase: CorpusCase) {
        let context = EvaluationContext(variables: corpusCase.variables, now: corpusCase.now)
        let result: Result<Value, any Error>
        switch corpusCase.text {
        case .predicate(let text):
            result = Result { .bool(try Predicate(format: text, arguments: corpusCase.arguments).evaluate(with: corpusCase.object, context: context)) }
        case .expression(let text):
            result = Result { try Expression(format: text, arguments: corpusCase.arguments).evaluate(with: corpusCase.object, context: context) }
        }
        switch (corpusCase.outcome, result) {
        case (.value(let expected), .success(let actual)):
            #expect(corpusValuesAgree(expected, actual), "\(corpusCase): expected \(expected.jsonValue(tagged: true)), got \(actual.jsonValue(tagged: true))")
        case (.value(let expected), .failure(let error)):
            Issue.record("\(corpusCase): expected \(expected.jsonValue(tagged: true)), got error \(error)")
        case (.error(let code, _), .success(let actual)):
            Issue.record("\(corpusCase): expected error \(code), got \(actual.jsonValue(tagged: true))")
        case (.error(let code, let column), .failure(let error)):
            if let syntaxError = error as? PredicateSyntaxError {
                #expect(syntaxError.code.rawValue == code, "\(corpusCase): expected \(code), got \(syntaxError)")
                if let column {
                    #expect(syntaxError.location.column == column, "\(corpusCase): expected column \(column), got \(syntaxError)")
                }
                #expect(!syntaxError.message.isEmpty)
            } else if let evaluationError = error as? EvaluationError {
                #expect(evaluationError.code.rawValue == code, "\(corpusCase): expected \(code), got \(evaluationError)")
            } else {
                Issue.record("\(corpusCase): unexpected error type \(error)")
            }
        }
    }
}
