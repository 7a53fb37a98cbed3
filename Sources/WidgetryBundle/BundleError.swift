public import WidgetryJSON

/// Everything that can go wrong while fetching, extracting or reading a widget bundle.
///
/// Each case names the file, entry or URL involved; ``code`` is a stable identifier for scripts
/// and CI, ``hint`` says how to fix it.
public enum BundleError: Error, Sendable, Equatable, CustomStringConvertible {
    // Sources and contents
    case notFound(path: String)
    case noManifest(path: String)
    case invalidManifest(file: String, location: SourceLocation?, pointer: JSONPointer?, message: String)
    case missingIdentifier(file: String)
    /// `CFBundleIdentifier` is an Xcode build setting (`$(PRODUCT_BUNDLE_IDENTIFIER)`) and the
    /// host gave no identifier.
    case unresolvedIdentifier(file: String, location: SourceLocation?, value: String)
    case widgetIdentifierMismatch(widgetIdentifier: String, bundleIdentifier: String)
    case invalidJSON([JSONParseError])
    case unreadableFile(path: String, reason: String)
    case tooManyFiles(path: String, limit: Int)
    /// Two files whose names differ only by Unicode normalisation (NFC and NFD).
    case normalizationTwins(first: String, second: String)
    /// A compiled nib, whose views cannot be read.
    case compiledNib(path: String)
    /// A host profile patches a JSON file the bundle does not have at its top level.
    case unknownPatchTarget(file: String, available: [String])

    // Archives
    case unreadableArchive(path: String, reason: String)
    /// A zip whose central directory is missing: cut short in transit or on disk.
    case truncatedArchive(path: String)
    case unsafeEntryPath(entry: String, reason: String)
    case invalidEntryName(bytes: [UInt8])
    case linkEntry(entry: String, target: String)
    case specialFileEntry(entry: String, kind: String)
    case duplicateEntry(entry: String)
    case tooManyEntries(limit: Int)
    case unpackedSizeLimit(entry: String, limit: Int64)
    case compressionRatioLimit(entry: String, limit: Double)
    case destinationExists(path: String)
    case writeFailed(path: String, reason: String)

    // Downloads
    case invalidURL(String)
    case insecureURL(String)
    /// A redirect from `url` to `location` that is plain http off loopback, or goes from https to http.
    case insecureRedirect(url: String, location: String, downgrade: Bool)
    case httpStatus(url: String, status: Int)
    case downloadTooLarge(url: String, limit: Int64)
    case truncatedDownload(url: String, received: Int64, expected: Int64)
    case timeout(url: String)
    /// Bytes trickled in slower than ``DownloadStall/minimumBytes`` per `seconds`.
    case stalled(url: String, seconds: Double)
    case tooManyRedirects(url: String)
    case transport(url: String, reason: String)
    case cancelled(url: String)

    /// A stable identifier, printed in brackets after each message.
    public var code: String {
        switch self {
        case .notFound: "bundle.not-found"
        case .noManifest: "bundle.no-manifest"
        case .invalidManifest: "bundle.invalid-manifest"
        case .missingIdentifier: "bundle.missing-identifier"
        case .unresolvedIdentifier: "bundle.unresolved-identifier"
        case .widgetIdentifierMismatch: "bundle.identifier-mismatch"
        case .invalidJSON: "bundle.invalid-json"
        case .unreadableFile: "bundle.unreadable-file"
        case .tooManyFiles: "bundle.too-many-files"
        case .normalizationTwins: "bundle.normalization-twins"
        case .compiledNib: "bundle.compiled-nib"
        case .unknownPatchTarget: "bundle.unknown-patch-target"
        case .unreadableArchive: "archive.unreadable"
        case .truncatedArchive: "archive.truncated"
        case .unsafeEntryPath: "archive.unsafe-path"
        case .invalidEntryName: "archive.invalid-name"
        case .linkEntry: "archive.link"
        case .specialFileEntry: "archive.special-file"
        case .duplicateEntry: "archive.duplicate-entry"
        case .tooManyEntries: "archive.too-many-entries"
        case .unpackedSizeLimit: "archive.too-large"
        case .compressionRatioLimit: "archive.compression-ratio"
        case .destinationExists: "archive.destination-exists"
        case .writeFailed: "archive.write-failed"
        case .invalidURL: "download.invalid-url"
        case .insecureURL: "download.insecure-url"
        case .insecureRedirect: "download.insecure-redirect"
        case .httpStatus: "download.http-status"
        case .downloadTooLarge: "download.too-large"
        case .truncatedDownload: "download.truncated"
        case .timeout: "download.timeout"
        case .stalled: "download.stalled"
        case .tooManyRedirects: "download.too-many-redirects"
        case .transport: "download.failed"
        case .cancelled: "download.cancelled"
        }
    }

