public import WidgetryXML
public import WidgetryJSON

/// Reads an Interface Builder storyboard source (`Base.lproj/Main.storyboard`, the XML Xcode
/// writes) into a ``Storyboard``: for every view controller its screen name, its view tree as
/// ``ViewNode``s, its navigation item, its segues and what Interface Builder sets on elements.
///
/// ```xml
/// <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" initialViewController="yPR-kR-hKI">
///   <scenes><scene sceneID="r1V-7R-G9Z"><objects>
///     <viewController storyboardIdentifier="FeedViewController" useStoryboardIdentifierAsRestorationIdentifier="YES" id="zbs-L4-ivJ">
///       <view key="view" id="Ech-rE-AyQ"><subviews>
///         <label text="No posts here yet!" id="0yt-xm-cgm">
///           <userDefinedRuntimeAttributes>
///             <userDefinedRuntimeAttribute type="string" keyPath="wx.identifier" value="emptyDataView"/>
///           </userDefinedRuntimeAttributes>
///         </label>
///       …
/// ```
///
/// - Names: the restoration identifier (`restorationIdentifier`, or the storyboard identifier
///   with `useStoryboardIdentifierAsRestorationIdentifier="YES"`), else the storyboard
///   identifier, else `Scene-<id>`; segues reach every scene.
/// - Elements: identifiers from `wx.identifier`; the type is the `customClass` when it is a
///   class Widgetry (or the host) knows, else the tag's UIKit class; unknown tags are plain
///   views, with a warning. Other runtime attributes are initial properties (`wx.name` is
///   `wx_fieldName`), except those that only change the look (colors, images, geometry,
///   `wx.layoutHint.*`, `layer.*`). An element without `wx.identifier` that has a binding, an
///   action or a segue is named `<Class>-<n>` (``StructuralElementNames``).
/// - Segues: `show` (and `push`, `showDetail`) push, `presentation` (and `modal`, popovers)
///   present; a segue to a navigation controller presents its root. `embed` and `unwind`
///   segues are kept out, with a warning.
///
/// Malformed XML, and a document that is not an iOS storyboard, throw; problems of one scene
/// (an unreadable binding, a segue to nowhere, a repeated identifier) are kept on the scene and
/// reported when it is opened. Nothing in the input can make the reader crash or loop.
package enum StoryboardReader {
    static let documentType = "com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB"

    /// Reads `bytes`, the storyboard at `file`. `elementTypes` are view classes the host
    /// registered: a `customClass` among them is kept as the element's type.
    public static func read(_ bytes: [UInt8], file: String, elementTypes: Set<String> = [], limits: XMLLimits = .default) throws(ScreenErrors) -> Storyboard {
        let document = try parse(bytes, file: file, limits: limits, what: "a storyboard")
        let root = document.root
        guard root.name == "document", root["type"].map({ $0 == documentType }) ?? true else {
            let what = root.name == "document" ? "a document of type \(root["type"] ?? "")" : "<\(root.name)>"
            throw ScreenErrors([ScreenError(.storyboardNotStoryboard, "\(what) is not an iOS storyboard", file: file,
                                            location: document.location(of: root),
                                            hint: "give the storyboard source Xcode writes (<document type=\"\(documentType)\">)")])
        }
        var index = ControllerIndex(document: document, file: file)
        var scenes: [StoryboardScene] = []
        for controller in index.controllers {
            var builder = SceneBuilder(source: XMLSceneSource(controller: controller, index: index), elementTypes: elementTypes)
            scenes.append(builder.buildScene())
            index.warnings += builder.warnings
        }
        var initial = root["initialViewController"]
        if let id = initial, index.byID[id] == nil {
            index.warn(.unknownInitialController, "initialViewController \(id) is not a controller of the storyboard",
                       at: document.location(ofAttribute: "initialViewController", in: root))
            initial = nil
        }
        let warnings = index.warnings.sorted { ($0.location?.offset ?? 0) < ($1.location?.offset ?? 0) }
        return Storyboard(file: file, scenes: scenes, initialControllerID: initial, warnings: warnings)
    }
}

