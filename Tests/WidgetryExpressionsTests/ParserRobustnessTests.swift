import Testing
import WidgetryExpressions
import WidgetryTestSupport

/// Token soup from a fixed seed: every text either parses, and then round-trips through the
/// canonical printer, or fails with a `PredicateSyntaxError` — never a crash or a hang.
struct ParserRobustnessTests {
    static let pieces = [
        "a", "b.c", "tags", "@count", "@sum.x", "$v", "%@", "%K", "SELF", "1", "2.5", "0x1F", "'s'", "\"t\"", "nil", "TRUE",
        "==", "!=", "<", ">=", "BETWEEN", "IN", "CONTAINS[cd]", "LIKE", "MATCHES", "BEGINSWITH", "AND", "OR", "NOT", "ANY", "ALL",
        "(", ")", "{", "}", "[", "]", ",", "+", "-", "*", "/", "**", "UNION", "FIRST", "SIZE", "sum:", "now", "FUNCTION", "TERNARY",
        "CAST", "SUBQUERY", "#size", "'unterminated", "\\", "@", "$", ":",
    ]

    @Test func tokenSoupParsesOrFailsWithASyntaxError() {
        var generator = SeededGenerator(seed: 42)
        var parsed = 0
        for _ in 0..<3000 {
            let count = Int.random(in: 1...9, using: &generator)
            let text = (0..<count).map { _ in Self.pieces.randomElement(using: &generator) ?? "" }.joined(separator: " ")
            do {
                let predicate = try Predicate(format: text, arguments: ["x", "key"])
                parsed += 1
                let again = try Predicate(format: predicate.canonicalText)
                #expect(again.syntax == predicate.syntax, "'\(text)' → '\(predicate.canonicalText)'")
            } catch {
                #expect(!error.message.isEmpty)
                #expect(error.range.lowerBound <= text.utf8.count)
            }
        }
        #expect(parsed > 0)
    }

    @Test func deepNestingStopsAtTheLimit() {
        let deep = String(repeating: "(", count: 10_000) + "a == 1" + String(repeating: ")", count: 10_000)
        #expect(throws: PredicateSyntaxError.self) { try Predicate(format: deep) }
        let negations = String(repeating: "NOT ", count: 10_000) + "a == 1"
        #expect(throws: PredicateSyntaxError.self) { try Predicate(format: negations) }
        let minus = "a == " + String(repeating: "-", count: 10_000) + "1"
        #expect(throws: PredicateSyntaxError.self) { try Predicate(format: minus) }
    }

    @Test func textOverTheLengthLimitIsRefused() {
        let long = "a == '" + String(repeating: "x", count: 70_000) + "'"
        do {
            _ = try Predicate(format: long)
            Issue.record("accepted")
        } catch {
            #expect(error.code == .lengthLimit)
        }
    }

    /// Found by fuzzing (Fuzz/FuzzPredicate): the key `FIRST` (written `#FIRST`) was printed bare and
    /// read back as the key `first`, and a key `first` printed bare inside `[…]` reads as the FIRST index.
    @Test(arguments: ["#FIRST", "a.#Last", "#first", "a[#size]", "a[#first.b]", "a[#last + 1]", "items.first", "$v.#SIZE"])
    func reservedWordKeysRoundTrip(_ text: String) throws {
        let expression = try Expression(format: text)
        let printed = expression.canonicalText
        #expect(try Expression(format: printed).syntax == expression.syntax, "'\(text)' printed as '\(printed)'")
    }
}
