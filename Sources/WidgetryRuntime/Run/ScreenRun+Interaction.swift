import WidgetryJSON
import WidgetryExpressions
import WidgetryService
import WidgetryScreen

/// Why an interaction could not be done.
public struct InteractionError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    /// A stable code for failures that are limits rather than mistakes (``stackDepthLimit``).
    public var code: String?

    public init(_ message: String, code: String? = nil) {
        self.message = message
        self.code = code
    }

    /// A segue past ``WidgetRun/Options/maxStackDepth``.
    public static let stackDepthLimit = "navigation.depth-limit"
    /// An interaction that caused more events than its limit
    /// (``WidgetRun/perform(_:for:eventLimit:)``).
    public static let eventLimit = "interaction.event-limit"

    public var description: String { message + (code.map { " [\($0)]" } ?? "") }
}

extension ScreenRun {
    /// Taps an element (a switch flips first): the button and bar button action controllers whose sender it is run,
    /// the action controllers whose `cancelButton` it is cancel their call in flight (FORMAT.md#service.cancel,
    /// `cancelAction`), and its `action` entry's target is performed (an action controller, the
    /// controller's own action for target `@self`, or the host handler named by the selector); a tap
    /// on a host controller's map, away from its markers, hides the map's info view.
    public func tap(_ id: String) throws(InteractionError) {
        let element = try self.element(id)
        guard element.value(forKey: "wx_disabled").doubleValue.map({ $0 == 0 }) ?? true else {
            throw InteractionError("\(id) is disabled")
        }
        var handled = false
        if element.kind == .switchControl {
            // A tap flips a switch, and its value-changed action sees the new value.
            try? element.setValue(.bool(!element.value(forKey: "on").isOn), forKey: "on")
            handled = true
        }
        for object in objects where object.type == .buttonActionController || object.type == .barButtonActionController {
            guard case .object(let sender) = object.outlet("sender"), sender === element else { continue }
            perform(object)
            handled = true
        }
        for object in objects where object.type.isActionController && object.outlet("cancelButton").isObject(element) {
            cancelCall(of: object)
            handled = true
        }
        if let action = tapActions[id] {
            if action.target == "@self", try performControllerAction(action.selector) {
                // The controller's own action (dismissAction:, nextAction:).
            } else if case .object(let target) = namespace.value(forKey: action.target), let controller = target as? ScreenObject, controller.type.isActionController {
                perform(controller)
            } else if case .object(let target) = namespace.value(forKey: action.target), let form = target as? Element, form.kind == .mediaUploadForm,
                      action.selector == "detachAction:" {
                detach(form)
            } else if let handler = environment.hostHandlers.handler(for: action.selector) {
                handler(HostCall(action: action.selector, argument: controller.content, sender: id))
            } else {
                throw InteractionError("\(id)'s action calls \(action.selector) on \(action.target), which no action controller or host handler answers")
            }
            handled = true
        }
        if let name = segues[id], let segue = document.segues.first(where: { $0.id == name }) {
            // The destination gets this screen's content (FORMAT.md#screen.segue, deriveSegueContent),
            // or the content of the content display view the element is in.
            try navigate?(segue, segueContent(of: element))
            handled = true
        }
        if tapMap(element) {
            // A tap on a map away from its markers (FORMAT.md#profile.map.taps).
            handled = true
        }
        guard handled else {
            throw InteractionError("tapping \(id) does nothing: no action controller has it as sender or cancel button, no action and no segue")
        }
        render()
        collectChanges()
    }

