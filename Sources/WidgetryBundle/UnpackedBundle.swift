/// A bundle's files in a folder, not yet read as a bundle: a folder source as it is, an archive
/// or a download extracted into a temporary folder that is listed for removal on a signal
/// (``TemporaryPaths``) until ``removeExtractedFiles()``. What `validate` checks file by file.
public struct UnpackedBundle: Sendable {
    /// The bundle folder: the source's own, or the bundle root inside the extracted folder.
    public let root: String
    public let source: BundleSource
    /// Warnings from downloading and extracting.
    public let warnings: [BundleWarning]
    /// The temporary folder holding the extracted files, or nil for folder sources.
    public let extractedDirectory: String?

    public init(root: String, source: BundleSource, warnings: [BundleWarning] = [], extractedDirectory: String? = nil) {
        self.root = root
        self.source = source
        self.warnings = warnings
        self.extractedDirectory = extractedDirectory
    }

    /// Deletes the extracted files and their listing for removal; a folder source is left alone.
    public func removeExtractedFiles() {
        guard let extractedDirectory else { return }
        TemporaryPaths.remove(extractedDirectory)
    }
}
