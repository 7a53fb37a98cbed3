/// The images a bundle carries, by the names `UIImage(named:)` finds them under: the asset
/// catalogue's (`Assets.car`, compiled), the image sets of its `.xcassets` folders (sources),
/// and loose image files (`logo.png`, `logo@2x.png` are `logo`). The `Tests/` folder is the
/// scenarios' (their goldens, picture goldens and picked files), not the widget's: its images
/// are none of the bundle's.
public struct BundleImages: Sendable, Equatable {
    /// Every image name, sorted.
    public let names: [String]
    /// The files and folders the names came from, sorted (`Assets.car`, `Assets.xcassets`).
    public let sources: [String]

    static let imageExtensions: Set<String> = ["png", "jpg", "jpeg", "gif", "pdf"]

    /// The images of the bundle at `root`, whose files (relative paths) are `files`; nil when it
    /// carries none, so that nothing can be said about a name. A catalogue that cannot be read
    /// throws its located `assets.*` error.
    public static func read(root: String, files: [String], limits: AssetLimits = AssetLimits()) throws(AssetError) -> BundleImages? {
        var names: Set<String> = []
        var sources: Set<String> = []
        for path in files {
            let components = path.split(separator: "/").map(String.init)
            if components.count > 1, components[0] == "Tests" { continue }
            if path.hasSuffix(".car"), components.count == 1 {
                names.formUnion(try AssetCatalog(contentsOf: root + "/" + path, file: path, limits: limits).imageNames)
                sources.insert(path)
            } else if let set = components.firstIndex(where: { $0.hasSuffix(".imageset") }),
                      let catalogue = components.firstIndex(where: { $0.hasSuffix(".xcassets") }), catalogue < set {
                names.insert(String(components[set].dropLast(".imageset".count)))
                sources.insert(components[...catalogue].joined(separator: "/"))
            } else if !components.contains(where: { $0.hasSuffix(".xcassets") }), let dot = path.lastIndex(of: "."),
                      imageExtensions.contains(path[path.index(after: dot)...].lowercased()) {
                var name = String(components[components.count - 1].prefix { $0 != "." })
                if let at = name.range(of: "@", options: .backwards), name[at.upperBound...].hasSuffix("x") { name = String(name[..<at.lowerBound]) }
                names.insert(name)
                sources.insert(path)
            }
        }
        guard !sources.isEmpty else { return nil }
        return BundleImages(names: names.sorted(), sources: sources.sorted())
    }

    /// Whether `name` is an image of the bundle.
    public func contains(_ name: String) -> Bool {
        names.contains(name)
    }
}