    /// What went wrong and where, on one line (without the code).
    public var message: String {
        switch self {
        case .notFound(let path):
            "no bundle at '\(path)'"
        case .noManifest(let path):
            "'\(path)' has no Info.json or Info.plist"
        case .invalidManifest(let file, let location, _, let message):
            "\(file)\(location.map { ":\($0)" } ?? ""): \(message)"
        case .missingIdentifier(let file):
            "\(file): the bundle identifier is missing"
        case .unresolvedIdentifier(let file, let location, let value):
            "\(file)\(location.map { ":\($0)" } ?? ""): CFBundleIdentifier is '\(value)', an Xcode build setting that only a build fills in"
        case .widgetIdentifierMismatch(let widget, let bundle):
            "widget identifier '\(widget)' does not start with the bundle identifier '\(bundle)'"
        case .invalidJSON(let errors):
            errors.map(\.description).joined(separator: "\n")
        case .unreadableFile(let path, let reason):
            "cannot read '\(path)': \(reason)"
        case .tooManyFiles(let path, let limit):
            "'\(path)' holds more than \(limit) files"
        case .normalizationTwins(let first, let second):
            "'\(second)' and '\(first)' differ only by Unicode normalisation, so they name the same file"
        case .compiledNib(let path):
            "'\(path)' is a compiled nib, which cannot be read"
        case .unknownPatchTarget(let file, _):
            "the host profile patches '\(file)', which the bundle does not have"
        case .unreadableArchive(let path, let reason):
            "cannot read archive '\(path)': \(reason)"
        case .truncatedArchive(let path):
            "'\(path)' is a zip cut short: it has no central directory, so its entries cannot be trusted"
        case .unsafeEntryPath(let entry, let reason):
            "archive entry '\(entry)' \(reason)"
        case .invalidEntryName(let bytes) where bytes.isEmpty:
            "an archive entry's name cannot be read as UTF-8 text"
        case .invalidEntryName(let bytes):
            "archive entry name is not valid UTF-8 (bytes \(bytes.prefix(32).map { String($0, radix: 16) }.joined(separator: " ")))"
        case .linkEntry(let entry, let target):
            "archive entry '\(entry)' is a link to '\(target)'"
        case .specialFileEntry(let entry, let kind):
            "archive entry '\(entry)' is a \(kind)"
        case .duplicateEntry(let entry):
            "archive entry '\(entry)' appears more than once"
        case .tooManyEntries(let limit):
            "archive has more than \(limit) entries"
        case .unpackedSizeLimit(let entry, let limit):
            "archive unpacks to more than \(limit) bytes (reached at entry '\(entry)')"
        case .compressionRatioLimit(let entry, let limit):
            "archive expands more than \(limit.formatted(.number.grouping(.never))) times its size (reached at entry '\(entry)')"
        case .destinationExists(let path):
            "'\(path)' already exists and is not empty"
        case .writeFailed(let path, let reason):
            "cannot write '\(path)': \(reason)"
        case .invalidURL(let url):
            "'\(url)' is not an http(s) URL"
        case .insecureURL(let url):
            "refusing plain http for '\(url)'"
        case .insecureRedirect(let url, let location, let downgrade):
            downgrade ? "'\(url)' redirects from https to plain http ('\(location)'); refused"
                : "'\(url)' redirects to plain http off this machine ('\(location)'); refused"
        case .httpStatus(let url, let status):
            "GET \(url) answered HTTP \(status)"
        case .downloadTooLarge(let url, let limit):
            "download of \(url) is larger than \(limit) bytes"
        case .truncatedDownload(let url, let received, let expected):
            "download of \(url) ended after \(received) of \(expected) bytes"
        case .timeout(let url):
            "download of \(url) timed out"
        case .stalled(let url, let seconds):
            "download of \(url) stalled: fewer than \(DownloadStall.minimumBytes) bytes arrived in \(seconds.formatted()) s"
        case .tooManyRedirects(let url):
            "too many redirects, or a redirect loop, for \(url)"
        case .transport(let url, let reason):
            "download of \(url) failed: \(reason)"
        case .cancelled(let url):
            "download of \(url) was cancelled"
        }
    }

