/// A file pattern as configuration files write them: `*` is any run of characters but `/`,
/// `**` any run including `/` (and `**/` also none), `?` one character other than `/`.
public struct Glob: Sendable, Hashable, CustomStringConvertible {
    public let pattern: String
    private let tokens: [Token]

    private enum Token: Hashable {
        case literal(Character)
        case any
        case anyAcrossFolders
        case one
    }

    public init(_ pattern: String) {
        self.pattern = pattern
        var tokens: [Token] = []
        var characters = Array(pattern)[...]
        while let character = characters.popFirst() {
            switch character {
            case "*" where characters.first == "*":
                characters.removeFirst()
                if characters.first == "/" { characters.removeFirst() }
                tokens.append(.anyAcrossFolders)
            case "*": tokens.append(.any)
            case "?": tokens.append(.one)
            default: tokens.append(.literal(character))
            }
        }
        self.tokens = tokens
    }

    public var description: String { pattern }

    /// Whether `path` (relative, `/`-separated) matches the whole pattern.
    public func matches(_ path: String) -> Bool {
        let text = Array(path)
        // Positions in the text reachable after each token; a set keeps it linear per token.
        var positions: Set<Int> = [0]
        for token in tokens {
            var next: Set<Int> = []
            for position in positions {
                switch token {
                case .literal(let character):
                    if position < text.count, text[position] == character { next.insert(position + 1) }
                case .one:
                    if position < text.count, text[position] != "/" { next.insert(position + 1) }
                case .any:
                    var index = position
                    next.insert(index)
                    while index < text.count, text[index] != "/" {
                        index += 1
                        next.insert(index)
                    }
                case .anyAcrossFolders:
                    for index in position...text.count { next.insert(index) }
                }
            }
            positions = next
            if positions.isEmpty { return false }
        }
        return positions.contains(text.count)
    }
}
