public import WidgetryJSON

/// A JSON file of a bundle, parsed with its locations.
public struct BundleFile: Sendable {
    /// Path relative to the bundle root, with `/` separators; diagnostics print it.
    public let path: String
    public let document: JSONDocument

    public init(path: String, document: JSONDocument) {
        self.path = path
        self.document = document
    }

    public var root: JSONValue { document.root }
}

/// One screen: a JSON file whose root object has a key equal to the file's name
/// (`FeedViewController.json` → `"FeedViewController": {…}`), as upstream looks screens up.
public struct ScreenDefinition: Sendable {
    /// The screen's name: its restoration identifier upstream.
    public let name: String
    public let file: BundleFile

    public init(name: String, file: BundleFile) {
        self.name = name
        self.file = file
    }

    /// The value under the screen's key.
    public var definition: JSONValue { file.root[name] ?? JSONValue(.null) }

    /// Ids of the `objects` entries (mediating controllers), in document order; comment entries
    /// whose value is not an object are skipped, as upstream skips them.
    public var objectIDs: [String] { entryIDs("objects") }

    /// Ids of the `elements` entries, in document order.
    public var elementIDs: [String] { entryIDs("elements") }

    private func entryIDs(_ section: String) -> [String] {
        guard let entries = definition[section]?.objectValue else { return [] }
        return entries.members.filter { $0.value.objectValue != nil }.map(\.key)
    }
}

/// Where a bundle's data model comes from.
public enum ModelSource: Sendable {
    /// `Model.json`, Widgetry's own form.
    case json(BundleFile)
    /// The `contents` file of an Xcode `.xcdatamodel` source (XML).
    case xcdatamodel(path: String)
    /// A compiled `.momd`/`.mom`, which cannot be read; the source model is needed.
    case compiled(path: String)

    /// Path of the model file or folder, relative to the bundle root.
    public var path: String {
        switch self {
        case .json(let file): file.path
        case .xcdatamodel(let path), .compiled(let path): path
        }
    }
}

/// Something worth telling about a bundle that does not stop it from loading.
public struct BundleWarning: Sendable, Equatable, CustomStringConvertible {
    public var code: String
    public var message: String
    /// The file it is about, relative to the bundle root, and where in it; nil when it is about
    /// the bundle as a whole.
    public var file: String?
    public var location: SourceLocation?
    public var hint: String?

    public init(code: String, message: String, file: String? = nil, location: SourceLocation? = nil, hint: String? = nil) {
        self.code = code
        self.message = message
        self.file = file
        self.location = location
        self.hint = hint
    }

    public var description: String {
        (file.map { $0 + (location.map { ":\($0.line):\($0.column)" } ?? "") + ": " } ?? "") + "warning: \(message) [\(code)]"
    }

    /// The warning as a finding.
    public var diagnostic: Diagnostic {
        Diagnostic(code: code, severity: .warning, file: file ?? "", location: location, pointer: file == nil ? nil : .root,
                   message: message, hint: hint)
    }
}
