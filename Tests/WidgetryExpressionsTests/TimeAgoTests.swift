import Foundation
import Testing
import WidgetryExpressions

/// `timeAgo:`: what upstream's TwitterDemo computed in host code (`Post.timeAgoString`).
struct TimeAgoTests {
    static let now = Date(timeIntervalSince1970: 1_529_521_200) // 2018-06-20T19:00:00Z

    private func timeAgo(secondsBefore seconds: Double) throws -> Value {
        let object = Value.dictionary(["timestamp": .date(Self.now.addingTimeInterval(-seconds))])
        return try Expression(format: "timeAgo(timestamp)").evaluate(with: object, context: EvaluationContext(now: Self.now))
    }

    static let cases: [(seconds: Double, text: String)] = [
        (86_400, "1d"), (90_000, "1d"), (34_560_000, "400d"), (14_340, "3h"), (3_600, "1h"),
        (3_599, "59m"), (60, "1m"), (7.9, "7s"), (0.5, "Now"), (0, "Now"), (-120, "Now"),
    ]

    @Test func eachUnit() throws {
        for (seconds, text) in Self.cases {
            #expect(try timeAgo(secondsBefore: seconds) == .string(text), "\(seconds) s")
        }
    }

    @Test func nullIsNullAndAnythingElseIsATypeMismatch() throws {
        let expression = try Expression(format: "timeAgo(timestamp)")
        #expect(try expression.evaluate(with: .dictionary([:]), context: EvaluationContext(now: Self.now)) == .null)
        do {
            _ = try expression.evaluate(with: .dictionary(["timestamp": "yesterday"]), context: EvaluationContext(now: Self.now))
            Issue.record("a string was given a time")
        } catch {
            #expect(error.code == .typeMismatch, "as other built-ins given the wrong kind of value")
            #expect(error.message == "timeAgo: needs a date, not a string")
        }
        #expect(throws: EvaluationError.self, "a number is not a date either") {
            try Expression(format: "timeAgo:(3)").evaluate(with: .null, context: EvaluationContext(now: Self.now))
        }
        #expect(try Expression(format: "timeAgo(timestamp)").canonicalText == "timeAgo:(timestamp)")
        #expect(FunctionCatalog.signature(ofBuiltIn: "timeAgo:")?.result == .string)
    }
}
