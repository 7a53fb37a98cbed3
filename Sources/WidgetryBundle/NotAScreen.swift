public import WidgetryJSON

/// A top-level `X.json` that the bundle opens as screen `X` (the manifest's entry screen, or a
/// segue's destination) but that is not a screen: its root is not an object, or has no key `X`.
/// Such a file is read as a data file (FORMAT.md#bundle.screens), so without this finding the
/// screen would vanish without a word. `run` warns; `validate` and `lint` report an error.
public struct NotAScreen: Sendable, Equatable {
    /// The stable code of the finding.
    public static let code = "bundle.not-a-screen"

    /// The screen's name and its file, relative to the bundle root.
    public var name: String
    public var file: String
    /// The root value's place.
    public var location: SourceLocation?
    /// What the file is instead, and who opens it.
    public var message: String
    public var hint: String

    /// A segue as a screen file declares it: the screen's name, the segue's and its destination.
    public struct Segue: Sendable, Equatable {
        public var screen: String
        public var name: String
        public var destination: String

        public init(screen: String, name: String, destination: String) {
            self.screen = screen
            self.name = name
            self.destination = destination
        }
    }

    /// The screens `X` that the manifest's `entryScreen` and the screen files' segues open,
    /// whose `X.json` among `files` (top-level paths with their roots) is not a screen.
    public static func find(files: [(path: String, root: JSONValue)], entryScreen: String?) -> [NotAScreen] {
        var segues: [Segue] = []
        for (path, root) in files {
            let name = String(path.dropLast(".json".count))
            guard let declared = root[name]?["segues"]?.objectValue else { continue }
            for segue in declared.members {
                if let destination = segue.value["destination"]?.stringValue {
                    segues.append(Segue(screen: name, name: segue.key, destination: destination))
                }
            }
        }
        let openers = openers(entryScreen: entryScreen, segues: segues)
        return files.sorted(by: { $0.path < $1.path }).compactMap { file in
            openers[String(file.path.dropLast(".json".count))].flatMap { finding(path: file.path, root: file.root, openedBy: $0) }
        }
    }

    /// Who opens each screen: the manifest's `entryScreen`, then each segue, in the words
    /// findings use.
    public static func openers(entryScreen: String?, segues: [Segue]) -> [String: [String]] {
        var openers: [String: [String]] = [:]
        if let entryScreen { openers[entryScreen, default: []].append("the manifest's entryScreen") }
        for segue in segues {
            openers[segue.destination, default: []].append("segue '\(segue.name)' of \(segue.screen)")
        }
        return openers
    }

    /// The finding for the top-level file `path` with the root `root`, which `by` (from
    /// ``openers(entryScreen:segues:)``) open as a screen; nil when it is a screen, or not a
    /// top-level JSON file.
    public static func finding(path: String, root: JSONValue, openedBy by: [String]) -> NotAScreen? {
        guard path.hasSuffix(".json"), !path.contains("/") else { return nil }
        let name = String(path.dropLast(".json".count))
        guard root[name] == nil else { return nil }
        let what: String
        if let object = root.objectValue {
            let keys = object.members.map(\.key).filter { !$0.hasPrefix("***") && $0 != "$schema" }
            what = "its root object has no key \"\(name)\"" + (keys.isEmpty ? "" : " (it has \(keys.map { "\"\($0)\"" }.joined(separator: ", ")))")
        } else {
            let type = root.typeName
            what = "its root is " + (["array", "integer", "object"].contains(type) ? "an " : "a ") + type + ", not an object"
        }
        return NotAScreen(
            name: name, file: path, location: root.location,
            message: "\(path) is not a screen, so \(by.joined(separator: " and ")) cannot open \(name): \(what); it is read as a data file",
            hint: "a screen file X.json holds {\"X\": {…}}: put the screen under the key \"\(name)\"")
    }

    /// ``find(files:entryScreen:)`` over a loaded bundle's top-level JSON files.
    public static func find(in bundle: WidgetBundle) -> [NotAScreen] {
        find(files: bundle.jsonFiles.map { ($0.path, $0.root) }, entryScreen: bundle.manifest.entryScreen)
    }

    /// The finding at `severity`, with `prefix` before the file (the bundle as the user named it).
    public func diagnostic(severity: Diagnostic.Severity, prefix: String = "") -> Diagnostic {
        Diagnostic(code: Self.code, severity: severity, file: prefix + file, location: location, pointer: .root, message: message, hint: hint)
    }

    /// The finding as a warning of the bundle (what `run` prints).
    public var warning: BundleWarning {
        BundleWarning(code: Self.code, message: message, file: file, location: location, hint: hint)
    }
}
