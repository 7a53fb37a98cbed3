import Foundation
import Testing
import WidgetryBundleFetch
import WidgetryScreen
import WidgetryTestSupport

/// Upstream's WidgetDemo storyboard read from its source (`WidgetDemo-source`) and from the nibs
/// ibtool compiled it into (`WidgetDemo.zip`) gives every view the same ``ViewDesign``, field by
/// field. Skipped when `../shared/upstream` is not beside the checkout.
@Suite("Compiled design", .enabled(if: UpstreamWidgetDemo.isAvailable, "needs ../shared/upstream/WidgetDemo.zip and WidgetDemo-source"))
struct CompiledDesignTests {

    /// One view as both forms give it, named for messages by its scene and place in the tree,
    /// with its superview's designed frame in each form.
    struct Pair {
        enum Role { case root, view, tableHeaderOrFooter, cell, other }
        var name: String
        var xml: ViewDesign
        var compiled: ViewDesign
        var role: Role
        var xmlParent: DesignRect?
        var compiledParent: DesignRect?
    }

    @Test func everyViewHasTheSameDesignInBothForms() throws {
        let folder = try TemporaryDirectory()
        try ArchiveExtractor().extract(archiveAt: UpstreamWidgetDemo.zipPath, to: folder.path)
        let compiled = try CompiledStoryboardReader.read(directory: folder.file("WidgetDemo.bundle/Base.lproj/Main.storyboardc"),
                                                         file: "Base.lproj/Main.storyboardc")
        let xml = try StoryboardReader.read(Array(try Data(contentsOf: URL(fileURLWithPath: UpstreamWidgetDemo.sourcePath))), file: "Base.lproj/Main.storyboard")
        var pairs: [Pair] = []
        var shapeProblems: [String] = []
        for scene in xml.scenes {
            guard let other = compiled.scene(named: scene.name) else {
                shapeProblems.append("\(scene.name): the compiled storyboard has no such scene")
                continue
            }
            if let view = scene.view, let otherView = other.view {
                walk(view, otherView, name: scene.name, role: .root, parents: (nil, nil), into: &pairs, problems: &shapeProblems)
            }
            if let title = scene.navigationItem?.titleView, let otherTitle = other.navigationItem?.titleView {
                walk(title, otherTitle, name: scene.name + "/titleView", role: .other, parents: (nil, nil), into: &pairs, problems: &shapeProblems)
            }
        }
        #expect(shapeProblems.isEmpty, "\(shapeProblems.joined(separator: "\n"))")
        #expect(pairs.count >= 30, "every view of WidgetDemo's five scenes is compared: \(pairs.count)")
        // A compiled view's design identifier is its nib and object; it stands for the XML id.
        var ids: [String: String] = [:]
        for pair in pairs {
            for (compiledID, xmlID) in [(pair.compiled.designID, pair.xml.designID), (pair.compiled.contentViewID, pair.xml.contentViewID),
                                        (pair.compiled.topLayoutGuideID, pair.xml.topLayoutGuideID),
                                        (pair.compiled.bottomLayoutGuideID, pair.xml.bottomLayoutGuideID)] {
                if let compiledID, let xmlID { ids[compiledID] = xmlID }
            }
        }
        let differences = pairs.flatMap { Self.differences($0, ids: ids) }
        #expect(differences.isEmpty, "\(differences.count) differences:\n\(differences.joined(separator: "\n"))")
        // The post text's designed priorities (vertical hugging 249, compression resistance 751)
        // and the labels' 251 hugging are read, not UIKit's defaults alone.
        #expect(pairs.contains { $0.compiled.contentHugging == AxisPriorities(horizontal: 250, vertical: 249)
            && $0.compiled.compressionResistance == AxisPriorities(horizontal: 750, vertical: 751) })
        #expect(pairs.filter { $0.compiled.contentHugging == AxisPriorities(horizontal: 251, vertical: 251) }.count >= 8)
        let constraints = pairs.reduce(0) { $0 + $1.compiled.constraints.count }
        #expect(constraints >= 40, "the compiled nibs' constraints are read: \(constraints)")
    }

    /// Pairs the views of both trees in order: header, children, footer, prototype cells and
    /// their children.
    private func walk(_ xml: ViewNode, _ compiled: ViewNode, name: String, role: Pair.Role, parents: (DesignRect?, DesignRect?),
                      into pairs: inout [Pair], problems: inout [String]) {
        let name = name + "/" + (xml.id ?? xml.type)
        guard xml.type == compiled.type else {
            problems.append("\(name): \(xml.type) in the source, \(compiled.type) compiled")
            return
        }
        pairs.append(Pair(name: name, xml: xml.design, compiled: compiled.design, role: role, xmlParent: parents.0, compiledParent: parents.1))
        guard xml.subviews.count == compiled.subviews.count, xml.prototypes.count == compiled.prototypes.count else {
            problems.append("\(name): \(xml.subviews.count) subviews and \(xml.prototypes.count) prototypes in the source, "
                            + "\(compiled.subviews.count) and \(compiled.prototypes.count) compiled")
            return
        }
        let frames = (xml.design.frame, compiled.design.frame)
        for (child, other) in zip(xml.subviews, compiled.subviews) {
            let childRole: Pair.Role = child === xml.header || child === xml.footer ? .tableHeaderOrFooter : .view
            walk(child, other, name: name, role: childRole, parents: frames, into: &pairs, problems: &problems)
        }
        for (cell, other) in zip(xml.prototypes, compiled.prototypes) {
            let cellName = name + "/" + cell.reuseIdentifier
            pairs.append(Pair(name: cellName, xml: cell.design, compiled: other.design, role: .cell, xmlParent: frames.0, compiledParent: frames.1))
            guard cell.children.count == other.children.count else {
                problems.append("\(cellName): \(cell.children.count) children in the source, \(other.children.count) compiled")
                continue
            }
            for (child, otherChild) in zip(cell.children, other.children) {
                walk(child, otherChild, name: cellName, role: .view, parents: (cell.design.frame, other.design.frame), into: &pairs, problems: &problems)
            }
        }
    }

    /// What differs between the two designs of one view, a line per field.
    ///
    /// Not compared, because a compiled nib cannot carry them:
    /// - the design identifiers (ibtool drops XML ids; they are mapped through `ids` instead),
    ///   constraint ids and places (a nib has no lines);
    /// - a root view's frame: ibtool normalises root views to 600×600 and resizes their
    ///   subviews by their autoresizing masks, so a compiled frame is compared resized back by
    ///   its mask to the source's superview size, as UIKit (and the renderer) would resize it;
    /// - where a table put its header, footer and prototype cells (their y): the XML has the
    ///   canvas's rows, a compiled nib none (a cell's own nib starts at 0); and the width of a
    ///   header or footer, which is the table's (600 in a normalised root);
    /// - a button's line break mode, which is its title label's, and a button without a title
    ///   archives none;
    /// - an activity indicator's tint colour, which ibtool writes for its `white` style.
    ///
    /// The XML writes no autoresizing mask for UIKit's default, flexible right and bottom
    /// margins, which ibtool writes out. Colours agree to within a thousandth: ibtool stores
    /// Float32 components and converts Generic RGB itself.
    static func differences(_ pair: Pair, ids: [String: String]) -> [String] {
        let (xml, compiled) = (pair.xml, pair.compiled)
        var found: [String] = []
        func check<Value: Equatable>(_ field: String, _ source: Value, _ nib: Value) {
            if source != nib { found.append("\(pair.name): \(field): source \(String(describing: source)), compiled \(String(describing: nib))") }
        }
        func checkColor(_ field: String, _ source: DesignColor?, _ nib: DesignColor?) {
            switch (source, nib) {
            case (nil, nil): break
            case let (source?, nib?) where zip([source.red, source.green, source.blue, source.alpha], [nib.red, nib.green, nib.blue, nib.alpha])
                .allSatisfy({ abs($0 - $1) < 0.001 }): break
            default: check(field, source, nib)
            }
        }
        switch pair.role {
        case .root:
            break
        case .tableHeaderOrFooter:
            check("height", xml.frame?.height, compiled.frame?.height)
        case .cell:
            check("frame (but y)", xml.frame.map { [$0.x, $0.width, $0.height] }, compiled.frame.map { [$0.x, $0.width, $0.height] })
        case .view, .other:
            check("frame", xml.frame, compiled.frame.map { compiled.usesConstraints ? $0 : resized($0, compiled.autoresizing, from: pair.compiledParent, to: pair.xmlParent) })
        }
        check("autoresizing", xml.autoresizing ?? [.flexibleRightMargin, .flexibleBottomMargin], compiled.autoresizing)
        check("usesConstraints", xml.usesConstraints, compiled.usesConstraints)
        check("contentHugging", xml.contentHugging, compiled.contentHugging)
        check("compressionResistance", xml.compressionResistance, compiled.compressionResistance)
        check("font", xml.font, compiled.font)
        checkColor("textColor", xml.textColor, compiled.textColor)
        checkColor("titleColor", xml.titleColor, compiled.titleColor)
        checkColor("backgroundColor", xml.backgroundColor, compiled.backgroundColor)
        if !pair.name.hasSuffix("Indicator") { checkColor("tintColor", xml.tintColor, compiled.tintColor) }
        checkColor("borderColor", xml.borderColor, compiled.borderColor)
        check("textAlignment", xml.textAlignment, compiled.textAlignment)
        check("numberOfLines", xml.numberOfLines, compiled.numberOfLines)
        if xml.buttonType == nil { check("lineBreakMode", xml.lineBreakMode, compiled.lineBreakMode) }
        check("contentMode", xml.contentMode, compiled.contentMode)
        check("alpha", xml.alpha, compiled.alpha)
        check("isHidden", xml.isHidden, compiled.isHidden)
        check("clipsToBounds", xml.clipsToBounds, compiled.clipsToBounds)
        check("buttonType", xml.buttonType, compiled.buttonType)
        check("imageName", xml.imageName, compiled.imageName)
        check("rowHeight", xml.rowHeight, compiled.rowHeight)
        check("sectionHeaderHeight", xml.sectionHeaderHeight, compiled.sectionHeaderHeight)
        check("tableStyle", xml.tableStyle, compiled.tableStyle)
        check("cornerRadius", xml.cornerRadius, compiled.cornerRadius)
        check("borderWidth", xml.borderWidth, compiled.borderWidth)
        check("safeAreaGuide", xml.safeAreaGuideID == nil, compiled.safeAreaGuideID == nil)
        check("topLayoutGuide", xml.topLayoutGuideID == nil, compiled.topLayoutGuideID == nil)
        check("bottomLayoutGuide", xml.bottomLayoutGuideID == nil, compiled.bottomLayoutGuideID == nil)
        check("contentView", xml.contentViewID == nil, compiled.contentViewID == nil)
        check("selectedBackgroundView", xml.selectedBackgroundViewID, compiled.selectedBackgroundViewID.map { ids[$0] ?? $0 })
        check("barStyle", xml.barStyle, compiled.barStyle)
        checkColor("barTintColor", xml.barTintColor, compiled.barTintColor)
        check("searchBarStyle", xml.searchBarStyle, compiled.searchBarStyle)
        check("hidesSeparators", xml.hidesSeparators, compiled.hidesSeparators)
        check("backgroundView", xml.backgroundViewID, compiled.backgroundViewID.map { ids[$0] ?? $0 })
        check("constraints", comparable(xml.constraints, holder: xml.designID, contentView: xml.contentViewID, ids: [:]),
              comparable(compiled.constraints, holder: compiled.designID, contentView: compiled.contentViewID, ids: ids))
        return found
    }

    /// `frame` in a superview resized from `from` to `to` by `mask`: the change shared equally
    /// by the flexible margins and size, as UIKit shares it.
    static func resized(_ frame: DesignRect, _ mask: Autoresizing?, from: DesignRect?, to: DesignRect?) -> DesignRect {
        guard let from, let to else { return frame }
        let mask = mask ?? []
        func axis(_ start: Double, _ length: Double, change: Double, _ flags: [Autoresizing]) -> (Double, Double) {
            let parts = Double(flags.filter { mask.contains($0) }.count)
            guard parts > 0 else { return (start, length) }
            return (start + (mask.contains(flags[0]) ? change / parts : 0), length + (mask.contains(flags[1]) ? change / parts : 0))
        }
        let (x, width) = axis(frame.x, frame.width, change: to.width - from.width, [.flexibleLeftMargin, .flexibleWidth, .flexibleRightMargin])
        let (y, height) = axis(frame.y, frame.height, change: to.height - from.height, [.flexibleTopMargin, .flexibleHeight, .flexibleBottomMargin])
        return DesignRect(x: x, y: y, width: width, height: height)
    }

    /// Constraints as text, items named by their XML ids (a missing first item is the holder,
    /// as in the XML), in a stable order.
    static func comparable(_ constraints: [DesignConstraint], holder: String?, contentView: String?, ids: [String: String]) -> [String] {
        func name(_ item: String?) -> String { item.map { ids[$0] ?? $0 } ?? "?" }
        return constraints.map { constraint in
            let first = name(constraint.firstItem ?? holder)
            let second = constraint.secondAttribute == .notAnAttribute ? "-" : name(constraint.secondItem ?? holder)
            return "\(first).\(constraint.firstAttribute) \(constraint.relation) \(second).\(constraint.secondAttribute)"
                + " × \(constraint.multiplier) + \(constraint.constant) @\(constraint.priority)"
        }.sorted()
    }
}

/// Upstream's WidgetDemo beside the checkout: the shipped zip and the storyboard's source.
enum UpstreamWidgetDemo {
    static let zipPath = Samples.upstream("WidgetDemo.zip")
    static let sourcePath = Samples.upstream("WidgetDemo-source/Base.lproj/Main.storyboard")
    static var isAvailable: Bool { FileManager.default.fileExists(atPath: zipPath) && FileManager.default.fileExists(atPath: sourcePath) }
}
