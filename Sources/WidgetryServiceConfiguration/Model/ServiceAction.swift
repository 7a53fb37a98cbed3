public import WidgetryJSON

/// One entry of `actions`: a named request and what to do with its response (FORMAT.md#service.action). Optional
/// properties are nil when the file leaves them out, so ``ResolvedAction`` can tell "not said"
/// from "said empty" when it merges the defaults.
public struct ServiceAction: Sendable {
    public var name: String
    /// Relative to `baseUrl`, or absolute when it starts with `http`; may hold `$key` placeholders.
    public var path: String?
    public var httpMethod: HTTPMethod?
    /// Merged over the defaults' headers, the action's winning.
    public var headers: [HeaderField]?
    /// Merged over the defaults' parameters, the action's winning; string values may hold `$keyPath`.
    public var parameters: JSONObject?
    public var resultType: ResultType?
    public var resultKeyPath: String?
    public var errorKeyPath: String?
    public var needAuth: Bool?
    /// The action performed after this one succeeds.
    public var nextAction: String?
    public var clearPolicy: ClearPolicy
    /// Attribute values written on every imported object.
    public var set: JSONObject?
    public var isUpload: Bool
    /// Part name to the key path (in the action's argument) of the part's content, in file order.
    public var multipart: [MultipartPart]?
    /// How parameters travel (Widgetry's addition; upstream always sent a form body).
    public var parameterEncoding: ParameterEncoding?
    /// The canned response (stub files only); nil when the stub has none (a 404 at run time).
    public var response: JSONValue?
    /// Performed by the host that runs the widget, not sent (Widgetry's addition): a host command
    /// answers it; without one, a stub file's `response` stands in.
    public var host: Bool
    /// The HTTP status the stub answers with (stub files only; 200 unless it says otherwise), so
    /// a stub can play a server's error: a status other than 200 with an object `response` fails
    /// with the message at `errorKeyPath`.
    public var status: Int?
    /// Seconds the stub takes to answer, reporting `…Progress` at each quarter (stub files only);
    /// overrides `options.debugDelay`.
    public var delay: Double?
    /// Where the action is declared (its value in `actions`).
    public var location: SourceLocation?
    public var pointer: JSONPointer

    public init(name: String, path: String? = nil, httpMethod: HTTPMethod? = nil, headers: [HeaderField]? = nil,
                parameters: JSONObject? = nil, resultType: ResultType? = nil, resultKeyPath: String? = nil,
                errorKeyPath: String? = nil, needAuth: Bool? = nil, nextAction: String? = nil, clearPolicy: ClearPolicy = .none,
                set: JSONObject? = nil, isUpload: Bool = false, multipart: [MultipartPart]? = nil,
                parameterEncoding: ParameterEncoding? = nil, response: JSONValue? = nil, host: Bool = false, status: Int? = nil, delay: Double? = nil,
                location: SourceLocation? = nil, pointer: JSONPointer = .root) {
        self.name = name
        self.path = path
        self.httpMethod = httpMethod
        self.headers = headers
        self.parameters = parameters
        self.resultType = resultType
        self.resultKeyPath = resultKeyPath
        self.errorKeyPath = errorKeyPath
        self.needAuth = needAuth
        self.nextAction = nextAction
        self.clearPolicy = clearPolicy
        self.set = set
        self.isUpload = isUpload
        self.multipart = multipart
        self.parameterEncoding = parameterEncoding
        self.response = response
        self.host = host
        self.status = status
        self.delay = delay
        self.location = location
        self.pointer = pointer
    }
}

/// What a response imports as: `"Post"` one object, `"[Post]"` an array of objects.
public enum ResultType: Sendable, Equatable, CustomStringConvertible {
    case object(entity: String)
    case array(entity: String)

    /// Reads `T` or `[T]`; nil for anything else (an empty name, unbalanced brackets).
    public init?(_ text: String) {
        if text.hasPrefix("[") {
            guard text.hasSuffix("]"), text.count > 2 else { return nil }
            let name = String(text.dropFirst().dropLast())
            guard ResultType.isEntityName(name) else { return nil }
            self = .array(entity: name)
        } else {
            guard ResultType.isEntityName(text) else { return nil }
            self = .object(entity: text)
        }
    }

    public var entity: String {
        switch self {
        case .object(let entity), .array(let entity): entity
        }
    }

    public var description: String {
        switch self {
        case .object(let entity): entity
        case .array(let entity): "[\(entity)]"
        }
    }

    private static func isEntityName(_ name: String) -> Bool {
        !name.isEmpty && !name.contains { $0 == "[" || $0 == "]" || $0.isWhitespace }
    }
}

/// `clearPolicy` (FORMAT.md#service.clear-policy).
public enum ClearPolicy: String, Sendable, CaseIterable {
    /// Leave the entity's objects (the default).
    case none
    /// Delete them when the call starts: the list empties while loading.
    case before
    /// Delete them and import in one transaction after success: the list is replaced in one change.
    case after
}

/// How an action's parameters are sent.
public enum ParameterEncoding: String, Sendable, CaseIterable {
    /// A form-encoded body (`application/x-www-form-urlencoded; charset=utf-8`) for every
    /// method, keys sorted, `a[b]=` and `a[]=` for nesting, booleans `1`/`0`: what upstream sent.
    case form
    /// The same encoding, appended to the URL's query.
    case query
    /// A JSON body (`application/json`).
    case json
}

/// An HTTP method as a service file names it: an upper-case token.
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String

    /// Upper-case ASCII letters only (`GET`, `POST`, `PATCH`, …); nil otherwise.
    public init?(rawValue: String) {
        guard !rawValue.isEmpty, rawValue.utf8.allSatisfy({ $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }) else { return nil }
        self.rawValue = rawValue
    }

    public static let get = HTTPMethod(rawValue: "GET")!
    public static let post = HTTPMethod(rawValue: "POST")!
    public static let head = HTTPMethod(rawValue: "HEAD")!
    public static let delete = HTTPMethod(rawValue: "DELETE")!

    public var description: String { rawValue }
}

/// A header, in the order written; names compare case-insensitively when merged.
public struct HeaderField: Sendable, Equatable {
    public var name: String
    public var value: String

    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}

/// One part of a multipart upload: its form name and the key path of its content in the
/// action's argument (data, or a file path).
public struct MultipartPart: Sendable, Equatable {
    public var name: String
    public var keyPath: String

    public init(name: String, keyPath: String) {
        self.name = name
        self.keyPath = keyPath
    }
}

extension [HeaderField] {
    /// Replaces the first header named like `field` (case-insensitively) in place, or appends it;
    /// later headers of that name are removed.
    package mutating func setting(_ field: HeaderField) {
        let name = field.name.lowercased()
        guard let index = firstIndex(where: { $0.name.lowercased() == name }) else {
            append(field)
            return
        }
        self[index] = field
        var position = index + 1
        while position < count {
            if self[position].name.lowercased() == name { remove(at: position) } else { position += 1 }
        }
    }
}
