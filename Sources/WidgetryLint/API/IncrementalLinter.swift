import Foundation
import WidgetryBundle
import WidgetryHostProfile
import WidgetryJSON
import WidgetryScreen

/// ``Linter`` for a bundle linted again and again as its files change (an editor's): it keeps
/// each screen's work (the screen as read, its typed sites, and what the rules that look at one
/// screen at a time found in it) keyed by the screen file's text and by what that work depends
/// on besides, and works out again only the screens whose file or inputs changed. What it
/// finds is what ``Linter/lint(_:displayPrefix:configuration:profile:)`` finds, in the same
/// order.
///
/// The rules about one screen at a time are in three tiers of what they read besides the
/// screen: the bundle's reading (its manifest, dialect, screen names, resources and cell nibs),
/// the model too (the typed sites), and everything (the service files, the other JSON files).
/// An edit of a screen re-runs those rules on that screen only; an edit of the model re-runs
/// the sites and the last two tiers on every screen (many screens in a part for each core), one
/// of the service files the last tier. A rule of a tier that also reads something of every
/// screen (``otherScreensInput(of:in:)``) is run again on every screen when that changes.
/// The rules about the bundle as a whole run every time, but for those that read only the
/// scenarios and what they may name, whose findings are kept while neither changes. A bundle
/// with a storyboard, whose scenes join its screens, is linted whole.
struct IncrementalLinter: Sendable {
    /// What the screens' work depends on besides the screen files, by tier: each tier's key
    /// holds the one before it.
    enum Tier: Int, CaseIterable {
        case reading, sites, all
    }

    /// A screen's reading and sites, valid while its file's text is `bytes` and the tiers'
    /// inputs are those they were worked out under.
    /// One object per screen and lint that made it, so that keeping it is one reference.
    private final class ScreenWork: Sendable {
        let bytes: [UInt8]
        let document: ScreenDocument
        let sites: ScreenSites?

        init(bytes: [UInt8], document: ScreenDocument, sites: ScreenSites?) {
            self.bytes = bytes
            self.document = document
            self.sites = sites
        }
    }

    /// The screens of one lint's context: their names in order, each name's place and file, and
    /// the screens whose work is new in this lint (not taken whole from the last).
    struct ScreenOrder {
        let names: [String]
        let index: [String: Int]
        let file: [String: String]
        let fresh: [String]

        init(_ screens: [LintContext.Screen], unchanged: Set<String>) {
            names = screens.map(\.name)
            index = Dictionary(names.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
            file = Dictionary(screens.map { ($0.name, $0.file) }, uniquingKeysWith: { first, _ in first })
            fresh = names.filter { !unchanged.contains($0) }
        }
    }

    let linter: Linter
    /// What the host app supplies, the same for every lint.
    let profile: HostProfile
    /// The inputs of each tier, as of the last lint.
    private var keys: [Tier: [String: [UInt8]]] = [:]
    private var work: [String: ScreenWork] = [:]
    /// What each rule about one screen at a time found about each screen alone, by rule id and
    /// screen name.
    private var found: [String: [String: [Diagnostic]]] = [:]
    /// What each screen lets a scenario name, by screen name, and all of it together, for the
    /// rules about scenarios: an edit that changes no screen's names changes nothing of it.
    private var scenarioParts: [String: ScenarioNames.Part] = [:]
    private var scenarioNames: ScenarioNames.Part?
    /// What the rules that read only the scenarios and what they may name found, by rule id,
    /// while the scenarios' texts and those names are `scenarioInputs`.
    private var scenarioFindings: [String: [Diagnostic]] = [:]
    private var scenarioInputs: (names: ScenarioNames, texts: [String: [UInt8]])?
    /// What each rule about one screen at a time that reads the other screens read of them, by
    /// rule id (``otherScreensInput(of:in:)``).
    private var otherScreensInputs: [String: Set<String>] = [:]

