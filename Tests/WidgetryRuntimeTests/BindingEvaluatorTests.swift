import Foundation
import Synchronization
import Testing
import WidgetryExpressions
import WidgetryJSON
import WidgetryRuntime
import WidgetryScreen

/// An element (or namespace) with a fixed set of keys, as a UIKit object has properties: writing
/// any other key fails, and `tag`, a scalar, takes numbers only (upstream crashed on both, §8.14
/// and §8.34).
final class TestElement: KeyValueCoding {
    private let values: Mutex<[String: Value]>

    init(_ values: [String: Value]) {
        self.values = Mutex(values)
    }

    func value(forKey key: String) -> Value {
        values.withLock { $0[key] ?? .null }
    }

    func setValue(_ value: Value, forKey key: String) throws(KeyValueError) {
        let reason: KeyValueError.Reason? = values.withLock { values in
            guard values.index(forKey: key) != nil else { return .unknownKey }
            if key == "tag", !value.isNumber { return .typeMismatch(expected: "number", found: value.typeName) }
            values[key] = value
            return nil
        }
        if let reason { throw KeyValueError(key: key, typeName: keyValueTypeName, reason: reason) }
    }
}

@Suite("Binding evaluation")
struct BindingEvaluatorTests {
    /// 2018-06-20 18:00:00 UTC.
    private static let instant = Date(timeIntervalSince1970: 1_529_517_600)
    private let transformerContext = TransformerContext(now: instant)
    private let registry = BindingTransformerRegistry()
    private static let place = SourceLocation(offset: 120, line: 7, column: 13)
    private static let pointer = JSONPointer(parsing: "/FeedViewController/elements/2/bindings/0") ?? .root

    private func compile(_ spec: BindingSpec, registry: BindingTransformerRegistry? = nil) throws -> CompiledBinding {
        try CompiledBinding(spec, transformers: registry ?? self.registry)
    }

    private func evaluate(_ spec: BindingSpec, in scope: Value, context: EvaluationContext = EvaluationContext(),
                          registry: BindingTransformerRegistry? = nil) throws -> Value {
        try compile(spec, registry: registry).evaluate(in: scope, context: context, transformerContext: transformerContext)
    }

    private func apply(_ spec: BindingSpec, to target: any KeyValueCoding, in scope: Value) throws -> Bool {
        try compile(spec).apply(to: target, in: scope, context: EvaluationContext(), transformerContext: transformerContext)
    }

    /// The error `body` throws, if it is a ``BindingError``.
    private func bindingError(_ body: () throws -> Void) -> BindingError? {
        do {
            try body()
            return nil
        } catch {
            return error as? BindingError
        }
    }

    private func located(_ spec: BindingSpec) -> BindingSpec {
        var spec = spec
        spec.location = Self.place
        spec.pointer = Self.pointer
        return spec
    }

    // MARK: Upstream examples (§4.3, §9.9)

    @Test func substitutedResultThenFormatWithPercentAt() throws {
        var spec = BindingSpec(predicateFormat: "a = 5", ifTrue: "$a is 5", ifFalse: "$a is not 5")
        #expect(try evaluate(spec, in: ["a": 5]) == "5 is 5")
        spec.format = "number %@"
        #expect(try evaluate(spec, in: ["a": 5]) == "number 5 is 5")
    }

    @Test func plainResultThenFormat() throws {
        let spec = BindingSpec(predicateFormat: "a = 5", ifTrue: "yo", ifFalse: "no", format: "v = '%@'")
        #expect(try evaluate(spec, in: ["a": 5]) == "v = 'yo'")
        #expect(try evaluate(spec, in: ["a": 6]) == "v = 'no'")
    }

    @Test func nullChoiceBecomesThePlaceholderWithoutFormat() throws {
        let spec = BindingSpec(predicateFormat: "a = 5", ifTrue: "yes", ifFalse: JSONValue(.null), placeholder: "Oops",
                               format: "v = '%@'")
        #expect(try evaluate(spec, in: ["a": 6]) == "Oops")
        #expect(try evaluate(spec, in: ["a": 5]) == "v = 'yes'")
    }

