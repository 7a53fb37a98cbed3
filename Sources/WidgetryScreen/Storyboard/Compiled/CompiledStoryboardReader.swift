import Foundation
public import WidgetryNIB
public import WidgetryJSON

/// Reads a compiled storyboard (`Base.lproj/Main.storyboardc`, what Xcode ships in place of the
/// XML) into the same ``Storyboard`` that ``StoryboardReader`` makes from the source, so a bundle
/// runs the same whichever form it carries (docs/COMPILED-FORMATS.md#compiled-storyboards).
///
/// - `Info.plist` maps each controller's identifier (its storyboard ID, or `<UIKitClass>-<id>`)
///   to the nib holding it, and names the entry point.
/// - A controller's nib holds the controller (`UIClassSwapper`: class, storyboard and
///   restoration identifiers, navigation item, segue templates); its view nib
///   (`<id>-view-<viewId>`) holds the view tree; each prototype cell is a nib inside the table.
///   Proxies link them (``CompiledNib/resolve(_:)``).
/// - Interface Builder ids survive only in nib names and localizable strings' keys: an element
///   that needs an id and has no `wx.identifier` takes the id of its text or title, else
///   `<UIKitClass>-<object>`; a segue without identifier is `segue-<n>`, as in the XML reader.
///
/// A file that cannot be read, or that is not shaped as ibtool writes it, throws
/// `storyboard.compiled` with the `nib.*` cause, the nib, the object and the key. Problems of
/// one scene are kept on the scene, as the XML reader keeps them.
package enum CompiledStoryboardReader {
    /// The largest `Info.plist` read.
    static let maxPlistBytes = 1 << 20

    /// Reads the compiled storyboard at `directory`, whose path in the bundle is `file`.
    /// `elementTypes` are view classes the host registered, kept as element types.
    public static func read(directory: String, file: String, elementTypes: Set<String> = [], limits: NIBLimits = NIBLimits()) throws(ScreenErrors) -> Storyboard {
        let info = try readInfo(directory: directory, file: file + "/Info.plist")
        var index = CompiledControllerIndex(file: file)
        do throws(NIBError) {
            for identifier in info.nibNames.keys.sorted() {
                guard let nibName = info.nibNames[identifier] else { continue }
                let archive = try readNib(named: nibName, directory: directory, file: file, limits: limits)
                try index.add(identifier: identifier, archive: archive)
            }
            try index.resolveRoots()
            var scenes: [StoryboardScene] = []
            for controller in index.controllers {
                let source = NibSceneSource(controller: controller, index: index, directory: directory, folder: file, limits: limits)
                var builder = SceneBuilder(source: source, elementTypes: elementTypes)
                scenes.append(try builder.build())
                index.warnings += builder.warnings
            }
            var initial = info.entryPoint.flatMap { index.byIdentifier[$0]?.id }
            if let entry = info.entryPoint, initial == nil {
                index.warn(.unknownInitialController, "the entry point \(entry) is not a controller of the storyboard", file: file + "/Info.plist")
                initial = nil
            }
            return Storyboard(file: file, scenes: scenes, initialControllerID: initial, warnings: index.warnings)
        } catch {
            throw ScreenErrors([screenError(error)])
        }
    }

    /// What `Info.plist` says: identifier → nib name, and the entry point's identifier.
    struct Info {
        var nibNames: [String: String]
        var entryPoint: String?
    }

    static func readInfo(directory: String, file: String) throws(ScreenErrors) -> Info {
        func failure(_ message: String) -> ScreenErrors {
            ScreenErrors([ScreenError(.storyboardCompiled, message, file: file,
                                      hint: "a compiled storyboard holds the Info.plist ibtool writes, with UIViewControllerIdentifiersToNibNames")])
        }
        let bytes: [UInt8]
        do throws(BoundedFile.Failure) {
            bytes = try BoundedFile.bytes(of: directory + "/Info.plist", limit: maxPlistBytes)
        } catch {
            throw failure("cannot read the compiled storyboard's Info.plist: \(error)")
        }
        guard let plist = try? PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil),
              let dictionary = plist as? [String: Any] else {
            throw failure("the compiled storyboard's Info.plist is not a property list dictionary")
        }
        guard let table = dictionary["UIViewControllerIdentifiersToNibNames"] as? [String: Any] else {
            throw failure("the compiled storyboard's Info.plist has no UIViewControllerIdentifiersToNibNames dictionary")
        }
        var names: [String: String] = [:]
        for (identifier, value) in table {
            guard let name = value as? String, isPlainName(name) else {
                throw failure("the nib name of controller \(identifier) is not a file name in the storyboard")
            }
            names[identifier] = name
        }
        return Info(nibNames: names, entryPoint: dictionary["UIStoryboardDesignatedEntryPointIdentifier"] as? String)
    }

    /// A nib name is a file of the `.storyboardc` folder: no separators, not `.` or `..`.
    static func isPlainName(_ name: String) -> Bool {
        !name.isEmpty && !name.contains("/") && !name.contains("\0") && name != "." && name != ".."
    }

    /// Reads `<name>.nib` of the storyboard (a file, or a folder holding `runtime.nib`).
    static func readNib(named name: String, directory: String, file: String, limits: NIBLimits) throws(NIBError) -> NIBArchive {
        let path = file + "/" + name + ".nib"
        guard isPlainName(name) else {
            throw NIBError(.malformed, "\(name) is not a nib of the storyboard", file: path, hint: "nib names are file names inside the .storyboardc folder")
        }
        var candidates = [directory + "/" + name + ".nib"]
        candidates.append(candidates[0] + "/runtime.nib")
        var failure: BoundedFile.Failure = .cannotOpen("no such file")
        for candidate in candidates {
            let bytes: [UInt8]
            do throws(BoundedFile.Failure) {
                bytes = try BoundedFile.bytes(of: candidate, limit: limits.maxBytes)
            } catch {
                failure = error
                continue
            }
            return try NIBArchive(bytes: bytes, file: path, limits: limits)
        }
        throw NIBError(.malformed, "cannot read \(path): \(failure)", file: path,
                       hint: "the compiled storyboard is missing a nib its Info.plist or a controller names")
    }

    /// A NIB error as the screen error the storyboard's readers throw, keeping its place.
    static func screenError(_ error: NIBError) -> ScreenError {
        ScreenError(.storyboardCompiled, error.message, file: error.file, hint: error.hint, notes: error.notes, cause: DiagnosticCode(error.code.rawValue))
    }
}