    init(linter: Linter = Linter(), profile: HostProfile = HostProfile()) {
        self.linter = linter
        self.profile = profile
    }

    /// The findings for `bundle`, as ``Linter/lint(_:displayPrefix:configuration:profile:)``
    /// gives them, reusing what the last lint worked out that still holds.
    /// - Returns: the report, and the context the rules read (which completion and navigation
    ///   can read too).
    mutating func lint(_ bundle: WidgetBundle, displayPrefix: String, configuration: LintConfiguration) -> (report: DiagnosticReport, context: LintContext) {
        guard bundle.mainStoryboardPath == nil, bundle.storyboards.isEmpty, bundle.compiledStoryboards.isEmpty else {
            keys = [:]
            forget(from: .reading)
            let context = LintContext(bundle: bundle, displayPrefix: displayPrefix, configuration: configuration, profile: profile)
            return (linter.report(linter.enabledRules(configuration).flatMap { $0.check(context) }, of: context), context)
        }
        let files = Dictionary(bundle.screens.map { ($0.name, $0.file.document.source.bytes) }, uniquingKeysWith: { first, _ in first })
        let newKeys = Self.keys(of: bundle, displayPrefix: displayPrefix)
        // A tier whose inputs changed takes with it what it and the tiers after it hold.
        if let changed = Tier.allCases.first(where: { keys[$0] != newKeys[$0] }) { forget(from: changed) }
        keys = newKeys
        forget(screens: Set(work.lazy.filter { files[$0.key] != $0.value.bytes }.map(\.key)))

        let reuse = LintContext.ScreenReuse(document: { [work] name in work[name]?.document },
                                            sites: { [work] name in work[name]?.sites })
        // The screens whose work the context takes whole from the last lint's.
        let unchanged = Set(work.lazy.filter { $0.value.sites != nil }.map(\.key))
        var context = LintContext(bundle: bundle, displayPrefix: displayPrefix, configuration: configuration, profile: profile, reusing: reuse)
        if context.scenarios.isEmpty {
            // Nothing of the names is kept while no scenario reads them: the screens' parts
            // would not follow the edits made meanwhile.
            scenarioParts = [:]
            scenarioNames = nil
            scenarioInputs = nil
            scenarioFindings = [:]
        } else {
            keepScenarioNames(of: &context, unchanged: unchanged)
        }
        var sitesIndex: [String: Int] = [:]
        for index in context.screenSites.indices { sitesIndex[context.screenSites[index].screen.name] = index }
        var kept: [String: ScreenWork] = [:]
        for index in context.screens.indices {
            let name = context.screens[index].name
            if unchanged.contains(name), let same = work[name] {
                kept[name] = same
            } else if let bytes = files[name] {
                kept[name] = ScreenWork(bytes: bytes, document: context.screens[index].document, sites: sitesIndex[name].map { context.screenSites[$0] })
            }
        }
        forget(screens: Set(work.keys).subtracting(kept.keys))
        work = kept

        var findings: [Diagnostic] = []
        var restricted: [Set<String>: LintContext] = [:]
        let order = ScreenOrder(context.screens, unchanged: unchanged)
        for rule in linter.enabledRules(configuration) {
            let id = type(of: rule).description.id
            if Self.readsOnlyScenarioNames(rule), !context.scenarios.isEmpty {
                let part = scenarioFindings[id] ?? rule.check(context)
                scenarioFindings[id] = part
                findings += part
                continue
            }
            if let input = Self.otherScreensInput(of: rule, in: context), otherScreensInputs[id] != input {
                found[id] = nil
                otherScreensInputs[id] = input
            }
            guard Self.tier(of: rule) != nil, let part = screenFindings(of: rule, id: id, in: context, order: order, restricted: &restricted) else {
                findings += rule.check(context)
                continue
            }
            findings += part
        }
        return (linter.report(findings, of: context), context)
    }

