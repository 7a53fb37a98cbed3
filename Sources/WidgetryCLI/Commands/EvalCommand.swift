import ArgumentParser
import Foundation
import WidgetryExpressions
import WidgetryJSON
import WidgetryReporting

struct EvalCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "eval",
        abstract: "Evaluate a predicate or an expression against JSON data.",
        discussion: """
            Prints the result as one JSON value: true or false for a predicate; for an expression, \
            dates as ISO 8601 strings and sets as arrays. In --data, --var and --arg values, \
            {"$date": "2018-06-20T18:00:00Z"} is a date and {"$set": [...]} a set. A parse or \
            evaluation error exits with status 2 and shows where in the text it happened.

            Examples:
              widgetry eval --predicate 'favoritesCount > 5' --data post.json
              widgetry eval --expression 'sum:(items.price)' --data order.json
              widgetry eval --predicate 'name BEGINSWITH[c] $prefix' --data user.json --var prefix='"an"'
              widgetry eval --predicate '%K == %@' --arg '"name"' --arg '"Ann"' --data user.json
            """
    )

    // The text is taken whatever it starts with, so that `--expression -3` is the number -3.
    @Option(parsing: .unconditional, help: ArgumentHelp("A predicate, e.g. 'author.name BEGINSWITH \"A\"'.", valueName: "text"))
    var predicate: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("An expression, e.g. 'items.@sum.price * 2' or -3.", valueName: "text"))
    var expression: String?

    @Option(help: ArgumentHelp("JSON file holding the evaluated object (SELF); '-' reads standard input.", valueName: "file"))
    var data: String?

    @Option(name: .customLong("var"), help: ArgumentHelp("A substitution variable as name=JSON, e.g. limit=5 or name='\"Ann\"'.", valueName: "name=json"))
    var variables: [String] = []

    @Option(name: .customLong("arg"), parsing: .unconditionalSingleValue, help: ArgumentHelp("A format argument (JSON) for %@, %K, %d, %f, %s, in order.", valueName: "json"))
    var arguments: [String] = []

    @Option(help: ArgumentHelp("The instant now() returns, in ISO 8601 (default: the system clock).", valueName: "date"))
    var now: String?

    @Flag(help: "Print the syntax tree, the canonical form and what the text reads, instead of evaluating.")
    var explain = false


    @OptionGroup var errorOptions: ErrorFormatOption
    func validate() throws {
        guard (predicate == nil) != (expression == nil) else {
            throw ValidationError("give exactly one of --predicate and --expression")
        }
    }

    func run() throws {
        let console = Console.standard
        let text = predicate ?? expression ?? ""
        let formatArguments = try arguments.enumerated().map { index, json in try parseJSON(json, what: "--arg #\(index + 1)") }
        do {
            if let predicate {
                let parsed = try Predicate(format: predicate, arguments: formatArguments)
                if explain { return console.write(SyntaxExplanation.render(parsed.syntax, canonical: parsed.canonicalText, facts: parsed.facts)) }
                let result = try parsed.evaluate(with: try loadData(), context: try context())
                console.write(result ? "true\n" : "false\n")
            } else if let expression {
                let parsed = try Expression(format: expression, arguments: formatArguments)
                if explain { return console.write(SyntaxExplanation.render(parsed.syntax, canonical: parsed.canonicalText, facts: parsed.facts)) }
                let result = try parsed.evaluate(with: try loadData(), context: try context())
                console.write(result.jsonValue().serialized() + "\n")
            }
        } catch let error as PredicateSyntaxError {
            throw problem(error.diagnostic(file: textName), text: text)
        } catch let error as EvaluationError {
            throw problem(error.diagnostic(file: textName, text: text), text: text)
        }
    }

    /// What the text is called in messages: `<predicate>` or `<expression>`.
    private var textName: String { predicate == nil ? "<expression>" : "<predicate>" }

    /// `diagnostic` with the text to quote under it.
    private func problem(_ diagnostic: Diagnostic, text: String) -> ReportedDiagnostics {
        ReportedDiagnostics(DiagnosticReport(diagnostics: [diagnostic], sources: [diagnostic.file: SourceText(fileName: diagnostic.file, bytes: Array(text.utf8))]))
    }

    private func loadData() throws -> Value {
        guard let data else { return .null }
        let bytes = try InputFile.bytes(of: data, option: "--data", allowingStandardInput: true)
        let name = InputFile.displayName(of: data)
        return try Value(taggedJSON: try JSONParser.parse(bytes, fileName: name).root, file: name)
    }

    private func context() throws -> EvaluationContext {
        var context = EvaluationContext()
        for assignment in variables {
            guard let equals = assignment.firstIndex(of: "="), equals != assignment.startIndex else {
                throw CommandFailure(.invalidOption, "--var '\(assignment)' is not name=JSON", hint: "write the name, =, and a JSON value, e.g. --var limit=5")
            }
            let name = String(assignment[..<equals])
            context.variables[name] = try parseJSON(String(assignment[assignment.index(after: equals)...]), what: "--var \(name)")
        }
        if let now {
            guard let date = Value.date(iso8601: now) else {
                throw CommandFailure(.invalidOption, "--now '\(now)' is not an ISO 8601 date", hint: "write an instant such as 2018-06-20T18:00:00Z")
            }
            context.now = date
        }
        return context
    }

    private func parseJSON(_ text: String, what: String) throws -> Value {
        let root: JSONValue
        do {
            root = try JSONParser.parse(text, fileName: what).root
        } catch {
            throw CommandFailure(.invalidOption, "\(what): '\(text)' is not JSON: \(error.message)", hint: "write strings in quotes, e.g. '\"Ann\"'")
        }
        return try Value(taggedJSON: root, file: what)
    }
}

extension EvalCommand: ReportsErrors {
    var errorFormat: ReportFormat { errorOptions.format ?? .text }
    var reportName: String { "widgetry eval" }
}