    /// Types `text` into a text field, text view or search bar (replacing what it held). Search
    /// controllers whose sender it is filter their provider after `filterThrottleInterval` and
    /// run their action with `{"input": text}` after `actionThrottleInterval` (FORMAT.md#objects.search), each timer
    /// restarted by every change.
    public func type(_ text: String, into id: String) throws(InteractionError) {
        let element = try self.element(id)
        guard [.textField, .textView, .searchBar].contains(element.kind) else {
            throw InteractionError("\(id) is a \(element.kind.typeName); text goes into text fields, text views and search bars")
        }
        do throws(KeyValueError) {
            try element.setValue(.string(text), forKey: "text")
        } catch {
            throw InteractionError("\(id): \(error)")
        }
        for search in objects where search.type == .searchActionController {
            guard case .object(let sender) = search.outlet("sender"), sender === element else { continue }
            search.setDerived("text", .string(text))
            scheduleSearch(search, text: text)
        }
        // Text inputs tell their observers of every change, as UIKit's editing-changed events
        // do: bindings that read the input (a button disabled while a field is empty) follow
        // each keystroke, not only return.
        render()
        collectChanges()
    }

    /// Presses return (the search button) in a search bar or text input: search controllers
    /// whose sender it is and that search on return filter and run their action at once (FORMAT.md#objects.search).
    /// Returns whether one did.
    @discardableResult
    public func pressReturn(in id: String) throws(InteractionError) -> Bool {
        let element = try self.element(id)
        var searched = false
        for search in objects where search.type == .searchActionController && search.outlet("sender").isObject(element) {
            guard search.attribute("searchOnReturn").isNull || search.attribute("searchOnReturn").isOn else { continue }
            let text = element.value(forKey: "text").stringValue ?? ""
            searchGenerations[search.id] = (searchGenerations[search.id] ?? 0) + 1
            filter(search, text: text)
            if search.attribute("actionName").stringValue != nil, !text.isEmpty {
                perform(search, argument: .dictionary(["input": .string(text)]))
            }
            searched = true
        }
        render()
        collectChanges()
        return searched
    }

    private func scheduleSearch(_ search: ScreenObject, text: String) {
        let generation = (searchGenerations[search.id] ?? 0) + 1
        searchGenerations[search.id] = generation
        let filterDelay = search.attribute("filterThrottleInterval").doubleValue ?? 0.5
        let actionDelay = search.attribute("actionThrottleInterval").doubleValue ?? 0.5
        environment.timeline.schedule(after: filterDelay) { [weak self] in
            guard let self, searchGenerations[search.id] == generation else { return }
            filter(search, text: text)
            render()
            collectChanges()
        }
        environment.timeline.schedule(after: actionDelay) { [weak self] in
            guard let self, searchGenerations[search.id] == generation, search.attribute("actionName").stringValue != nil else { return }
            let minimum = Int(search.attribute("minimumTextLength").integerValue ?? 1)
            guard text.count >= minimum else { return }
            perform(search, argument: .dictionary(["input": .string(text)]))
        }
    }

    /// Sets the search's filter on its provider; empty text removes it.
    private func filter(_ search: ScreenObject, text: String) {
        guard let provider = searchProvider(search) else { return }
        do throws(KeyValueError) {
            try provider.setValue(search.attribute("filterFormat"), forKey: "filterFormat")
            try provider.setValue(text.isEmpty ? .null : .string(text), forKey: "searchString")
        } catch {
            record("\(search.id): \(error)")
        }
        requestItems(of: provider, for: text)
    }

    /// The provider a search controller filters: its `contentProvider`, else the main provider
    /// of the display controller that names it as `searchController`.
    private func searchProvider(_ search: ScreenObject) -> ScreenObject? {
        if case .object(let provider) = search.outlet("contentProvider"), let provider = provider as? ScreenObject { return provider }
        for display in objects where display.type.isDisplayController {
            guard case .object(let named) = display.outlet("searchController"), named === search,
                  case .object(let provider) = display.outlet("mainContentProvider") else { continue }
            return provider as? ScreenObject
        }
        return nil
    }

    func element(_ id: String) throws(InteractionError) -> Element {
        guard case .object(let object) = namespace.value(forKey: id), let element = object as? Element else {
            let hint = Suggestion.hint(for: id, among: Array(Set(elements.map(\.id))).sorted(), noun: "elements")
            throw InteractionError("the screen has no element \(id)" + (hint.map { "; \($0)" } ?? ""))
        }
        return element
    }
}