    /// How to fix it, when there is something useful to say.
    public var hint: String? {
        switch self {
        case .notFound: "give a folder, a .zip/.tar/.tar.gz archive, or an https URL"
        case .noManifest: "a bundle has Info.json (or Info.plist) at its root, or inside a single top-level folder"
        case .missingIdentifier: "set \"identifier\" in Info.json, or CFBundleIdentifier in Info.plist"
        case .unresolvedIdentifier: "give the identifier with --identifier ID, or as \"identifier\" in a host profile"
        case .widgetIdentifierMismatch(_, let bundle): "use '\(bundle)' or an identifier that starts with it, such as '\(bundle).main'"
        case .unsafeEntryPath, .linkEntry, .specialFileEntry, .invalidEntryName, .duplicateEntry:
            "bundles may hold only regular files and folders with relative paths; repack it with `widgetry pack`"
        case .compiledNib:
            "views are read from the storyboard source only: describe the view there (a cell prototype) and remove the nib"
        case .normalizationTwins: "keep one of them (write names in NFC, as most editors do)"
        case .unknownPatchTarget(let file, let available):
            Suggestion.hint(for: file, among: available, noun: "JSON files")
        case .tooManyEntries, .tooManyFiles: "raise the entry limit (--max-entries) if the bundle is trusted"
        case .unpackedSizeLimit: "raise the size limit (--max-unpacked-bytes) if the bundle is trusted"
        case .compressionRatioLimit: "raise the ratio limit (--max-ratio) if the bundle is trusted"
        case .truncatedArchive: "download or copy the archive again; a whole zip ends with its central directory"
        case .destinationExists: "choose an empty or new folder, or pass --replace"
        case .insecureURL: "use https, or pass --allow-http for a server you trust"
        case .insecureRedirect(_, _, let downgrade):
            downgrade ? "a download that starts on https stays on https; fix the server's redirect" : "use https, or pass --allow-http for a server you trust"
        case .httpStatus(_, let status) where status == 404: "check the URL"
        case .downloadTooLarge: "raise the download limit (--max-download-bytes) if the source is trusted"
        case .timeout: "retry, or raise --timeout or --total-timeout"
        case .stalled: "retry, or raise --stall-timeout if the server is slow"
        default: nil
        }
    }

    public var description: String {
        "\(message) [\(code)]"
    }
}

extension BundleError: DiagnosticConvertible {
    /// A JSON failure per file that does not parse; any other error as one diagnostic about the
    /// file, entry or URL it names.
    public var diagnostics: [Diagnostic] {
        switch self {
        case .invalidJSON(let failures):
            return failures.flatMap(\.diagnostics)
        case .invalidManifest(let file, let location, let pointer, let message):
            return [Diagnostic(code: code, severity: .error, file: file, location: location, pointer: pointer, message: message, hint: hint)]
        case .unresolvedIdentifier(let file, let location, _):
            return [Diagnostic(code: code, severity: .error, file: file, location: location, pointer: nil,
                               message: "CFBundleIdentifier is an Xcode build setting that only a build fills in", hint: hint)]
        case .normalizationTwins(_, let second):
            return [Diagnostic(code: code, severity: .error, file: second, location: nil, pointer: nil, message: message, hint: hint)]
        default:
            return [Diagnostic(code: code, severity: .error, file: "", location: nil, pointer: nil, message: message, hint: hint)]
        }
    }
}
