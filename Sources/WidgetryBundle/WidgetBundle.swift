import Foundation
public import WidgetryJSON

/// The typed contents of a widget bundle folder: its manifest, screens, service descriptions,
/// data model, storyboards and other resources. Every JSON file is parsed with locations, so
/// later stages can point at the exact place of a problem.
public struct WidgetBundle: Sendable {
    /// Limits for reading a bundle folder.
    public struct ReadOptions: Sendable {
        public var json: JSONParserOptions
        /// Most files a bundle folder may hold.
        public var maxFiles: Int
        /// The identifier the host runs the widget as. It must start with the bundle identifier;
        /// for an Info.plist that leaves that to Xcode (`$(PRODUCT_BUNDLE_IDENTIFIER)`), it is
        /// the bundle identifier.
        public var identifier: String?
        /// JSON Merge Patches (RFC 7386) to apply to top-level JSON files as they are read, by
        /// path (a host profile's `patches`); a patch for a file the bundle lacks is an error.
        public var patches: [String: JSONValue]
        /// Where the files are read from: the disk, or the disk with some files' contents in
        /// memory (an editor's unsaved buffers). The bundle keeps it for the readers after it.
        public var fileSystem: BundleFileSystem
        /// The dialect the bundle is written in (`--dialect`); nil to find it from the names the
        /// bundle uses (``DialectDetection``).
        public var dialect: Dialect?
        /// The restoration identifiers the host sets in code on view controllers that have
        /// none in the storyboard, by controller class (a host profile's `restorationIdentifiers`).
        public var restorationIdentifiers: [String: String]
        /// The host's own mediating controller classes by name (a host profile's `objectTypes`):
        /// each object of one is read as an object of its base type.
        public var objectTypes: [String: HostObjectType] = [:]
        /// What an earlier read of the same folder with these options worked out that still
        /// holds (an editor's repeated reads); nil to work everything out.
        public var cache: BundleReadCache?

        public init(json: JSONParserOptions = JSONParserOptions(), maxFiles: Int = 10_000, identifier: String? = nil,
                    patches: [String: JSONValue] = [:], fileSystem: BundleFileSystem = .disk, dialect: Dialect? = nil,
                    restorationIdentifiers: [String: String] = [:]) {
            self.dialect = dialect
            self.restorationIdentifiers = restorationIdentifiers
            self.patches = patches
            self.fileSystem = fileSystem
            self.json = json
            self.maxFiles = maxFiles
            self.identifier = identifier
        }
    }

    /// Absolute path of the bundle folder.
    public let rootPath: String
    public let manifest: BundleManifest
    /// `Info.json` as read, for quoting it in findings; nil for an upstream `Info.plist`.
    public let manifestFile: BundleFile?
    /// Screens, sorted by name.
    public let screens: [ScreenDefinition]
    /// `Service.json`: the production service description.
    public let service: BundleFile?
    /// `Service.dev.json`: the development service description.
    public let developmentService: BundleFile?
    /// `StubService.json`: actions with canned responses.
    public let stubService: BundleFile?
    public let model: ModelSource?
    /// Interface Builder storyboard sources (`*.storyboard`), relative paths, sorted.
    public let storyboards: [String]
    /// The storyboard the screens take their view trees from, in the original layout:
    /// `Base.lproj/<name>.storyboard` (or `<name>.storyboard` at the root), where the name is
    /// `UIMainStoryboardFile`, by default `Main`; when only the compiled form is there (as
    /// Xcode ships a bundle), the `<name>.storyboardc` folder. Nil when the bundle has none.
    public let mainStoryboardPath: String?
    /// Compiled storyboards (`*.storyboardc`). The main one is read when its source is not in
    /// the bundle.
    public let compiledStoryboards: [String]
    /// Top-level JSON files that are none of the above, sorted by path.
    public let otherJSONFiles: [BundleFile]
    /// Every other file (images, assets, nested files), relative paths, sorted.
    public let resources: [String]
    public let warnings: [BundleWarning]
    /// The files a host profile's patches changed as they were read, sorted.
    public let patchedFiles: [String]
    /// Where the bundle's files were read from, and where the readers after loading (storyboard,
    /// model, scenarios) read them.
    public let fileSystem: BundleFileSystem
    /// The dialect the bundle is written in and what said so. Its screens are held in
    /// WidgetKit's names (``Dialect/canonical(screen:)``); its storyboard is read so too.
    public let dialect: DialectDetection
    /// The restoration identifiers the host sets on storyboard controllers of these classes
    /// that have none (``ReadOptions/restorationIdentifiers``).
    public let restorationIdentifiers: [String: String]
    /// The objects of its screens whose types are the host's own classes, read as their base
    /// types (``ReadOptions/objectTypes``), in file order.
    public let hostObjects: [HostObjectUse]

