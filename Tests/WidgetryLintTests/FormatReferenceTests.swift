import Foundation
import Testing
import WidgetryExpressions
import WidgetryJSON
@testable import WidgetryRuntime
@testable import WidgetryScreen
import WidgetryTestSupport

/// `docs/FORMAT.md` is the bundle format reference for widget authors. These tests keep it
/// complete and keep the source comments that cite it honest: every key a schema declares,
/// every mediating controller with its attributes and outlets, every element type and key and
/// every built-in transformer must appear in it as code (between backticks), and every
/// `FORMAT.md#anchor` cited under `Sources/` must be an anchor it has.
@Suite("Format reference")
struct FormatReferenceTests {
    static let documentPath = Samples.file("docs/FORMAT.md")

    /// The reference as one string.
    static func document() throws -> String {
        try String(contentsOfFile: documentPath, encoding: .utf8)
    }

    /// The code spans of `text` outside fenced code blocks: what "mentioned" means. A name in a
    /// JSON example alone does not count; the reference must say what it is.
    static func codeSpans(_ text: String) -> Set<String> {
        var spans: Set<String> = []
        var inFence = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") {
                inFence.toggle()
                continue
            }
            guard !inFence else { continue }
            let parts = line.split(separator: "`", omittingEmptySubsequences: false)
            // Odd-numbered parts lie between a pair of backticks.
            for index in stride(from: 1, to: parts.count - 1, by: 2) { spans.insert(String(parts[index])) }
        }
        return spans
    }

    /// The anchors the reference declares (`<a id="…"></a>`).
    static func anchors(_ text: String) -> [String] {
        matches(of: #"<a id="([^"]+)"></a>"#, in: text)
    }

    static func matches(of pattern: String, in text: String) -> [String] {
        let expression = try! NSRegularExpression(pattern: pattern)
        let range = NSRange(text.startIndex..., in: text)
        return expression.matches(in: text, range: range).compactMap { match in
            Range(match.range(at: 1), in: text).map { String(text[$0]) }
        }
    }

    /// `names` that are not code spans of the reference, sorted, for a message that lists them all.
    static func missing(_ names: some Sequence<String>) throws -> [String] {
        let spans = codeSpans(try document())
        return Set(names).filter { !spans.contains($0) }.sorted()
    }

    // MARK: Schemas

    /// Every property name declared in `schema`, walking every place a subschema can sit.
    static func propertyNames(in schema: JSONValue) -> Set<String> {
        var names: Set<String> = []
        var pending = [schema]
        while let node = pending.popLast() {
            switch node.kind {
            case .object(let object):
                for member in object {
                    switch member.key {
                    case "properties":
                        guard case .object(let properties) = member.value.kind else { continue }
                        for property in properties {
                            names.insert(property.key)
                            pending.append(property.value)
                        }
                    case "$defs", "patternProperties", "dependentSchemas":
                        if case .object(let schemas) = member.value.kind { pending += schemas.map(\.value) }
                    case "items", "additionalProperties", "unevaluatedProperties", "unevaluatedItems", "not", "if", "then", "else",
                         "contains", "propertyNames", "prefixItems", "allOf", "anyOf", "oneOf":
                        pending.append(member.value)
                    default:
                        continue
                    }
                }
            case .array(let schemas):
                pending += schemas
            default:
                continue
            }
        }
        return names
    }

    @Test func everySchemaPropertyIsInTheReference() throws {
        let folder = Samples.file("Schemas")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".schema.json") }.sorted()
        #expect(!files.isEmpty)
        for file in files {
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder + "/" + file)))
            let names = Self.propertyNames(in: try JSONParser.parse(bytes, fileName: file).root)
            #expect(!names.isEmpty, "\(file) declares no properties")
            let missing = try Self.missing(names)
            #expect(missing.isEmpty, "docs/FORMAT.md does not mention these properties of Schemas/\(file) in backticks: \(missing.joined(separator: ", "))")
        }
    }

    // MARK: Runtime vocabulary

    @Test func everyControllerWithItsAttributesAndOutletsIsInTheReference() throws {
        for type in ObjectType.allCases {
            let names = [type.rawValue] + type.attributes.keys + type.outlets.keys
            let missing = try Self.missing(names)
            #expect(missing.isEmpty, "docs/FORMAT.md does not mention these names of \(type.rawValue) in backticks: \(missing.joined(separator: ", "))")
        }
        let providers = try Self.missing(ObjectType.serviceProviderNames)
        #expect(providers.isEmpty, "docs/FORMAT.md does not mention these service providers in backticks: \(providers.joined(separator: ", "))")
    }

    @Test func everyElementTypeAndKeyIsInTheReference() throws {
        let types = try Self.missing(ElementKind.acceptedTypeNames)
        #expect(types.isEmpty, "docs/FORMAT.md does not mention these element types in backticks: \(types.joined(separator: ", "))")
        let keys = try Self.missing(ElementKind.allCases.flatMap(\.answeredKeys))
        #expect(keys.isEmpty, "docs/FORMAT.md does not mention these element keys in backticks: \(keys.joined(separator: ", "))")
        // `@self`: the attributes a screen may set, and the two keys the controller answers itself.
        let controller = try Self.missing(ScreenController.attributeNames.union(["content", "wx_dismissed", "@self"]))
        #expect(controller.isEmpty, "docs/FORMAT.md does not mention these keys of @self in backticks: \(controller.joined(separator: ", "))")
    }

    @Test func everyBuiltInTransformerIsInTheReference() throws {
        let names = BuiltInTransformerName.allCases.map(\.rawValue)
        #expect(Set(names) == Set(BindingTransformerRegistry().names))
        let missing = try Self.missing(names)
        #expect(missing.isEmpty, "docs/FORMAT.md does not mention these transformers in backticks: \(missing.joined(separator: ", "))")
    }

    // MARK: Anchors

    @Test func anchorsAreUniqueAndEveryLinkInsideTheReferenceLands() throws {
        let text = try Self.document()
        let anchors = Self.anchors(text)
        let repeated = Dictionary(grouping: anchors, by: { $0 }).filter { $0.value.count > 1 }.keys.sorted()
        #expect(repeated.isEmpty, "docs/FORMAT.md declares these anchors more than once: \(repeated.joined(separator: ", "))")
        let declared = Set(anchors)
        let broken = Set(Self.matches(of: #"\]\(#([^)]+)\)"#, in: text)).subtracting(declared).sorted()
        #expect(broken.isEmpty, "docs/FORMAT.md links to anchors it does not declare: \(broken.joined(separator: ", "))")
    }

    /// The text files under `Sources/`, with their paths relative to the package.
    static func sourceFiles() throws -> [(path: String, text: String)] {
        let root = Samples.file("Sources")
        guard let walker = FileManager.default.enumerator(atPath: root) else { return [] }
        var files: [(String, String)] = []
        while let relative = walker.nextObject() as? String {
            guard relative.hasSuffix(".swift") || relative.hasSuffix(".md") else { continue }
            files.append(("Sources/" + relative, try String(contentsOfFile: root + "/" + relative, encoding: .utf8)))
        }
        return files.sorted { $0.0 < $1.0 }
    }

    @Test func everyAnchorSourcesCiteExists() throws {
        let declared = Set(Self.anchors(try Self.document()))
        var cited = 0
        for (path, text) in try Self.sourceFiles() {
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                for anchor in Self.matches(of: #"FORMAT\.md#([A-Za-z0-9._-]+)"#, in: String(line)) {
                    // A citation may end a sentence: the full stop is not part of the anchor.
                    let trimmed = String(anchor.reversed().drop { $0 == "." || $0 == "-" }.reversed())
                    cited += 1
                    #expect(declared.contains(trimmed), "\(path):\(number + 1) cites FORMAT.md#\(trimmed), which docs/FORMAT.md does not declare")
                }
            }
        }
        #expect(cited > 0, "no source comment cites docs/FORMAT.md")
    }

    @Test func noSourceCitesTheUpstreamDescriptionBySectionNumber() throws {
        for (path, text) in try Self.sourceFiles() {
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                // Standards keep their own section signs (`RFC 3986 §2.1`).
                let rest = String(line).replacingOccurrences(of: #"RFC \d+ §"#, with: "", options: .regularExpression)
                #expect(!rest.contains("§"), "\(path):\(number + 1) cites a section of the upstream description; cite a docs/FORMAT.md anchor instead: \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
    }
}
