import WidgetryJSON

/// The option sets every input is read with: the defaults, tight limits (to reach the limit
/// checks with short inputs) and both duplicate-key policies that keep going.
private let optionSets = [
    JSONParserOptions(),
    JSONParserOptions(maxDepth: 4, maxDocumentBytes: 1024, maxStringBytes: 16, duplicateKeys: .keepFirst),
    JSONParserOptions(duplicateKeys: .keepLast),
]

/// Parses the bytes with ``JSONParser`` and reads them with ``JSONStreamReader`` under each option
/// set, and traps when the two disagree: the reader must accept exactly what the parser accepts
/// and describe the same tree (members in the same order, numbers bit for bit).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    for options in optionSets {
        let parsed = try? JSONParser.parse(bytes, options: options).root
        let streamed = bytes.withUnsafeBufferPointer { streamTree($0, options: options) }
        switch (parsed, streamed) {
        case (nil, nil):
            break
        case (let parsed?, let streamed?):
            precondition(sameTree(parsed, streamed), "JSONStreamReader reads another tree than JSONParser")
        case (nil, _?):
            preconditionFailure("JSONStreamReader accepts a document JSONParser rejects")
        case (_?, nil):
            preconditionFailure("JSONStreamReader rejects a document JSONParser accepts")
        }
    }
    return 0
}

/// A container the stream reader has opened and not yet closed.
private enum OpenContainer {
    case array([JSONValue])
    /// The members so far and the key of the member whose value comes next.
    case object(JSONObject, key: String?)
}

/// The tree the stream reader's tokens describe, with the parser's duplicate-key policy applied;
/// nil when the reader throws.
private func streamTree(_ bytes: UnsafeBufferPointer<UInt8>, options: JSONParserOptions) -> JSONValue? {
    var reader = JSONStreamReader(bytes, options: options)
    var open: [OpenContainer] = []
    var root: JSONValue?
    do {
        while true {
            let token = try reader.next()
            var value: JSONValue
            switch token {
            case .endOfDocument:
                return root
            case .beginArray:
                open.append(.array([]))
                continue
            case .beginObject:
                open.append(.object(JSONObject(), key: nil))
                continue
            case .key:
                guard case .object(let object, nil)? = open.popLast() else { preconditionFailure("a key outside an object") }
                open.append(.object(object, key: reader.stringValue))
                continue
            case .endArray:
                guard case .array(let elements)? = open.popLast() else { preconditionFailure("']' closes no array") }
                value = JSONValue(.array(elements))
            case .endObject:
                guard case .object(let object, nil)? = open.popLast() else { preconditionFailure("'}' closes no object") }
                value = JSONValue(.object(object))
            case .string: value = JSONValue(.string(reader.stringValue))
            case .number: value = JSONValue(reader.numberValue)
            case .bool(let flag): value = JSONValue(.bool(flag))
            case .null: value = JSONValue(.null)
            }
            switch open.popLast() {
            case nil:
                precondition(root == nil, "a second root value")
                root = value
            case .array(var elements):
                elements.append(value)
                open.append(.array(elements))
            case .object(var object, let key?):
                // `.keepLast` replaces the value in place, as the subscript does; `.keepFirst` ignores it.
                if options.duplicateKeys != .keepFirst || object[key] == nil {
                    object[key] = value
                }
                open.append(.object(object, key: nil))
            case .object(_, nil):
                preconditionFailure("a member value without a key")
            }
        }
    } catch {
        precondition(error.offset <= bytes.count, "a stream error offset past the input")
        return nil
    }
}

/// Whether two trees hold the same data with members in the same order and numbers bit for bit.
private func sameTree(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool {
    switch (lhs.kind, rhs.kind) {
    case (.null, .null): true
    case (.bool(let a), .bool(let b)): a == b
    case (.integer(let a), .integer(let b)): a == b
    case (.double(let a), .double(let b)): a.bitPattern == b.bitPattern
    case (.string(let a), .string(let b)): a.utf8.elementsEqual(b.utf8)
    case (.array(let a), .array(let b)): a.count == b.count && zip(a, b).allSatisfy { sameTree($0, $1) }
    case (.object(let a), .object(let b)):
        a.count == b.count
            && zip(a.members, b.members).allSatisfy { $0.key.utf8.elementsEqual($1.key.utf8) && sameTree($0.value, $1.value) }
    default: false
    }
}
