import Testing
import WidgetryJSON
import WidgetrySchema
import WidgetryTestSupport

/// Arbitrary schemas and values, well-formed or not, end in violations or typed errors: never
/// a crash or a hang.
@Suite("Schema robustness")
struct RobustnessTests {
    static let keywords = [
        "type", "enum", "const", "multipleOf", "minimum", "exclusiveMaximum", "minLength", "maxLength", "pattern", "items",
        "prefixItems", "contains", "minContains", "maxContains", "uniqueItems", "properties", "patternProperties",
        "additionalProperties", "propertyNames", "required", "dependentRequired", "dependentSchemas", "allOf", "anyOf",
        "oneOf", "not", "if", "then", "else", "$ref", "$dynamicRef", "$dynamicAnchor", "$anchor", "$defs", "$id",
        "unevaluatedItems", "unevaluatedProperties", "minProperties", "maxItems",
    ]

    static let strings = ["a", "b", "", "#", "#/$defs/a", "#/$defs/b", "#a", "^a", "[", "(a|b)*c", "\\d+", "string", "object", "x/../y"]

    func value(_ generator: inout SeededGenerator, depth: Int) -> JSONValue {
        switch generator.below(depth > 3 ? 4 : 7) {
        case 0: return nil
        case 1: return JSONValue(.bool(generator.below(2) == 0))
        case 2: return JSONValue(.integer(Int64(generator.below(7)) - 3))
        case 3: return JSONValue(.string(generator.pick(Self.strings)))
        case 4: return JSONValue(.double(Double(generator.below(9)) / 4 - 1))
        case 5: return JSONValue(.array((0..<generator.below(4)).map { _ in value(&generator, depth: depth + 1) }))
        default:
            var object = JSONObject()
            for _ in 0..<generator.below(4) {
                object[generator.pick(Self.strings)] = value(&generator, depth: depth + 1)
            }
            return JSONValue(.object(object))
        }
    }

    func schema(_ generator: inout SeededGenerator, depth: Int) -> JSONValue {
        if depth > 3 || generator.below(6) == 0 { return JSONValue(.bool(generator.below(3) != 0)) }
        var object = JSONObject()
        for _ in 0..<generator.below(4) + 1 {
            let keyword = generator.pick(Self.keywords)
            switch generator.below(4) {
            case 0: object[keyword] = value(&generator, depth: depth + 2)
            case 1: object[keyword] = schema(&generator, depth: depth + 1)
            case 2: object[keyword] = JSONValue(.array([schema(&generator, depth: depth + 1), schema(&generator, depth: depth + 1)]))
            default: object[keyword] = ["a": schema(&generator, depth: depth + 1), "b": schema(&generator, depth: depth + 1)]
            }
        }
        return JSONValue(.object(object))
    }

    @Test func randomSchemasAndValuesNeverCrash() {
        var generator = SeededGenerator(seed: 2020_12)
        let registry = SchemaRegistry()
        var compiled = 0
        for _ in 0..<1_500 {
            let candidate = schema(&generator, depth: 0)
            guard let schema = try? registry.schema(for: candidate) else { continue }
            compiled += 1
            for _ in 0..<4 {
                let instance = value(&generator, depth: 0)
                let valid = try? schema.isValid(instance)
                let violations = try? schema.validate(instance)
                if let valid, let violations {
                    #expect(valid == violations.isEmpty, "\(candidate) on \(instance)")
                }
            }
        }
        #expect(compiled > 300)
    }

    @Test func theMetaSchemaJudgesRandomSchemasLikeTheCompilerAccepts() throws {
        var generator = SeededGenerator(seed: 7)
        let registry = SchemaRegistry()
        let meta = try registry.schema(at: SchemaRegistry.metaSchemaURI)
        var accepted = 0
        for _ in 0..<500 {
            let candidate = schema(&generator, depth: 0)
            // A schema the meta-schema rejects may still compile (the meta-schema does not check
            // patterns or references); one it accepts must compile unless a reference dangles
            // or a pattern is malformed.
            guard try meta.isValid(candidate) else { continue }
            accepted += 1
            do {
                _ = try registry.schema(for: candidate)
            } catch {
                #expect([.unresolvedReference, .invalidPattern, .duplicateAnchor].contains(error.code), "\(candidate): \(error)")
            }
        }
        #expect(accepted > 50)
    }
}
