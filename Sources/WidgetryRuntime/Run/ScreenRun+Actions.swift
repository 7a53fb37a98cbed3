import WidgetryExpressions
public import WidgetryService
import WidgetryScreen

extension ScreenRun {
    /// Runs an action controller (FORMAT.md#objects.action.perform): the action its predicate chooses, with the form's value
    /// or the controller's content, after `actionDelay`; a per-call status follows the call.
    func perform(_ actionController: ScreenObject, argument given: Value? = nil) {
        var name = actionController.attribute("actionName").stringValue
        if let format = actionController.attribute("predicateFormat").stringValue {
            do {
                let predicate = try self.predicate(format)
                if try !predicate.evaluate(with: .object(namespace), context: environment.evaluation) {
                    name = actionController.attribute("elseActionName").stringValue
                }
            } catch {
                record("\(actionController.id).predicateFormat: \(error)")
                return
            }
        }
        guard let name else { return }
        var argument = given ?? controller.content
        if given == nil, case .object(let form) = actionController.outlet("form"), let form = form as? Element {
            guard let value = formValue(form) else {
                record("\(actionController.id): a mandatory field of \(form.id ?? "the form") is empty; nothing was sent")
                return
            }
            argument = value
        }
        var sender: String?
        if case .object(let element) = actionController.outlet("sender"), let element = element as? Element { sender = element.id }
        if let handler = environment.hostHandlers.handler(for: name) {
            let call = HostCall(action: name, argument: argument, sender: sender)
            let delay = actionController.attribute("actionDelay").doubleValue ?? 0
            if delay > 0 { environment.timeline.schedule(after: delay) { handler(call) } } else { handler(call) }
            return
        }
        let status = ScreenObject(id: "\(actionController.id).status", type: .actionStatusController)
        set(status, inProgress: false, success: false, failure: false, progress: 0)
        try? status.setValue(.string(name), forKey: "actionName")
        status.setDerived("sender", sender.map(Value.string) ?? .null)
        actionController.setDerived("status", .object(status))
        if let index = perCallStatusIndex[actionController.id] {
            perCallStatuses[index] = status
        } else {
            perCallStatusIndex[actionController.id] = perCallStatuses.count
            perCallStatuses.append(status)
        }
        calledActions.insert(name)
        let delay = actionController.attribute("actionDelay").doubleValue ?? 0
        let run = { [environment] in environment.engine.perform(name, argument: argument, sender: sender) }
        if delay > 0 { environment.timeline.schedule(after: delay, run) } else { run() }
    }

    /// Cancels the call in flight of an action controller (FORMAT.md#service.cancel), for either of
    /// its action names and its sender; it ends with a `cancelled` error.
    func cancelCall(of actionController: ScreenObject) {
        var sender: String?
        if case .object(let element) = actionController.outlet("sender"), let element = element as? Element { sender = element.id }
        for key in ["actionName", "elseActionName"] {
            if let name = actionController.attribute(key).stringValue { environment.engine.cancel(name, sender: sender) }
        }
    }

    /// The value of a form (FORMAT.md#elements.forms): nil when a mandatory field has no name or no value.
    func formValue(_ form: Element) -> Value? {
        let fields = form.id.flatMap { formFields[$0] } ?? FormFields()
        var result = ValueDictionary()
        for field in fields.mandatory {
            guard let name = field.value(forKey: "wx_fieldName").stringValue, !field.value(forKey: "wx_fieldValue").isNull else { return nil }
            result[name] = field.value(forKey: "wx_fieldValue")
        }
        let policy = form.value(forKey: "dublicateKeyPolicy").stringValue ?? "overwrite"
        var optional = ValueDictionary()
        for field in fields.optional {
            guard let name = field.value(forKey: "wx_fieldName").stringValue else { continue }
            let value = field.value(forKey: "wx_fieldValue")
            guard !value.isNull else { continue }
            if policy == "join", let old = optional[name]?.stringValue, let new = value.stringValue {
                optional[name] = .string(old + "," + new)
            } else if policy != "array" || optional[name] == nil {
                optional[name] = value
            }
        }
        for (key, value) in optional where result[key] == nil { result[key] = value }
        return .dictionary(result)
    }

    /// An action's event (FORMAT.md#objects.status): the status controllers following it change, errors with a
    /// message show an alert, and the screen renders.
    public func handle(_ event: ActionEvent) {
        if event.kind == .success, let store = environment.store, started(event.action) {
            output = event.objects.compactMap { store.object($0).map { .object($0) } }
        }
        followUploads(event)
        let declared = objects.filter { $0.type == .actionStatusController }
        for status in declared + perCallStatuses where status.attribute("actionName").stringValue == event.action {
            if let owner = status.value(forKey: "sender").stringValue, let sender = event.sender, owner != sender { continue }
            switch event.kind {
            case .start: set(status, inProgress: true, success: false, failure: false, progress: 0)
            case .progress: status.setDerived("progress", .double(event.progress ?? 0))
            case .ready: set(status, inProgress: false, success: true, failure: false, progress: 1)
            case .error:
                set(status, inProgress: false, success: false, failure: true)
                // A call the user cancelled is no error to tell them about.
                if let error = event.error, error.code != .cancelled, let message = status.attribute("errorMessage").stringValue {
                    showAlert(title: status.attribute("errorTitle").stringValue ?? "Error", message: "\(message)\n\n\(error.message)")
                }
            case .success:
                continue
            }
        }
        render()
        collectChanges()
    }

    /// Whether an action controller of this screen called `action`.
    func started(_ action: String) -> Bool {
        calledActions.contains(action)
    }

    /// Takes `object` as the screen's `update` (typed flow) and renders.
    func receive(update object: Value) {
        namespace.set("update", object)
        render()
        collectChanges()
    }

    /// A named notification (`renderOn`, FORMAT.md#objects.display.render-on): display controllers that render on it render.
    /// Returns whether any does. (A render is always the whole screen, FORMAT.md#render.)
    @discardableResult
    public func post(_ notification: String) -> Bool {
        let listening = objects.contains { $0.type.isDisplayController && $0.attribute("renderOn").stringValue == notification }
        if listening {
            render()
            collectChanges()
        }
        return listening
    }

    /// Sets what a status controller derives (FORMAT.md#objects.status): its flags, and its progress when given.
    func set(_ status: ScreenObject, inProgress: Bool, success: Bool, failure: Bool, progress: Double? = nil) {
        status.setDerived("inProgress", .bool(inProgress))
        status.setDerived("isSuccess", .bool(success))
        status.setDerived("isFailure", .bool(failure))
        if let progress { status.setDerived("progress", .double(progress)) }
    }
}
