import WidgetryBundle
import WidgetryJSON

/// The image sets of a bundle folder checked for names that leave it (``ImageSetFiles``): what
/// `validate` adds to the schema findings, as the `image-path-escape` lint rule reports them.
enum ImageSetPaths {
    /// A finding for every escaping name of every image set of the bundle at `root` (links are
    /// never followed into), with the sources of the files found at fault; the `Contents.json`
    /// files are read through `fileSystem`.
    static func escapes(root: String, displayPrefix: String, fileSystem: BundleFileSystem = .disk) -> (findings: [Diagnostic], sources: [String: SourceText]) {
        guard let listing = try? BundleListing(root: root, maxFiles: .max, fileSystem: fileSystem) else { return ([], [:]) }
        let listed = Set(listing.files)
        var findings: [Diagnostic] = []
        var sources: [String: SourceText] = [:]
        for path in listing.files where ImageSetFiles.isContents(path) {
            let file = displayPrefix + path
            guard let bytes = try? fileSystem.bytes(of: root + "/" + path, limit: JSONParserOptions().maxDocumentBytes),
                  let document = try? JSONParser.parse(bytes, fileName: file) else { continue }
            let found = ImageSetFiles.escapes(in: document, contentsPath: path, root: root, listed: listed, file: file)
            guard !found.isEmpty else { continue }
            findings += found
            sources[file] = document.source
        }
        return (findings, sources)
    }
}
