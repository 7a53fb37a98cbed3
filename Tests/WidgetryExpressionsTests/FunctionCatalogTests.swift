import Foundation
import Testing
import WidgetryExpressions

/// The typed selector table: hints for refused names, the host's extension path, signatures that
/// match the implementations, and selectors that never trap on odd input.
struct FunctionCatalogTests {
    private func syntaxError(_ text: String) -> PredicateSyntaxError? {
        do {
            _ = try Expression(format: text, arguments: [])
            return nil
        } catch {
            return error
        }
    }

    @Test func aRefusedSelectorNamesTheNearestAllowedOne() throws {
        let misspelt = try #require(syntaxError("FUNCTION(name, 'uppercasestring')"))
        #expect(misspelt.code == .unknownFunction)
        #expect(misspelt.hint?.contains("'uppercaseString'") == true, "\(misspelt.hint ?? "no hint")")
        let withoutColon = try #require(syntaxError("FUNCTION(name, 'stringByAppendingString', 'x')"))
        #expect(withoutColon.hint?.contains("'stringByAppendingString:'") == true, "\(withoutColon.hint ?? "no hint")")
        let unsafe = try #require(syntaxError("FUNCTION(name, 'performSelector:', 'x')"))
        #expect(unsafe.code == .unknownFunction)
        #expect(unsafe.hint?.contains("the nearest allowed selector is '") == true)
    }

    @Test func anUnknownBuiltInNamesTheNearestOne() throws {
        let error = try #require(syntaxError("cout(tags)"))
        #expect(error.code == .unknownFunction)
        #expect(error.hint?.hasPrefix("did you mean count:?") == true, "\(error.hint ?? "no hint")")
    }

    @Test func aBuiltInWithoutItsColonPrintsWithIt() throws {
        #expect(try Expression(format: "count(tags)", arguments: []).canonicalText == "count:(tags)")
        #expect(try Expression(format: "now()", arguments: []).canonicalText == "now()")
    }

    @Test func theHostRegistersATypedSelector() throws {
        var options = ParseOptions()
        options.functions.register(selector: "reversedString", SelectorFunction(receiver: .string, result: .string) { receiver, _ throws(EvaluationError) in
            .string(String((receiver.stringValue ?? "").reversed()))
        })
        let expression = try Expression(format: "FUNCTION(SELF, 'reversedString')", arguments: [], options: options)
        #expect(try expression.evaluate(with: "abc") == "cba")
        #expect(try expression.evaluate(with: .null) == .null)
        #expect(throws: EvaluationError.self) { try expression.evaluate(with: 5) }
        do {
            _ = try expression.evaluate(with: 5)
        } catch {
            #expect(error.code == .typeMismatch)
            #expect(error.message.contains("reversedString needs a string"))
        }
        // The standard catalog does not have it.
        #expect(syntaxError("FUNCTION(SELF, 'reversedString')")?.code == .unknownFunction)
    }

    @Test func everyBuiltInAndSelectorIsTyped() {
        for name in FunctionCatalog.standard.builtIns.keys {
            let signature = FunctionCatalog.signature(ofBuiltIn: name)
            #expect(signature?.arguments.count == FunctionCatalog.standard.builtIns[name], "\(name)")
        }
        for (name, selector) in FunctionCatalog.standard.selectors {
            #expect(selector.argumentCount == name.filter { $0 == ":" }.count, "\(name) takes as many arguments as it has colons")
        }
    }

    @Test func valuesAnswerTheirSelectorsAsKeys() {
        let stringKeys = FunctionCatalog.valueKeys(of: .string)
        #expect(stringKeys["length"] == .number)
        #expect(stringKeys["uppercaseString"] == .string)
        #expect(stringKeys["boolValue"] == .boolean)
        #expect(stringKeys["description"] == .string)
        #expect(stringKeys["count"] == nil)
        #expect(stringKeys["stringValue"] == nil)
        let numberKeys = FunctionCatalog.valueKeys(of: .number)
        #expect(numberKeys["stringValue"] == .string)
        #expect(numberKeys["length"] == nil)
        #expect(FunctionCatalog.valueKeys(of: .date)["timeIntervalSince1970"] == .number)
        #expect(FunctionCatalog.valueKeys(of: .collection).isEmpty)
    }

    /// Every standard selector, on every odd receiver with odd arguments, gives a value or an
    /// evaluation error: no trap, whatever the input.
    @Test func noSelectorTrapsOnOddInput() {
        let odd: [Value] = [
            .null, .bool(true), .int(.max), .int(.min), .int(-1), .int(0), .double(.nan), .double(.infinity), .double(-.infinity),
            .double(1e300), .double(-0.0), .string(""), .string("\u{1F600}"), .string(" -9999999999999999999999 "), .string("e"),
            .string("1e99999999999"), .string("\u{0301}"), .array([]), .array([.null, .int(1)]), .set([.string("a")]),
            .dictionary(["a": .int(1)]), .date(Date(timeIntervalSinceReferenceDate: .greatestFiniteMagnitude)), .date(Date(timeIntervalSinceReferenceDate: .nan)),
            .array([.date(Date(timeIntervalSinceReferenceDate: -.infinity))]), .data([0xFF]),
        ]
        for (name, selector) in FunctionCatalog.standard.selectors {
            for receiver in odd {
                for argument in odd {
                    let arguments = Array(repeating: argument, count: selector.argumentCount)
                    do {
                        _ = try selector.call(name, receiver: receiver, arguments: arguments)
                    } catch {
                        #expect(!error.message.isEmpty)
                    }
                }
            }
        }
        let keys = Set(FunctionCatalog.valueKeys(of: .any).keys).union(["self", "count", "bogus"])
        for value in odd {
            for key in keys { _ = value.value(forKey: key) }
        }
    }
}
