public import WidgetryExpressions
import WidgetryService
import WidgetryServiceConfiguration
import WidgetryStore
public import WidgetryScreen

/// A table as the last render left it: sections of rows, each row a cell made from a prototype.
public struct RenderedTable {
    public struct Row {
        /// The row's object (a store object's id when it is one).
        public var object: Value
        public var reuseIdentifier: String
        /// The cell's identified elements, in prototype order.
        public var elements: [(id: String, element: Element)]
    }

    public struct Section {
        public var name: String
        public var rows: [Row]
    }

    /// The id of the table element.
    public var tableID: String
    public var sections: [Section]
}

extension ScreenRun {
    /// The end of FORMAT.md#screen.load-order, the first appearance: providers fetch, on-load actions are scheduled
    /// for the next turn, and the screen renders.
    func setUp() {
        if let store = environment.store, objects.contains(where: { $0.type == .managedObjectsProvider || $0.type == .managedObjectsCollection }) {
            // Store-backed providers follow every save (FORMAT.md#objects.managed), whoever makes it: the save asks
            // the timeline for a render, which happens as the run's next event.
            let saves = storeSaves
            let trigger = environment.timeline.trigger { [weak self] in
                // A save an event's own render already showed needs no second render.
                guard let self, saves.count != savesRendered else { return }
                render()
                collectChanges()
            }
            storeObservation = store.observe { _ in
                saves.increment()
                trigger.fire()
            }
        }
        for object in objects where object.type.isActionController {
            // Upstream's ActionController.setup: the media form it has as `form` sends with it.
            guard case .object(let target) = object.outlet("form"), let form = target as? Element, form.kind == .mediaUploadForm,
                  form.value(forKey: "actionController").isNull else { continue }
            try? form.setValue(.object(object), forKey: "actionController")
        }
        for object in objects where object.type == .onLoadActionController {
            environment.timeline.schedule(after: 0) { [weak self] in self?.perform(object) }
        }
        for object in objects where object.type == .timerActionController {
            scheduleTimer(object)
        }
        for object in objects where object.type == .tableRefreshActionController {
            // It installs a pull-to-refresh control on its sender table (FORMAT.md#objects.action.perform).
            guard case .object(let sender) = object.outlet("sender"), let table = sender as? Element,
                  let control = try? Element(id: nil, kind: .refreshControl) else { continue }
            do throws(KeyValueError) {
                try table.install(refreshControl: control)
            } catch {
                record("\(object.id): \(error)")
            }
        }
        for object in objects where object.type == .actionStatusController {
            set(object, inProgress: false, success: false, failure: false, progress: 0)
        }
        render()
        // What the screen shows when it first appears is its starting state, not a change.
        collectChanges()
        changes.removeAll()
    }

    /// A timer fires every `interval` seconds (default 60, at least 1 ms), the first time one
    /// interval after setup, for as long as the run goes on; neither it nor the calls it starts
    /// keep a run until idle going (they are background work). A tick while the timer's status
    /// shows its last call underway starts nothing, so a short interval does not pile calls up.
    private func scheduleTimer(_ timer: ScreenObject) {
        let interval = max(timer.attribute("interval").doubleValue ?? 60, 0.001)
        environment.timeline.schedule(after: interval, background: true) { [weak self] in
            guard let self else { return }
            if !callIsUnderway(timer) { perform(timer) }
            scheduleTimer(timer)
        }
    }

    /// Whether the last call `controller` started has neither succeeded nor failed yet (its
    /// status is made when the call is asked for, before any `actionDelay`).
    private func callIsUnderway(_ controller: ScreenObject) -> Bool {
        guard case .object(let status) = controller.value(forKey: "status") else { return false }
        return !status.value(forKey: "isSuccess").isOn && !status.value(forKey: "isFailure").isOn
    }