    @Test func chosenStringThroughStrToInt() throws {
        let spec = BindingSpec(predicateFormat: "a = 5", ifTrue: "3", ifFalse: "4", transformer: "strToInt")
        let value = try evaluate(spec, in: ["a": 5])
        guard case .int(3) = value else {
            Issue.record("expected the integer 3, got \(value)")
            return
        }
    }

    @Test func fromTagInfoToTag() throws {
        let element = TestElement(["tag": 0, "wx_value": nil])
        let written = try apply(BindingSpec(to: "tag", from: "tagInfo"), to: element, in: ["tagInfo": 5])
        #expect(written)
        #expect(element.value(forKey: "tag") == 5)
    }

    @Test func defaultTargetWithPredicateResultAndFormat() throws {
        let namespace = TestElement(["info": "test"])
        let label = TestElement(["wx_value": nil])
        let spec = BindingSpec(predicateFormat: "info = 'test'", ifTrue: "$info is 'test'", ifFalse: "$info is not 'test'",
                               format: "string %@")
        #expect(try apply(spec, to: label, in: .object(namespace)))
        #expect(label.value(forKey: "wx_value") == "string test is 'test'")
    }

    // MARK: Predicate results

    @Test func onlyOneChoiceYieldsTheBoolean() throws {
        let onlyTrue = BindingSpec(predicateFormat: "a = 5", ifTrue: "yes")
        #expect(try evaluate(onlyTrue, in: ["a": 5]) == .bool(true))
        let onlyFalse = BindingSpec(predicateFormat: "a = 5", ifFalse: "no")
        #expect(try evaluate(onlyFalse, in: ["a": 6]) == .bool(false))
        var formatted = onlyTrue
        formatted.format = "flag %@"
        #expect(try evaluate(formatted, in: ["a": 5]) == "flag 1")
    }

    @Test func nonStringChoicesAreUsedAsTheyAre() throws {
        let spec = BindingSpec(predicateFormat: "a = 5", ifTrue: 5, ifFalse: true)
        let chosen = try evaluate(spec, in: ["a": 5])
        guard case .int(5) = chosen else {
            Issue.record("expected the integer 5, got \(chosen)")
            return
        }
        let other = try evaluate(spec, in: ["a": 6])
        guard case .bool(true) = other else {
            Issue.record("expected true, got \(other)")
            return
        }
    }

    @Test func choicesWithoutPredicateAreIgnored() throws {
        let spec = BindingSpec(from: "name", ifTrue: "yes", ifFalse: "no")
        #expect(try evaluate(spec, in: ["name": "Ann"]) == "Ann")
    }

    @Test func predicateReadsTheSourceAndTheContextVariables() throws {
        let spec = BindingSpec(from: "content", predicateFormat: "favoritesCount > $limit", ifTrue: "$author.name is popular",
                               ifFalse: "$author.name")
        let scope: Value = ["content": ["favoritesCount": 12, "author": ["name": "Ann"]]]
        #expect(try evaluate(spec, in: scope, context: EvaluationContext(variables: ["limit": 10])) == "Ann is popular")
        #expect(try evaluate(spec, in: scope, context: EvaluationContext(variables: ["limit": 20])) == "Ann")
    }

    @Test func nullSourceWithPredicate() throws {
        let choice = BindingSpec(from: "missing", predicateFormat: "SELF == nil", ifTrue: "$a empty %@", ifFalse: "full")
        // No substitution without a source: the chosen string is kept as written.
        #expect(try evaluate(choice, in: ["other": 1]) == "$a empty %@")
        let jsonNull = BindingSpec(from: "value", predicateFormat: "SELF == nil")
        #expect(try evaluate(jsonNull, in: ["value": nil]) == .bool(true))
        let order = BindingSpec(from: "missing", predicateFormat: "SELF > 3")
        #expect(try evaluate(order, in: [:]) == .bool(false))
    }

    // MARK: Substitution rules (§4.3)

