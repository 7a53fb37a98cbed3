import WidgetryLanguageServerProtocol
import WidgetryLint

/// Completion inside the string values of a bundle's JSON: the names a member of that key
/// takes, from what the bundle defines.
enum Completion {
    /// The keys whose values name an action (an action controller's, a status controller's, a
    /// service action's next one).
    static let actionKeys: Set<String> = ["actionName", "elseActionName", "nextAction"]
    /// The keys whose values name an entity of the model.
    static let entityKeys: Set<String> = ["entityName", "entity"]
    /// The keys whose values name a screen.
    static let screenKeys: Set<String> = ["entryScreen", "destination"]

    /// The items for the string value at `place` of `text`, each replacing the value's
    /// contents; nil when the string is no member's value or its key takes no name the server
    /// knows.
    static func items(at place: JSONPlace, in text: TextDocument, definitions: BundleDefinitions) -> [CompletionItem]? {
        guard let key = place.key else { return nil }
        let candidates: [(label: String, kind: CompletionItemKind, detail: String)]
        if actionKeys.contains(key) {
            candidates = definitions.actions.map { ($0.key, .function, "action of \($0.value)") }
        } else if entityKeys.contains(key) {
            candidates = definitions.entities.map { entity in
                (entity.name, .class, "entity: \(entity.attributes.count) attributes, \(entity.relationships.count) relationships"
                    + (entity.parent.map { ", a kind of \($0)" } ?? ""))
            }
        } else if screenKeys.contains(key) {
            candidates = definitions.screens.map { ($0, .file, "screen") }
        } else {
            return nil
        }
        let range = LSPRange(start: text.position(atOffset: place.contents.lowerBound), end: text.position(atOffset: place.contents.upperBound))
        return candidates.sorted { $0.label < $1.label }.map { candidate in
            CompletionItem(label: candidate.label, kind: candidate.kind, detail: candidate.detail, textEdit: TextEdit(range: range, newText: candidate.label))
        }
    }
}

extension Completion {
    /// What the structure of the file `relative` (to its bundle) takes at `place`: in a screen,
    /// its keys, controller types, attributes, outlets, element and binding keys, transformers
    /// and images; in a scenario, its keys, steps and the names they give. Nil elsewhere.
    static func structure(at place: JSONPlace, of relative: String, in bytes: [UInt8], definitions: BundleDefinitions) -> [CompletionCandidate]? {
        switch BundleFileKind.classify(path: relative, root: nil) {
        case .screen, nil:
            guard relative.hasSuffix(".json") else { return nil }
            let screen = definitions.context?.screen(ofFile: relative)?.document
            return ScreenCompletion.candidates(at: place, in: bytes, screen: screen, definitions: definitions)
        case .scenario:
            return ScenarioCompletion.candidates(at: place, in: bytes, context: definitions.context, definitions: definitions)
        default:
            return nil
        }
    }
}

extension LanguageServer {
    /// `textDocument/completion`: inside a string value whose key names an action, an entity or
    /// a screen, those the bundle defines; in a screen's or scenario's keys and the values that
    /// name what the runtime or the bundle knows, those (``Completion/structure(at:of:in:definitions:)``);
    /// inside a screen's predicate or key path, the keys of what the path before the cursor
    /// reads, with their types; nothing elsewhere.
    func completion(_ params: CompletionParams) async throws -> CompletionList? {
        let (path, text) = try document(params.textDocument.uri)
        try Self.check(params.position, in: text)
        guard let root = bundle(holding: path) else { return nil }
        let offset = text.offset(of: params.position)
        let definitions = await definitions(of: root)
        let relative = String(path.dropFirst(root.count + 1))
        // A Graffiti screen is read in WidgetKit's names, and offered in its own.
        let dialect = definitions.dialect(ofFile: relative)
        let bytes = dialect.canonical(bytes: text.bytes)
        let place = JSONPlace(bytes: bytes, offset: offset)
        if let place, let items = Completion.items(at: place, in: text, definitions: definitions) {
            return CompletionList(isIncomplete: false, items: items)
        }
        if let place, let candidates = Completion.structure(at: place, of: relative, in: bytes, definitions: definitions) {
            let range = LSPRange(start: text.position(atOffset: place.contents.lowerBound), end: text.position(atOffset: place.contents.upperBound))
            // Two WidgetKit names may be one name in the dialect: the first is offered.
            var offered: Set<String> = []
            let spelled = candidates.map { $0.spelled(in: dialect) }.filter { offered.insert($0.label).inserted }
            return CompletionList(isIncomplete: false, items: spelled.sorted { $0.label < $1.label }
                .map { $0.item(replacing: range, documentation: completionDocumentation) })
        }
        // Typed key paths, when lint read the document as the editor has it.
        guard let context = definitions.context, documents[path] == nil || definitions.readFromMemory.contains(path),
              let found = KeyPathCompletion.completions(at: offset, inScreenFile: relative, of: context) else { return nil }
        let range = LSPRange(start: text.position(atOffset: found.replacing.lowerBound), end: text.position(atOffset: found.replacing.upperBound))
        return CompletionList(isIncomplete: false, items: found.items.map { item in
            let kind: CompletionItemKind = switch item.kind {
            case .attribute: .field
            case .relationship: .reference
            case .name: .variable
            case .collectionOperator: .operator
            }
            return CompletionItem(label: item.name, kind: kind, detail: item.detail, textEdit: TextEdit(range: range, newText: item.name))
        })
    }

    /// What the bundle at `root` defines, read once per lint of it.
    func definitions(of root: String) async -> BundleDefinitions {
        if let known = definitions[root] { return known }
        let generation = findings[root]?.generation
        let overrides = documents.filter { $0.key.hasPrefix(root + "/") && $0.value.bytes.count <= limits.maximumDocumentBytes }.mapValues(\.bytes)
        let cache = readCache(of: root)
        let linted = findings[root]?.context
        let read = await Task.detached { BundleDefinitions(root: root, overrides: overrides, linted: linted, cache: cache) }.value
        if findings[root]?.generation == generation { definitions[root] = read }
        return read
    }
}
