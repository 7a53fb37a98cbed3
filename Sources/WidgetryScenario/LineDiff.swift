/// A readable difference between two texts, line by line: unchanged lines around each change
/// as context, removed lines with `-`, added lines with `+`, like a unified diff.
public enum LineDiff {
    /// Above this many line pairs, the diff shows only the first differing line.
    static let maximumCells = 4_000_000

    /// The diff from `expected` to `actual`, or nil when they are equal.
    public static func render(expected: String, actual: String, context: Int = 2) -> String? {
        guard expected != actual else { return nil }
        let old = expected.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let new = actual.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard old.count * new.count <= maximumCells else {
            let index = zip(old, new).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(old.count, new.count)
            return "@@ line \(index + 1) @@\n- \(index < old.count ? old[index] : "")\n+ \(index < new.count ? new[index] : "")\n"
        }
        let operations = diff(old, new)
        var output = ""
        var index = 0
        while index < operations.count {
            guard operations[index].kind != .same else {
                index += 1
                continue
            }
            // A hunk: the changes from here, merged while fewer than 2×context unchanged lines part them.
            var end = index
            var last = index
            while end < operations.count {
                if operations[end].kind != .same { last = end } else if end - last > 2 * context { break }
                end += 1
            }
            let start = max(0, index - context)
            let stop = min(operations.count, last + context + 1)
            let firstLine = operations[start].oldLine + 1
            output += "@@ expected line \(firstLine) @@\n"
            for operation in operations[start..<stop] {
                switch operation.kind {
                case .same: output += "  \(operation.text)\n"
                case .removed: output += "- \(operation.text)\n"
                case .added: output += "+ \(operation.text)\n"
                }
            }
            index = stop
        }
        return output
    }

    struct Operation {
        enum Kind { case same, removed, added }
        var kind: Kind
        var text: String
        /// The line of the expected text this operation is at (0-based).
        var oldLine: Int
    }

    /// The shortest edit script by longest common subsequence.
    static func diff(_ old: [String], _ new: [String]) -> [Operation] {
        let columns = new.count + 1
        var lengths = [Int32](repeating: 0, count: (old.count + 1) * columns)
        for i in stride(from: old.count - 1, through: 0, by: -1) {
            for j in stride(from: new.count - 1, through: 0, by: -1) {
                lengths[i * columns + j] = old[i] == new[j]
                    ? lengths[(i + 1) * columns + j + 1] + 1
                    : max(lengths[(i + 1) * columns + j], lengths[i * columns + j + 1])
            }
        }
        var operations: [Operation] = []
        var i = 0, j = 0
        while i < old.count || j < new.count {
            if i < old.count, j < new.count, old[i] == new[j] {
                operations.append(Operation(kind: .same, text: old[i], oldLine: i))
                i += 1
                j += 1
            } else if i < old.count, j == new.count || lengths[(i + 1) * columns + j] >= lengths[i * columns + j + 1] {
                operations.append(Operation(kind: .removed, text: old[i], oldLine: i))
                i += 1
            } else {
                operations.append(Operation(kind: .added, text: new[j], oldLine: i))
                j += 1
            }
        }
        return operations
    }
}
