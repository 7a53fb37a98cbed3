public import WidgetryXML
import Foundation
public import WidgetryBundle
public import WidgetryJSON

/// Where a screen comes from: its screen file (`<Name>.json`, Widgetry's layout, views in a
/// `views` section), or in the original layout a scene of the bundle's storyboard joined with
/// the screen file named after its restoration identifier (FORMAT.md#bundle.storyboard).
///
/// A storyboard scene gives the view tree, the navigation item, the segues and what Interface
/// Builder sets on elements; the screen file gives the objects and element entries. When both
/// are there, the screen file's own `views`, `navigationItem` and segues win, and the entries of
/// one element are joined (Interface Builder's binding first). A scene without a screen file
/// runs with what Interface Builder set alone.
///
/// The storyboard is read each time a screen is opened; it is small next to a run.
public enum ScreenSource {
    /// The screen a run shows first: the one the manifest names; else the storyboard's initial
    /// view controller (a navigation controller's root); else the first screen file. When the
    /// storyboard cannot be read, its name, so that opening it reports why.
    public static func entryScreen(in bundle: WidgetBundle, xmlLimits: XMLLimits = .default) -> String? {
        if let named = bundle.manifest.entryScreen { return named }
        return entryScreen(in: bundle, storyboard: Result { () throws(ScreenErrors) in try storyboard(in: bundle, xmlLimits: xmlLimits) })
    }

    /// The entry screen with the bundle's storyboard already read (or its reading failed).
    public static func entryScreen(in bundle: WidgetBundle, storyboard read: Result<Storyboard?, ScreenErrors>) -> String? {
        if let named = bundle.manifest.entryScreen { return named }
        if bundle.mainStoryboardPath != nil {
            switch read {
            case .success(let storyboard): if let entry = storyboard?.entryScreen { return entry }
            case .failure: return bundle.manifest.mainStoryboard ?? "Main"
            }
        }
        return bundle.screens.first?.name
    }

    /// Whether opening `name` may succeed: the bundle has its screen file, or a storyboard
    /// (whose scenes ``document(named:in:elementTypes:)`` looks up, reporting what is wrong).
    public static func mayOpen(_ name: String, in bundle: WidgetBundle) -> Bool {
        bundle.screen(named: name) != nil || bundle.mainStoryboardPath != nil
    }

    /// Reads the bundle's storyboard, the XML source within `xmlLimits` or the compiled
    /// `.storyboardc` (``CompiledStoryboardReader``); nil when it has none. `elementTypes` are
    /// the host's view classes (a `customClass` among them stays the element's type).
    public static func storyboard(in bundle: WidgetBundle, elementTypes: Set<String> = [], xmlLimits: XMLLimits = .default) throws(ScreenErrors) -> Storyboard? {
        guard let path = bundle.mainStoryboardPath else { return nil }
        if path.hasSuffix(".storyboardc") {
            return try CompiledStoryboardReader.read(directory: bundle.rootPath + "/" + path, file: path, elementTypes: elementTypes)
                .naming(byClass: bundle.restorationIdentifiers)
        }
        let bytes: [UInt8]
        do throws(XMLSyntaxError) {
            bytes = try xmlLimits.readFile(atPath: bundle.rootPath + "/" + path, in: bundle.fileSystem)
        } catch {
            throw ScreenErrors([ScreenError(.storyboardXML, "cannot read the storyboard: \(error.message)", file: path)])
        }
        return try StoryboardReader.read(bundle.dialect.dialect.canonical(bytes: bytes), file: path, elementTypes: elementTypes, limits: xmlLimits)
            .naming(byClass: bundle.restorationIdentifiers)
    }

    /// The screen `name`, read and joined from the storyboard and its screen file; every
    /// problem found in either is thrown.
    public static func document(named name: String, in bundle: WidgetBundle, elementTypes: [String: ElementKind] = [:],
                                xmlLimits: XMLLimits = .default) throws(ScreenErrors) -> ScreenDocument {
        let types = Set(elementTypes.keys)
        return try document(named: name, in: bundle, storyboard: try storyboard(in: bundle, elementTypes: types, xmlLimits: xmlLimits),
                            elementTypes: types, xmlLimits: xmlLimits)
    }

