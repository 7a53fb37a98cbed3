import WidgetryExpressions
import WidgetryHostProfile
import WidgetryService
import WidgetryStore
import WidgetryScreen
import WidgetryJSON

/// Runs a host profile's actions (``HostProfile/actions``) on a widget's run: each is
/// registered as a host handler by its name, and its built-in steps run in order when the
/// bundle calls it. A step that cannot run is recorded among the screen's problems, located at
/// the profile, and the steps after it do not run.
struct HostStepRunner {
    let actions: [String: [HostStep]]
    let profileFile: String
    /// How deep host actions may perform each other (`perform` of a host action).
    static let maxDepth = 16

    /// Registers every action of `profile` with `run`.
    static func install(_ profile: HostProfile, on run: WidgetRun) {
        let runner = HostStepRunner(actions: profile.actions, profileFile: profile.file ?? "host profile")
        for name in profile.actions.keys {
            run.hostHandlers.register(name) { [weak run] call in
                guard let run else { return }
                runner.perform(name, call, on: run, depth: 0)
            }
        }
    }

    /// Runs the steps of host action `name`, then calls `done` with false when one failed
    /// (recorded), so a host action that performs it stops too. A step that waits for the
    /// service (``HostStep/oauth1SignIn``) runs the steps after it once it is done.
    func perform(_ name: String, _ call: HostCall, on run: WidgetRun, depth: Int, then done: @escaping (Bool) -> Void = { _ in }) {
        perform(ArraySlice(actions[name] ?? []), of: name, call, on: run, depth: depth, then: done)
    }

    private func perform(_ steps: ArraySlice<HostStep>, of name: String, _ call: HostCall, on run: WidgetRun, depth: Int,
                         then done: @escaping (Bool) -> Void) {
        var rest = steps
        let failed = { [weak run] (step: HostStep, message: String, hint: String?) in
            run?.screen.record("host action \(name), step \(step.name): \(message)", hint: hint ?? "the step comes from \(profileFile)")
            done(false)
        }
        let goOn = { [weak run] in
            guard let run else { return }
            perform(rest, of: name, call, on: run, depth: depth, then: done)
        }
        while let step = rest.popFirst() {
            switch step {
            case .oauth1SignIn:
                return run.engine.signInWithOAuth1(as: name, sender: call.sender) { outcome in
                    switch outcome {
                    case .success: goOn()
                    case .failure(let error): failed(step, error.message + (error.status.map { " (HTTP \($0))" } ?? "") + " [\(error.code.rawValue)]", error.hint)
                    }
                }
            case .perform(let action) where actions[action] != nil:
                guard depth < Self.maxDepth else {
                    return failed(step, "host actions perform each other more than \(Self.maxDepth) deep (\(action) again?)", nil)
                }
                let forwarded = HostCall(action: action, argument: call.argument, sender: call.sender)
                return perform(action, forwarded, on: run, depth: depth + 1) { succeeded in
                    if succeeded { goOn() } else { failed(step, "\(action) failed", nil) }
                }
            default:
                do throws(StepFailure) {
                    try perform(step, call, on: run)
                } catch {
                    return failed(step, error.message, nil)
                }
            }
        }
        done(true)
    }

    private struct StepFailure: Error {
        var message: String
    }

    /// Runs a step that is done when it returns.
    private func perform(_ step: HostStep, _ call: HostCall, on run: WidgetRun) throws(StepFailure) {
        switch step {
        case .signIn:
            run.engine.signInUser()
        case .signOut(let clearing):
            run.engine.signOutUser()
            try clearOwnerObjects(and: clearing, in: run)
        case .postNotification(let notification):
            for screen in run.stack { screen.post(notification) }
        case .setDefault(let key, .json(let value)):
            run.defaults.setValue(Value(json: value), forKey: key)
        case .setDefault(let key, .expression(let text)):
            run.defaults.setValue(try evaluate(text, for: call, on: run), forKey: key)
        case .updateObjects(let entity, let predicate, let values):
            try update(entity, matching: predicate, with: values, in: run)
        case .perform(let action):
            let forwarded = HostCall(action: action, argument: call.argument, sender: call.sender)
            if let handler = run.hostHandlers.handler(for: action) {
                handler(forwarded)
            } else {
                run.engine.perform(action, argument: call.argument, sender: call.sender)
            }
        case .scrollToTop:
            // A headless table shows every row: there is no scroll offset to reset.
            break
        case .dismiss:
            try? run.screen.controller.setValue(.bool(true), forKey: "wx_dismissed")
            run.settle()
        case .oauth1SignIn:
            // Waits for the service: run by perform(_:of:_:on:depth:then:).
            break
        }
    }

    /// The value of `text` over the call: `sender` (the element), `argument`, `defaults`.
    private func evaluate(_ text: String, for call: HostCall, on run: WidgetRun) throws(StepFailure) -> Value {
        let expression: Expression
        do throws(PredicateSyntaxError) { expression = try Expression(format: text) } catch { throw StepFailure(message: "\(error)") }
        var scope = ValueDictionary()
        scope["sender"] = call.sender.map { run.screen.namespace.value(forKey: $0) } ?? .null
        scope["argument"] = call.argument
        scope["defaults"] = .object(run.defaults)
        do throws(EvaluationError) {
            return try expression.evaluate(with: .dictionary(scope), context: EvaluationContext(now: run.timeline.date))
        } catch {
            throw StepFailure(message: "\(text): \(error)")
        }
    }

    private func update(_ entity: String, matching format: String?, with values: JSONObject, in run: WidgetRun) throws(StepFailure) {
        guard let store = run.store else { throw StepFailure(message: "the bundle has no data model") }
        guard store.model.entity(named: entity) != nil else { throw StepFailure(message: "the model has no entity \(entity)") }
        var predicate: Predicate?
        if let format {
            do throws(PredicateSyntaxError) { predicate = try Predicate(format: format) } catch { throw StepFailure(message: "\(error)") }
        }
        var matching: [ObjectID] = []
        for object in store.objects(of: entity) {
            do throws(EvaluationError) {
                if try predicate?.evaluate(with: .object(object), context: EvaluationContext(now: run.timeline.date)) ?? true { matching.append(object.id) }
            } catch {
                throw StepFailure(message: "\(format ?? ""): \(error)")
            }
        }
        do throws(StoreError) {
            _ = try store.perform { (transaction: inout StoreTransaction) throws(StoreError) in
                for id in matching {
                    for member in values { try transaction.setAttribute(member.key, to: Value(json: member.value), of: id) }
                }
            }
        } catch {
            throw StepFailure(message: error.message)
        }
    }

    /// Deletes the owner entity's objects, the objects they own (``ObjectStore/isMine(_:)``)
    /// and every object of `entities`, in one transaction.
    private func clearOwnerObjects(and entities: [String], in run: WidgetRun) throws(StepFailure) {
        guard let store = run.store else { return }
        let owners = store.model.entities.filter(\.isOwnerEntity).map(\.name)
        let owned = store.model.entities.filter { $0.ownerRelationship != nil }.flatMap { store.objects(of: $0.name, includingDescendants: false) }
            .filter { store.isMine($0) }.map(\.id)
        do throws(StoreError) {
            _ = try store.perform { (transaction: inout StoreTransaction) throws(StoreError) in
                for id in owned where transaction.entity(of: id) != nil { try transaction.delete(id) }
                // An empty list would clear every entity.
                if !(owners + entities).isEmpty { try transaction.clear(owners + entities) }
            }
        } catch {
            throw StepFailure(message: error.message)
        }
    }
}