    /// What `rule`, which looks at one screen at a time, finds in `context`: what it finds about
    /// the bundle as a whole, then about each screen in order, as kept where the screen's are,
    /// else by running it on the screens that lack them. Nil, and nothing kept, when a finding
    /// cannot be told to be about one of those screens. `order` is the context's screens;
    /// `restricted` holds the contexts with fewer screens already made.
    private mutating func screenFindings(of rule: any LintRule, id: String, in context: LintContext, order: ScreenOrder,
                                         restricted: inout [Set<String>: LintContext]) -> [Diagnostic]? {
        func only(_ names: Set<String>) -> LintContext {
            if let made = restricted[names] { return made }
            let made = names.count == order.names.count ? context : context.restricted(to: names)
            restricted[names] = made
            return made
        }
        let whole = rule.check(only([]))
        // Kept findings cover every screen of the last lint, and are dropped whole or with a
        // screen's work: only the screens whose work is new may lack them.
        let missing: [String]
        if let kept = found[id] { missing = order.fresh.filter { kept[$0] == nil } } else { missing = order.names }
        if !missing.isEmpty {
            // Many screens (after an edit of the model, say) are checked in a part for each core.
            let parts = Self.parts(of: missing, count: missing.count < 64 ? 1 : ProcessInfo.processInfo.activeProcessorCount)
            let contexts = parts.map { only(Set($0)) }
            let runs = contexts.count == 1 ? [rule.check(contexts[0])] : contexts.concurrentMap { rule.check($0) }
            var byFile: [String: String] = [:]
            for name in missing { if let file = order.file[name] { byFile[file] = name } }
            var added = Dictionary(missing.map { ($0, [Diagnostic]()) }, uniquingKeysWith: { first, _ in first })
            for run in runs {
                guard run.count >= whole.count, run[..<whole.count].elementsEqual(whole) else {
                    found[id] = nil
                    return nil
                }
                for finding in run[whole.count...] {
                    guard let name = byFile[finding.file] else {
                        found[id] = nil
                        return nil
                    }
                    added[name]?.append(finding)
                }
            }
            found[id, default: [:]].merge(added) { _, new in new }
        }
        // The screens with findings, in screen order: most screens have none for most rules.
        var parts: [(index: Int, findings: [Diagnostic])] = []
        for (name, findings) in found[id] ?? [:] where !findings.isEmpty {
            if let index = order.index[name] { parts.append((index, findings)) }
        }
        parts.sort { $0.index < $1.index }
        return parts.reduce(into: whole) { $0 += $1.findings }
    }

    /// Gives `context` what its scenarios may name, from the parts of the screens `unchanged`
    /// (whose readings and sites are the last lint's) as kept and the others' worked out again;
    /// all of it together as kept when no screen's part changed.
    private mutating func keepScenarioNames(of context: inout LintContext, unchanged: Set<String>) {
        var reusable = scenarioParts
        for name in scenarioParts.keys where !unchanged.contains(name) { reusable[name] = nil }
        let parts = ScenarioNames.parts(of: context, reusing: reusable)
        let same = parts.count == scenarioParts.count && parts.allSatisfy { unchanged.contains($0.name) || scenarioParts[$0.name] == $0.part }
        let all = if same, let kept = scenarioNames { kept } else { parts.reduce(into: ScenarioNames.Part()) { $0.add($1.part) } }
        scenarioParts = Dictionary(parts, uniquingKeysWith: { first, _ in first })
        scenarioNames = all
        let names = ScenarioNames(context, all: all)
        context.use(scenarioNames: names)
        let texts = Dictionary(context.scenarios.map { ($0.file, $0.document.source.bytes) }, uniquingKeysWith: { first, _ in first })
        if scenarioInputs?.names != names || scenarioInputs?.texts != texts { scenarioFindings = [:] }
        scenarioInputs = (names, texts)
    }

    /// Whether what `rule` finds comes from the scenarios and what they may name alone
    /// (``ScenarioNames``, the screens a run may open, the model's entities).
    static func readsOnlyScenarioNames(_ rule: any LintRule) -> Bool {
        rule is ScenarioNameRule || rule is ScenarioExpectationRule
    }

