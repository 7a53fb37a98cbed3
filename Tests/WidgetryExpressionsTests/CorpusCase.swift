import Foundation
import WidgetryExpressions
import WidgetryJSON
import WidgetryTestSupport

/// One case of the data-driven corpus in `Corpus/*.json` (format described in `Corpus/README.md`).
struct CorpusCase: Sendable, CustomStringConvertible {
    enum Text: Sendable {
        case predicate(String)
        case expression(String)
    }

    enum Outcome: Sendable {
        case value(Value)
        case error(code: String, column: Int?)
    }

    let file: String
    let index: Int
    let summary: String
    let text: Text
    let object: Value
    let variables: [String: Value]
    let arguments: [Value]
    let now: Date?
    let outcome: Outcome
    /// Where the expected value comes from (`source`): Apple's documentation, or GNUstep's
    /// behaviour and why it agrees; nil for cases that do not say.
    let citation: String?

    var description: String { "\(file) #\(index) (\(summary))" }

    var source: String {
        switch text {
        case .predicate(let text), .expression(let text): text
        }
    }

    /// The corpus folder beside this file.
    static let directory = URL(fileURLWithPath: Samples.file("Tests/WidgetryExpressionsTests/Corpus"))

    /// The file names of the corpus, sorted.
    static func files() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".json") }.sorted()
    }

    static func load(_ file: String) throws -> [CorpusCase] {
        let bytes = try [UInt8](Data(contentsOf: directory.appendingPathComponent(file)))
        let root = try JSONParser.parse(bytes, fileName: file).root
        guard case .array(let cases)? = root["cases"]?.kind else { throw CorpusError("\(file): no 'cases' array") }
        return try cases.enumerated().map { index, json in try CorpusCase(file: file, index: index, json: json) }
    }

    private init(file: String, index: Int, json: JSONValue) throws {
        self.file = file
        self.index = index
        summary = json["description"]?.stringValue ?? ""
        citation = json["source"]?.stringValue
        if let predicate = json["predicate"]?.stringValue {
            text = .predicate(predicate)
        } else if let expression = json["expression"]?.stringValue {
            text = .expression(expression)
        } else {
            throw CorpusError("\(file) #\(index): neither 'predicate' nor 'expression'")
        }
        object = try json["object"].map { try Value(taggedJSON: $0, file: file) } ?? .null
        var variables: [String: Value] = [:]
        if case .object(let members)? = json["variables"]?.kind {
            for member in members { variables[member.key] = try Value(taggedJSON: member.value, file: file) }
        }
        self.variables = variables
        if case .array(let values)? = json["arguments"]?.kind {
            arguments = try values.map { try Value(taggedJSON: $0, file: file) }
        } else {
            arguments = []
        }
        if let now = json["now"], case .date(let date) = try Value(taggedJSON: now, file: file) {
            self.now = date
        } else {
            now = nil
        }
        if let expected = json["expected"] {
            outcome = .value(try Value(taggedJSON: expected, file: file))
        } else if let error = json["error"], let code = error["code"]?.stringValue {
            outcome = .error(code: code, column: error["column"]?.integerValue.map(Int.init))
        } else {
            throw CorpusError("\(file) #\(index): neither 'expected' nor 'error'")
        }
    }
}

struct CorpusError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Expected and actual values agree: numbers numerically (relative tolerance 1e-9), sets without
/// regard to order, dates to the millisecond, collections element by element.
func corpusValuesAgree(_ expected: Value, _ actual: Value) -> Bool {
    switch (expected, actual) {
    case (.set(let a), .set(let b)):
        return a.count == b.count && a.allSatisfy { element in b.contains { corpusValuesAgree(element, $0) } }
    case (.array(let a), .array(let b)):
        return a.count == b.count && zip(a, b).allSatisfy { corpusValuesAgree($0, $1) }
    case (.dictionary(let a), .dictionary(let b)):
        return a.count == b.count && a.allSatisfy { key, value in b[key].map { corpusValuesAgree(value, $0) } ?? false }
    case (.date(let a), .date(let b)):
        return abs(a.timeIntervalSince(b)) < 0.001
    case (.bool(let a), .bool(let b)):
        return a == b
    case (.bool, _), (_, .bool):
        return false
    default:
        if expected.isNumber, actual.isNumber, let a = expected.doubleValue, let b = actual.doubleValue {
            return a == b || abs(a - b) <= 1e-9 * max(abs(a), abs(b))
        }
        return expected == actual
    }
}
