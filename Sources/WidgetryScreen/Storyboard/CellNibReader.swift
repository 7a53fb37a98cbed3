import WidgetryXML
import WidgetryJSON

/// Reads a cell xib (`Cell.xib`, the XML Xcode writes for a view outside a storyboard) into a
/// ``CellPrototype``: the first table or collection cell among its top-level objects, read by
/// the storyboard reader's rules, under the reuse identifier it is registered by, with the
/// entries (bindings, actions) Interface Builder set on its elements.
///
/// A xib has no view controller: an action sent to its File's Owner reaches nothing (UIKit
/// loads registered cell nibs without an owner), and is warned about like any ignored
/// connection.
enum CellNibReader {
    static let documentType = "com.apple.InterfaceBuilder3.CocoaTouch.XIB"
    static let cellTags: Set<String> = ["tableViewCell", "collectionViewCell", "collectionReusableView"]

    static func prototype(_ bytes: [UInt8], file: String, reuseIdentifier: String, elementTypes: Set<String>,
                          limits: XMLLimits) throws(ScreenErrors) -> (prototype: CellPrototype, elements: [ElementEntry], warnings: [StoryboardWarning]) {
        let document = try StoryboardReader.parse(bytes, file: file, limits: limits, what: "a xib")
        let root = document.root
        guard root.name == "document", root["type"] == documentType else {
            throw ScreenErrors([ScreenError(.cellNib, "\(file) is not an iOS xib", file: file, location: document.location(of: root),
                                            hint: "give the xib Xcode writes (<document type=\"\(documentType)\">)")])
        }
        guard let cell = root.children(named: "objects").flatMap(\.children).first(where: { cellTags.contains($0.name) }) else {
            throw ScreenErrors([ScreenError(.cellNib, "\(file) holds no table or collection cell", file: file, location: document.location(of: root),
                                            hint: "cellNibNames registers xibs whose top-level object is a cell")])
        }
        let owner = StoryboardController(element: root, id: "", name: reuseIdentifier, restorationIdentifier: nil, kind: .other,
                                         className: "UIViewController", rootControllerID: nil, placeholderIDs: [])
        let source = XMLSceneSource(controller: owner, index: ControllerIndex(document: document, file: file))
        var builder = SceneBuilder(source: source, elementTypes: elementTypes)
        let (prototype, elements, problems) = builder.registeredCell(cell, reuseIdentifier: reuseIdentifier)
        guard problems.isEmpty, let prototype else { throw ScreenErrors(problems) }
        return (prototype, elements, builder.warnings)
    }
}
