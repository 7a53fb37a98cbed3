import Foundation
import WidgetryExpressions

/// The format arguments `%@ %K %d %i %f %s` take, in order. All of them can be written back as
/// literals, so the canonical text of anything that parses must parse to the same tree.
private let arguments: [Value] = ["name", 3, 2.5, "x"]

/// `SELF`: dictionaries, arrays, a set, strings, numbers, booleans, dates, data and null.
private let object: Value = [
    "name": "Ann", "age": 42, "score": 2.5, "flag": true, "nothing": nil,
    "born": .date(Date(timeIntervalSinceReferenceDate: 86_400)),
    "tags": ["a", "b", "café"], "numbers": [1, 2, 3.5, -4],
    "items": [
        ["name": "pen", "price": 3, "tags": ["red"]],
        ["name": "ink", "price": 4.5, "tags": [], "owner": nil],
    ],
    "owner": ["name": "Bob", "friends": [["name": "Cy", "age": 7]]],
    "data": .data([0, 1, 255]), "set": .makeSet([1, "a", 2.5]),
]

/// The `$` variables and a fixed clock, so evaluations are deterministic.
private let context = EvaluationContext(
    variables: ["input": "a", "n": 3, "list": [1, 2, 3], "text": "héllo wörld", "when": .date(Date(timeIntervalSinceReferenceDate: 0))],
    now: Date(timeIntervalSinceReferenceDate: 700_000_000)
)

/// Parses the bytes (when they are UTF-8) as a predicate and as an expression; what parses must
/// round-trip through its canonical text and is evaluated against `object`. Syntax and evaluation
/// errors are expected; crashes, hangs and a canonical text that reads back differently are not.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPredicate(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard let text = String(validating: UnsafeBufferPointer(start: data, count: size), as: UTF8.self) else { return 0 }
    if let predicate = try? Predicate(format: text, arguments: arguments) {
        checkRoundTrip(predicate.canonicalText, predicate.syntax) { text throws(PredicateSyntaxError) in try Predicate(format: text).syntax }
        _ = try? predicate.evaluate(with: object, context: context)
    }
    if let expression = try? Expression(format: text, arguments: arguments) {
        checkRoundTrip(expression.canonicalText, expression.syntax) { text throws(PredicateSyntaxError) in try Expression(format: text).syntax }
        _ = try? expression.evaluate(with: object, context: context)
    }
    return 0
}

/// Traps unless `printed` parses back to `syntax`. Printing may add parentheses or spell a
/// placeholder out, so a reading stopped by the depth or length limit is not a finding.
private func checkRoundTrip<Syntax: Equatable>(
    _ printed: String, _ syntax: Syntax, parse: (String) throws(PredicateSyntaxError) -> Syntax
) {
    do {
        let again = try parse(printed)
        precondition(again == syntax, "the canonical text '\(printed)' parses to another tree")
    } catch where error.code == .depthLimit || error.code == .lengthLimit {
    } catch {
        preconditionFailure("the canonical text '\(printed)' does not parse: \(error)")
    }
}
