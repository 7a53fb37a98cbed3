/// The difference between two texts, line by line, in the unified form `git diff` prints: hunks
/// headed `@@ -a,b +c,d @@`, each with up to ``context`` unchanged lines around its changes,
/// removed lines marked `-` and added lines `+`. The edit script is the standard library's
/// `CollectionDifference` (Myers' shortest edit script).
public struct LineDiff: Sendable, Equatable {
    /// One line of a hunk.
    public struct Line: Sendable, Equatable {
        /// Whether the line is in both texts, only the expected one or only the actual one.
        public enum Kind: Sendable, Equatable { case context, removed, added }
        /// Where the line is.
        public var kind: Kind
        /// The line without its newline.
        public var text: String
        /// False for a last line with no newline after it (`\ No newline at end of file`).
        public var terminated: Bool
    }

    /// A run of changes with its context: `oldStart`/`newStart` are 1-based line numbers as the
    /// header prints them (for an empty side, the line before, as `git diff` does).
    public struct Hunk: Sendable, Equatable {
        /// The first line of the expected text the hunk shows.
        public var oldStart: Int
        /// How many lines of the expected text it shows (context and removed).
        public var oldCount: Int
        /// The first line of the actual text the hunk shows.
        public var newStart: Int
        /// How many lines of the actual text it shows (context and added).
        public var newCount: Int
        /// The context, removed and added lines in the order they print.
        public var lines: [Line]

        /// `@@ -a,b +c,d @@`, a count of 1 left out.
        public var header: String {
            func range(_ start: Int, _ count: Int) -> String { count == 1 ? "\(start)" : "\(start),\(count)" }
            return "@@ -\(range(oldStart, oldCount)) +\(range(newStart, newCount)) @@"
        }
    }

    /// The hunks, in order; never empty.
    public var hunks: [Hunk]

    /// Unchanged lines shown before and after each change, as `git diff` shows by default.
    public static let context = 3

    /// Above this many line pairs, the diff is one hunk at the first differing line, so a huge,
    /// wholly different snapshot cannot make the edit script slow.
    static let maximumCells = 4_000_000

    /// The diff from `expected` to `actual`, or nil when they are equal.
    public init?(expected: String, actual: String, context: Int = LineDiff.context) {
        guard expected != actual else { return nil }
        let old = LineDiff.lines(of: expected)
        let new = LineDiff.lines(of: actual)
        let script = old.count * new.count <= LineDiff.maximumCells
            ? LineDiff.script(from: old, to: new)
            : LineDiff.firstDifference(old, new)
        hunks = LineDiff.hunks(of: script, context: context)
    }

    /// The unified text, each line ending in a newline. With `colour`, hunk headers are cyan,
    /// removed lines red and added lines green (ANSI escapes), as `git diff` colours a terminal.
    public func render(colour: Bool = false) -> String {
        func paint(_ text: String, _ code: String) -> String { colour ? "\u{1B}[\(code)m\(text)\u{1B}[m" : text }
        var output = ""
        for hunk in hunks {
            output += paint(hunk.header, "36") + "\n"
            for line in hunk.lines {
                switch line.kind {
                case .context: output += " " + line.text + "\n"
                case .removed: output += paint("-" + line.text, "31") + "\n"
                case .added: output += paint("+" + line.text, "32") + "\n"
                }
                if !line.terminated { output += "\\ No newline at end of file\n" }
            }
        }
        return output
    }

    /// A text's lines; a last line without a newline is marked so.
    static func lines(of text: String) -> [Line] {
        var parts = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let terminated = parts.last == ""
        if terminated { parts.removeLast() }
        return parts.enumerated().map { index, text in
            Line(kind: .context, text: text, terminated: terminated || index < parts.count - 1)
        }
    }

    /// Every line of both texts in order, each marked kept, removed or added.
    static func script(from old: [Line], to new: [Line]) -> [Line] {
        let difference = new.difference(from: old)
        var removed = Set<Int>()
        var inserted = Set<Int>()
        for change in difference {
            switch change {
            case .remove(let offset, _, _): removed.insert(offset)
            case .insert(let offset, _, _): inserted.insert(offset)
            }
        }
        var script: [Line] = []
        var i = 0, j = 0
        while i < old.count || j < new.count {
            if i < old.count, removed.contains(i) {
                script.append(Line(kind: .removed, text: old[i].text, terminated: old[i].terminated))
                i += 1
            } else if j < new.count, inserted.contains(j) {
                script.append(Line(kind: .added, text: new[j].text, terminated: new[j].terminated))
                j += 1
            } else {
                script.append(old[i])
                i += 1
                j += 1
            }
        }
        return script
    }

    /// The script of the texts' common start, their first differing lines and their common rest
    /// kept out: what a diff too large to compute in full shows.
    static func firstDifference(_ old: [Line], _ new: [Line]) -> [Line] {
        let same = zip(old, new).prefix { $0 == $1 }.count
        return Array(old[..<same])
            + old.dropFirst(same).prefix(1).map { Line(kind: .removed, text: $0.text, terminated: $0.terminated) }
            + new.dropFirst(same).prefix(1).map { Line(kind: .added, text: $0.text, terminated: $0.terminated) }
    }

    /// Groups a script into hunks: changes closer than 2 × `context` unchanged lines share one.
    static func hunks(of script: [Line], context: Int) -> [Hunk] {
        let changes = script.indices.filter { script[$0].kind != .context }
        var groups: [ClosedRange<Int>] = []
        for index in changes {
            if let last = groups.last, index - last.upperBound - 1 <= 2 * context {
                groups[groups.count - 1] = last.lowerBound...index
            } else {
                groups.append(index...index)
            }
        }
        // Line numbers before each script position, on each side.
        var oldBefore = [Int](repeating: 0, count: script.count + 1)
        var newBefore = [Int](repeating: 0, count: script.count + 1)
        for (index, line) in script.enumerated() {
            oldBefore[index + 1] = oldBefore[index] + (line.kind == .added ? 0 : 1)
            newBefore[index + 1] = newBefore[index] + (line.kind == .removed ? 0 : 1)
        }
        return groups.map { group in
            let start = max(0, group.lowerBound - context)
            let end = min(script.count, group.upperBound + context + 1)
            let oldCount = oldBefore[end] - oldBefore[start]
            let newCount = newBefore[end] - newBefore[start]
            return Hunk(oldStart: oldBefore[start] + (oldCount == 0 ? 0 : 1), oldCount: oldCount,
                        newStart: newBefore[start] + (newCount == 0 ? 0 : 1), newCount: newCount,
                        lines: Array(script[start..<end]))
        }
    }
}
