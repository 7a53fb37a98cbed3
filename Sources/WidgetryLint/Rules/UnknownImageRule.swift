import WidgetryAssets
import WidgetryJSON
import WidgetryScreen

/// A view shows an image by name (`wx_imageName` among a view's properties or an element
/// entry's `attrs`, an image view's `image` in Interface Builder) that the bundle does not carry: not in its asset catalogue, its `.xcassets` or its
/// image files. Names computed from data are not checked. Nothing is said for a bundle with
/// no images at all.
struct UnknownImageRule: LintRule {
    static let description = LintRuleDescription(
        id: "unknown-image", severity: .warning,
        summary: "Every image a view names is one the bundle carries.",
        rationale: "Upstream showed no image for a name it could not find, silently; a renamed or forgotten image is a blank space on the screen.",
        examples: [
            LintExample("a misspelt image name", files: [
                "S.json": #"{"S": {"views": {"type": "UIView", "children": [{"id": "logo", "type": "UIImageView", "properties": {"wx_imageName": 1️⃣"lgo"}}]}}}"#,
                "logo.png": "png"]),
            LintExample("an image the bundle has", files: [
                "S.json": #"{"S": {"views": {"type": "UIView", "children": [{"id": "logo", "type": "UIImageView"}]}, "elements": {"logo": {"attrs": {"wx_imageName": "logo"}}}}}"#,
                "logo@2x.png": "png"]),
        ])

    func check(_ context: LintContext) -> [Diagnostic] {
        let images: BundleImages
        do throws(AssetError) {
            guard let read = try BundleImages.read(root: context.bundle.rootPath, files: context.bundle.resources) else { return [] }
            images = read
        } catch {
            return [context.diagnostic(error)]
        }
        var findings: [Diagnostic] = []
        var seen: Set<String> = []
        for screen in context.screens {
            let named = screen.document.allViews(includingCells: true).map { node in (node.id ?? node.type, node.properties, node.place) }
                + screen.document.elements.map { entry in (entry.id, entry.attrs, entry.place) }
            for (element, properties, place) in named {
                guard let property = properties.first(where: { $0.key == "wx_imageName" }), let name = property.value.stringValue,
                      !name.isEmpty, !images.contains(name) else { continue }
                let file = place.file.map { context.displayPrefix + $0 } ?? screen.file
                let location = property.value.location ?? place.location
                let pointer = place.file == nil ? property.value.pointer : nil
                guard seen.insert("\(file):\(location?.offset ?? -1):\(name)").inserted else { continue }
                findings.append(Diagnostic(code: Self.description.id, severity: Self.description.severity, file: file, location: location,
                                           pointer: pointer, message: "\(element) in \(screen.name) shows image '\(name)', which the bundle does not carry",
                                           hint: Suggestion.didYouMean(name, among: images.names) ?? "images: " + images.sources.joined(separator: ", "))
                    .renaming(name, among: property.value.location == nil ? [] : images.names))
            }
        }
        return findings.sorted()
    }
}