    /// The screen called `name`.
    public func screen(named name: String) -> ScreenDefinition? {
        screens.first { $0.name == name }
    }

    /// The other JSON files' documents by path (what a `JSONFileDataProvider` reads).
    public var otherJSONFilesByPath: [String: JSONValue] {
        Dictionary(otherJSONFiles.map { ($0.path, $0.root) }, uniquingKeysWith: { first, _ in first })
    }

    /// Every parsed JSON file of the bundle, sorted by path.
    public var jsonFiles: [BundleFile] {
        var files = screens.map(\.file) + otherJSONFiles
        files += [service, developmentService, stubService].compactMap { $0 }
        if case .json(let file) = model { files.append(file) }
        return files.sorted { $0.path < $1.path }
    }
}

// MARK: - Reading a folder

extension WidgetBundle {
    /// Reads the bundle in `directory`. All JSON files are parsed; when any fails, the error
    /// lists every failure, not just the first.
    public init(directory: String, options: ReadOptions = ReadOptions()) throws(BundleError) {
        let root = URL(fileURLWithPath: directory).standardizedFileURL.path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw .notFound(path: directory)
        }
        var warnings: [BundleWarning] = []
        let fileSystem = options.fileSystem
        let listing = try BundleListing(root: root, maxFiles: options.maxFiles, fileSystem: fileSystem)
        warnings += listing.skippedLinks.map {
            BundleWarning(code: "bundle.symlink-skipped", message: "'\($0)' is a symbolic link and was skipped")
        }
        let topLevel = Set(listing.files.filter { !$0.contains("/") })
        for file in options.patches.keys.sorted() where !topLevel.contains(file) {
            throw .unknownPatchTarget(file: file, available: topLevel.filter { $0.hasSuffix(".json") }.sorted())
        }

        var parseErrors: [JSONParseError] = []
        /// Parses one file; a file that cannot be read stops the load, a parse error is collected.
        func parse(_ path: String) throws(BundleError) -> BundleFile? {
            let full = root + "/" + path
            // A file on the disk that the cache holds and that was not written since is not read.
            let stamp = options.cache != nil && fileSystem.held(full) == nil ? FileStamp(path: full) : nil
            if let cache = options.cache, let stamp, var document = cache.document(path, unchangedSince: stamp) {
                if let patch = options.patches[path] { document = JSONDocument(root: document.root.merging(patch), source: document.source) }
                return BundleFile(path: path, document: document)
            }
            let start = FileStamp.now()
            let bytes = try WidgetBundle.readBytes(full, limit: options.json.maxDocumentBytes, in: fileSystem)
            do throws(JSONParseError) {
                let parse = { () throws(JSONParseError) -> JSONDocument in try JSONParser.parse(bytes, fileName: path, options: options.json) }
                var document = if let cache = options.cache { try cache.document(path, bytes: bytes, stamp: stamp, readSince: start, parse: parse) } else { try parse() }
                if let patch = options.patches[path] { document = JSONDocument(root: document.root.merging(patch), source: document.source) }
                return BundleFile(path: path, document: document)
            } catch {
                parseErrors.append(error)
                return nil
            }
        }

        // Manifest
        let manifestFile: BundleFile?
        if topLevel.contains(BundleFileName.jsonManifest) {
            manifestFile = try parse(BundleFileName.jsonManifest)
            if topLevel.contains(BundleFileName.plistManifest) {
                warnings.append(BundleWarning(code: "bundle.two-manifests", message: "both Info.json and Info.plist exist; Info.json is used"))
            }
        } else {
            manifestFile = nil
        }

        // Top-level JSON files
        var screens: [ScreenDefinition] = []
        var others: [BundleFile] = []
        var known: [String: BundleFile] = [:]
        for path in topLevel.sorted() where path.hasSuffix(".json") && path != BundleFileName.jsonManifest {
            guard let file = try parse(path) else { continue }
            switch path {
            case BundleFileName.service, BundleFileName.developmentService, BundleFileName.stubService, BundleFileName.model:
                known[path] = file
            default:
                let name = String(path.dropLast(".json".count))
                if file.root.objectValue?[name] != nil {
                    screens.append(ScreenDefinition(name: name, file: file))
                } else {
                    others.append(file)
                }
            }
        }
        guard parseErrors.isEmpty else { throw .invalidJSON(parseErrors) }

