import WidgetryJSON

/// What compiling one object schema's keywords needs to know.
struct KeywordContext {
    let document: SchemaDocumentIndex
    let documentIndex: Int
    let object: JSONObject
    let pointer: JSONPointer
    let baseURI: URIReference
    let vocabularies: VocabularySet
    let node: NodeID

    /// The keyword's value, when the keyword is present and its vocabulary is in use.
    func value(_ keyword: String) -> JSONValue? {
        guard vocabularies.applies(keyword) else { return nil }
        return object[keyword]
    }

    /// An error about the value of `keyword`.
    func error(_ code: SchemaError.Code, _ message: String, keyword: String, hint: String? = nil) -> SchemaError {
        document.error(code, message, at: pointer.appending(key: keyword), hint: hint)
    }

    /// An error for a keyword whose value (or an element of it, `found`) has the wrong shape:
    /// `"minLength" must be a non-negative integer, found -1`.
    func mismatch(_ keyword: String, expected: String, found: JSONValue) -> SchemaError {
        let description = switch found.kind {
        case .object, .array: Wording.withArticle(found.typeName)
        default: Wording.quote(found)
        }
        return error(.invalidKeyword, "\"\(keyword)\" must be \(expected), found \(description)", keyword: keyword)
    }
}
