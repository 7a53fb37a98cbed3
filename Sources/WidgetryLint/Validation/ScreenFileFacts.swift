import WidgetryBundle
import WidgetryJSON

/// What the not-a-screen check (``NotAScreen``) needs from a top-level file of a bundle, read
/// from its tape while the file is being checked (and its bytes are in the cache), so that the
/// check across files reads a few names instead of a thousand tapes again.
struct ScreenFileFacts: Sendable {
    /// `X` of `X.json`.
    var name: String
    /// Whether the root object has the key `X`.
    var isScreen: Bool
    /// The manifest's `entryScreen`.
    var entryScreen: String?
    /// The segues of the screen under `X`, each with its string destination.
    var segues: [NotAScreen.Segue]

    /// The facts of `file`; nil for a file in a folder or one that is not valid JSON.
    init?(_ file: BundleJSONFiles.File) {
        guard let tape = file.tape, !file.path.utf8.contains(UInt8(ascii: "/")), file.path.hasSuffix(".json") else { return nil }
        name = String(file.path.dropLast(".json".count))
        entryScreen = file.path == BundleFileName.jsonManifest ? tape.stringMember("entryScreen", of: tape.root) : nil
        segues = []
        guard let screen = tape.member(name, of: tape.root) else {
            isScreen = false
            return
        }
        isScreen = true
        guard let declared = tape.member("segues", of: screen), tape.kind(of: declared) == .object else { return }
        var key = tape.firstChild(of: declared)
        for _ in 0..<tape.count(of: declared) {
            if let destination = tape.stringMember("destination", of: key + 1) {
                segues.append(NotAScreen.Segue(screen: name, name: tape.string(at: key), destination: destination))
            }
            key = tape.after(key + 1)
        }
    }
}
