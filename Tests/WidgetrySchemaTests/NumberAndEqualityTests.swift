import Testing
import WidgetryJSON
@testable import WidgetrySchema

/// Numbers compare exactly, `multipleOf` works on the decimals as written, and equality treats
/// `1` and `1.0` as the same number.
@Suite("Schema numbers and equality")
struct NumberAndEqualityTests {
    @Test(arguments: [
        ("0.0075", "0.0001", true), ("0.00751", "0.0001", false), ("1.1", "0.1", true), ("0.3", "0.1", true),
        ("12391239123", "1e-8", true), ("1e308", "0.5", true), ("1e308", "0.123456789", false), ("7", "2", false),
        ("-9223372036854775808", "2", true), ("9223372036854775807", "3", false), ("4.5e-10", "1.5e-10", true),
        ("19.99", "0.01", true), ("0", "3.7", true), ("1e-320", "1e-321", true),
    ])
    func multipleOfIsExactOnDecimals(value: String, divisor: String, expected: Bool) throws {
        let schema = try SchemaTestSupport.schema(#"{"multipleOf": \#(divisor)}"#)
        #expect(try schema.isValid(try SchemaTestSupport.json(value).root) == expected)
    }

    @Test(arguments: [("1", true), ("1.0", true), ("1e2", true), ("1.5", false), ("1e308", true), ("-0.0", true)])
    func integersIncludeNumbersWithoutFraction(value: String, expected: Bool) throws {
        let schema = try SchemaTestSupport.schema(#"{"type": "integer"}"#)
        #expect(try schema.isValid(try SchemaTestSupport.json(value).root) == expected)
    }

    @Test func boundsCompareIntegersAndDoublesExactly() throws {
        let schema = try SchemaTestSupport.schema(#"{"maximum": 9007199254740992.0}"#)
        #expect(try schema.isValid(9_007_199_254_740_992))
        #expect(try !schema.isValid(9_007_199_254_740_993))
        let large = try SchemaTestSupport.schema(#"{"exclusiveMinimum": 9223372036854775807}"#)
        #expect(try large.isValid(1e19))
        #expect(try !large.isValid(9_223_372_036_854_775_807))
    }

    @Test func equalityTreatsNumbersByValueAndObjectsWithoutOrder() throws {
        let equal: [(JSONValue, JSONValue)] = [
            (1, 1.0), (["a": 1, "b": [2.0]], ["b": [2], "a": 1.0]), (-0.0, 0), ([], []),
        ]
        for (lhs, rhs) in equal {
            #expect(SchemaEquality.equal(lhs, rhs))
            #expect(SchemaEquality.canonicalKey(lhs) == SchemaEquality.canonicalKey(rhs))
        }
        let different: [(JSONValue, JSONValue)] = [
            (1, "1"), (true, 1), ([1, 2], [2, 1]), (["a": 1], ["a": 1, "b": nil]), ("\u{e9}", "e\u{301}"), (nil, false),
        ]
        for (lhs, rhs) in different {
            #expect(!SchemaEquality.equal(lhs, rhs))
            #expect(SchemaEquality.canonicalKey(lhs) != SchemaEquality.canonicalKey(rhs))
        }
    }

    @Test func uniqueItemsUsesSchemaEqualityOnLongArraysToo() throws {
        let schema = try SchemaTestSupport.schema(#"{"uniqueItems": true}"#)
        var items: [JSONValue] = (0..<40).map { JSONValue(.integer(Int64($0))) }
        #expect(try schema.isValid(JSONValue(.array(items))))
        items.append(["x": 1])
        items.append(3.0)
        let violations = try schema.validate(JSONValue(.array(items)))
        #expect(violations.map(\.message) == ["item 41 is equal to item 3; items must be unique"])
        #expect(violations.first?.instanceLocation.description == "/41")
    }

    @Test func enumAndConstCompareBySchemaEquality() throws {
        let schema = try SchemaTestSupport.schema(#"{"enum": [1, {"a": [true]}], "const": 1.0}"#)
        #expect(try schema.isValid(1.0))
        #expect(try !schema.isValid(["a": [true]]))
    }
}
