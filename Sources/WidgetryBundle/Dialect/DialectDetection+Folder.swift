import Foundation
public import WidgetryJSON

extension DialectDetection {
    /// The dialect one file says on its own (`widgetry validate S.json`): Graffiti's when it
    /// names something of Graffiti's and nothing of WidgetKit's, as a bundle's screens do.
    public static func detect(file: BundleFile) -> DialectDetection {
        detect(screens: [file], storyboard: nil)
    }

    /// The dialect of the bundle folder at `directory`, found as a loaded bundle's is, for
    /// readers that check its files one by one (`widgetry validate`): its top-level screen files
    /// (`X.json` holding `X`) and then its main storyboard source. A file that cannot be read or
    /// parsed says nothing; reading it reports why.
    public static func detect(directory: String, fileSystem: BundleFileSystem = .disk, options: JSONParserOptions = JSONParserOptions()) -> DialectDetection {
        let root = URL(fileURLWithPath: directory).standardizedFileURL.path
        guard let listing = try? BundleListing(root: root, maxFiles: WidgetBundle.ReadOptions().maxFiles, fileSystem: fileSystem) else {
            return DialectDetection(dialect: .widgetkit, evidence: nil)
        }
        let topLevel = listing.files.filter { !$0.contains("/") }.sorted()
        let screens = topLevel.filter { $0.hasSuffix(".json") }.compactMap { path -> BundleFile? in
            guard let bytes = try? WidgetBundle.readBytes(root + "/" + path, limit: options.maxDocumentBytes, in: fileSystem),
                  let document = try? JSONParser.parse(bytes, fileName: path, options: options),
                  document.root.objectValue?[String(path.dropLast(".json".count))] != nil else { return nil }
            return BundleFile(path: path, document: document)
        }
        let storyboard = ["Base.lproj/Main.storyboard", "Main.storyboard"].first { listing.files.contains($0) }
        return detect(screens: screens, storyboard: storyboard.map { path in
            (path, { try? WidgetBundle.readBytes(root + "/" + path, limit: options.maxDocumentBytes, in: fileSystem) })
        })
    }
}
