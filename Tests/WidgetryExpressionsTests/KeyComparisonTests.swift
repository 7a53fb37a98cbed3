import Foundation
import Testing
import WidgetryExpressions

/// A key path compared with a constant (`count > 5`, `author.name BEGINSWITH 'a'`) is compiled to
/// a test that reads the value in place. Written with a variable for the constant, the same
/// comparison takes the general path; both must give the same answer, or the same error, for
/// every kind of record: small dictionaries, dictionaries large enough to keep a hash index,
/// missing keys, values of another kind, objects that answer key-value coding, and no dictionary
/// at all.
struct KeyComparisonTests {
    final class Record: KeyValueCoding, @unchecked Sendable {
        let fields: [String: Value]
        init(_ fields: [String: Value]) { self.fields = fields }
        func value(forKey key: String) -> Value { fields[key] ?? .null }
        var keyValueTypeName: String { "Record" }
        var keyValueDescription: String { "<Record>" }
    }

    /// A dictionary with `fields` first and enough other members to keep a hash index.
    private static func large(_ fields: ValueDictionary) -> Value {
        var dictionary = fields
        for filler in 0..<12 { dictionary["filler\(filler)"] = .int(Int64(filler)) }
        return .dictionary(dictionary)
    }

    private static let records: [Value] = {
        let author: Value = ["name": "Ann Smith"]
        let small: [Value] = [
            ["count": 7, "name": "apple", "text": "Swift on Linux", "author": author],
            ["count": 3, "name": "Banana", "text": "nothing", "author": ["name": "bob"]],
            ["count": 5.0, "name": "ápple", "text": "SWİFT", "author": ["name": 12]],
            ["count": 6.5, "name": 42, "text": .null, "author": "Ann"],
            ["count": "7", "name": .null, "text": ["Swift"], "author": .null],
            ["count": true, "name": "a", "text": "swift", "author": ["other": "Ann"]],
            ["author": ["author": "Ann", "name": "Bob"]],
            ["other": 1],
            [:],
        ]
        let large = small.compactMap { record -> Value? in
            guard case .dictionary(let fields) = record else { return nil }
            return Self.large(fields)
        }
        let objects: [Value] = [
            .object(Record(["count": 9, "name": "apple pie", "text": "swift", "author": .object(Record(["name": "Ann"]))])),
            .object(Record([:])),
        ]
        return small + large + objects + [.null, 7, "apple", [1, 2, 3]]
    }()

    @Test(arguments: [
        ("count > %@", Value.int(5)), ("count == %@", .int(7)), ("count <= %@", .int(5)), ("count != %@", .int(3)),
        ("name BEGINSWITH %@", .string("a")), ("name BEGINSWITH[cd] %@", .string("A")),
        ("name ENDSWITH[c] %@", .string("PLE")), ("text CONTAINS[cd] %@", .string("swift")),
        ("name LIKE[c] %@", .string("a*")), ("text MATCHES %@", .string("(?i).*swift.*")),
        ("author.name BEGINSWITH %@", .string("Ann")), ("author.name == %@", .int(12)),
    ])
    func aComparisonWithAConstantAnswersAsTheGeneralPath(format: String, constant: Value) throws {
        let compiled = try Predicate(format: format, constant)
        let general = try Predicate(format: format.replacingOccurrences(of: "%@", with: "$constant"))
        for (index, record) in Self.records.enumerated() {
            let expected = Result { () throws(EvaluationError) in
                try general.evaluate(with: record, variables: ["constant": constant])
            }
            let actual = Result { () throws(EvaluationError) in try compiled.evaluate(with: record) }
            switch (expected, actual) {
            case (.success(let expected), .success(let actual)):
                #expect(actual == expected, "\(format) on record \(index): \(record)")
            case (.failure(let expected), .failure(let actual)):
                #expect(actual.code == expected.code, "\(format) on record \(index): \(record)")
                #expect(actual.range != nil, "\(format) on record \(index): the error has no location")
            default:
                Issue.record("\(format) on record \(index) (\(record)): \(actual), but the general path gives \(expected)")
            }
        }
    }
}
