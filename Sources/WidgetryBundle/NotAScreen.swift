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

    /// What the check needs of one top-level `X.json`, read from its parsed root or its tape:
    /// whether it is a screen, and the segues its screen declares.
    public struct FileFacts: Sendable {
        /// `X` of `X.json`.
        public var name: String
        /// Whether the root object has the key `X`.
        public var isScreen: Bool
        /// The segues of the screen under `X` that name a string destination.
        public var segues: [Segue]

        /// The facts of the top-level file `path` whose root is `root`; nil for a file in a folder.
        public init?(path: String, root: JSONValue) {
            guard let name = FileFacts.screenName(path) else { return nil }
            self.name = name
            isScreen = root[name] != nil
            segues = (root[name]?["segues"]?.objectValue?.members ?? []).compactMap { segue in
                segue.value["destination"]?.stringValue.map { Segue(screen: name, name: segue.key, destination: $0) }
            }
        }

        /// The facts of the top-level file `path` read as `tape`; nil for a file in a folder.
        public init?(path: String, tape: JSONTape) {
            guard let name = FileFacts.screenName(path) else { return nil }
            self.name = name
            segues = []
            guard let screen = tape.member(name, of: tape.root) else {
                isScreen = false
                return
            }
            isScreen = true
            guard let declared = tape.member("segues", of: screen), tape.kind(of: declared) == .object else { return }
            var key = tape.firstChild(of: declared)
            for _ in 0..<tape.count(of: declared) {
                if let destination = tape.stringMember("destination", of: key + 1) {
                    segues.append(Segue(screen: name, name: tape.string(at: key), destination: destination))
                }
                key = tape.after(key + 1)
            }
        }

        /// `X` for a top-level `X.json`.
        private static func screenName(_ path: String) -> String? {
            guard path.hasSuffix(".json"), !path.utf8.contains(UInt8(ascii: "/")) else { return nil }
            return String(path.dropLast(".json".count))
        }
    }

    /// The screens `X` that the manifest's `entryScreen` and the screen files' segues open,
    /// whose `X.json` among `files` (top-level paths with their roots) is not a screen.
    public static func find(files: [(path: String, root: JSONValue)], entryScreen: String?) -> [NotAScreen] {
        // Segues are gathered in the files' order (which is the order of the openers a
        // message names); findings come out in path order.
        find(files.map { FileFacts(path: $0.path, root: $0.root) }, entryScreen: entryScreen) { files[$0].root }
            .map(\.finding).sorted { $0.file < $1.file }
    }

    /// The findings among files described by `facts` (nil for files the check passes over), each
    /// with its position in `facts`. `root` gives a file's parsed root by that position: it is
    /// asked only for the files found, so a caller that has tapes parses only those.
    public static func find(
        _ facts: [FileFacts?], entryScreen: String?, root: (Int) -> JSONValue?
    ) -> [(position: Int, finding: NotAScreen)] {
        let notScreens = Set(facts.compactMap { $0.flatMap { $0.isScreen ? nil : $0.name } })
        guard !notScreens.isEmpty else { return [] }
        let segues = facts.lazy.compactMap { $0 }.flatMap(\.segues).filter { notScreens.contains($0.destination) }
        let openers = openers(entryScreen: entryScreen, segues: Array(segues))
        return facts.enumerated().compactMap { position, facts in
            guard let facts, !facts.isScreen, let by = openers[facts.name], let root = root(position) else { return nil }
            return finding(name: facts.name, path: facts.name + ".json", root: root, openedBy: by).map { (position, $0) }
        }
    }

    /// Who opens each screen: the manifest's `entryScreen`, then each segue, in the words
    /// findings use.
    private static func openers(entryScreen: String?, segues: [Segue]) -> [String: [String]] {
        var openers: [String: [String]] = [:]
        if let entryScreen { openers[entryScreen, default: []].append("the manifest's entryScreen") }
        for segue in segues {
            openers[segue.destination, default: []].append("segue '\(segue.name)' of \(segue.screen)")
        }
        return openers
    }

    /// The finding for the file `path`, screen `name`, whose root is `root`, which `by` open as
    /// a screen; nil when it is a screen after all.
    private static func finding(name: String, path: String, root: JSONValue, openedBy by: [String]) -> NotAScreen? {
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
