import WidgetryExpressions
import WidgetryJSON
import WidgetryService
import WidgetryServiceConfiguration

extension WidgetHostEvent {
    /// The host's form of a run event of widget `identifier`, or nil for the notifications a
    /// host does not follow (`…Progress`, and `…Ready` of typed actions, whose `…Success` or
    /// `…Error` comes next). `configuration` tells typed actions from the others.
    init?(_ event: RunEvent, of identifier: String, configuration: ServiceConfiguration) {
        switch event {
        case .action(let action):
            switch action.kind {
            case .start:
                self = .actionStarted(identifier: identifier, action: action.action, sender: action.sender, time: action.time)
            case .success:
                self = .actionSucceeded(identifier: identifier, action: action.action, sender: action.sender, time: action.time,
                                        objects: action.objects, result: nil)
            case .ready:
                guard configuration.action(named: action.action)?.resultType == nil else { return nil }
                self = .actionSucceeded(identifier: identifier, action: action.action, sender: action.sender, time: action.time,
                                        objects: [], result: action.json)
            case .error:
                let failure = action.error.map { ActionFailure(code: $0.hostCode ?? $0.code.rawValue, message: $0.message, status: $0.status) }
                    ?? ActionFailure(code: "action.unknown-error", message: "\(action.name) carried no error")
                self = .actionFailed(identifier: identifier, action: action.action, sender: action.sender, time: action.time, error: failure)
            case .progress:
                return nil
            }
        case .navigated(let from, let to, let kind, let time):
            self = .navigated(identifier: identifier, from: from, to: to, kind: kind, time: time)
        case .alert(let screen, let alert):
            self = .alertShown(identifier: identifier, screen: screen, title: alert.title, message: alert.message, time: alert.time)
        }
    }
}

extension WidgetHostEvent.TableItems {
    /// What the tables of `screen` show, one entry per table display controller that has
    /// rendered, in document order.
    static func of(_ screen: ScreenRun) -> [WidgetHostEvent.TableItems] {
        Snapshot.tables(of: screen).map { table in
            WidgetHostEvent.TableItems(table: table.table, controller: table.controller, rows: table.rows.map(Row.init))
        }
    }
}

extension WidgetHostEvent.TableItems.Row {
    init(_ row: Snapshot.Table.Row) {
        var cells = JSONObject()
        for (id, element) in row.elements {
            var state = JSONObject()
            for (name, value) in element.state { state[name] = value.jsonValue() }
            cells[id] = JSONValue(.object(state))
        }
        let object: String
        switch row.object {
        case .object(let item): object = item.keyValueDescription
        case .string(let text): object = text
        default: object = row.object.description
        }
        self.init(object: object, reuseIdentifier: row.reuseIdentifier, cells: cells)
    }
}
