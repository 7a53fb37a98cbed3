/// One node of a parsed pattern's tree. Inline flags are already applied: case-insensitive
/// literals are classes of case variants, `.` and the anchors have their final meaning.
///
/// Nodes live in one array, ``RegexTree/nodes``, and refer to each other by index: a node's
/// children are `firstChild` and the chain of `next` links from it. Nodes are plain values, so a
/// tree is one allocation and reading it costs no reference counting.
struct RegexNode: Sendable {
    enum Kind: UInt8, Sendable {
        /// Matches the empty string.
        case empty
        /// Matches exactly the scalar `value`.
        case literal
        /// Matches one scalar of class `value` in the tree's ``RegexTree/classes``.
        case scalar
        /// Matches the empty string where the assertion whose raw value is `value` holds.
        case assertion
        /// The children, one after another.
        case sequence
        /// Any one of the children.
        case alternation
        /// `minimum` to `maximum` (-1: unbounded) repetitions of the child, with `behavior`;
        /// `offset` is where the quantifier is written, for errors about the size of the expansion.
        case repetition
        /// `(…)` or `(?<name>…)`: capture group `value`, numbered from 1 in the order of their `(`.
        case capture
        /// `(?>…)`: once the child has matched, its choices are not revisited.
        case atomic
        /// `(?=…)`, or `(?!…)` when `isNegated`.
        case lookahead
        /// `(?<=…)`, or `(?<!…)` when `isNegated`; the child matches between `minimum` and
        /// `maximum` scalars.
        case lookbehind
        /// `\n` or `\k<name>`: the text capture group `value` last matched (`isCaseInsensitive`
        /// compares simple case folds).
        case backreference
    }

    var kind: Kind
    var behavior: RegexQuantifierBehavior = .greedy
    /// A negated lookaround, or a case-insensitive backreference.
    var flag = false
    var value: UInt32 = 0
    var minimum: Int32 = 0
    var maximum: Int32 = 0
    var offset: Int32 = 0
    /// The first child, or -1.
    var firstChild: Int32 = -1
    /// The next sibling, or -1.
    var next: Int32 = -1
    /// How many instructions the node compiles to for the linear engine and for the backtracking
    /// one (saturating just above the limit), recorded by the parser; see ``RegexProgramSize``.
    var linearSize: Int32 = 0
    var backtrackingSize: Int32 = 0

    var isNegated: Bool { flag }
    var isCaseInsensitive: Bool { flag }
    var assertion: RegexAssertion { RegexAssertion(rawValue: UInt8(value))! }
    /// The most repetitions, nil when unbounded.
    var maximumCount: Int? { maximum < 0 ? nil : Int(maximum) }
}

/// How a quantifier chooses between one more repetition and going on.
enum RegexQuantifierBehavior: UInt8, Sendable {
    /// As many as possible first (`*`).
    case greedy
    /// As few as possible first (`*?`).
    case lazy
    /// As many as possible, never giving any back (`*+`).
    case possessive
}

/// A parsed pattern: its nodes and the scalar classes they refer to.
struct RegexTree: Sendable {
    var nodes: [RegexNode]
    var root: Int
    var classes: [RegexScalarClass]
    var captureCount: Int
    /// Whether the pattern uses a construct only the backtracking matcher runs: backreferences,
    /// lookaround, atomic groups or possessive quantifiers. Worked out from the nodes, so it
    /// cannot disagree with them.
    let needsBacktracking: Bool

    init(nodes: [RegexNode], root: Int, classes: [RegexScalarClass], captureCount: Int) {
        self.nodes = nodes
        self.root = root
        self.classes = classes
        self.captureCount = captureCount
        needsBacktracking = nodes.contains { node in
            switch node.kind {
            case .atomic, .lookahead, .lookbehind, .backreference: true
            case .repetition: node.behavior == .possessive
            default: false
            }
        }
    }

    subscript(index: Int) -> RegexNode {
        nodes[index]
    }

    /// The first child of node `index`, or -1; the others follow by ``sibling(after:)``.
    func firstChild(of index: Int) -> Int {
        Int(nodes[index].firstChild)
    }

    /// The next child of the parent of node `index`, or -1.
    func sibling(after index: Int) -> Int {
        Int(nodes[index].next)
    }

    /// The only child of node `index` (of a repetition or a group).
    func child(of index: Int) -> Int {
        Int(nodes[index].firstChild)
    }
}

/// A zero-width condition on the position between two scalars.
enum RegexAssertion: UInt8, Sendable, Hashable {
    /// `\A`, `\G`, and `^` without the `m` flag.
    case startOfInput
    /// `\z`.
    case endOfInput
    /// `\Z`, and `$` without the `m` flag: the end, or just before a line terminator (or CR LF)
    /// that ends the input.
    case endOfInputOrBeforeFinalLineTerminator
    /// `^` with the `m` flag: the start, or after a line terminator that is not the last scalar.
    case startOfLine
    /// `$` with the `m` flag: the end, or before a line terminator (but not between CR and LF).
    case endOfLine
    /// `\b`: a word scalar on exactly one side; combining marks and format characters belong to
    /// the scalar before them.
    case wordBoundary
    /// `\B`.
    case notWordBoundary
    /// Part of `\R`: CR is a line break on its own only when no LF follows it.
    case notBeforeLineFeed

    /// This assertion's bit in a ``RegexAssertionSet``.
    var bit: RegexAssertionSet { RegexAssertionSet(rawValue: 1 << rawValue) }
}

/// A set of assertions, as one bit each.
struct RegexAssertionSet: OptionSet, Sendable, Hashable {
    let rawValue: UInt8
}
