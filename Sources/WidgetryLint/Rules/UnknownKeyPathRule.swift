import WidgetryJSON

/// Every key path reads keys that exist on what it reads them from (FORMAT.md#binding.scope): a
/// binding's `from` in the element's scope (the screen's names for controller elements; for cell
/// elements their cell's elements, `defaults` and `content`, the row), a provider's
/// `sortByFields`, `groupByField` and (store providers) `masterKeyPath` on its items, a
/// binding's predicate on its source, a provider's `predicateFormat` and `filterFormat` on an object of its entity, an
/// action controller's predicate on the screen's names, a cell identifier evaluation on the
/// screen's names with `content` the row. Only what lint knows completely is checked.
struct UnknownKeyPathRule: LintRule {
    static let description = LintRuleDescription(
        id: "unknown-key-path", severity: .error,
        summary: "Key paths in bindings, predicates and providers' sort, group and master keys name keys that exist on what they read.",
        rationale: "A key that is not there reads as null, silently: the label stays empty, the predicate never matches. Names are checked against the screen's elements and objects, the entities of the data model, and what each mediating controller offers; the hint suggests the nearest name.",
        examples: [
            LintExample("a misspelt relationship of the screen's content", screen: #"""
                {"input": "Post", "elements": {"title": {"bindings": [{"from": "content.1️⃣autor.name"}]}},
                 "views": {"type": "UIView", "children": [{"id": "title", "type": "UILabel"}]}}
                """#),
            LintExample("a misspelt attribute in a provider's predicate", screen: #"""
                {"objects": {"posts": {"type": "ManagedObjectsProvider",
                  "attrs": {"entityName": "Post", "predicateFormat": "1️⃣favouritesCount > 0 AND author.2️⃣nam != nil"}}}}
                """#),
            LintExample("misspelt keys a provider sorts, groups and filters its items by", screen: #"""
                {"objects": {"posts": {"type": "ManagedObjectsProvider",
                  "attrs": {"entityName": "Post", "sortByFields": "text, 1️⃣timestmp", "groupByField": "author.2️⃣nme", "masterKeyPath": "3️⃣athor"}}}}
                """#),
            LintExample("a name the screen does not have, and a key a status does not have", screen: #"""
                {"objects": {"status": {"type": "ActionStatusController", "attrs": {"actionName": "load"}}},
                 "elements": {"spinner": {"bindings": [{"from": "1️⃣stats.inProgress"}, {"to": "hidden", "predicateFormat": "status.2️⃣isLoading == 1"}]}},
                 "views": {"type": "UIView", "children": [{"id": "spinner", "type": "UIActivityIndicatorView"}]}}
                """#),
            LintExample("a cell reading the screen's names", screen: #"""
                {"objects": {"posts": {"type": "ManagedObjectsProvider", "attrs": {"entityName": "Post"}},
                  "table": {"type": "TableDisplayController", "outlets": {"mainContentProvider": "posts", "tableView": "list"}}},
                 "elements": {"textLabel": {"bindings": [{"from": "content.text"}, {"from": "1️⃣posts.totalCount", "to": "hidden"}]}},
                 "views": {"type": "UIView", "children": [{"id": "list", "type": "UITableView",
                   "prototypes": [{"reuseIdentifier": "Cell", "children": [{"id": "textLabel", "type": "UILabel"}]}]}]}}
                """#),
            LintExample("key paths that exist, and content lint cannot type", screen: #"""
                {"objects": {"account": {"type": "ManagedObjectsProvider", "attrs": {"entityName": "User", "resultChain": ["wx_first"]}},
                  "display": {"type": "ContentDisplayController", "outlets": {"mainContentProvider": "account"}},
                  "posts": {"type": "ManagedObjectsProvider", "attrs": {"entityName": "Post", "predicateFormat": "ANY author.posts.text CONTAINS 'x' AND author.posts.@count > 1"}},
                  "load": {"type": "OnLoadActionController", "attrs": {"actionName": "load", "predicateFormat": "content.name != nil AND defaults.anything == 1"}}},
                 "elements": {"title": {"bindings": [{"from": "content.name"}, {"from": "load.status.inProgress", "to": "hidden"},
                   {"from": "posts.value.@sum.favoritesCount", "to": "tag"}, {"from": "content.posts", "predicateFormat": "SUBQUERY(SELF, $p, $p.text == 'x').@count > 0", "to": "wx_visible"}]}},
                 "views": {"type": "UIView", "children": [{"id": "title", "type": "UILabel"}]}}
                """#),
        ])

    func check(_ context: LintContext) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        for sites in context.screenSites {
            let resolver = sites.resolver
            for source in sites.sources {
                let components = KeyPathText.components(of: source.text)
                let resolution = resolver.resolve(components, on: source.scope)
                guard let problem = resolution.problem else { continue }
                let component = KeyPathText.range(ofComponent: problem.index, in: source.text)
                let written = (component.lowerBound + source.textOffset)..<(component.upperBound + source.textOffset)
                let span = source.place?.span(of: written)
                let fixIt = problem.index < components.count ? source.place?.renaming(components[problem.index], at: written, among: problem.candidates) : nil
                findings.append(Diagnostic(code: Self.description.id, severity: Self.description.severity, file: sites.screen.file,
                                           location: span?.location, length: span?.length ?? 1, pointer: source.pointer,
                                           message: problem.message, hint: problem.hint, fixIt: fixIt))
            }
            for site in sites.predicates {
                guard let analysis = site.analysis else { continue }
                for keyPath in analysis.keyPaths {
                    guard let problem = keyPath.resolution.problem, problem.index < keyPath.componentRanges.count else { continue }
                    findings.append(site.finding(Self.description, file: sites.screen.file, range: keyPath.componentRanges[problem.index],
                                                 message: problem.message, hint: problem.hint, misspelt: keyPath.components[problem.index],
                                                 among: problem.candidates))
                }
            }
        }
        return findings
    }
}
