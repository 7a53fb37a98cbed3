/// Where a cursor inside a JSON string is in the document's tree: the keys and indexes of the
/// containers around it, whether the string is a key or a value, and where each container
/// starts. Read by a scanner that takes the text before the cursor token by token and needs
/// nothing after it, so a document being typed (a string not closed yet, members missing) still
/// has a place. JSON strings never span lines: a string left open at a line's end ends there.
struct JSONPlace: Equatable {
    /// A step down the tree: a member's key or an element's index.
    enum Component: Equatable, CustomStringConvertible {
        case key(String)
        case index(Int)

        var description: String {
            switch self {
            case .key(let key): key
            case .index(let index): String(index)
            }
        }
    }

    /// Whether the string at the cursor is the key of a member or a value.
    enum Role: Equatable {
        case key
        case value
    }

    /// The path of the value holding the cursor, outermost first: for a member's value, ending
    /// with its key; for an element of an array, with its index; for a key, the path of the
    /// object it is a key of.
    var path: [Component]
    var role: Role
    /// The bytes of the string's contents: from after its opening quote to its closing quote, or,
    /// when it has none yet, to the end of the name at the cursor.
    var contents: Range<Int>
    /// The offset of the opening bracket of each container around the cursor, outermost first
    /// (one for each component of the path, and for a key one more: its object's).
    var containers: [Int]

    /// The key of the member whose value the string is; nil for a key or an array's element.
    var key: String? {
        guard role == .value, case .key(let key) = path.last else { return nil }
        return key
    }

    /// The place of byte `offset` of `bytes`; nil when the cursor is not inside a string.
    init?(bytes: [UInt8], offset: Int) {
        guard offset >= 0, offset <= bytes.count else { return nil }
        var scanner = Scanner(bytes: bytes)
        var frames: [Frame] = []
        while scanner.index < offset {
            let start = scanner.index
            switch bytes[start] {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                frames.last?.lastString = nil
                frames.append(Frame(start: start, isObject: bytes[start] == UInt8(ascii: "{")))
                scanner.index += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                _ = frames.popLast()
                frames.last?.lastString = nil
                scanner.index += 1
            case UInt8(ascii: ","):
                frames.last?.next()
                scanner.index += 1
            case UInt8(ascii: ":"):
                // The string just before a colon is a key, even where a comma is missing (a
                // member being typed on the line after another).
                if let top = frames.last, top.isObject, let string = top.lastString { top.key = string }
                frames.last?.expectsKey = false
                scanner.index += 1
            case UInt8(ascii: "\""):
                let end = scanner.skipString()
                if offset <= end.contents {
                    // The cursor is in this string.
                    let top = frames.last
                    let role: Role = top?.isObject == true && top?.expectsKey == true ? .key : .value
                    self.role = role
                    path = frames.compactMap { frame in
                        frame === top && role == .key ? nil : frame.component
                    }
                    containers = frames.map(\.start)
                    var close = end.contents
                    if !end.closed {
                        close = offset
                        while close < bytes.count, Self.isNameByte(bytes[close]) { close += 1 }
                    }
                    contents = (start + 1)..<close
                    return
                }
                if let top = frames.last, top.isObject {
                    let string = String(decoding: bytes[(start + 1)..<end.contents], as: UTF8.self)
                    top.lastString = string
                    if top.expectsKey { top.key = string }
                }
            default:
                if let top = frames.last, ![0x20, 0x09, 0x0A, 0x0D].contains(bytes[start]) { top.lastString = nil }
                scanner.index += 1
            }
        }
        return nil
    }

    /// The members of the object whose `{` is at `start`, in order, with their string values
    /// (nil for any other value): read as far as the object goes, or the text does.
    static func members(ofObjectAt start: Int, in bytes: [UInt8]) -> [(key: String, value: String?)] {
        guard start >= 0, start < bytes.count, bytes[start] == UInt8(ascii: "{") else { return [] }
        var scanner = Scanner(bytes: bytes)
        scanner.index = start + 1
        var depth = 0
        var members: [(key: String, value: String?)] = []
        var key: String?
        var expectsKey = true
        while scanner.index < bytes.count {
            let byte = bytes[scanner.index]
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                if depth == 0, let open = key, !expectsKey {
                    members.append((open, nil))
                    key = nil
                }
                depth += 1
                scanner.index += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if depth == 0 {
                    if let open = key, !expectsKey { members.append((open, nil)) }
                    return members
                }
                depth -= 1
                scanner.index += 1
            case UInt8(ascii: ","):
                if depth == 0 {
                    if let open = key, !expectsKey { members.append((open, nil)) }
                    key = nil
                    expectsKey = true
                }
                scanner.index += 1
            case UInt8(ascii: ":"):
                if depth == 0 { expectsKey = false }
                scanner.index += 1
            case UInt8(ascii: "\""):
                let from = scanner.index + 1
                let end = scanner.skipString()
                let text = String(decoding: bytes[from..<end.contents], as: UTF8.self)
                guard depth == 0 else { continue }
                if expectsKey {
                    key = text
                } else if let open = key {
                    members.append((open, text))
                    key = nil
                }
            default:
                scanner.index += 1
            }
        }
        return members
    }

    /// Whether `byte` may be part of a name (a key, an id, a key path).
    static func isNameByte(_ byte: UInt8) -> Bool {
        byte >= 0x80 || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || [UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "$"), UInt8(ascii: "-"),
                                                                            UInt8(ascii: "@")].contains(byte)
    }

    /// An object or array open before the cursor.
    private final class Frame {
        let start: Int
        let isObject: Bool
        /// An object's key of the member being read, an array's index of the element.
        var key: String?
        /// The string read last in an object, while nothing but white space follows it.
        var lastString: String?
        var index = 0
        var expectsKey: Bool

        init(start: Int, isObject: Bool) {
            self.start = start
            self.isObject = isObject
            expectsKey = isObject
        }

        var component: Component? {
            isObject ? key.map(Component.key) : .index(index)
        }

        func next() {
            lastString = nil
            if isObject {
                key = nil
                expectsKey = true
            } else {
                index += 1
            }
        }
    }

    /// Strings, skipped with their escapes.
    private struct Scanner {
        let bytes: [UInt8]
        var index = 0

        /// Skips the string whose opening quote is at `index`: to after its closing quote, or to
        /// the end of its line when it has none. Gives where its contents end, and whether it closed.
        mutating func skipString() -> (contents: Int, closed: Bool) {
            index += 1
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "\\"): index += 2
                case UInt8(ascii: "\""):
                    index += 1
                    return (index - 1, true)
                case 0x0A, 0x0D: return (index, false)
                default: index += 1
                }
            }
            index = bytes.count
            return (bytes.count, false)
        }
    }
}
