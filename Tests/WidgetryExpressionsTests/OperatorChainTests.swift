import Foundation
import Testing
import WidgetryExpressions

/// Chains of binary operators, subscripts and key paths nest the syntax tree one level per
/// link, and every stage after the parser walks the tree by recursion: a long chain is
/// `predicate.depth-limit`, never a stack overflow, and a chain within the limit works in
/// every stage.
struct OperatorChainTests {
    static let links = 3_000

    static let hostileChains: [String] = [
        Array(repeating: "1", count: links).joined(separator: " + "),
        Array(repeating: "2", count: links).joined(separator: " * "),
        Array(repeating: "2", count: links).joined(separator: " ** "),
        Array(repeating: "x", count: links).joined(separator: " - "),
        Array(repeating: "{1}", count: links).joined(separator: " UNION "),
        "a" + String(repeating: "[0]", count: links),
        "a" + String(repeating: "[0].b", count: links),
        "FUNCTION(a, 'length')" + String(repeating: ".length", count: 2) + String(repeating: "[0]", count: links),
        "a" + String(repeating: ".@max", count: links),
        "a" + String(repeating: ".@unionOfObjects", count: links) + ".b",
        "@count" + String(repeating: ".@sum", count: links),
    ]

    @Test(arguments: hostileChains)
    func aLongChainIsTheDepthLimit(_ chain: String) {
        #expect(chain.utf8.count < ParseOptions().maxLength)
        do {
            _ = try Expression(format: chain)
            Issue.record("a chain of \(Self.links) links parsed")
        } catch {
            #expect(error.code == .depthLimit)
        }
        do {
            _ = try Predicate(format: chain + " == 1")
            Issue.record("a predicate on a chain of \(Self.links) links parsed")
        } catch {
            #expect(error.code == .depthLimit)
        }
    }

    /// AND, OR and long key paths are lists, not nested levels: they stay accepted.
    @Test func flatChainsStayAccepted() throws {
        let conjunction = Array(repeating: "a == 1", count: Self.links).joined(separator: " AND ")
        let predicate = try Predicate(format: conjunction)
        #expect(try predicate.evaluate(with: ["a": 1]))
        let disjunction = Array(repeating: "a == 2", count: Self.links).joined(separator: " OR ")
        #expect(try !Predicate(format: disjunction).evaluate(with: ["a": 1]))
        let path = Array(repeating: "b", count: Self.links).joined(separator: ".")
        let expression = try Expression(format: path)
        #expect(try expression.evaluate(with: ["b": 1]) == .null)
        let operators = "a" + String(repeating: ".@unionOfObjects", count: 200) + ".b"
        let parsed = try Expression(format: operators)
        _ = try? parsed.evaluate(with: ["a": [["b": 1]]])
    }

    /// Just under the limit, the chain parses, prints, parses back and evaluates.
    @Test func aChainWithinTheLimitWorksInEveryStage() throws {
        let chain = Array(repeating: "1", count: 200).joined(separator: " + ")
        let expression = try Expression(format: chain)
        #expect(try Expression(format: expression.canonicalText).syntax == expression.syntax)
        #expect(try expression.evaluate(with: Value.null) == .int(200))
    }
}
