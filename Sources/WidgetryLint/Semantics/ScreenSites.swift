import Foundation
import WidgetryBundle
import WidgetryExpressions
import WidgetryJSON
import WidgetryScreen

/// Where a screen writes predicates, source key paths and binding targets, each with the place
/// of its string in the file and what it is evaluated on (FORMAT.md#objects, FORMAT.md#binding.scope): the input
/// of the semantic rules.
struct ScreenSites: Sendable {
    /// A `predicateFormat` or `filterFormat`.
    struct PredicateSite: Sendable {
        var text: String
        /// The string in the file; nil when lint cannot place it (then `location` is the
        /// nearest place it can).
        var place: JSONStringPlace?
        var location: SourceLocation?
        var pointer: JSONPointer
        /// What `SELF` is when it is evaluated.
        var subject: SemanticType
        /// The variables the caller gives it.
        var variables: [String: SemanticType]
        /// What it is, for messages (`predicateFormat`, `filterFormat`).
        var key: String
        /// The text parsed as the runtime parses it (no format arguments), or the parser's
        /// error: parsed once, read by every rule.
        var parsed: Result<WidgetryExpressions.Predicate, PredicateSyntaxError>
        /// The typed reading of the predicate; nil when it does not parse.
        var analysis: PredicateAnalysis?
    }

    /// A key path read from a scope: a binding's `from` from the element's, a provider's
    /// `sortByFields` (each key of the list), `groupByField` or `masterKeyPath` from its items.
    struct SourceSite: Sendable {
        var text: String
        var place: JSONStringPlace?
        var pointer: JSONPointer
        var scope: SemanticType
        /// Where `text` starts in the string `place` holds (a key of a comma-separated list).
        var textOffset = 0
    }

    /// The provider attributes that hold key paths on the provider's items; `sortByFields` holds
    /// a comma-separated list of them.
    static let itemKeyPathAttributes = ["sortByFields", "groupByField", "masterKeyPath"]

    /// A binding's `to` on an element or on `@self`.
    struct TargetSite {
        enum Owner {
            case element(id: String, kinds: Set<ElementKind>)
            case screenController
        }

        var text: String
        /// The `to` value; nil when the binding has none (it then targets `wx_value`).
        var value: JSONValue?
        var bindingLocation: SourceLocation?
        var pointer: JSONPointer
        var owner: Owner
    }

    let screen: LintContext.Screen
    let model: ScreenModel
    /// The screen file's text.
    let source: SourceText
    private(set) var predicates: [PredicateSite] = []
    private(set) var sources: [SourceSite] = []
    private(set) var targets: [TargetSite] = []

    var resolver: KeyPathResolver { KeyPathResolver(screen: model) }

    /// The sites of every screen of the bundle that reads, in bundle order; those `earlier`
    /// gives for a screen's name (worked out for the same screen file in the same bundle) are taken
    /// as they are.
    static func all(in context: LintContext, reusing earlier: (_ name: String) -> ScreenSites? = { _ in nil }) -> [ScreenSites] {
        var sites: [ScreenSites?] = []
        sites.reserveCapacity(context.screens.count)
        for index in context.screens.indices { sites.append(earlier(context.screens[index].name)) }
        let missing = sites.indices.filter { sites[$0] == nil }
        guard !missing.isEmpty else { return sites.map { $0! } }
        let files = Dictionary(context.bundle.screens.map { ($0.name, $0.file) }, uniquingKeysWith: { first, _ in first })
        let computedKeys = context.computedKeyTypes
        func workOut(_ index: Int) -> ScreenSites? {
            let screen = context.screens[index]
            return files[screen.name].map { ScreenSites(screen: screen, document: $0.document, context: context, computedKeys: computedKeys) }
        }
        // Each screen's sites are its own work: many (after an edit of the model) are worked
        // out on every core.
        let made = missing.count < 64 ? missing.map(workOut) : missing.concurrentMap(workOut)
        for (index, worked) in zip(missing, made) { sites[index] = worked }
        return sites.compactMap { $0 }
    }

