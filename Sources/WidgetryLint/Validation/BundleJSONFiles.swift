import Foundation
public import WidgetryBundle
public import WidgetryJSON

/// The JSON files of a bundle folder that validation reads: every top-level `*.json` file and
/// every `Tests/*.scenario.json`, each read into a ``JSONTape`` (or kept with its syntax error)
/// and classified by ``BundleFileKind``.
///
/// A tape is enough to decide that a file is valid; the located tree that findings need is
/// parsed only for the files that have some (``File/parse()``).
///
/// Unlike loading a ``WidgetBundle``, reading never stops at a file that does not parse: a
/// syntax error is one more finding, and the other files are still checked.
public struct BundleJSONFiles: Sendable {
    /// One JSON file of the bundle.
    public struct File: Sendable {
        /// The path relative to the bundle root, `/`-separated.
        public let path: String
        /// The name findings print: the display prefix followed by ``path``.
        public let displayPath: String
        /// The file's bytes, for printing source lines.
        public let source: SourceText
        /// The document as a tape; nil when the file is not valid JSON.
        public let tape: JSONTape?
        /// What the file is; nil for JSON no schema covers (or an unparsed file that may be a screen).
        public let kind: BundleFileKind?
        /// The parser's error, for a file that is not valid JSON.
        fileprivate let syntaxError: JSONParseError?
        fileprivate let options: JSONParserOptions

        /// The document parsed with locations, or why it did not parse. Each call parses the
        /// bytes again: call it for the files whose findings are wanted.
        public func parse() -> Result<JSONDocument, JSONParseError> {
            if let syntaxError { return .failure(syntaxError) }
            return Result { () throws(JSONParseError) in try JSONParser.parse(source.bytes, fileName: displayPath, options: options) }
        }
    }

    /// The bundle folder's absolute path.
    public let rootPath: String
    /// The files, sorted by path.
    public let files: [File]

    /// Reads the bundle folder at `directory`.
    ///
    /// - Parameters:
    ///   - displayPrefix: put before each relative path in ``File/displayPath`` (the bundle
    ///     folder as the user named it, ending in `/`, or empty).
    ///   - options: the parser's limits. A repeated key is always an error here, whatever
    ///     `options.duplicateKeys` says, as the bundle loader refuses it.
    ///   - fileSystem: where the files are read (the disk, or some files' contents in memory).
    /// - Throws: ``BundleError`` when the folder does not exist, has no manifest (`Info.json`
    ///   or `Info.plist`), or a file cannot be read.
    public init(directory: String, displayPrefix: String = "", options: JSONParserOptions = JSONParserOptions(),
                fileSystem: BundleFileSystem = .disk) throws(BundleError) {
        let read = try BundleJSONFiles.read(directory: directory, displayPrefix: displayPrefix, options: options, fileSystem: fileSystem) { $0 }
        self.rootPath = read.rootPath
        self.files = read.results
    }

    /// Reads the bundle folder at `directory` as ``init(directory:displayPrefix:options:)`` does,
    /// handing each file to `visit` on the core that read it, while its bytes are in that core's
    /// cache; returns what `visit` made of each, in path order. Files are not kept: a caller
    /// that only needs an answer per file holds one file per core at a time.
    public static func read<Result: Sendable>(
        directory: String, displayPrefix: String = "", options: JSONParserOptions = JSONParserOptions(),
        fileSystem: BundleFileSystem = .disk, _ visit: (File) -> Result
    ) throws(BundleError) -> (rootPath: String, results: [Result]) {
        let root = rootPath(of: directory)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw .notFound(path: directory)
        }
        let topLevel = try BundleJSONFiles.entries(of: root, in: fileSystem)
        guard topLevel.files.contains(BundleFileName.jsonManifest) || topLevel.files.contains(BundleFileName.plistManifest) else {
            throw .noManifest(path: directory)
        }
        var paths = topLevel.files.filter(BundleFileKind.isCandidate)
        if topLevel.folders.contains(BundleFileName.testsFolder) {
            let tests = try BundleJSONFiles.entries(of: root + "/" + BundleFileName.testsFolder, in: fileSystem)
            paths += tests.files.map { BundleFileName.testsFolder + "/" + $0 }.filter(BundleFileKind.isCandidate)
        }
        // Files are read and visited on every core; the first unreadable file in path order is
        // the error, as a sequential read would have reported.
        let read = paths.sorted().concurrentMap { path in
            Swift.Result { () throws(BundleError) -> Result in
                let bytes = try WidgetBundle.readBytes(root + "/" + path, limit: options.maxDocumentBytes, in: fileSystem)
                return visit(BundleJSONFiles.file(path: path, displayPath: displayPrefix + path, bytes: bytes, options: options))
            }
        }
        var results: [Result] = []
        results.reserveCapacity(read.count)
        for result in read {
            results.append(try result.get())
        }
        return (root, results)
    }

    /// What the files' display paths put before their paths in the bundle.
    public var displayPrefix: String {
        files.first.map { String($0.displayPath.dropLast($0.path.count)) } ?? ""
    }

    /// The absolute path of the bundle folder `directory` names, as ``rootPath`` gives it.
    public static func rootPath(of directory: String) -> String {
        URL(fileURLWithPath: directory).standardizedFileURL.path
    }

    /// One file read: as a tape (or with the parser's error) and classified.
    private static func file(path: String, displayPath: String, bytes: [UInt8], options: JSONParserOptions) -> File {
        var options = options
        options.duplicateKeys = .reject
        let tape = try? JSONTape(bytes, options: options)
        var syntaxError: JSONParseError?
        var kind = BundleFileKind.classify(path: path, tape: tape)
        if tape == nil {
            // The reader refused the bytes; the parser says why, with a line and column (or,
            // for a document too large for a tape, reads it).
            do {
                kind = BundleFileKind.classify(path: path, root: try JSONParser.parse(bytes, fileName: displayPath, options: options).root)
            } catch {
                syntaxError = error
            }
        }
        return File(path: path, displayPath: displayPath, source: SourceText(fileName: displayPath, bytes: bytes), tape: tape,
                    kind: kind, syntaxError: syntaxError, options: options)
    }

    /// The regular files and folders directly in `path`, sorted; links and special files are left
    /// out; files `fileSystem` holds in memory there are in.
    private static func entries(of path: String, in fileSystem: BundleFileSystem) throws(BundleError) -> (files: [String], folders: [String]) {
        var files: [String] = [], folders: [String] = []
        for (name, kind) in try DirectoryEntries.list(path, in: fileSystem).sorted(by: { $0.name < $1.name }) {
            switch kind {
            case .file: files.append(name)
            case .directory: folders.append(name)
            case .link, .other: continue
            }
        }
        try BundleListing.refuseNormalizationTwins(files + folders)
        return (files, folders)
    }
}
