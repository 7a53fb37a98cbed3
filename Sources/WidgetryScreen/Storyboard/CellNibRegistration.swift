import WidgetryXML
import WidgetryJSON
import WidgetryBundle

/// What a display controller's `cellNibNames` does (upstream `registerNibs`): each name
/// registers `<name>.xib` of the bundle as the cell prototype of reuse identifier `<name>` in
/// the controller's table or collection, replacing a storyboard prototype of that identifier;
/// the bindings set on the cell's elements in the xib join the screen's element entries.
enum CellNibRegistration {
    /// `document` with the registered prototypes added to their tables. A name whose xib is
    /// missing or unreadable is a problem at the name: upstream crashed on the first cell.
    static func apply(to document: ScreenDocument, in bundle: WidgetBundle, elementTypes: Set<String>,
                      limits: XMLLimits) throws(ScreenErrors) -> (document: ScreenDocument, warnings: [StoryboardWarning]) {
        var document = document
        var errors: [ScreenError] = []
        var warnings: [StoryboardWarning] = []
        for object in document.objects {
            guard let type = ObjectType(rawValue: object.type), let outlet = type.rowsOutlet,
                  let names = object.attrs.last(where: { $0.key == "cellNibNames" })?.value.arrayValue, !names.isEmpty else { continue }
            guard let tableID = object.outlets.first(where: { $0.property == outlet })?.targets.first,
                  let table = document.view?.first(withID: tableID) else { continue }
            var prototypes = table.prototypes
            for name in names {
                guard let nibName = name.stringValue else { continue }
                guard let path = xibPath(named: nibName, in: bundle) else {
                    errors.append(ScreenError(.cellNib, "cellNibNames of \(object.id) registers \(nibName).xib, which the bundle does not have",
                                              file: document.file, at: name, hint: "add \(nibName).xib to the bundle, or remove the name"))
                    continue
                }
                do throws(ScreenErrors) {
                    let bytes: [UInt8]
                    do throws(XMLSyntaxError) {
                        bytes = try limits.readFile(atPath: bundle.rootPath + "/" + path, in: bundle.fileSystem)
                    } catch {
                        throw ScreenErrors([ScreenError(.cellNib, "cannot read \(path): \(error.message)", file: path)])
                    }
                    let read = try CellNibReader.prototype(bundle.dialect.dialect.canonical(bytes: bytes), file: path, reuseIdentifier: nibName, elementTypes: elementTypes, limits: limits)
                    prototypes.removeAll { $0.reuseIdentifier == nibName }
                    prototypes.append(read.prototype)
                    document.elements += read.elements
                    warnings += read.warnings
                } catch {
                    errors += error.errors
                }
            }
            document.view = document.view?.replacing(tableID) { $0.with(prototypes: prototypes) }
        }
        guard errors.isEmpty else { throw ScreenErrors(errors) }
        return (document, warnings)
    }

    /// Where UIKit finds nib `name` in a bundle: at its root, else in `Base.lproj`, else in another `.lproj`.
    static func xibPath(named name: String, in bundle: WidgetBundle) -> String? {
        let file = name + ".xib"
        let candidates = bundle.resources.filter { $0 == file || ($0.hasSuffix(".lproj/" + file) && $0.split(separator: "/").count == 2) }
        return candidates.first { $0 == file } ?? candidates.first { $0 == "Base.lproj/" + file } ?? candidates.sorted().first
    }
}

extension ViewNode {
    /// The first node with `id` in this tree (header, children, footer), this node first.
    func first(withID id: String) -> ViewNode? {
        if self.id == id { return self }
        for node in subviews {
            if let found = node.first(withID: id) { return found }
        }
        return nil
    }

    /// This tree with the first node called `id` replaced by `transform` of it.
    func replacing(_ id: String, with transform: (ViewNode) -> ViewNode) -> ViewNode {
        if self.id == id { return transform(self) }
        guard first(withID: id) != nil else { return self }
        return ViewNode(id: self.id, type: type, properties: properties, children: children.map { $0.replacing(id, with: transform) },
                        header: header?.replacing(id, with: transform), footer: footer?.replacing(id, with: transform),
                        prototypes: prototypes, segue: segue, place: place, design: design)
    }

    /// This node with other cell prototypes.
    func with(prototypes: [CellPrototype]) -> ViewNode {
        ViewNode(id: id, type: type, properties: properties, children: children, header: header, footer: footer,
                 prototypes: prototypes, segue: segue, place: place, design: design)
    }
}
