import Foundation
public import WidgetryBundle

/// Loads widget bundles from any ``BundleSource``: downloads remote archives, extracts archives
/// securely, finds the bundle root and reads its contents.
public struct BundleLoader: BundleLoading {
    public struct Options: Sendable {
        public var extraction: ExtractionLimits
        public var download: DownloadOptions
        public var read: WidgetBundle.ReadOptions
        /// Where archives are extracted; a fresh temporary folder when nil.
        public var workDirectory: String?

        public init(
            extraction: ExtractionLimits = ExtractionLimits(), download: DownloadOptions = DownloadOptions(),
            read: WidgetBundle.ReadOptions = WidgetBundle.ReadOptions(), workDirectory: String? = nil
        ) {
            self.extraction = extraction
            self.download = download
            self.read = read
            self.workDirectory = workDirectory
        }
    }

    public var options: Options

    public var readOptions: WidgetBundle.ReadOptions {
        get { options.read }
        set { options.read = newValue }
    }

    public init(options: Options = Options()) {
        self.options = options
    }

    /// Loads the bundle at `source`. For archives and URLs the files are extracted into a folder
    /// that the result owns (see ``LoadedBundle/removeExtractedFiles()``).
    public func load(
        _ source: BundleSource, progress: (@Sendable (DownloadProgress) -> Void)? = nil
    ) async throws(BundleError) -> LoadedBundle {
        switch source {
        case .directory(let path):
            let bundle = try WidgetBundle(directory: path, options: options.read)
            return LoadedBundle(bundle: bundle, source: source, warnings: bundle.warnings, extractedDirectory: nil)
        case .archive, .remote:
            let unpacked = try await unpack(source, progress: progress)
            do {
                let bundle = try WidgetBundle(directory: unpacked.root, options: options.read)
                return LoadedBundle(bundle: bundle, source: source, warnings: unpacked.warnings + bundle.warnings,
                                    extractedDirectory: unpacked.extractedDirectory)
            } catch {
                unpacked.removeExtractedFiles()
                throw error
            }
        }
    }

    /// Brings `source` to a folder without reading it as a bundle: a folder as it is; an
    /// archive or URL extracted into a fresh temporary folder, listed for removal on a signal
    /// for as long as the result holds it.
    public func unpack(
        _ source: BundleSource, progress: (@Sendable (DownloadProgress) -> Void)? = nil
    ) async throws(BundleError) -> UnpackedBundle {
        if case .directory(let path) = source { return UnpackedBundle(root: path, source: source) }
        let work = (options.workDirectory ?? NSTemporaryDirectory()) + "/widgetry-" + UUID().uuidString
        // Listed for as long as the bundle is loaded: a command interrupted while it runs
        // (`serve-stub`, a real-time `run`) must not leave the extracted files behind.
        TemporaryPaths.register(work)
        do {
            let fetched = try await fetch(source, to: work, progress: progress)
            return UnpackedBundle(root: fetched.bundleRoot, source: source, warnings: fetched.warnings, extractedDirectory: work)
        } catch {
            TemporaryPaths.remove(work)
            throw error
        }
    }

    /// What ``fetch(_:to:replaceExisting:progress:)`` produced.
    public struct FetchResult: Sendable {
        /// The folder the archive was extracted into.
        public var destination: String
        /// The bundle root inside it (the destination, or its single top-level folder).
        public var bundleRoot: String
        public var report: ArchiveExtractor.Report
        public var fromCache: Bool
        public var warnings: [BundleWarning]
    }

    /// Downloads (for URLs) and extracts (for URLs and archives) `source` into `destination`.
    /// First it removes what earlier fetches left, a day old or older, where this one writes:
    /// the download cache, the temporary folder and the destination's parent.
    public func fetch(
        _ source: BundleSource, to destination: String, replaceExisting: Bool = false,
        progress: (@Sendable (DownloadProgress) -> Void)? = nil
    ) async throws(BundleError) -> FetchResult {
        sweepLeftovers(besides: destination)
        let archivePath: String
        var fromCache = false
        var warnings: [BundleWarning] = []
        var temporaryArchive: String?
        switch source {
        case .directory(let path):
            throw .unreadableArchive(path: path, reason: "it is a folder, not an archive or a URL")
        case .archive(let path):
            archivePath = path
        case .remote(let url):
            let downloaded = try await BundleDownloader(options: options.download).download(url, progress: progress)
            archivePath = downloaded.archivePath
            fromCache = downloaded.fromCache
            warnings = downloaded.warnings
            if downloaded.isTemporary { temporaryArchive = downloaded.archivePath }
        }
        defer {
            if let temporaryArchive {
                TemporaryPaths.remove(temporaryArchive)
            }
        }
        let report = try ArchiveExtractor(limits: options.extraction)
            .extract(archiveAt: archivePath, to: destination, replaceExisting: replaceExisting)
        let root = try WidgetBundle.locateRoot(in: URL(fileURLWithPath: destination).standardizedFileURL.path)
        return FetchResult(destination: destination, bundleRoot: root, report: report, fromCache: fromCache, warnings: warnings)
    }

    /// The places this loader writes temporary files, swept of old ones.
    private func sweepLeftovers(besides destination: String) {
        let now = options.download.now()
        let parent = URL(fileURLWithPath: destination).standardizedFileURL.deletingLastPathComponent().path
        let places = [options.download.cacheDirectory, options.workDirectory ?? NSTemporaryDirectory(), parent]
        for place in Set(places.compactMap { $0 }) {
            StaleTemporaryFiles.sweep(place, now: now)
        }
    }
}
