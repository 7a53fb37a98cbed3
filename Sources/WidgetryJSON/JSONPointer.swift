/// A JSON Pointer (RFC 6901) naming a value inside a document, such as `/FeedViewController/objects/0`.
///
/// Pointers built while parsing are entries of one table per document (``JSONPointerTable``), so
/// giving every parsed node its pointer costs no allocation of its own; the tokens are put
/// together only when asked for.
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

    /// A pointer built in code: one step on top of its parent.
    private final class Node: Sendable {
        let parent: JSONPointer
        let token: Token
        let depth: Int

        init(parent: JSONPointer, token: Token) {
            self.parent = parent
            self.token = token
            self.depth = parent.count + 1
        }
    }

    /// Where the steps are kept: the root has neither; a pointer built in code is a ``Node``
    /// (`entry` is -1); a parsed node's pointer is entry `entry` of the ``JSONPointerTable`` its
    /// parse filled, so that giving every parsed node its pointer costs no allocation.
    private let owner: (any AnyObject & Sendable)?
    private let entry: Int32

    private init(node: Node?) {
        self.owner = node
        self.entry = -1
    }

    /// The pointer to entry `entry` of `table`.
    init(table: JSONPointerTable, entry: Int32) {
        self.owner = table
        self.entry = entry
    }

    private var node: Node? {
        entry < 0 ? owner.map { unsafeDowncast($0, to: Node.self) } : nil
    }

    private var table: JSONPointerTable? {
        entry >= 0 ? owner.map { unsafeDowncast($0, to: JSONPointerTable.self) } : nil
    }

    /// This pointer's entry in `table`: -1 for the root. Only the root and pointers of `table` have one.
    func entry(in table: JSONPointerTable) -> Int32 {
        if owner == nil { return -1 }
        precondition(owner === table, "a pointer table extends only the root and its own pointers")
        return entry
    }

    /// The pointer to the whole document (the empty string).
    public static let root = JSONPointer(node: nil)

    /// Builds a pointer from its tokens, outermost first.
    public init(_ tokens: [Token]) {
        var pointer = JSONPointer.root
        for token in tokens {
            pointer = JSONPointer(node: Node(parent: pointer, token: token))
        }
        self = pointer
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
        JSONPointer(node: Node(parent: self, token: .key(key)))
    }

    /// The pointer to element `index` of the array this pointer names.
    public func appending(index: Int) -> JSONPointer {
        JSONPointer(node: Node(parent: self, token: .index(index)))
    }

    /// The last step and the pointer it is taken from, or nil for the root.
    private var step: (parent: JSONPointer, token: Token)? {
        if let table {
            let parent = table.parent(of: entry)
            return (parent < 0 ? .root : JSONPointer(table: table, entry: parent), table.token(of: entry))
        }
        return node.map { ($0.parent, $0.token) }
    }

    /// The pointer one step up, or nil for the root.
    public var parent: JSONPointer? { step?.parent }

    /// The last token, or nil for the root.
    public var lastToken: Token? { step?.token }

    /// Number of tokens.
    public var count: Int {
        if let table { return table.depth(of: entry) }
        return node?.depth ?? 0
    }

    /// The tokens, outermost first.
    public var tokens: [Token] {
        var result: [Token] = []
        result.reserveCapacity(count)
        var current = self
        while let (parent, token) = current.step {
            result.append(token)
            current = parent
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
        guard lhs.count == rhs.count else { return false }
        var left = lhs, right = rhs
        while !left.isSameStorage(as: right), let (leftParent, leftToken) = left.step, let (rightParent, rightToken) = right.step {
            if leftToken.text != rightToken.text { return false }
            left = leftParent
            right = rightParent
        }
        return true
    }

    /// True when both pointers are the same step of the same chain or table, hence equal.
    private func isSameStorage(as other: JSONPointer) -> Bool {
        owner === other.owner && entry == other.entry
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        var current = self
        while let (parent, token) = current.step {
            hasher.combine(token.text)
            current = parent
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