    /// `names` in `count` runs of about the same length, in order.
    static func parts(of names: [String], count: Int) -> [ArraySlice<String>] {
        let size = max(1, (names.count + max(count, 1) - 1) / max(count, 1))
        return stride(from: 0, to: names.count, by: size).map { names[$0..<min($0 + size, names.count)] }
    }

    /// Drops what the screens `names` hold: their readings, sites and findings.
    private mutating func forget(screens names: Set<String>) {
        guard !names.isEmpty else { return }
        for name in names { work[name] = nil }
        for id in found.keys {
            for name in names { found[id]?.removeValue(forKey: name) }
        }
    }

    /// Drops what depends on `tier`'s inputs: the readings from the first tier, the sites from
    /// the second, and the findings of the rules of `tier` and after.
    private mutating func forget(from tier: Tier) {
        if tier == .reading { work = [:] }
        if tier == .sites { work = work.mapValues { ScreenWork(bytes: $0.bytes, document: $0.document, sites: nil) } }
        for rule in linter.rules where (Self.tier(of: rule)?.rawValue ?? -1) >= tier.rawValue {
            found[type(of: rule).description.id] = nil
        }
    }

    /// The tier of a rule that looks at one screen at a time (its findings about a screen come
    /// from that screen and the tier's inputs alone); nil for a rule about the whole bundle.
    static func tier(of rule: any LintRule) -> Tier? {
        switch rule {
        case is TimerIntervalRule, is UnusedObjectRule, is UnknownScreenRule, is UnreachableScreenRule:
            .reading
        case is BindingCycleRule, is BindingTargetRule, is FunctionNotAllowedRule, is FunctionTypeRule, is PredicateSyntaxRule,
             is ToManyPathRule, is TypeMismatchRule, is UnknownVariableRule, is UnknownKeyPathRule:
            .sites
        case is ScreenLoadRule, is UnknownActionRule, is MissingStubRule:
            .all
        default:
            nil
        }
    }

    /// What a rule about one screen at a time reads of the other screens, when it reads any: its
    /// findings are kept only while that is unchanged.
    static func otherScreensInput(of rule: any LintRule, in context: LintContext) -> Set<String>? {
        rule is UnreachableScreenRule ? context.segueDestinations : nil
    }

    /// The inputs of each tier in `bundle`, by name: each tier's texts hold the tier before's.
    private static func keys(of bundle: WidgetBundle, displayPrefix: String) -> [Tier: [String: [UInt8]]] {
        func read(_ path: String) -> [UInt8] {
            (try? bundle.fileSystem.bytes(of: bundle.rootPath + "/" + path, limit: JSONParserOptions().maxDocumentBytes)) ?? []
        }
        var reading: [String: [UInt8]] = [
            " prefix": Array(displayPrefix.utf8),
            " dialect": Array(bundle.dialect.dialect.rawValue.utf8),
            " screens": Array(bundle.screens.map(\.name).joined(separator: "\n").utf8),
            " resources": Array(bundle.resources.joined(separator: "\n").utf8),
        ]
        reading[BundleFileName.jsonManifest] = bundle.manifestFile?.document.source.bytes ?? read(BundleFileName.plistManifest)
        for path in bundle.resources where path.hasSuffix(".xib") { reading[path] = read(path) }
        var sites = reading
        switch bundle.model {
        case .json(let file): sites[file.path] = file.document.source.bytes
        case .xcdatamodel(let path): sites[path] = read(path)
        case .compiled(let path): sites[path] = []
        case nil: break
        }
        var all = sites
        for file in [bundle.service, bundle.developmentService, bundle.stubService].compactMap({ $0 }) + bundle.otherJSONFiles {
            all[file.path] = file.document.source.bytes
        }
        return [.reading: reading, .sites: sites, .all: all]
    }
}