    private init(screen: LintContext.Screen, document: JSONDocument, context: LintContext, computedKeys: [String: [String: SemanticType]]) {
        self.screen = screen
        source = document.source
        model = ScreenModel(document: screen.document, entities: context.model, namesAreOpen: context.bundle.mainStoryboardPath != nil,
                            computedKeys: computedKeys)
        let namespace = SemanticType.screenNames(content: model.contentType)
        for entry in screen.document.objects {
            let type = model.objects[entry.id].map(\.type) ?? ObjectType(rawValue: entry.type)
            for (key, value) in entry.attrs where key == "predicateFormat" || key == "filterFormat" {
                guard let text = value.stringValue else { continue }
                var subject = SemanticType.unknown
                var variables: [String: SemanticType] = [:]
                if key == "filterFormat" { variables["input"] = .value(.string) }
                if let type, model.objects[entry.id] != nil {
                    if type.isProvider {
                        subject = model.itemType(ofProvider: (entry, type))
                    } else if key == "filterFormat", type == .searchActionController {
                        subject = model.searchSubject(of: entry)
                    } else if type.isActionController {
                        subject = namespace
                    }
                }
                addPredicate(text, place: JSONStringPlace(value, in: document.source), location: value.location, pointer: value.pointer,
                             subject: subject, variables: variables, key: key)
            }
            if let type, type.isProvider, model.objects[entry.id] != nil {
                addItemKeyPaths(of: entry, type: type, document: document)
            }
            for (name, spec) in entry.evals {
                var scope = SemanticType.unknown
                if let type, type.showsRows, name == "cellIdentifier" || name == "searchCellIdentifier", model.objects[entry.id] != nil {
                    scope = .screenNames(content: model.rowType(ofDisplay: entry))
                }
                addPredicate(of: spec, subject: scope, document: document)
            }
        }
        for entry in screen.document.elements {
            let scope = model.bindingScope(ofEntry: entry.id)
            for spec in entry.bindings {
                var subject = scope ?? .unknown
                if let from = spec.from {
                    let value = document.value(at: spec.pointer.appending(key: "from"))
                    if let scope {
                        sources.append(SourceSite(text: from, place: value.flatMap { JSONStringPlace($0, in: document.source) }, pointer: spec.pointer.appending(key: "from"),
                                              scope: scope))
                    }
                    let read = resolver.resolve(KeyPathText.components(of: from), on: subject)
                    subject = read.problem == nil ? read.type : .unknown
                }
                addPredicate(of: spec, subject: subject, document: document)
                let owner: TargetSite.Owner? = entry.id == "@self" ? .screenController : model.elementKinds(ofEntry: entry.id).map { .element(id: entry.id, kinds: $0) }
                if let owner {
                    targets.append(TargetSite(text: spec.to, value: document.value(at: spec.pointer.appending(key: "to")), bindingLocation: spec.location,
                                          pointer: spec.pointer, owner: owner))
                }
            }
        }
    }

    /// The key paths a provider reads from its items (``itemKeyPathAttributes``); `masterKeyPath`
    /// only for a store provider, where it is compared with `$masterObject` on each item.
    private mutating func addItemKeyPaths(of entry: ObjectEntry, type: ObjectType, document: JSONDocument) {
        let items = model.itemType(ofProvider: (entry, type))
        for key in Self.itemKeyPathAttributes where key != "masterKeyPath" || type == .managedObjectsProvider {
            guard let value = entry.attrs.last(where: { $0.key == key })?.value, let text = value.stringValue else { continue }
            let place = JSONStringPlace(value, in: document.source)
            var offset = 0
            for part in (key == "sortByFields" ? text.split(separator: ",", omittingEmptySubsequences: false) : [Substring(text)]) {
                let leading = part.prefix { $0 == " " }.utf8.count
                let keyPath = part.trimmingCharacters(in: .whitespaces) as String
                if !keyPath.isEmpty {
                    sources.append(SourceSite(text: keyPath, place: place, pointer: value.pointer, scope: items, textOffset: offset + leading))
                }
                offset += part.utf8.count + 1
            }
        }
    }

    private mutating func addPredicate(of spec: BindingSpec, subject: SemanticType, document: JSONDocument) {
        guard let text = spec.predicateFormat else { return }
        let pointer = spec.pointer.appending(key: "predicateFormat")
        let value = document.value(at: pointer)
        addPredicate(text, place: value.flatMap { JSONStringPlace($0, in: document.source) }, location: value?.location ?? spec.location,
                     pointer: pointer, subject: subject, variables: [:], key: "predicateFormat")
    }

    /// A predicate site, parsed and typed once here so that no rule parses it again.
    private mutating func addPredicate(_ text: String, place: JSONStringPlace?, location: SourceLocation?, pointer: JSONPointer,
                                       subject: SemanticType, variables: [String: SemanticType], key: String) {
        let parsed: Result<WidgetryExpressions.Predicate, PredicateSyntaxError>
        do throws(PredicateSyntaxError) {
            parsed = .success(try WidgetryExpressions.Predicate(format: text, arguments: []))
        } catch {
            parsed = .failure(error)
        }
        var analysis: PredicateAnalysis?
        if case .success(let predicate) = parsed {
            analysis = PredicateAnalysis(predicate.syntax, text: text, subject: subject, variables: variables, resolver: resolver)
        }
        predicates.append(PredicateSite(text: text, place: place, location: location, pointer: pointer, subject: subject, variables: variables,
                                        key: key, parsed: parsed, analysis: analysis))
    }
}