        let manifest: BundleManifest
        if let manifestFile {
            manifest = try BundleManifest(json: manifestFile.document, file: manifestFile.path)
        } else if topLevel.contains(BundleFileName.plistManifest) {
            let data = try WidgetBundle.readBytes(root + "/" + BundleFileName.plistManifest, limit: 16 << 20, in: fileSystem)
            manifest = try BundleManifest(plist: Data(data), file: BundleFileName.plistManifest, hostIdentifier: options.identifier)
        } else {
            throw .noManifest(path: directory)
        }
        if let identifier = options.identifier { try manifest.validate(widgetIdentifier: identifier) }

        // Model
        let xcdatamodels = listing.files.filter { WidgetBundle.isXcdatamodelContents($0) }
        let compiledModels = listing.directories.filter { $0.hasSuffix(".momd") } + listing.files.filter { $0.hasSuffix(".mom") && !$0.contains(".momd/") }
        var model: ModelSource?
        if let json = known[BundleFileName.model] {
            model = .json(json)
            if !xcdatamodels.isEmpty {
                warnings.append(BundleWarning(code: "bundle.two-models", message: "both Model.json and \(xcdatamodels[0]) exist; Model.json is used"))
            }
        } else if let source = xcdatamodels.first {
            model = .xcdatamodel(path: source)
        } else if let compiled = compiledModels.sorted().first {
            model = .compiled(path: compiled)
        }

        // Storyboards: the source when there is one, else the compiled storyboard Xcode ships;
        // nibs outside a storyboard cannot be read at all.
        let storyboardName = manifest.mainStoryboard ?? "Main"
        var mainStoryboard = ["Base.lproj/\(storyboardName).storyboard", "\(storyboardName).storyboard"].first { listing.files.contains($0) }
        let storyboardPackages = listing.directories.filter { $0.hasSuffix(".storyboardc") }
        let compiledMain = ["Base.lproj/\(storyboardName).storyboardc", "\(storyboardName).storyboardc"].first { storyboardPackages.contains($0) }
            ?? storyboardPackages.sorted().first { $0.split(separator: "/").last == "\(storyboardName).storyboardc" }
        if let compiledMain {
            if let source = mainStoryboard {
                warnings.append(BundleWarning(code: "bundle.compiled-storyboard-ignored", message: "'\(compiledMain)' is ignored; '\(source)' is read"))
            } else {
                mainStoryboard = compiledMain
            }
        }
        let nibs = (listing.files + listing.directories).filter { $0.hasSuffix(".nib") && !$0.contains(".storyboardc/") && !$0.contains(".nib/") }
        if let nib = nibs.sorted().first { throw .compiledNib(path: nib) }
        let dialect = options.dialect.map { DialectDetection(dialect: $0, evidence: "--dialect") }
            ?? DialectDetection.detect(screens: screens.map(\.file), storyboard: mainStoryboard.map { path in
                (path, { try? WidgetBundle.readBytes(root + "/" + path, limit: options.json.maxDocumentBytes, in: fileSystem) })
            }, cache: options.cache)
        var hostObjects: [HostObjectUse] = []
        if dialect.dialect != .widgetkit || !options.objectTypes.isEmpty {
            screens = screens.map { screen in
                let hostTyped = HostObjectType.applying(options.objectTypes, to: screen.file.document, file: screen.file.path, uses: &hostObjects)
                let document = dialect.dialect.canonical(screen: hostTyped)
                return ScreenDefinition(name: screen.name, file: BundleFile(path: screen.file.path, document: document))
            }
        }
        warnings += NotAScreen.find(files: (screens.map(\.file) + others).map { ($0.path, $0.root) }, entryScreen: manifest.entryScreen).map(\.warning)
        let claimed = Set(screens.map(\.file.path) + others.map(\.path) + known.values.map(\.path)
                          + [BundleFileName.jsonManifest, BundleFileName.plistManifest])
        options.cache?.keep(only: claimed)
        self.rootPath = root
        self.manifest = manifest
        self.manifestFile = manifestFile
        self.screens = screens
        self.service = known[BundleFileName.service]
        self.developmentService = known[BundleFileName.developmentService]
        self.stubService = known[BundleFileName.stubService]
        self.model = model
        self.storyboards = listing.files.filter { $0.hasSuffix(".storyboard") }
        self.mainStoryboardPath = mainStoryboard
        self.compiledStoryboards = storyboardPackages
        self.otherJSONFiles = others
        self.resources = listing.files.filter { !claimed.contains($0) && !$0.hasSuffix(".storyboard") && !xcdatamodels.contains($0) }
        self.warnings = warnings
        self.patchedFiles = options.patches.keys.sorted()
        self.fileSystem = fileSystem
        self.dialect = dialect
        self.restorationIdentifiers = options.restorationIdentifiers
        self.hostObjects = hostObjects
    }

    /// Finds the bundle inside an extracted archive: the folder itself when it holds a manifest,
    /// or its only top-level folder (upstream archives hold `Name.bundle/`).
    public static func locateRoot(in directory: String) throws(BundleError) -> String {
        let fileManager = FileManager.default
        func hasManifest(_ path: String) -> Bool {
            fileManager.fileExists(atPath: path + "/" + BundleFileName.jsonManifest)
                || fileManager.fileExists(atPath: path + "/" + BundleFileName.plistManifest)
        }
        if hasManifest(directory) { return directory }
        let entries = ((try? fileManager.contentsOfDirectory(atPath: directory)) ?? [])
            .filter { !$0.hasPrefix(".") && $0 != "__MACOSX" }
        if entries.count == 1 {
            let inner = directory + "/" + entries[0]
            var isDirectory: ObjCBool = false
            if fileManager.fileExists(atPath: inner, isDirectory: &isDirectory), isDirectory.boolValue, hasManifest(inner) {
                return inner
            }
        }
        throw .noManifest(path: directory)
    }

    static func isXcdatamodelContents(_ path: String) -> Bool {
        let parts = path.split(separator: "/")
        return parts.count >= 2 && parts.last == "contents" && parts[parts.count - 2].hasSuffix(".xcdatamodel")
    }

    /// The bytes of the file at `path` (``BoundedFile``, through `fileSystem`); a file larger
    /// than `limit` is refused before more than `limit` bytes are read.
    package static func readBytes(_ path: String, limit: Int, in fileSystem: BundleFileSystem = .disk) throws(BundleError) -> [UInt8] {
        do throws(BoundedFile.Failure) {
            return try fileSystem.bytes(of: path, limit: limit)
        } catch {
            switch error {
            case .cannotOpen: throw .unreadableFile(path: path, reason: "cannot open the file")
            case .tooLarge(let limit): throw .unreadableFile(path: path, reason: "larger than \(limit) bytes")
            case .readFailed(let reason): throw .unreadableFile(path: path, reason: reason)
            }
        }
    }
}

