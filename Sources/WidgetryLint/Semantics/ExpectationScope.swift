import WidgetryExpressions
import WidgetryJSON
import WidgetryScreen

/// What a scenario's expectations read, as lint knows it before a run: the scenario scope
/// (WidgetryScenario's `ScenarioScope`, the JSON snapshot with `elements`, `tables` and
/// `statuses` views) as fixed keys, names the bundle's screens declare, and lists. Lint does not
/// link the runtime, so the keys are written here; a test keeps them those of a real run.
indirect enum ExpectationScope: Sendable {
    /// Anything: no key is checked on it or below it.
    case any
    /// A value with fixed keys; `what` names it in messages ("an element", "an alert").
    case record(what: String, keys: [String: ExpectationScope])
    /// Members by the names the bundle declares (`elements`, `tables`, `statuses`, `store`).
    case names(Names)
    /// A list: a key reads it on every item, a subscript takes one.
    case list(ExpectationScope)
    /// A screen's name (`screen`, each of `stack`): strings compared with it are checked.
    case screenName

    /// Members by name, and what to say of a name that is not one.
    struct Names: Sendable {
        var members: [String: ExpectationScope]
        /// The message for a missing name, before it: `no screen has an element named`.
        var missing: String
        /// What hints call the names: `elements`.
        var noun: String
        /// A hint for names that are found elsewhere (a cell's element read as the screen's).
        var elsewhere: [String: String] = [:]
    }

    /// What reading one key gave.
    enum Step {
        case found(ExpectationScope)
        /// Not there: the message, the names it may be a misspelling of, and a hint when there
        /// is something better to say than a did-you-mean.
        case missing(message: String, candidates: [String], noun: String, hint: String?)
    }

    /// Reads `key`.
    func step(_ key: String) -> Step {
        switch self {
        case .any, .screenName:
            return .found(.any)
        case .list(let item):
            let step = item.step(key)
            if case .found(let found) = step { return .found(.list(found)) }
            return step
        case .record(let what, let keys):
            if key == "self" { return .found(self) }
            if let found = keys[key] { return .found(found) }
            return .missing(message: "\(what) has no key '\(key)'", candidates: keys.keys.sorted(), noun: "keys", hint: nil)
        case .names(let names):
            if let found = names.members[key] { return .found(found) }
            return .missing(message: "\(names.missing) '\(key)'", candidates: names.members.keys.sorted(), noun: names.noun, hint: names.elsewhere[key])
        }
    }

    /// An item of the list; anything for what is not a list.
    var item: ExpectationScope {
        if case .list(let item) = self { return item }
        return .any
    }
}

extension ExpectationScope {
    /// The keys every element answers in a scenario, beside the properties its kind displays.
    static let elementKeys = ["value", "visible", "enabled", "type", "placeholder"]

    /// The scope of a scenario of a bundle with `names`.
    static func root(_ names: ScenarioNames) -> ExpectationScope {
        func record(_ what: String, _ keys: [String], _ special: [String: ExpectationScope] = [:]) -> ExpectationScope {
            .record(what: what, keys: Dictionary(keys.map { ($0, special[$0] ?? .any) }) { first, _ in first })
        }
        func elementNames(_ elements: [String: Set<ElementKind>]) -> [String: ExpectationScope] {
            elements.mapValues { kinds in
                kinds.isEmpty ? .any : record("an element", elementKeys + kinds.flatMap(\.displayedProperties).map(\.rawValue))
            }
        }
        var cellOnly: [String: String] = [:]
        for (table, cells) in names.tables.sorted(by: { $0.key < $1.key }) {
            for id in cells.keys where names.elements[id] == nil && cellOnly[id] == nil {
                cellOnly[id] = "\(id) is an element of the cells of \(table): read it as tables.\(table).rows[0].elements.\(id)"
            }
        }
        let tables = names.tables.mapValues { cells -> ExpectationScope in
            let row = record("a row", ["object", "reuseIdentifier", "elements"], [
                "elements": .names(Names(members: elementNames(cells), missing: "no cell of the table has an element named", noun: "elements")),
            ])
            let section = record("a section", ["name", "rows"], ["rows": .list(row)])
            return record("a table", ["sections", "rows"], ["sections": .list(section), "rows": .list(row)])
        }
        let status = record("a status", ["inProgress", "isSuccess", "isFailure", "progress", "action"])
        let error = record("an action error", ["code", "message", "status"])
        return record("the snapshot", [
            "screen", "patchedFiles", "stack", "time", "date", "content", "dismissed", "navigation", "views", "tables", "statuses",
            "alerts", "requests", "events", "changes", "store", "problems", "elements", "maps",
        ], [
            "screen": .screenName,
            "stack": .list(.screenName),
            "elements": .names(Names(members: elementNames(names.elements), missing: "no screen has an element named", noun: "elements", elsewhere: cellOnly)),
            "tables": .names(Names(members: tables, missing: "no screen shows a table named", noun: "tables")),
            "statuses": .names(Names(members: Dictionary(names.statuses.map { ($0, status) }) { first, _ in first },
                                     missing: "no screen has a status or action controller named", noun: "statuses")),
            "store": names.entities.map { entities in
                .names(Names(members: Dictionary(entities.map { ($0, .any) }) { first, _ in first }, missing: "the data model has no entity named", noun: "entities"))
            } ?? .any,
            "alerts": .list(record("an alert", ["time", "title", "message"])),
            "requests": .list(record("a request", ["time", "action", "method", "url", "headers", "body", "signedAs", "originalURL"])),
            "events": .list(record("an event", ["time", "name", "action", "kind", "sender", "progress", "objects", "error"], ["error": error])),
            "changes": .list(record("a change", ["time", "element", "property", "old", "new"])),
            "problems": .list(record("a problem", ["code", "message", "file", "line", "column", "pointer"])),
            "maps": .list(record("a map", ["view", "controller", "markers"], ["markers": .list(record("a marker", ["title", "latitude", "longitude"]))])),
        ])
    }
}