extension StoryboardReader {
    /// `bytes`, Interface Builder XML (`what`: a storyboard, a xib), parsed within `limits`;
    /// malformed XML is `storyboard.malformed-xml` at its place.
    static func parse(_ bytes: [UInt8], file: String, limits: XMLLimits, what: String) throws(ScreenErrors) -> XMLSourceDocument {
        do {
            return try XMLSourceDocument.parse(bytes, limits: limits)
        } catch {
            throw ScreenErrors([ScreenError(.storyboardXML, "malformed XML: \(error.message)", file: file, location: error.location,
                                            hint: "the file must be \(what) as Xcode writes it")])
        }
    }
}

/// A view controller of the storyboard as the first pass finds it: enough to name it and to
/// resolve segues to it before any scene is built.
struct StoryboardController: NavigationChainLink {
    let element: XMLElementNode
    let id: String
    let name: String
    let restorationIdentifier: String?
    let kind: StoryboardScene.Kind
    let className: String
    let rootControllerID: String?
    /// Ids of the other objects of its scene that stand for the controller as an action target
    /// (the First Responder placeholder).
    let placeholderIDs: Set<String>
}

/// The controllers of a storyboard, in document order and by id, and the warnings found so far.
struct ControllerIndex {
    let document: XMLSourceDocument
    let file: String
    /// Reads the design of the document's views.
    let design: StoryboardDesignReader
    var controllers: [StoryboardController] = []
    var byID: [String: StoryboardController] = [:]
    var warnings: [StoryboardWarning] = []

    init(document: XMLSourceDocument, file: String) {
        self.document = document
        self.file = file
        design = StoryboardDesignReader(document: document, file: file)
        var names: Set<String> = []
        let scenes = document.root.children(named: "scenes").flatMap { $0.children(named: "scene") }
        for (number, scene) in scenes.enumerated() {
            let objects = scene.children(named: "objects").flatMap(\.children)
            let controllers = objects.filter { $0["sceneMemberID"] == "viewController" }
            let placeholders = Set(objects.filter { $0.name == "placeholder" && $0["placeholderIdentifier"] == "IBFirstResponder" }.compactMap { $0["id"] })
            for (offset, element) in controllers.enumerated() {
                let id = element["id"] ?? "\(number + 1)-\(offset + 1)"
                let controller = Self.controller(element, id: id, placeholders: placeholders)
                if controller.kind != .navigationController, controller.restorationIdentifier == nil, let storyboardID = element["storyboardIdentifier"] {
                    warn(.noRestorationIdentifier,
                         "controller \(storyboardID) has a storyboard ID but no restoration identifier, so no screen file is read for it",
                         at: document.location(ofAttribute: "storyboardIdentifier", in: element))
                }
                if !names.insert(controller.name).inserted {
                    warn(.duplicateScreen, "a second controller is named \(controller.name); the first one is the screen of that name",
                         at: document.location(of: element))
                }
                if byID[id] == nil { byID[id] = controller }
                self.controllers.append(controller)
            }
        }
    }

    private static func controller(_ element: XMLElementNode, id: String, placeholders: Set<String>) -> StoryboardController {
        let storyboardID = element["storyboardIdentifier"]
        let restoration = element["restorationIdentifier"]
            ?? (StoryboardVocabulary.flag(element["useStoryboardIdentifierAsRestorationIdentifier"]) == true ? storyboardID : nil)
        let kind = StoryboardVocabulary.controllerKind(tag: element.name)
        let root = element.children(named: "connections").flatMap { $0.children(named: "segue") }
            .first { $0["kind"] == "relationship" && $0["relationship"] == "rootViewController" }?["destination"]
        return StoryboardController(element: element, id: id, name: restoration ?? storyboardID ?? "Scene-\(id)", restorationIdentifier: restoration,
                                    kind: kind, className: element["customClass"] ?? StoryboardVocabulary.controllerClassName(tag: element.name),
                                    rootControllerID: kind == .navigationController ? root : nil, placeholderIDs: placeholders)
    }

    /// The controller a segue to `id` shows: through navigation controllers to their root.
    /// Nil when there is none (a navigation controller without a root, or a loop of them).
    func shownController(for id: String) -> StoryboardController? {
        WidgetryScreen.shownController(for: id) { byID[$0] }
    }

    mutating func warn(_ code: StoryboardWarning.Code, _ message: String, at location: SourceLocation) {
        warnings.append(StoryboardWarning(code: code, message: message, file: file, location: location))
    }
}
