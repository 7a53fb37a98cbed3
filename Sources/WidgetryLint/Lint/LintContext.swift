public import WidgetryHostProfile
import Foundation
public import WidgetryExpressions
public import WidgetryBundle
public import WidgetryJSON
public import WidgetryScreen
public import WidgetryServiceConfiguration
public import WidgetryModel

/// Everything rules look at, read once per bundle: the screens as the runtime reads them, the
/// data model, the service files, and the files' texts for placing findings.
public struct LintContext: Sendable {
    /// A screen of the bundle with its file.
    public struct Screen: Sendable {
        public var name: String
        /// The file as findings name it.
        public var file: String
        public var document: ScreenDocument
        /// The screen file's text, for the length of a finding's caret run.
        public var source: SourceText?
    }

    /// A service file of the bundle, read.
    public struct Service: Sendable {
        public var selection: ServiceSelection
        public var file: String
        public var configuration: ServiceConfiguration
        public var document: JSONDocument

        /// A finding at the value `pointer` names in this file, its caret run covering the token.
        public func finding(_ rule: LintRuleDescription, at pointer: JSONPointer, message: String, hint: String? = nil) -> Diagnostic {
            let location = document.location(of: pointer)
            return Diagnostic(code: rule.id, severity: rule.severity, file: file, location: location,
                              length: location.map { document.source.tokenLength(at: $0.offset) } ?? 1, pointer: pointer, message: message, hint: hint)
        }

        /// Where the member `key` of action `action` is written, else the action itself.
        public func place(of action: ServiceAction, key: String? = nil) -> (location: SourceLocation?, pointer: JSONPointer) {
            let pointer = key.map { action.pointer.appending(key: $0) } ?? action.pointer
            return (document.location(of: pointer) ?? action.location, pointer)
        }
    }

    /// A scenario of the bundle (`Tests/*.scenario.json`) that parses.
    public struct Scenario: Sendable {
        /// The file as findings name it.
        public var file: String
        public var document: JSONDocument
    }

    public let bundle: WidgetBundle
    /// Put before a bundle-relative path in findings (the folder as the user named it, with `/`).
    public let displayPrefix: String
    /// The screens that read without errors, in bundle order.
    public private(set) var screens: [Screen] = []
    /// The storyboard, in the original layout.
    public private(set) var storyboard: Storyboard?
    /// Every screen a run may open: the screen files' and the storyboard's scenes (navigation
    /// controllers included, which a segue may lead to), whether or not they read.
    public private(set) var screenNames: Set<String> = []
    /// The bundle's files that start like a program or are marked executable, scanned once for
    /// the rules about them.
    let runnableFiles: [(path: String, kind: BundleFileKinds.Kind)]
    public private(set) var model: EntityModel?
    /// The service files that read without errors: stub, then dev, then prod.
    public private(set) var services: [Service] = []
    /// The bundle's scenario files (`Tests/*.scenario.json`), relative to its root, sorted:
    /// every one lint reads, whether it parses or not.
    public private(set) var scenarioPaths: [String] = []
    /// The scenarios that parse, in name order (one that does not is reported by `validate`
    /// and `test`).
    public private(set) var scenarios: [Scenario] = []
    /// What reading the files found, by kind of file; rules report these.
    public private(set) var modelErrors: [ModelError] = []
    public private(set) var serviceErrors: [ServiceConfigurationError] = []
    public private(set) var screenErrors: [ScreenError] = []
    /// The transformers a binding may use: the built-in ones and those the service files define.
    public private(set) var transformers = BindingTransformerRegistry()
    /// Their names.
    public var transformerNames: Set<String> { Set(transformers.names) }
    /// Each screen's predicates and bindings with their types, worked out once for every rule.
    private(set) var screenSites: [ScreenSites] = []
    /// The screens a segue of some screen leads to: of every screen, also in a context
    /// ``restricted(to:)`` fewer.
    private(set) var segueDestinations: Set<String> = []
    private var scenarioNamesOnce = WorkedOutOnce<ScenarioNames>()
    /// What the bundle's scenarios may name, gathered from every screen, for the rules about
    /// scenarios.
    var scenarioNames: ScenarioNames {
        scenarioNamesOnce.value { ScenarioNames(self) }
    }

    /// Takes `names` as what the scenarios may name, worked out from an earlier context's parts.
    mutating func use(scenarioNames names: ScenarioNames) {
        scenarioNamesOnce = WorkedOutOnce(names)
    }

    /// How the bundle is linted: rule levels, excluded files, allowed hosts.
    public let configuration: LintConfiguration