    /// The screen `name` with the bundle's storyboard already read (nil when it has none), for
    /// callers that open many screens of one bundle; with what upstream's runtime added at load
    /// (``UpstreamOutletDefaults``, the cell nibs of `cellNibNames`).
    public static func document(named name: String, in bundle: WidgetBundle, storyboard: Storyboard?, elementTypes: Set<String> = [],
                                xmlLimits: XMLLimits = .default) throws(ScreenErrors) -> ScreenDocument {
        let read = UpstreamOutletDefaults.apply(to: try sourceDocument(named: name, in: bundle, storyboard: storyboard))
        var (document, warnings) = try CellNibRegistration.apply(to: read, in: bundle, elementTypes: elementTypes, limits: xmlLimits)
        document.warnings += warnings
        return document
    }

    /// The screen `name` as its file and its storyboard scene give it.
    private static func sourceDocument(named name: String, in bundle: WidgetBundle, storyboard: Storyboard?) throws(ScreenErrors) -> ScreenDocument {
        let definition = bundle.screen(named: name)
        guard let storyboard else {
            guard let definition else {
                throw ScreenErrors([ScreenError(.missingScreen, "the bundle has no screen \(name)", file: "\(name).json")])
            }
            return try ScreenReader.read(definition.file.document, screen: name, file: definition.file.path)
        }
        guard let scene = storyboard.scene(named: name).flatMap({ storyboard.shownScene(for: $0.id) }) else {
            if let definition { return try ScreenReader.read(definition.file.document, screen: name, file: definition.file.path) }
            throw ScreenErrors([ScreenError(.storyboardUnknownScreen, "neither the storyboard nor a screen file has a screen \(name)", file: storyboard.file,
                                            hint: "screens: " + storyboard.scenes.filter { $0.kind != .navigationController }.map(\.name).joined(separator: ", "))])
        }
        var errors = scene.problems
        var document = ScreenDocument(name: scene.name, file: storyboard.file)
        if let restoration = scene.restorationIdentifier, let file = bundle.screen(named: restoration) {
            do throws(ScreenErrors) {
                document = try ScreenReader.read(file.file.document, screen: restoration, file: file.file.path)
            } catch {
                errors += error.errors
            }
        }
        guard errors.isEmpty else { throw ScreenErrors(errors) }
        document = joined(scene, with: document, dialect: bundle.dialect.dialect)
        document.navigationBar = storyboard.navigationBar(showing: scene.id)
        return document
    }

    /// The scene under the screen file's document: the file's own views, navigation item and
    /// segues win; element entries of one id are joined, Interface Builder's first. In Graffiti,
    /// a screen file is "an exact same setup" as the storyboard's (FORMAT.md#graffiti.host-setup):
    /// a binding of the file that means what one of Interface Builder's on the element means is
    /// that binding, not a second one.
    static func joined(_ scene: StoryboardScene, with file: ScreenDocument, dialect: Dialect = .widgetkit) -> ScreenDocument {
        var document = file
        document.view = file.view ?? scene.view
        document.navigationItem = file.navigationItem ?? scene.navigationItem
        document.segues = scene.segues.filter { segue in !file.segues.contains { $0.id == segue.id } } + file.segues
        var fromFile = file.elements
        var elements: [ElementEntry] = []
        for var entry in scene.elements {
            if let index = fromFile.firstIndex(where: { $0.id == entry.id }) {
                let other = fromFile.remove(at: index)
                entry.action = other.action ?? entry.action
                entry.attrs += other.attrs
                entry.bindings += dialect == .graffiti
                    ? other.bindings.filter { binding in !entry.bindings.contains { $0.means(sameAs: binding) } }
                    : other.bindings
                entry.outlets += other.outlets
                entry.place = other.place
            }
            elements.append(entry)
        }
        document.elements = elements + fromFile
        return document
    }
}
