/// Reads a widget bundle from where it comes from, for code that loads bundles by name (a
/// `WidgetHost`). `BundleLoader` (WidgetryBundleFetch) reads folders, archives and http(s) URLs;
/// ``FolderBundleLoader`` reads folders only, so a host of folders needs neither libarchive nor
/// an HTTP client.
public protocol BundleLoading: Sendable {
    /// How the bundle's files are read once it is a folder: JSON limits, the identifier the
    /// host runs it as, patches. A host adjusts them per widget (its host profile).
    var readOptions: WidgetBundle.ReadOptions { get set }

    /// Loads the bundle at `source`, reporting download progress when it downloads one.
    func load(
        _ source: BundleSource, progress: (@Sendable (DownloadProgress) -> Void)?
    ) async throws(BundleError) -> LoadedBundle

    /// Brings the files at `source` to a folder without reading them as a bundle (a file that
    /// is not JSON stays one to report): an archive or a download is extracted into a temporary
    /// folder the result owns (``UnpackedBundle/removeExtractedFiles()``).
    func unpack(
        _ source: BundleSource, progress: (@Sendable (DownloadProgress) -> Void)?
    ) async throws(BundleError) -> UnpackedBundle
}

extension BundleLoading {
    /// Folders only: a folder is its own bundle folder; archives and URLs are refused (a loader
    /// that reads them, as `BundleLoader` of WidgetryBundleFetch does, unpacks them itself).
    public func unpack(
        _ source: BundleSource, progress: (@Sendable (DownloadProgress) -> Void)? = nil
    ) async throws(BundleError) -> UnpackedBundle {
        switch source {
        case .directory(let path):
            return UnpackedBundle(root: path, source: source)
        case .archive(let path):
            throw .unreadableArchive(path: path, reason: "this loader reads folders only; BundleLoader (WidgetryBundleFetch) unpacks archives")
        case .remote(let url):
            throw .transport(url: url, reason: "this loader reads folders only; BundleLoader (WidgetryBundleFetch) downloads bundles")
        }
    }
}

/// Reads bundle folders. Archives and URLs are refused: `BundleLoader` of WidgetryBundleFetch
/// reads those.
public struct FolderBundleLoader: BundleLoading {
    public var read: WidgetBundle.ReadOptions

    public init(read: WidgetBundle.ReadOptions = WidgetBundle.ReadOptions()) {
        self.read = read
    }

    public var readOptions: WidgetBundle.ReadOptions {
        get { read }
        set { read = newValue }
    }

    public func load(
        _ source: BundleSource, progress: (@Sendable (DownloadProgress) -> Void)? = nil
    ) async throws(BundleError) -> LoadedBundle {
        switch source {
        case .directory(let path):
            let bundle = try WidgetBundle(directory: path, options: read)
            return LoadedBundle(bundle: bundle, source: source, warnings: bundle.warnings, extractedDirectory: nil)
        case .archive(let path):
            throw .unreadableArchive(path: path, reason: "this loader reads folders only; BundleLoader (WidgetryBundleFetch) reads archives")
        case .remote(let url):
            throw .transport(url: url, reason: "this loader reads folders only; BundleLoader (WidgetryBundleFetch) downloads bundles")
        }
    }
}