    /// A full refresh (FORMAT.md#render): providers fetch, display controllers render, every binding of the
    /// screen and of every cell is evaluated, in document order, the screen's until they settle
    /// (``applyBindings()``).
    public func render() {
        savesRendered = storeSaves.count
        placeholders.removeAll(keepingCapacity: true)
        for object in objects where object.type.isProvider { fetch(object) }
        for object in objects where object.type == .contentDisplayController {
            if case .object(let provider) = object.outlet("mainContentProvider"), let provider = provider as? ScreenObject {
                controller.content = provider.value(forKey: "value")
                namespace.set("content", controller.content)
            }
        }
        for object in objects where object.type.showsRows { renderTable(object) }
        applyBindings()
    }

    // MARK: Providers

    /// Fetches a provider's items (FORMAT.md#objects.provider) and derives `value` (through its result chain),
    /// `allItems`, `isEmpty`, `totalCount`, `sectionsCount` and the sections tables show.
    private func fetch(_ provider: ScreenObject) {
        var sections: [(name: String, items: [Value])]
        switch provider.type {
        case .managedObjectsProvider, .managedObjectsCollection:
            guard let fetched = fetchFromStore(provider) else { return }
            sections = fetched
        case .itemsCollection:
            let master = provider.attribute("masterObject")
            guard let keyPath = provider.attribute("masterKeyPath").stringValue, !master.isNull else {
                sections = []
                break
            }
            let items = (try? master.value(forKeyPath: keyPath))?.elements ?? []
            sections = [("", filteredAndSorted(items, provider))]
        case .jsonFileDataProvider:
            let name = (provider.attribute("fileName").stringValue ?? "") + ".json"
            guard let root = environment.jsonFiles[name] else {
                record("\(provider.id) reads \(name), which the bundle does not have")
                return
            }
            let items = root.arrayValue.map { $0.map { Value(json: $0) } } ?? [Value(json: root)]
            sections = [("", filteredAndSorted(items, provider))]
        default:
            sections = requestedItems[provider.id].map { [("", filteredAndSorted($0, provider))] } ?? []
        }
        let allItems = sections.flatMap(\.items)
        var value = Value.array(allItems)
        if let chain = resultChains[provider.id] {
            do throws(EvaluationError) {
                value = try chain.apply(to: value)
            } catch {
                record("\(provider.id).resultChain: \(error)")
                value = .null
            }
        }
        if provider.type == .managedObjectsCollection {
            // The collection holds what an equivalent provider's value is: an array, or the one value.
            let items = value.elements ?? (value.isNull ? [] : [value])
            sections = [("", items)]
            value = .array(items)
        }
        let items = sections.flatMap(\.items)
        provider.setDerived("allItems", .array(items))
        provider.setDerived("totalCount", .int(Int64(items.count)))
        provider.setDerived("isEmpty", .bool(items.isEmpty))
        provider.setDerived("sectionsCount", .int(Int64(sections.count)))
        provider.setDerived("value", value)
        provider.setDerived("sections", .array(sections.map { Value.array($0.items) }))
        provider.setDerived("sectionNames", .array(sections.map { .string($0.name) }))
    }

    /// A store fetch (FORMAT.md#objects.managed): the entity filtered by the AND of `predicateFormat`,
    /// `masterKeyPath == masterObject` and `filterFormat` while searching, sorted, sectioned.
    private func fetchFromStore(_ provider: ScreenObject) -> [(name: String, items: [Value])]? {
        guard let store = environment.store, let entity = provider.attribute("entityName").stringValue else { return nil }
        var formats: [String] = []
        if let format = provider.attribute("predicateFormat").stringValue { formats.append("(\(format))") }
        if let keyPath = provider.attribute("masterKeyPath").stringValue, !provider.attribute("masterObject").isNull {
            formats.append("(\(keyPath) == $masterObject)")
        }
        if let filter = provider.attribute("filterFormat").stringValue, let search = provider.attribute("searchString").stringValue, !search.isEmpty {
            formats.append("(\(filter))")
        }
        var request = FetchRequest(entity: entity)
        do {
            if !formats.isEmpty { request.predicate = try predicate(formats.joined(separator: " AND ")) }
        } catch {
            record("\(provider.id): the predicate does not parse: \(error)")
            return nil
        }
        request.context = EvaluationContext(variables: ["masterObject": provider.attribute("masterObject"),
                                                        "input": provider.attribute("searchString")], now: environment.evaluation.now)
        request.sortDescriptors = sortDescriptors(provider)
        request.sectionKeyPath = provider.attribute("groupByField").stringValue
        do throws(EvaluationError) {
            return try store.fetchObjectSections(request).map { section in (section.name, section.objects.map(Value.object)) }
        } catch {
            record("\(provider.id): \(error)")
            return nil
        }
    }

