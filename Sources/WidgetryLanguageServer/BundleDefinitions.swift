import WidgetryAssets
import WidgetryBundle
import WidgetryExpressions
import WidgetryJSON
import WidgetryLint
import WidgetryModel

/// What a bundle defines that its files name elsewhere: its actions (with the service file
/// that defines each first), its entities, screens, transformers and images, read as lint reads
/// them, from the editor's contents over the disk's; and the stub runs of this reading of it.
struct BundleDefinitions: Sendable {
    /// Each action's name, with the file (relative to the bundle) that defines it first: the
    /// stub file, then the development and production service files.
    var actions: [String: String] = [:]
    var entities: [EntityDescription] = []
    var screens: [String] = []
    /// Each transformer a binding may name, with where it comes from: built in, or the service
    /// file (relative to the bundle) that defines it first, under its kind.
    var transformers: [String: String] = [:]
    /// Each image the bundle carries, with the file or folder it comes from (`Assets.car`,
    /// `Assets.xcassets`, `logo.png`).
    var images: [String: String] = [:]
    /// The bundle as lint reads it, for typed key paths; nil when it cannot be read.
    var context: LintContext?
    /// The files read from memory: an open document not among them was read from the disk,
    /// being no JSON as it is typed.
    var readFromMemory: Set<String> = []
    /// Where the bundle's files define and name things, for navigation and rename: read at
    /// the first such request (``LanguageServer/names(of:)``), so completion does not wait for it.
    var names: BundleNames?
    /// The stub runs of each screen of this reading of the bundle, for hover.
    var stubRuns: StubRuns?

    /// The dialect the file `relative` (to the bundle) is written in, as completion and hover
    /// read it: the bundle's for its screen files, which are read in WidgetKit's names
    /// (``Dialect/canonical(bytes:)``), WidgetKit's for every other file.
    func dialect(ofFile relative: String) -> Dialect {
        guard let bundle = context?.bundle, bundle.dialect.dialect != .widgetkit, bundle.screens.contains(where: { $0.file.path == relative }) else {
            return .widgetkit
        }
        return bundle.dialect.dialect
    }

    /// The definitions of the bundle at `root` as the lint of it with the files at the keys of
    /// `overrides` in memory read it (`linted`), or, when that lint could not read the bundle,
    /// with those files from memory but those that are not JSON (being typed), read from the
    /// disk; none when the bundle cannot be read that way either. The files whose bytes `cache`
    /// holds (the bundle's lint session's) are not parsed again.
    init(root: String, overrides: [String: [UInt8]], linted: LintContext? = nil, cache: BundleReadCache? = nil) {
        let context: LintContext
        if let linted {
            context = linted
            readFromMemory = Set(overrides.keys)
            stubRuns = StubRuns(root: root, overrides: overrides.filter { $0.key.hasSuffix(".json") })
        } else {
            let parsing = overrides.filter { (try? JSONParser.parse($0.value, fileName: $0.key)) != nil }
            stubRuns = StubRuns(root: root, overrides: parsing)
            var options = WidgetBundle.ReadOptions(fileSystem: BundleFileSystem(overriding: parsing))
            options.cache = cache
            guard let bundle = try? WidgetBundle(directory: root, options: options) else { return }
            context = LintContext(bundle: bundle, displayPrefix: "")
            readFromMemory = Set(parsing.keys)
        }
        self.context = context
        let bundle = context.bundle
        for service in context.services {
            for action in service.configuration.actions where actions[action.name] == nil { actions[action.name] = context.bundlePath(of: service.file) }
        }
        entities = context.model?.entities ?? []
        screens = context.screenNames.sorted()
        let builtIn = Set(BindingTransformerRegistry().names)
        for service in context.services {
            for kind in service.document.root["options"]?["transformers"]?.objectValue ?? JSONObject() {
                for name in kind.value.objectValue ?? JSONObject() where transformers[name.key] == nil {
                    transformers[name.key] = "\(kind.key) transformer of \(context.bundlePath(of: service.file))"
                }
            }
        }
        for name in context.transformerNames where transformers[name] == nil {
            transformers[name] = builtIn.contains(name) ? "built-in transformer" : "transformer"
        }
        // One file at a time, to know where each name comes from.
        for file in bundle.resources.sorted() {
            guard let read = try? BundleImages.read(root: root, files: [file]), let source = read.sources.first else { continue }
            for name in read.names where images[name] == nil { images[name] = source }
        }
    }
}
