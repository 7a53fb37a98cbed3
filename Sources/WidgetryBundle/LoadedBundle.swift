/// A bundle read from its source, with the folder it was extracted into when it came packed.
public struct LoadedBundle: Sendable {
    public let bundle: WidgetBundle
    public let source: BundleSource
    /// Warnings from downloading and reading.
    public let warnings: [BundleWarning]
    /// The temporary folder holding the extracted files, or nil for folder sources.
    public let extractedDirectory: String?

    public init(bundle: WidgetBundle, source: BundleSource, warnings: [BundleWarning], extractedDirectory: String?) {
        self.bundle = bundle
        self.source = source
        self.warnings = warnings
        self.extractedDirectory = extractedDirectory
    }

    /// Deletes the extracted files; the bundle's parsed contents stay usable.
    public func removeExtractedFiles() {
        guard let extractedDirectory else { return }
        TemporaryPaths.remove(extractedDirectory)
    }
}