    private func sortDescriptors(_ provider: ScreenObject) -> [FetchRequest.SortDescriptor] {
        let ascending = provider.attribute("sortAscending").doubleValue.map { $0 != 0 } ?? true
        return (provider.attribute("sortByFields").stringValue ?? "").split(separator: ",")
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            .map { FetchRequest.SortDescriptor($0, ascending: ascending) }
    }

    /// Items in memory (ItemsCollection, JSONFileDataProvider, a host provider's request): `predicateFormat` applied, then
    /// sorted as a store fetch sorts.
    private func filteredAndSorted(_ items: [Value], _ provider: ScreenObject) -> [Value] {
        var kept = items
        if let format = provider.attribute("predicateFormat").stringValue {
            do {
                let predicate = try self.predicate(format)
                var filtered: [Value] = []
                for item in items where try predicate.evaluate(with: item, context: environment.evaluation) { filtered.append(item) }
                kept = filtered
            } catch {
                record("\(provider.id).predicateFormat: \(error)")
            }
        }
        let descriptors = sortDescriptors(provider)
        guard !descriptors.isEmpty else { return kept }
        let keyPaths = descriptors.map { KeyPathProgram($0.keyPath) }
        let keys = kept.flatMap { item in keyPaths.map { (try? $0.evaluate(on: item)) ?? .null } }
        return SortOrder.positions(of: kept.count, sortedBy: keys, ascending: descriptors.map(\.ascending)).map { kept[$0] }
    }

    // MARK: Tables

    private func renderTable(_ display: ScreenObject) {
        guard let outlet = display.type.rowsOutlet, case .object(let tableObject) = display.outlet(outlet), let table = tableObject as? Element,
              let tableID = table.id else {
            record("\(display.id) has no table or collection outlet")
            return
        }
        guard case .object(let providerObject) = display.outlet("mainContentProvider"), let provider = providerObject as? ScreenObject else {
            tables[display.id] = RenderedTable(tableID: tableID, sections: [])
            return
        }
        let names = provider.value(forKey: "sectionNames").elements?.compactMap(\.stringValue) ?? [""]
        let sectionItems = provider.value(forKey: "sections").elements ?? []
        var sections: [RenderedTable.Section] = []
        var rendering = TableRendering(display: display, tableID: tableID,
                                       reuseIdentifier: display.attribute("cellIdentifier").stringValue ?? "Cell",
                                       cellIdentifier: evaluations[display.id]?["cellIdentifier"], environment: environment)
        for (index, items) in sectionItems.enumerated() {
            var shown = items.elements ?? []
            if !collapsedRows.isEmpty {
                shown.removeAll { item in
                    guard case .object(let object) = item, let stored = object as? StoreObject else { return false }
                    return collapsedRows.contains(stored.id)
                }
            }
            let rows = shown.map { makeRow(for: $0, in: &rendering) }
            sections.append(RenderedTable.Section(name: index < names.count ? names[index] : "", rows: rows))
        }
        tables[display.id] = RenderedTable(tableID: tableID, sections: sections)
        if case .object(let empty) = display.outlet("emptyDataView") {
            let total = provider.value(forKey: "totalCount").integerValue ?? 0
            try? empty.setValue(.bool(total > 0), forKey: "hidden")
        }
    }