    @Test(arguments: [
        ("$name %@", ["name": "Ann"], "Ann %@"),  // `$` changed the string: `%@` stays literal
        ("$missing|%@", ["name": "Ann"], "|%@"),
        ("$self!", "Ann", "Ann!"),
        ("100%% of %@", "Ann", "100% of Ann"),
        ("%@ and %@", 5, "5 and 5"),
        ("50% %d", "Ann", "50% %d"),
        ("no directives", "Ann", "no directives"),
    ] as [(String, Value, String)])
    func formatSubstitution(format: String, value: Value, expected: String) throws {
        #expect(try evaluate(BindingSpec(from: "v", format: format), in: ["v": value]) == .string(expected))
    }

    @Test func formatReadsKeysOfTheValue() throws {
        let spec = BindingSpec(from: "content", format: "$name ($count)")
        #expect(try evaluate(spec, in: ["content": ["name": "Ann", "count": 3]]) == "Ann (3)")
    }

    // MARK: Transformer and placeholder

    @Test func transformerReturningNilKeepsTheValue() throws {
        #expect(try evaluate(BindingSpec(from: "x", transformer: "strToInt"), in: ["x": "abc"]) == "abc")
        var registry = BindingTransformerRegistry()
        registry.register(name: "nothing", BindingTransformer { _, _ in .null })
        #expect(try evaluate(BindingSpec(from: "x", transformer: "nothing", format: "<%@>"), in: ["x": "abc"], registry: registry)
            == "<abc>")
    }

    @Test func placeholderSkipsTransformerAndFormat() throws {
        var registry = BindingTransformerRegistry()
        registry.register(name: "always", BindingTransformer { _, _ in "transformed" })
        let spec = BindingSpec(from: "x", placeholder: "none", transformer: "always", format: "x = %@")
        #expect(try evaluate(spec, in: [:], registry: registry) == "none")
        #expect(try evaluate(spec, in: ["x": nil], registry: registry) == "none")
        #expect(try evaluate(spec, in: ["x": 1], registry: registry) == "x = transformed")
        #expect(try evaluate(BindingSpec(from: "x"), in: [:]) == .null)
    }

    @Test func agoWithAFixedClock() throws {
        let spec = BindingSpec(from: "timestamp", transformer: "ago")
        let scope: Value = ["timestamp": .date(Self.instant.addingTimeInterval(-3_600))]
        #expect(try evaluate(spec, in: scope) == "1h")
        var formatted = spec
        formatted.format = "%@ ago"
        #expect(try evaluate(formatted, in: scope) == "1h ago")
    }

    @Test func sourceIsTheScopeWithoutFrom() throws {
        let namespace = TestElement(["info": "test"])
        let value = try evaluate(BindingSpec(), in: .object(namespace))
        guard case .object(let object) = value else {
            Issue.record("expected the scope object, got \(value)")
            return
        }
        #expect(object === namespace)
    }

    @Test func fromReadsThroughObjectsAndCollectionOperators() throws {
        let status = TestElement(["inProgress": true])
        let namespace = TestElement(["homeFeedStatus": .object(status), "items": [1, 2, 3]])
        #expect(try evaluate(BindingSpec(from: "homeFeedStatus.inProgress"), in: .object(namespace)) == .bool(true))
        #expect(try evaluate(BindingSpec(from: "items.@count"), in: .object(namespace)) == 3)
        #expect(try evaluate(BindingSpec(from: "homeFeedStatus.missing.deeper"), in: .object(namespace)) == .null)
    }

    // MARK: Evaluations

    @Test func cellIdentifierEvaluation() throws {
        let spec = BindingSpec(to: "", from: "content", predicateFormat: "kind = 'photo'", ifTrue: "PhotoCell", ifFalse: "TextCell")
        let binding = try compile(spec)
        let photo = try binding.evaluate(in: ["content": ["kind": "photo"]], context: EvaluationContext(),
                                         transformerContext: transformerContext)
        let text = try binding.evaluate(in: ["content": ["kind": "text"]], context: EvaluationContext(),
                                        transformerContext: transformerContext)
        #expect(photo == "PhotoCell")
        #expect(text == "TextCell")
    }

    // MARK: Targets

    @Test func nestedTargetWithAMissingIntermediateWritesNothing() throws {
        let table = TestElement(["refreshControl": nil, "wx_value": nil])
        let spec = BindingSpec(to: "refreshControl.wx_value", from: "loading")
        #expect(try apply(spec, to: table, in: ["loading": true]) == false)
        #expect(table.value(forKey: "refreshControl") == .null)

        let notAnObject = TestElement(["refreshControl": "text"])
        #expect(try apply(spec, to: notAnObject, in: ["loading": true]) == false)
    }

    @Test func nestedTargetWithAPresentIntermediateIsWritten() throws {
        let refreshControl = TestElement(["wx_value": false])
        let table = TestElement(["refreshControl": .object(refreshControl), "wx_value": nil])
        let spec = BindingSpec(to: "refreshControl.wx_value", from: "loading")
        #expect(try apply(spec, to: table, in: ["loading": true]))
        #expect(refreshControl.value(forKey: "wx_value") == .bool(true))
        #expect(table.value(forKey: "wx_value") == .null)
    }

    @Test func refusedWriteIsATargetError() throws {
        let element = TestElement(["tag": 0])
        let unknownKey = bindingError { _ = try apply(located(BindingSpec(to: "hidden", from: "x")), to: element, in: ["x": true]) }
        #expect(unknownKey?.code == .target)
        #expect(unknownKey?.location == Self.place)
        #expect(unknownKey?.pointer == Self.pointer)
        #expect(unknownKey?.message.contains("has no key 'hidden'") == true)

        // Null into a scalar (upstream crash §8.14).
        let nullIntoScalar = bindingError { _ = try apply(located(BindingSpec(to: "tag", from: "x")), to: element, in: [:]) }
        #expect(nullIntoScalar?.code == .target)
        #expect(nullIntoScalar?.description.hasPrefix("7:13: ") == true)
        #expect(element.value(forKey: "tag") == 0)

        let noTarget = bindingError { _ = try apply(BindingSpec(to: ""), to: element, in: [:]) }
        #expect(noTarget?.code == .target)
    }

    // MARK: Compile-time errors

    @Test func unknownTransformerIsReportedAtCompileTime() {
        let error = bindingError { _ = try compile(located(BindingSpec(from: "x", transformer: "toUpper"))) }
        #expect(error?.code == .unknownTransformer)
        #expect(error?.location == Self.place)
        #expect(error?.pointer == Self.pointer)
        #expect(error?.message.contains("'toUpper'") == true)
        #expect(error?.hint?.contains("strToInt") == true)
        #expect(error?.description.contains("[binding.unknown-transformer] at /FeedViewController/elements/2/bindings/0") == true)
    }

    @Test(arguments: ["a = ", "a == 'unterminated", "(a > 1", "a = %@"])
    func badPredicateIsReportedAtCompileTime(format: String) {
        let error = bindingError { _ = try compile(located(BindingSpec(predicateFormat: format, ifTrue: "x", ifFalse: "y"))) }
        #expect(error?.code == .predicate)
        #expect(error?.location == Self.place)
        #expect(error?.pointer == Self.pointer)
        #expect(error?.message.contains("[predicate.") == true)
    }

    // MARK: Evaluation errors

    @Test func unreadableSourceIsAnEvaluationError() {
        let error = bindingError { _ = try evaluate(located(BindingSpec(from: "name.@count")), in: ["name": "Ann"]) }
        #expect(error?.code == .evaluation)
        #expect(error?.location == Self.place)
        #expect(error?.pointer == Self.pointer)
        #expect(error?.message.contains("eval.type-mismatch") == true)
    }

    @Test func predicateTypeMismatchIsAnEvaluationError() {
        let spec = located(BindingSpec(from: "content", predicateFormat: "name > 5", ifTrue: "x", ifFalse: "y"))
        let error = bindingError { _ = try evaluate(spec, in: ["content": ["name": "Ann"]]) }
        #expect(error?.code == .evaluation)
        #expect(error?.location == Self.place)
        #expect(error?.pointer == Self.pointer)
        #expect(error?.message.contains("'name > 5'") == true)

        let unbound = bindingError { _ = try evaluate(located(BindingSpec(predicateFormat: "a = $limit")), in: ["a": 1]) }
        #expect(unbound?.code == .evaluation)
    }
}
