import WidgetryExpressions
import WidgetryStore
import WidgetryService
import WidgetryScreen

extension ScreenRun {
    /// Taps a row (FORMAT.md#objects.row-tap): the cell prototype's segue, else — with
    /// `performSegueForCells` > 0 — the segue named like the cell's reuse identifier, opens with
    /// the row's object as its content; otherwise, with `collectSelectedObjects`, the object is
    /// toggled in the controller's `selectedObjects`. A host handler named `cellSelected` is
    /// called with the object either way.
    public func tapRow(_ row: Int, section: Int = 0, of tableID: String) throws(InteractionError) {
        let (display, table) = try renderedTable(tableID)
        let cell = try self.row(row, section: section, of: table)
        var handled = false
        let prototype = prototypes[tableID]?.first { $0.reuseIdentifier == cell.reuseIdentifier }
        let performsSegues = (display.attribute("performSegueForCells").doubleValue ?? -1) > 0
        if let name = prototype?.segue ?? (performsSegues ? cell.reuseIdentifier : nil) {
            guard let segue = document.segues.first(where: { $0.id == name }) else {
                throw InteractionError("row \(row) of \(tableID) performs segue \(name), which the screen does not declare")
            }
            try navigate?(segue, cell.object)
            handled = true
        } else if display.attribute("collectSelectedObjects").isOn {
            var selected = display.value(forKey: "selectedObjects").elements ?? []
            if let index = selected.firstIndex(where: { $0 == cell.object }) {
                selected.remove(at: index)
            } else {
                selected = [cell.object]
            }
            display.setDerived("selectedObjects", .array(selected))
            handled = true
        }
        if let handler = environment.hostHandlers.handler(for: "cellSelected") {
            handler(HostCall(action: "cellSelected", argument: cell.object, sender: tableID))
            handled = true
        }
        guard handled else {
            throw InteractionError("tapping row \(row) of \(tableID) does nothing: its prototype has no segue, performSegueForCells is off and nothing collects selections")
        }
        render()
        collectChanges()
    }

    /// Pulls to refresh (FORMAT.md#objects.action.perform): the table's refresh control starts refreshing and the
    /// `TableRefreshActionController` whose sender is the table runs its action. The control
    /// stops when a binding to `refreshControl.wx_value` says so, as upstream.
    public func refresh(_ tableID: String) throws(InteractionError) {
        let table = try element(tableID)
        guard let controller = objects.first(where: { $0.type == .tableRefreshActionController && $0.outlet("sender").isObject(table) }) else {
            throw InteractionError("\(tableID) has no pull-to-refresh: no TableRefreshActionController has it as sender")
        }
        if case .object(let control) = table.value(forKey: "refreshControl") {
            try? control.setValue(true, forKey: "wx_value")
        }
        perform(controller, argument: .null)
        render()
        collectChanges()
    }

    /// Scrolls to the end of a table (FORMAT.md#objects.action.perform): its `InfiniteScrollActionController`
    /// runs with the last row's object (the first when it tracks scrolling up), unless its last
    /// call is still in progress; while the table's search is active, the search action runs
    /// again instead. Returns whether an action was started.
    @discardableResult
    public func scrollToEnd(of tableID: String) throws(InteractionError) -> Bool {
        let (display, table) = try renderedTable(tableID)
        guard let tableElement = try? element(tableID),
              let controller = objects.first(where: { $0.type == .infiniteScrollActionController && $0.outlet("sender").isObject(tableElement) }) else {
            throw InteractionError("\(tableID) does not scroll infinitely: no InfiniteScrollActionController has it as sender")
        }
        if case .object(let status) = controller.value(forKey: "status"), status.value(forKey: "inProgress").isOn { return false }
        if case .object(let searchObject) = display.outlet("searchController"), let search = searchObject as? ScreenObject,
           search.attribute("actionName").stringValue != nil, let text = search.value(forKey: "text").stringValue, !text.isEmpty {
            perform(search, argument: .dictionary(["input": .string(text)]))
            return true
        }
        let rows = table.sections.flatMap(\.rows)
        let downwards = controller.attribute("trackScrollDown").isNull || controller.attribute("trackScrollDown").isOn
        guard let edge = downwards ? rows.last : rows.first else { return false }
        perform(controller, argument: edge.object)
        render()
        collectChanges()
        return true
    }

    /// Deletes a row (FORMAT.md#objects.table.deletion): allowed when the table controller has `allowDeletion` and the row's
    /// object is the user's (its owner is the owner entity's object, FORMAT.md#model.ownership). The row collapses at
    /// once, the `deleteController` runs its action with the object, and 0.75 s later the object
    /// is deleted from the store, whatever the network said.
    public func deleteRow(_ row: Int, section: Int = 0, of tableID: String) throws(InteractionError) {
        let (display, table) = try renderedTable(tableID)
        let cell = try self.row(row, section: section, of: table)
        guard display.attribute("allowDeletion").isOn else {
            throw InteractionError("rows of \(tableID) cannot be deleted: \(display.id) does not allow deletion")
        }
        guard case .object(let object) = cell.object, let stored = object as? StoreObject, stored.store.isMine(stored) else {
            throw InteractionError("row \(row) of \(tableID) is not the user's to delete (its owner is not the signed-in account)")
        }
        collapsedRows.insert(stored.id)
        if case .object(let deleteObject) = display.outlet("deleteController"), let deleter = deleteObject as? ScreenObject {
            perform(deleter, argument: cell.object)
        }
        environment.timeline.schedule(after: 0.75) { [weak self] in
            do throws(StoreError) {
                _ = try stored.store.perform { (transaction: inout StoreTransaction) throws(StoreError) in try transaction.delete(stored.id) }
            } catch {
                self?.record("deleting \(stored.keyValueDescription): \(error)")
            }
            self?.collapsedRows.remove(stored.id)
        }
        render()
        collectChanges()
    }

    /// The display controller showing table (or collection) `tableID` and its last render.
    private func renderedTable(_ tableID: String) throws(InteractionError) -> (ScreenObject, RenderedTable) {
        for object in objects where object.type.showsRows {
            if let table = tables[object.id], table.tableID == tableID { return (object, table) }
        }
        throw InteractionError("the screen shows no table \(tableID)" + (tables.isEmpty ? "" : "; tables: " + tables.values.map(\.tableID).sorted().joined(separator: ", ")))
    }

    private func row(_ row: Int, section: Int, of table: RenderedTable) throws(InteractionError) -> RenderedTable.Row {
        guard table.sections.indices.contains(section) else {
            throw InteractionError("\(table.tableID) has \(table.sections.count) section\(table.sections.count == 1 ? "" : "s"); there is no section \(section)")
        }
        let rows = table.sections[section].rows
        guard rows.indices.contains(row) else {
            throw InteractionError("section \(section) of \(table.tableID) has \(rows.count) row\(rows.count == 1 ? "" : "s"); there is no row \(row)")
        }
        return rows[row]
    }
}
