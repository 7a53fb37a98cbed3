import WidgetryBundle
import WidgetryJSON

/// An image set's `Contents.json` names a file outside the bundle: an absolute path, a `..`, or
/// a symbolic link that leads out (``ImageSetFiles``). Pictures never read it and draw the
/// placeholder; lint says so at the name, under the confinement code `bundle.path-escape`.
struct ImagePathEscapeRule: LintRule {
    static let description = LintRuleDescription(
        id: "image-path-escape", severity: .error,
        summary: "Files an image set names stay inside the bundle.",
        rationale: "A bundle is not trusted: an image set naming '../../.ssh/id_rsa.png' or '/home/me/photo.jpg' would put a file of the machine into every picture `render`, `preview` and `test --pictures` draw. Pictures refuse it; findings carry the code bundle.path-escape.",
        examples: [
            LintExample("image files outside the bundle", files: [
                "S.json": #"{"S": {}}"#,
                "Assets.xcassets/logo.imageset/Contents.json":
                    #"{"images": [{"filename": 1️⃣"../../../secret.png", "scale": "1x"}, {"filename": 2️⃣"/etc/logo.png", "scale": "2x"}]}"#]),
            LintExample("an image file inside its set", files: [
                "S.json": #"{"S": {}}"#,
                "Assets.xcassets/logo.imageset/Contents.json": #"{"images": [{"filename": "logo@2x.png", "scale": "2x"}]}"#,
                "Assets.xcassets/logo.imageset/logo@2x.png": "png"]),
        ], security: true)

    func check(_ context: LintContext) -> [Diagnostic] {
        let root = context.bundle.rootPath
        let listed = Set(context.bundle.resources)
        var findings: [Diagnostic] = []
        for path in context.bundle.resources where ImageSetFiles.isContents(path) {
            let file = context.displayPrefix + path
            guard let bytes = try? context.bundle.fileSystem.bytes(of: root + "/" + path, limit: JSONParserOptions().maxDocumentBytes),
                  let document = try? JSONParser.parse(bytes, fileName: file) else { continue }
            findings += ImageSetFiles.escapes(in: document, contentsPath: path, root: root, listed: listed, file: file)
        }
        return findings
    }
}
