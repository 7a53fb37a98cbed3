import Foundation
import Testing
import WidgetryTestSupport

/// `widgetry eval`, run as a user runs it.
struct EvalCommandTests {
    private func withData(_ json: String, _ body: (String) throws -> Void) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path + "/data.json"
        try Data(json.utf8).write(to: URL(fileURLWithPath: path))
        try body(path)
    }

    private let post = """
        {"favoritesCount": 12, "text": "Post number 7 about Swift", "author": {"name": "user 17"},
         "items": [{"price": 5}, {"price": 15.5}], "timestamp": {"$date": "2018-06-20T18:00:00Z"}}
        """

    @Test func predicatePrintsTrueOrFalse() throws {
        try withData(post) { data in
            let yes = try CommandRunner.run(["eval", "--predicate", "text CONTAINS[cd] 'swift' AND favoritesCount >= 10", "--data", data])
            #expect(yes.status == 0)
            #expect(yes.stdout == "true\n")
            let no = try CommandRunner.run(["eval", "--predicate", "author.name BEGINSWITH 'admin'", "--data", data])
            #expect(no.stdout == "false\n")
        }
    }

    @Test func expressionPrintsOneJSONValueWithDatesAsISO8601() throws {
        try withData(post) { data in
            let sum = try CommandRunner.run(["eval", "--expression", "items.@sum.price * 2", "--data", data])
            #expect(sum.status == 0)
            #expect(sum.stdout == "41.0\n")
            let dates = try CommandRunner.run(["eval", "--expression", "{timestamp, now()}", "--data", data, "--now", "2020-01-01T00:00:00Z"])
            #expect(dates.stdout == "[\"2018-06-20T18:00:00Z\",\"2020-01-01T00:00:00Z\"]\n")
            let set = try CommandRunner.run(["eval", "--expression", "{1, 2} UNION {2, 3}"])
            #expect(set.stdout == "[1,2,3]\n")
        }
    }

    @Test func variablesAndFormatArgumentsAreJSON() throws {
        try withData(post) { data in
            let variable = try CommandRunner.run(["eval", "--predicate", "favoritesCount > $min", "--data", data, "--var", "min=10"])
            #expect(variable.stdout == "true\n")
            let arguments = try CommandRunner.run(["eval", "--predicate", "%K == %@", "--arg", "\"author.name\"", "--arg", "\"user 17\"", "--data", data])
            #expect(arguments.stdout == "true\n")
            let notJSON = try CommandRunner.run(["eval", "--predicate", "a == $x", "--var", "x=Ann"])
            #expect(notJSON.status == 2)
            #expect(notJSON.stderr.contains("--var x: 'Ann' is not JSON"))
        }
    }

    /// A text or a format argument that starts with a dash is a value, not an option.
    @Test func negativeLiteralsNeedNoQuotingTrick() throws {
        let number = try CommandRunner.run(["eval", "--expression", "-3"])
        #expect(number.status == 0)
        #expect(number.stdout == "-3\n")
        let sum = try CommandRunner.run(["eval", "--expression", "-3 + %@", "--arg", "-4"])
        #expect(sum.stdout == "-7\n")
        let predicate = try CommandRunner.run(["eval", "--predicate", "-1 < 0"])
        #expect(predicate.stdout == "true\n")
    }

    @Test func anIndexOutOfRangeIsAnEvaluationErrorWithItsCode() throws {
        try withData(#"{"scores": [90, 80]}"#) { data in
            let outcome = try CommandRunner.run(["eval", "--expression", "scores[100]", "--data", data])
            #expect(outcome.status == 2)
            #expect(outcome.stderr.contains("[eval.index-out-of-range]"))
        }
    }

    @Test func parseErrorsExitWithTwoAndShowACaret() throws {
        let outcome = try CommandRunner.run(["eval", "--predicate", "name == (1 + "])
        #expect(outcome.status == 2)
        #expect(outcome.stdout.isEmpty)
        #expect(outcome.stderr == """
            <predicate>:1:14: error: expected an expression after '+', but the text ends [predicate.unexpected-end]
              1 | name == (1 + 
                |              ^

            """)
        let unclosed = try CommandRunner.run(["eval", "--predicate", "count > 2 AND (name == 'x'"])
        #expect(unclosed.stderr.contains("expected ')' to close '(' opened at column 15"))
        #expect(unclosed.stderr.contains("[predicate.unbalanced]"))
    }

    @Test func evaluationErrorsExitWithTwoAndUnderlineTheFailingPart() throws {
        try withData(post) { data in
            let outcome = try CommandRunner.run(["eval", "--predicate", "favoritesCount > 1 AND text + 1 > 2", "--data", data])
            #expect(outcome.status == 2)
            #expect(outcome.stderr == """
                <predicate>:1:24: error: '+' needs numbers, but one side is a string [eval.type-mismatch]
                  1 | favoritesCount > 1 AND text + 1 > 2
                    |                        ^~~~~~~~

                """)
            let unbound = try CommandRunner.run(["eval", "--predicate", "favoritesCount > $limit", "--data", data])
            #expect(unbound.status == 2)
            #expect(unbound.stderr.contains("[eval.unbound-variable]"))
        }
    }

    @Test func explainPrintsTheTreeCanonicalFormAndFacts() throws {
        let outcome = try CommandRunner.run(["eval", "--explain", "--predicate", "any tags in {'a'} and $x.n > 1"])
        #expect(outcome.status == 0)
        #expect(outcome.stdout == """
            tree:
              AND  @0..<30
                ANY comparison IN  @0..<17
                  left: key path tags  @4..<8
                  right: constant ["a"]  @12..<17
                comparison >  @22..<30
                  left: key path n  @22..<26
                    of: variable $x  @22..<24
                  right: constant 1  @29..<30
            canonical: ANY tags IN {"a"} AND $x.n > 1
            key paths: tags, $x.n
            variables: $x
            functions: none

            """)
    }

    @Test func usageNeedsExactlyOneText() throws {
        let neither = try CommandRunner.run(["eval"])
        #expect(neither.status == 2)
        #expect(neither.stderr.contains("exactly one of --predicate and --expression"))
        let both = try CommandRunner.run(["eval", "--predicate", "TRUEPREDICATE", "--expression", "1"])
        #expect(both.status == 2)
    }
}
