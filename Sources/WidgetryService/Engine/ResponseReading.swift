import WidgetryJSON
import WidgetryServiceConfiguration
import WidgetryStore

/// How a response turns into the JSON an action imports (FORMAT.md#service.response, steps 1 and 4).
enum ResponseReading {
    /// The body as JSON, or the server's error. Only a 2xx status is success; any other is
    /// `action.server`, whose message is the member at `errorKeyPath` (a top-level key) of a
    /// JSON object body, else the body itself, shortened to ``echoedLength`` characters and
    /// given once. An empty 204/205 body reads as null.
    static func json(of response: ServiceResponse, errorKeyPath: String, action: String) -> Result<JSONValue, ActionError> {
        let succeeded = (200..<300).contains(response.status)
        if response.body.isEmpty, response.status == 204 || response.status == 205 { return .success(JSONValue(.null)) }
        let parsed: JSONValue
        do throws(JSONParseError) {
            parsed = try JSONParser.parse(response.body, fileName: "\(action) response").root
        } catch {
            if !succeeded {
                let text = String(decoding: response.body, as: UTF8.self)
                return .failure(ActionError(.server, "\(action) failed with HTTP status \(response.status)" + (text.isEmpty ? "" : ": " + echo(text)),
                                            status: response.status))
            }
            return .failure(ActionError(.invalidJSON, "the response to \(action) is not JSON: \(error.message) at \(error.location.line):\(error.location.column)",
                                        status: response.status))
        }
        if !succeeded {
            let info = parsed.objectValue.flatMap { $0[errorKeyPath] } ?? parsed
            return .failure(ActionError(.server, "\(action) failed: " + echo(message(info)), status: response.status))
        }
        return .success(parsed)
    }

    /// The most characters of a server's error body an error message repeats.
    static let echoedLength = 200

    /// `text` on one line, cut to ``echoedLength`` characters with the full length said.
    static func echo(_ text: String) -> String {
        let line = text.replacingOccurrences(of: "\r", with: " ").replacingOccurrences(of: "\n", with: " ")
        guard line.count > echoedLength else { return line }
        return String(line.prefix(echoedLength)) + "… (\(text.utf8.count) bytes)"
    }

    /// The text of a server's error: a string as it is, an object's `message` (or its JSON), anything else as JSON.
    private static func message(_ info: JSONValue) -> String {
        switch info.kind {
        case .string(let text): return text
        case .object(let object): return object["message"]?.stringValue ?? info.serialized()
        default: return info.serialized()
        }
    }

    /// The part of `json` to import: at `keyPath` (dotted) when it is not empty, which needs an
    /// object; then an array of objects for `[T]`, an object for `T`.
    static func result<Node: ResponseNode>(in json: Node, keyPath: String, type: ResultType, action: String) -> Result<Node, ActionError> {
        let result: Node
        switch member(of: json, at: keyPath, action: action) {
        case .failure(let error): return .failure(error)
        case .success(let found): result = found
        }
        switch type {
        case .array:
            guard result.isArrayOfObjectsOrNulls else {
                return .failure(ActionError(.resultShape, "\(action) expects \(type), an array of objects, but the result is \(result.typeName)"))
            }
        case .object:
            guard result.isObject else {
                return .failure(ActionError(.resultShape, "\(action) expects \(type), an object, but the result is \(result.typeName)"))
            }
        }
        return .success(result)
    }
}

extension ResponseReading {
    /// What `json` holds at `keyPath` (dotted members; `json` itself when empty), which needs an
    /// object at each step.
    static func member<Node: ResponseNode>(of json: Node, at keyPath: String, action: String) -> Result<Node, ActionError> {
        guard !keyPath.isEmpty else { return .success(json) }
        guard json.isObject else {
            return .failure(ActionError(.resultShape, "\(action) reads its result at \"\(keyPath)\", but the response is \(json.typeName), not an object"))
        }
        var result = json
        for key in keyPath.split(separator: ".", omittingEmptySubsequences: false) {
            guard let next = result.responseMember(String(key)) else {
                return .failure(ActionError(.resultShape, "the response to \(action) has nothing at \"\(keyPath)\""))
            }
            result = next
        }
        return .success(result)
    }
}

/// A response's JSON as the engine reads its result: the parsed tree, or (for a typed action's
/// 2xx body) the bytes indexed for import, which keeps a large response's memory near its size.
protocol ResponseNode {
    var typeName: String { get }
    var isObject: Bool { get }
    var isArrayOfObjectsOrNulls: Bool { get }
    /// The member `key` of an object; nil for anything else or a missing key.
    func responseMember(_ key: String) -> Self?
    /// Imports the value by the model's rules.
    func importValue(with importer: JSONImporter, into entity: String, options: ImportOptions,
                     in transaction: inout StoreTransaction) throws(ImportError) -> [ObjectID]
}

extension JSONValue: ResponseNode {
    var isObject: Bool { objectValue != nil }

    var isArrayOfObjectsOrNulls: Bool {
        arrayValue?.allSatisfy { $0.isNull || $0.objectValue != nil } ?? false
    }

    func responseMember(_ key: String) -> JSONValue? { objectValue?[key] }

    func importValue(with importer: JSONImporter, into entity: String, options: ImportOptions,
                     in transaction: inout StoreTransaction) throws(ImportError) -> [ObjectID] {
        try importer.importJSON(self, into: entity, options: options, in: &transaction)
    }
}

extension JSONImportValue: ResponseNode {
    func responseMember(_ key: String) -> JSONImportValue? { member(key) }

    func importValue(with importer: JSONImporter, into entity: String, options: ImportOptions,
                     in transaction: inout StoreTransaction) throws(ImportError) -> [ObjectID] {
        try importer.importJSON(self, into: entity, options: options, in: &transaction)
    }
}
