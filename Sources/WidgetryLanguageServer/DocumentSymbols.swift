import WidgetryBundle
import WidgetryJSON
import WidgetryLanguageServerProtocol

/// The symbols of a bundle's file, nested: a screen's objects, elements and views; a service
/// file's actions and transformers; the model's entities with their attributes and
/// relationships. Each spans its member in the text, from its key to the end of its value.
struct DocumentSymbols {
    let text: TextDocument
    let root: JSONValue

    /// The symbols of `text` (parsed as `root`), a file of the kind `kind`; empty for other files.
    func symbols(kind: Kind) -> [DocumentSymbol] {
        switch kind {
        case .screen:
            return members(of: root).map { screen in
                symbol(screen, kind: .class, detail: "screen", children:
                    members(of: screen.value["objects"]).map { symbol($0, kind: .object, detail: $0.value["type"]?.stringValue) }
                    + members(of: screen.value["elements"]).map { symbol($0, kind: .field, detail: "element") }
                    + (screen.value["views"].flatMap { view($0, name: nil) }.map { [$0] } ?? []))
            }
        case .service:
            return members(of: root["actions"]).map { symbol($0, kind: .function, detail: $0.value["path"]?.stringValue) }
                + members(of: root["options"]?["transformers"]).flatMap { kind in
                    members(of: kind.value).map { symbol($0, kind: .function, detail: "\(kind.key) transformer") }
                }
        case .model:
            return members(of: root["entities"]).map { entity in
                symbol(entity, kind: .class, detail: entity.value["parent"]?.stringValue.map { "a kind of " + $0 }, children:
                    members(of: entity.value["attributes"]).map { symbol($0, kind: .field, detail: $0.value["type"]?.stringValue) }
                    + members(of: entity.value["relationships"]).map { symbol($0, kind: .property, detail: $0.value["destination"]?.stringValue) })
            }
        case .other:
            return []
        }
    }

    /// What a file holds, for its symbols.
    enum Kind {
        case screen, service, model, other
    }

    /// The members of `value` when it is an object, with the location of each key.
    private func members(of value: JSONValue?) -> [JSONObject.Member] {
        value?.objectValue.map { Array($0) }.map { $0.filter { $0.keyLocation != nil && $0.value.location != nil } } ?? []
    }

    /// The symbol of a member: its key selected, the member spanned.
    private func symbol(_ member: JSONObject.Member, kind: SymbolKind, detail: String?, children: [DocumentSymbol] = []) -> DocumentSymbol {
        let keyStart = member.keyLocation?.offset ?? 0
        let keyEnd = keyStart + 2 + Array(member.key.utf8).count
        let end = JSONExtent.end(ofValueAt: member.value.location?.offset ?? keyEnd, in: text.bytes)
        return DocumentSymbol(name: member.key, detail: detail, kind: kind, range: range(keyStart..<max(end, keyEnd)), selectionRange: range(keyStart..<keyEnd),
                              children: children.isEmpty ? nil : children)
    }

    /// The symbol of a view (its id, else its type) and of the views under it.
    private func view(_ value: JSONValue, name: String?) -> DocumentSymbol? {
        guard let start = value.location?.offset, value.objectValue != nil else { return nil }
        let end = JSONExtent.end(ofValueAt: start, in: text.bytes)
        let type = value["type"]?.stringValue
        let title = value["id"]?.stringValue ?? type ?? name ?? "view"
        let nested = ((value["children"]?.arrayValue ?? []) + (value["prototypes"]?.arrayValue ?? []).flatMap { $0["children"]?.arrayValue ?? [] })
            .compactMap { view($0, name: nil) }
        let selection = value["id"]?.location.map { $0.offset..<JSONExtent.end(ofValueAt: $0.offset, in: text.bytes) } ?? start..<(start + 1)
        return DocumentSymbol(name: title, detail: type, kind: .struct, range: range(start..<end), selectionRange: range(selection),
                              children: nested.isEmpty ? nil : nested)
    }

    private func range(_ bytes: Range<Int>) -> LSPRange {
        LSPRange(start: text.position(atOffset: bytes.lowerBound), end: text.position(atOffset: bytes.upperBound))
    }
}

/// Where a JSON value that parsed ends in its text.
enum JSONExtent {
    /// The offset just after the value that starts at `offset`: its closing bracket or quote,
    /// or the end of its number or literal.
    static func end(ofValueAt offset: Int, in bytes: [UInt8]) -> Int {
        var index = offset
        var depth = 0
        var inString = false
        while index < bytes.count {
            let byte = bytes[index]
            if inString {
                if byte == UInt8(ascii: "\\") { index += 1 } else if byte == UInt8(ascii: "\"") {
                    inString = false
                    if depth == 0 { return index + 1 }
                }
            } else {
                switch byte {
                case UInt8(ascii: "\""): inString = true
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    if depth == 0 { return index }
                    depth -= 1
                    if depth == 0 { return index + 1 }
                case UInt8(ascii: ","), 0x20, 0x09, 0x0A, 0x0D:
                    if depth == 0 { return index }
                default: break
                }
            }
            index += 1
        }
        return bytes.count
    }
}

extension LanguageServer {
    /// `textDocument/documentSymbol`: the symbols of a screen, service or model file as the
    /// editor has it; refused for a document that is unknown; nothing for one that does not
    /// parse or holds no symbols.
    func documentSymbols(_ params: DocumentSymbolParams) async throws -> [DocumentSymbol]? {
        let (path, text) = try document(params.textDocument.uri)
        guard let root = bundle(holding: path), let parsed = try? JSONParser.parse(text.bytes, fileName: path) else { return nil }
        let relative = String(path.dropFirst(root.count + 1))
        let kind: DocumentSymbols.Kind
        if [BundleFileName.service, BundleFileName.developmentService, BundleFileName.stubService].contains(relative) {
            kind = .service
        } else if relative == BundleFileName.model {
            kind = .model
        } else if await definitions(of: root).context?.bundle.screens.contains(where: { $0.file.path == relative }) == true {
            kind = .screen
        } else {
            kind = .other
        }
        return DocumentSymbols(text: text, root: parsed.root).symbols(kind: kind)
    }
}
