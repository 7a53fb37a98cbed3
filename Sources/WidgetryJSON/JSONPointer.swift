/// A JSON Pointer (RFC 6901) naming a value inside a document, such as `/FeedViewController/objects/0`.
///
/// Pointers built while parsing share their parents, so giving every parsed node its pointer costs
/// one small allocation per node rather than a copy of the whole path.
public struct JSONPointer: Sendable, Hashable, CustomStringConvertible {
    /// One step of a pointer: an object member name or an array index.
    public enum Token: Sendable, Hashable, CustomStringConvertible {
        case key(String)
        case index(Int)

        /// The unescaped text of the token (`"0"` for index 0).
        public var text: String {
            switch self {
            case .key(let key): key
            case .index(let index): String(index)
            }
        }

        public var description: String { text }
    }

    private final class Node: Sendable {
        let parent: Node?
        let token: Token
        let depth: Int

        init(parent: Node?, token: Token) {
            self.parent = parent
            self.token = token
            self.depth = (parent?.depth ?? 0) + 1
        }
    }

    private let node: Node?

    private init(node: Node?) {
        self.node = node
    }

    /// The pointer to the whole document (the empty string).
    public static let root = JSONPointer(node: nil)

    /// Builds a pointer from its tokens, outermost first.
    public init(_ tokens: [Token]) {
        var node: Node?
        for token in tokens {
            node = Node(parent: node, token: token)
        }
        self.node = node
    }

    /// Parses the string form of a pointer (`""`, `"/a/0/b~1c"`). Returns nil when the string is
    /// neither empty nor starts with `/`, or holds a `~` not followed by `0` or `1`.
    public init?(parsing text: String) {
        if text.isEmpty {
            self = .root
            return
        }
        guard text.hasPrefix("/") else { return nil }
        var tokens: [Token] = []
        for rawToken in text.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            guard let token = JSONPointer.unescape(rawToken) else { return nil }
            tokens.append(.key(token))
        }
        self.init(tokens)
    }

    /// The pointer to member `key` of the object this pointer names.
    public func appending(key: String) -> JSONPointer {
        JSONPointer(node: Node(parent: node, token: .key(key)))
    }

    /// The pointer to element `index` of the array this pointer names.
    public func appending(index: Int) -> JSONPointer {
        JSONPointer(node: Node(parent: node, token: .index(index)))
    }

    /// The pointer one step up, or nil for the root.
    public var parent: JSONPointer? {
        guard let node else { return nil }
        return JSONPointer(node: node.parent)
    }

    /// The last token, or nil for the root.
    public var lastToken: Token? { node?.token }

    /// Number of tokens.
    public var count: Int { node?.depth ?? 0 }

    /// The tokens, outermost first.
    public var tokens: [Token] {
        var result: [Token] = []
        result.reserveCapacity(count)
        var current = node
        while let step = current {
            result.append(step.token)
            current = step.parent
        }
        return result.reversed()
    }

    /// The RFC 6901 string form, with `~` and `/` escaped.
    public var description: String {
        var text = ""
        for token in tokens {
            text.append("/")
            text.append(JSONPointer.escape(token.text))
        }
        return text
    }

    /// Pointers are equal when their tokens have the same text: an index token `0` equals a
    /// parsed key token `"0"`, since the string form cannot tell them apart.
    public static func == (lhs: JSONPointer, rhs: JSONPointer) -> Bool {
        if lhs.node === rhs.node { return true }
        guard lhs.count == rhs.count else { return false }
        var left = lhs.node
        var right = rhs.node
        while let l = left, let r = right {
            if l === r { return true }
            if l.token.text != r.token.text { return false }
            left = l.parent
            right = r.parent
        }
        return true
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        var current = node
        while let step = current {
            hasher.combine(step.token.text)
            current = step.parent
        }
    }

    static func escape(_ token: String) -> String {
        guard token.contains(where: { $0 == "~" || $0 == "/" }) else { return token }
        return token.replacing("~", with: "~0").replacing("/", with: "~1")
    }

    static func unescape(_ token: Substring) -> String? {
        guard token.contains("~") else { return String(token) }
        var result = ""
        var iterator = token.makeIterator()
        while let character = iterator.next() {
            guard character == "~" else {
                result.append(character)
                continue
            }
            switch iterator.next() {
            case "0": result.append("~")
            case "1": result.append("/")
            default: return nil
            }
        }
        return result
    }
}
