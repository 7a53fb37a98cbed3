public import WidgetryJSON

extension Dialect {
    /// A screen file's document in WidgetKit's names (FORMAT.md#graffiti.names): every key and
    /// string outside `***` comment entries as ``canonical(_:)-swift.method`` writes it, and the
    /// entries of its `objects` section with Graffiti's types as WidgetKit's
    /// (``GraffitiObjectTypes``). Every value keeps its place and pointer, so what is reported
    /// about it points at the file as written.
    public func canonical(screen document: JSONDocument) -> JSONDocument {
        guard self == .graffiti else { return document }
        return JSONDocument(root: canonical(document.root, depth: 0, inObjects: false), source: document.source)
    }

    /// `value` renamed; `depth` counts objects from the root (the screen's body is at 1, its
    /// sections at 2), and `inObjects` says `value` is the `objects` section's.
    private func canonical(_ value: JSONValue, depth: Int, inObjects: Bool) -> JSONValue {
        var result = value
        switch value.kind {
        case .string(let text):
            result.kind = .string(canonical(text))
        case .array(let items):
            result.kind = .array(items.map { canonical($0, depth: depth, inObjects: false) })
        case .object(let object):
            var renamed = object.mappingMembers { member in
                guard !member.key.hasPrefix("***") else { return member }
                let inner = canonical(member.value, depth: depth + 1, inObjects: depth == 1 && member.key == "objects")
                return JSONObject.Member(key: canonical(member.key), keyLocation: member.keyLocation, value: inner)
            }
            if inObjects {
                renamed = renamed.mappingMembers { member in
                    guard let entry = member.value.objectValue else { return member }
                    var value = member.value
                    value.kind = .object(GraffitiObjectTypes.canonical(entry: entry))
                    return JSONObject.Member(key: member.key, keyLocation: member.keyLocation, value: value)
                }
            }
            result.kind = .object(renamed)
        default:
            break
        }
        return result
    }
}