    /// What the host app supplies (`--profile`): its providers, host actions and computed keys
    /// are known names.
    public let profile: HostProfile

    public init(bundle: WidgetBundle, displayPrefix: String, configuration: LintConfiguration = LintConfiguration(), profile: HostProfile = HostProfile()) {
        self.init(bundle: bundle, displayPrefix: displayPrefix, configuration: configuration, profile: profile, reusing: ScreenReuse())
    }

    /// What a context may take from an earlier one rather than work out again: a screen file's
    /// reading, and a screen's sites; nil where it must be worked out.
    struct ScreenReuse {
        var document: (_ name: String) -> ScreenDocument? = { _ in nil }
        var sites: (_ name: String) -> ScreenSites? = { _ in nil }
    }

    /// The context of `bundle`, taking from `reuse` what an earlier context of it worked out.
    init(bundle: WidgetBundle, displayPrefix: String, configuration: LintConfiguration, profile: HostProfile, reusing reuse: ScreenReuse) {
        self.profile = profile
        self.bundle = bundle
        self.displayPrefix = displayPrefix
        self.configuration = configuration
        let read = (bundle.jsonFiles + [bundle.manifestFile].compactMap { $0 }).map { ($0.path, $0.document.source.bytes) }
        runnableFiles = BundleFileKinds.scan(bundle.rootPath, fileSystem: bundle.fileSystem, read: Dictionary(read, uniquingKeysWith: { first, _ in first }))
        scenarioPaths = Self.scenarioPaths(in: bundle)
        scenarios = Self.scenarios(scenarioPaths, in: bundle, displayPrefix: displayPrefix)
        if let source = bundle.model {
            do throws(ModelErrors) {
                model = try BundleModel.load(source, bundleRoot: bundle.rootPath, fileSystem: bundle.fileSystem)
            } catch {
                modelErrors = error.errors
            }
        }
        var registry = BindingTransformerRegistry()
        for (selection, file) in [(ServiceSelection.stub, bundle.stubService), (.dev, bundle.developmentService), (.prod, bundle.service)] {
            guard let file else { continue }
            do throws(ServiceConfigurationErrors) {
                let configuration = try ServiceConfigurationReader.read(file.document, file: file.path, kind: selection == .stub ? .stub : .service)
                services.append(Service(selection: selection, file: displayPrefix + file.path, configuration: configuration, document: file.document))
                registry = (try? configuration.transformers(adding: registry)) ?? registry
            } catch {
                serviceErrors += error.errors
            }
        }
        transformers = registry
        var names = bundle.screens.map(\.name)
        screenNames = Set(names)
        do throws(ScreenErrors) {
            if let storyboard = try ScreenSource.storyboard(in: bundle) {
                self.storyboard = storyboard
                screenNames.formUnion(storyboard.scenes.map(\.name))
                names += storyboard.scenes.filter { $0.kind != .navigationController }.map(\.name).filter { !names.contains($0) }
            }
        } catch {
            // No screen can be joined with a storyboard that does not read: its errors say why.
            screenErrors += error.errors
            return
        }
        let definitions = Dictionary(bundle.screens.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        for name in names {
            do throws(ScreenErrors) {
                let document = if let reused = reuse.document(name) { reused } else { try ScreenSource.document(named: name, in: bundle, storyboard: storyboard) }
                screens.append(Screen(name: name, file: displayPrefix + document.file, document: document,
                                      source: definitions[name]?.file.document.source))
            } catch {
                screenErrors += error.errors
            }
        }
        screenSites = ScreenSites.all(in: self, reusing: reuse.sites)
        segueDestinations = Set(screens.flatMap { $0.document.segues.map(\.destination) })
    }

    /// This context with only the screens named `names` (and their sites): what a rule finds
    /// in it is what it finds about those screens, and about the bundle as a whole.
    func restricted(to names: Set<String>) -> LintContext {
        var context = self
        context.scenarioNamesOnce = WorkedOutOnce()
        context.screens = names.isEmpty ? [] : screens.filter { names.contains($0.name) }
        context.screenSites = names.isEmpty ? [] : screenSites.filter { names.contains($0.screen.name) }
        return context
    }

    /// The bundle's scenario files (`Tests/*.scenario.json`), relative to its root, sorted, with
    /// those its file system holds in memory there.
    private static func scenarioPaths(in bundle: WidgetBundle) -> [String] {
        let folder = bundle.rootPath + "/" + BundleFileName.testsFolder
        var names = Set((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
        names.formUnion(bundle.fileSystem.addedNames(in: folder))
        return names.filter { $0.hasSuffix(BundleFileName.scenarioSuffix) }.sorted().map { BundleFileName.testsFolder + "/" + $0 }
    }

    /// The scenario files at `paths` that parse, read within the parser's size limit.
    private static func scenarios(_ paths: [String], in bundle: WidgetBundle, displayPrefix: String) -> [Scenario] {
        paths.compactMap { path in
            let file = displayPrefix + path
            guard let bytes = try? bundle.fileSystem.bytes(of: bundle.rootPath + "/" + path, limit: JSONParserOptions().maxDocumentBytes),
                  let document = try? JSONParser.parse(bytes, fileName: file) else { return nil }
            return Scenario(file: file, document: document)
        }
    }

    /// `file` as findings name it (under the display prefix), relative to the bundle.
    public func bundlePath(of file: String) -> String {
        file.hasPrefix(displayPrefix) ? String(file.dropFirst(displayPrefix.count)) : file
    }

    /// The screen of the file `file` (relative to the bundle); nil for a file that is no screen
    /// lint read.
    public func screen(ofFile file: String) -> Screen? {
        let named = displayPrefix + file
        return screens.first { $0.file == named }
    }

    /// The sites of the screen file `file` (relative to the bundle); nil for a file that is no
    /// screen lint read.
    func sites(ofScreenFile file: String) -> ScreenSites? {
        let named = displayPrefix + file
        return screenSites.first { $0.screen.file == named }
    }

    /// Every predicate of every screen, with the file its findings name, in bundle order.
    var predicateSites: [(file: String, site: ScreenSites.PredicateSite)] {
        screenSites.flatMap { sites in sites.predicates.map { (sites.screen.file, $0) } }
    }

    /// The profile's computed keys (`keyPaths`) by entity and key, typed by their expression:
    /// a built-in function's result type (`timeAgo(timestamp)` is a string), else unknown.
    var computedKeyTypes: [String: [String: SemanticType]] {
        profile.keyPaths.mapValues { keys in
            keys.mapValues { text in
                guard let expression = try? Expression(format: text), case .function(let name, _) = expression.syntax.kind,
                      let signature = FunctionCatalog.signature(ofBuiltIn: name) else { return .unknown }
                return SemanticType(valueKinds: signature.result.subtracting(.null))
            }
        }
    }

    /// Every action name a service file of the bundle defines.
    public var actionNames: Set<String> {
        Set(services.flatMap { $0.configuration.actions.map(\.name) })
    }

    /// The stub file, when the bundle has one that reads.
    public var stub: Service? { services.first { $0.selection == .stub } }

    /// Every action controller and status controller of every screen that names an action, with
    /// the attribute naming it (`actionName`, `elseActionName`) and where it is written.
    public var actionUses: [(screen: Screen, object: ObjectEntry, attribute: String, action: String, value: JSONValue)] {
        screens.flatMap { screen in
            screen.document.objects.flatMap { object in
                object.attrs.compactMap { attr -> (Screen, ObjectEntry, String, String, JSONValue)? in
                    guard attr.key == "actionName" || attr.key == "elseActionName", let name = attr.value.stringValue else { return nil }
                    return (screen, object, attr.key, name, attr.value)
                }
            }
        }
    }

    /// A finding at a JSON value of a screen file.
    public func finding(_ rule: LintRuleDescription, in screen: Screen, at value: JSONValue, message: String, hint: String? = nil) -> Diagnostic {
        Diagnostic(code: rule.id, severity: rule.severity, file: screen.file, location: value.location,
                   length: value.location.flatMap { location in screen.source?.tokenLength(at: location.offset) } ?? 1,
                   pointer: value.pointer, message: message, hint: hint)
    }

    /// A finding about a whole file of the bundle (`path` relative to its root), placed at its start.
    func fileFinding(_ rule: LintRuleDescription, path: String, message: String, hint: String? = nil) -> Diagnostic {
        Diagnostic(code: rule.id, severity: rule.severity, file: displayPrefix + path, location: SourceLocation(offset: 0, line: 1, column: 1),
                   pointer: nil, message: message, hint: hint)
    }

    /// A finding for a located error of a reader, its code as the rule; its caret run covers
    /// the value it is placed at (a whole string), as `run` underlines it.
    public func diagnostic<E: LocatedError>(_ error: E, severity: Diagnostic.Severity = .error) -> Diagnostic {
        var finding = error.diagnostic(severity: severity).inFile(displayPrefix + error.file)
        if let location = error.location,
           let file = (bundle.jsonFiles + [bundle.manifestFile].compactMap { $0 }).first(where: { $0.path == error.file }) {
            finding.length = file.document.source.tokenLength(at: location.offset)
        }
        return finding
    }
}