    /// A cell for `object`: the prototype its reuse identifier names, made anew, its entries'
    /// attributes and bindings applied in the cell's own scope (FORMAT.md#binding.scope).
    private func makeRow(for object: Value, in table: inout TableRendering) -> RenderedTable.Row {
        var reuseIdentifier = table.reuseIdentifier
        if let evaluation = table.cellIdentifier {
            do throws(BindingError) {
                let value = try evaluation.evaluate(in: .object(namespace.copy(content: object)), context: table.context,
                                                    transformerContext: table.transformerContext)
                if let text = value.stringValue { reuseIdentifier = text } else { record("\(table.display.id).evals.cellIdentifier gave \(value.typeName), not a string") }
            } catch {
                record(error)
            }
        }
        guard let plan = table.plan(for: reuseIdentifier, in: self) else {
            record("table \(table.tableID) has no cell prototype \(reuseIdentifier)")
            return RenderedTable.Row(object: object, reuseIdentifier: reuseIdentifier, elements: [])
        }
        var cellElements: [(id: String, element: Element)] = []
        cellElements.reserveCapacity(plan.identified)
        for node in plan.nodes { _ = Self.makeElement(node, identified: &cellElements) }
        let scope = Value.dictionary(plan.scope(cellElements, defaults: table.defaults, content: object))
        let aligned = cellElements.count == plan.identified
        for (position, (id, element)) in cellElements.enumerated() {
            guard let entry = aligned ? plan.entries[position] : cellEntries[id] else { continue }
            for attribute in entry.attributes {
                do throws(KeyValueError) {
                    try element.setValue(attribute.value, forKey: attribute.key)
                } catch {
                    record("\(id): \(error)")
                }
            }
            for index in entry.bindings.indices {
                apply(entry.bindings[index], to: element, in: scope, context: table.context, transformerContext: table.transformerContext)
            }
        }
        return RenderedTable.Row(object: object, reuseIdentifier: reuseIdentifier, elements: cellElements)
    }

    /// The element of a cell's `node`, its children made first; each one with an identifier is
    /// appended to `identified`. Nil when the node's initial properties do not fit its kind.
    private static func makeElement(_ node: CellPlan.Node, identified: inout [(id: String, element: Element)]) -> Element? {
        var children: [Element] = []
        if !node.children.isEmpty {
            children.reserveCapacity(node.children.count)
            for child in node.children {
                if let element = makeElement(child, identified: &identified) { children.append(element) }
            }
        }
        guard let element = try? Element(id: node.id, kind: node.kind, properties: node.properties, children: children,
                                         logsChanges: false) else { return nil }
        if let id = node.id { identified.append((id, element)) }
        return element
    }
}

/// What every row of one table's render shares, looked up once rather than per row: the reuse
/// identifier the display controller gives, its `cellIdentifier` evaluation, the run's contexts
/// and defaults, and the plan of the prototype the last row used.
private struct TableRendering {
    let display: ScreenObject
    let tableID: String
    let reuseIdentifier: String
    let cellIdentifier: CompiledBinding?
    let context: EvaluationContext
    let transformerContext: TransformerContext
    let defaults: Value
    private var last: (reuseIdentifier: String, plan: CellPlan)?

    init(display: ScreenObject, tableID: String, reuseIdentifier: String, cellIdentifier: CompiledBinding?,
         environment: WidgetEnvironment) {
        self.display = display
        self.tableID = tableID
        self.reuseIdentifier = reuseIdentifier
        self.cellIdentifier = cellIdentifier
        context = environment.evaluation
        transformerContext = environment.transformerContext
        defaults = .object(environment.defaults)
    }

    /// The plan of the prototype named `reuseIdentifier`; nil when the table has none.
    mutating func plan(for reuseIdentifier: String, in run: ScreenRun) -> CellPlan? {
        if let last, last.reuseIdentifier == reuseIdentifier { return last.plan }
        guard let prototype = run.prototypes[tableID]?.first(where: { $0.reuseIdentifier == reuseIdentifier }) else { return nil }
        let plan = run.cellPlan(tableID: tableID, prototype: prototype)
        last = (reuseIdentifier, plan)
        return plan
    }
}
