/// Bounds on what a ``NIBArchive`` may contain, checked before anything is allocated.
///
/// The defaults are far above what Interface Builder writes (WidgetDemo's largest nib has 293
/// values) and low enough that a hostile header cannot make the reader allocate gigabytes.
public struct NIBLimits: Sendable, Equatable {
    /// The most bytes an archive (or a nested archive) may have.
    public var maxBytes: Int
    /// The most objects in one archive.
    public var maxObjects: Int
    /// The most keys in one archive.
    public var maxKeys: Int
    /// The most values in one archive.
    public var maxValues: Int
    /// The most class names in one archive.
    public var maxClassNames: Int
    /// The most fallback classes one class name may list.
    public var maxFallbackClasses: Int
    /// The longest key or class name, in bytes.
    public var maxNameBytes: Int
    /// How deep archives may nest inside archives (a prototype cell's nib is depth 1).
    public var maxNestingDepth: Int

    public init(maxBytes: Int = 16 << 20, maxObjects: Int = 200_000, maxKeys: Int = 50_000,
                maxValues: Int = 1_000_000, maxClassNames: Int = 10_000, maxFallbackClasses: Int = 64,
                maxNameBytes: Int = 4_096, maxNestingDepth: Int = 8) {
        self.maxBytes = maxBytes
        self.maxObjects = maxObjects
        self.maxKeys = maxKeys
        self.maxValues = maxValues
        self.maxClassNames = maxClassNames
        self.maxFallbackClasses = maxFallbackClasses
        self.maxNameBytes = maxNameBytes
        self.maxNestingDepth = maxNestingDepth
    }
}