/// The files and folders of a bundle folder, relative and sorted, found without following links;
/// with the files `fileSystem` holds in memory in its folders.
package struct BundleListing {
    package var files: [String] = []
    package var directories: [String] = []
    package var skippedLinks: [String] = []

    package init(root: String, maxFiles: Int, fileSystem: BundleFileSystem = .disk) throws(BundleError) {
        var pending: [String] = [""]
        while let relative = pending.popLast() {
            let absolute = relative.isEmpty ? root : root + "/" + relative
            for (name, kind) in try DirectoryEntries.list(absolute, in: fileSystem) where name != ".DS_Store" && name != "__MACOSX" && name != ".git" {
                let path = relative.isEmpty ? name : relative + "/" + name
                switch kind {
                case .directory:
                    directories.append(path)
                    pending.append(path)
                case .file:
                    files.append(path)
                    guard files.count <= maxFiles else { throw .tooManyFiles(path: root, limit: maxFiles) }
                case .link:
                    skippedLinks.append(path)
                case .other:
                    continue
                }
            }
        }
        files.sort()
        directories.sort()
        skippedLinks.sort()
        try Self.refuseNormalizationTwins(files + directories)
    }

    /// Refuses two paths that differ only by Unicode normalisation (`Café` in NFC and in NFD):
    /// Swift compares such strings as equal, so one would silently stand for both (and macOS
    /// stores them as one file). The error names both.
    package static func refuseNormalizationTwins(_ paths: [String]) throws(BundleError) {
        // ASCII texts are equal only when their bytes are, so paths that are all ASCII (and
        // already distinct, as names in folders are) have no twins.
        guard paths.contains(where: { $0.utf8.contains { $0 >= 0x80 } }) else { return }
        var seen: [String: String] = [:]
        for path in paths.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
            if let earlier = seen[path], !earlier.utf8.elementsEqual(path.utf8) {
                throw .normalizationTwins(first: earlier, second: path)
            }
            seen[path] = path
        }
    }
}
