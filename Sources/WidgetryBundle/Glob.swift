import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A file pattern as configuration files and command lines write them: `*` is any run of
/// characters but `/`, `?` one character other than `/`, `[…]` a class, and a `**` segment any
/// number of folders (none included). Each segment is matched by the C library's `fnmatch`;
/// only `**`, which `fnmatch` does not know, is handled here, by trying it over every number
/// of segments.
public struct Glob: Sendable, Hashable, CustomStringConvertible {
    public let pattern: String
    private let segments: [Segment]

    private enum Segment: Hashable {
        /// A `**` segment: any number of path segments.
        case anyFolders
        /// One path segment, matched by `fnmatch`.
        case name(String)
    }

    public init(_ pattern: String) {
        self.pattern = pattern
        var segments: [Segment] = []
        for part in pattern.split(separator: "/", omittingEmptySubsequences: false) {
            if part == "**" {
                if segments.last != .anyFolders { segments.append(.anyFolders) }
            } else if part.contains("**") {
                // `**.json` is a name anywhere below: any folders, then the name with `*`.
                if segments.last != .anyFolders { segments.append(.anyFolders) }
                segments.append(.name(part.replacingOccurrences(of: "**", with: "*")))
            } else {
                segments.append(.name(String(part)))
            }
        }
        self.segments = segments
    }

    public var description: String { pattern }

    /// Whether the characters `*`, `?` or `[` make `text` a pattern rather than a plain path.
    public static func isPattern(_ text: String) -> Bool {
        text.contains { $0 == "*" || $0 == "?" || $0 == "[" }
    }

    /// Whether `path` (relative, `/`-separated) matches the whole pattern.
    public func matches(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        // Which prefixes of the path the segments so far can match: one pass per segment.
        var reachable = Set([0])
        for segment in segments {
            var next: Set<Int> = []
            for position in reachable {
                switch segment {
                case .anyFolders:
                    next.formUnion(position...parts.count)
                case .name(let name):
                    if position < parts.count, fnmatch(name, parts[position], 0) == 0 { next.insert(position + 1) }
                }
            }
            reachable = next
            if reachable.isEmpty { return false }
        }
        return reachable.contains(parts.count)
    }
}
