import Foundation
public import WidgetryExpressions
public import WidgetryJSON
public import WidgetryStore

/// Performs a service file's actions (§5.4): builds the request, sends it (or asks the stub),
/// checks the response, imports the result into the store in one transaction, reports each step
/// as an ``ActionEvent`` and follows `nextAction`. Everything happens on the run's ``Timeline``:
/// call it, and read its events, from the thread that runs the timeline.
public final class ActionEngine {
    /// Where responses come from.
    public enum Backend {
        case stub(StubResponder)
        case network(any ServiceTransport)
    }

    public struct Options: Sendable {
        /// The widget's identifier, the first part of a request's identity (§5.9).
        public var widgetIdentifier: String
        /// How many actions one `nextAction` chain may run, the first included.
        public var chainLimit: Int
        public var credentials: Credentials?
        public var substitution: JSONSubstitutionMode

        public init(widgetIdentifier: String, chainLimit: Int = 16, credentials: Credentials? = nil, substitution: JSONSubstitutionMode = .fixed) {
            self.widgetIdentifier = widgetIdentifier
            self.chainLimit = chainLimit
            self.credentials = credentials
            self.substitution = substitution
        }
    }

    /// A request as it went out, and when.
    public struct LoggedRequest: Sendable {
        public var time: Double
        public var request: ServiceRequest
        /// Why `$…` substitution in the parameters fell back to the unsubstituted parameters
        /// (``JSONSubstitutionMode/upstream`` mode only).
        public var parameterFallback: JSONParseError?
    }

    public let configuration: ServiceConfiguration
    public let timeline: Timeline
    public let store: ObjectStore?
    public let options: Options
    private let backend: Backend
    private let importer: JSONImporter
    private let builder: RequestBuilder

    /// Called with every event, in order, when it happens.
    public var onEvent: ((ActionEvent) -> Void)?
    /// Every event so far.
    public private(set) var events: [ActionEvent] = []
    /// Every request sent so far (stub requests included: they are built the same way).
    public private(set) var requestLog: [LoggedRequest] = []

    /// Requests in flight by identity (`<widget>_<action>_<sender or 0>`).
    private var inFlight: [String: Flight] = [:]

    private final class Flight {
        var cancelled = false
        var operation: Timeline.Operation?
    }

    public init(configuration: ServiceConfiguration, backend: Backend, timeline: Timeline, store: ObjectStore?,
                importer: JSONImporter, options: Options) {
        self.configuration = configuration
        self.backend = backend
        self.timeline = timeline
        self.store = store
        self.importer = importer
        self.options = options
        builder = RequestBuilder(credentials: options.credentials, substitution: options.substitution)
    }

    /// Performs the action `name` with `argument` (the object `$key`s read from) for `sender`.
    /// `completion` runs before the matching `Success`/`Error` event, as upstream's did.
    public func perform(_ name: String, argument: Value = .null, sender: String? = nil,
                        completion: ((Result<ActionResult, ActionError>) -> Void)? = nil) {
        perform(name, argument: argument, sender: sender, chain: [], completion: completion)
    }

    /// Cancels the request in flight for `name` and `sender`: it ends with a `cancelled` error.
    public func cancel(_ name: String, sender: String? = nil) {
        guard let flight = inFlight.removeValue(forKey: identity(name, sender)) else { return }
        flight.cancelled = true
        if let operation = flight.operation { timeline.cancel(operation) }
    }

    // MARK: Steps

    private func perform(_ name: String, argument: Value, sender: String?, chain: [String],
                         completion: ((Result<ActionResult, ActionError>) -> Void)?) {
        let fail = { (error: ActionError) in self.finish(name, sender: sender, .failure(error), completion: completion) }
        if let repeated = chain.firstIndex(of: name) {
            return fail(ActionError(.chainCycle, "nextAction comes back to \(name): " + (chain[repeated...] + [name]).joined(separator: " → "),
                                    hint: "a chain may not call an action already in it"))
        }
        guard chain.count < options.chainLimit else {
            return fail(ActionError(.chainLimit, "the nextAction chain " + (chain + [name]).joined(separator: " → ") + " is longer than \(options.chainLimit) actions"))
        }
        guard let action = configuration.resolved(name) else {
            return fail(ActionError(.unknownAction, "\(configuration.file) has no action \(name)"))
        }
        if action.action.clearPolicy == .before, let type = action.action.resultType {
            // Upstream clears when the call starts: the list empties while loading.
            if let error = clear(type.entity) { return fail(error) }
        }
        let built: RequestBuilder.Outcome
        do throws(ActionError) {
            built = try builder.outcome(for: action, argument: argument)
        } catch {
            return fail(error)
        }
        let request = built.request
        requestLog.append(LoggedRequest(time: timeline.now, request: request, parameterFallback: built.parameterFallback))
        let flight = Flight()
        inFlight[identity(name, sender)] = flight
        emit(ActionEvent(kind: .start, action: name, sender: sender, time: timeline.now))
        let respond = { [weak self] (response: Result<ServiceResponse, ActionError>) in
            guard let self else { return }
            if inFlight[identity(name, sender)] === flight { inFlight[identity(name, sender)] = nil }
            if flight.cancelled {
                return finish(name, sender: sender, .failure(ActionError(.cancelled, "\(name) was cancelled")), completion: completion)
            }
            handle(response, of: action, argument: argument, sender: sender, chain: chain + [name], completion: completion)
        }
        switch backend {
        case .stub(let stub):
            let response = stub.response(for: action, argument: argument)
            timeline.schedule(after: stub.delay) { respond(response) }
        case .network(let transport):
            flight.operation = timeline.perform({ await transport.send(request) }, then: respond)
        }
    }

    /// §5.4 from step 1: server errors, JSON, `resultKeyPath`, `resultType`, import, `nextAction`.
    private func handle(_ response: Result<ServiceResponse, ActionError>, of action: ResolvedAction, argument: Value, sender: String?,
                        chain: [String], completion: ((Result<ActionResult, ActionError>) -> Void)?) {
        let name = action.name
        let fail = { (error: ActionError) in self.finish(name, sender: sender, .failure(error), completion: completion) }
        let received: ServiceResponse
        switch response {
        case .failure(let error): return fail(error)
        case .success(let value): received = value
        }
        let json: JSONValue
        switch ResponseReading.json(of: received, errorKeyPath: action.errorKeyPath, action: name) {
        case .failure(let error): return fail(error)
        case .success(let value): json = value
        }
        guard let resultType = action.action.resultType else {
            emit(ActionEvent(kind: .ready, action: name, sender: sender, time: timeline.now, json: json))
            completion?(.success(.json(json)))
            return
        }
        let result: JSONValue
        switch ResponseReading.result(in: json, keyPath: action.resultKeyPath, type: resultType, action: name) {
        case .failure(let error): return fail(error)
        case .success(let value): result = value
        }
        emit(ActionEvent(kind: .ready, action: name, sender: sender, time: timeline.now, json: result))
        guard let store else {
            return fail(ActionError(.importFailed, "\(name) imports \(resultType), but the bundle has no data model"))
        }
        let importOptions = ImportOptions(clearsEntityFirst: action.action.clearPolicy == .after, set: action.action.set)
        let ids: [ObjectID]
        do throws(ImportError) {
            ids = try store.perform { (transaction: inout StoreTransaction) throws(ImportError) in
                try importer.importJSON(result, into: resultType.entity, options: importOptions, in: &transaction)
            }.result
        } catch {
            return fail(ActionError(.importFailed, "\(name): \(error)"))
        }
        finish(name, sender: sender, .success(.objects(ids)), completion: completion)
        guard let next = action.action.nextAction else { return }
        // Upstream passes the imported object after a single result, the call's own argument after an array.
        let nextArgument: Value
        if case .object = resultType, let id = ids.first, let object = store.object(id) {
            nextArgument = .object(object)
        } else {
            nextArgument = argument
        }
        perform(next, argument: nextArgument, sender: sender, chain: chain, completion: nil)
    }

    private func clear(_ entity: String) -> ActionError? {
        guard let store else { return nil }
        do throws(StoreError) {
            try store.perform { (transaction: inout StoreTransaction) throws(StoreError) in try transaction.clear([entity]) }
            return nil
        } catch {
            return ActionError(.importFailed, "clearing \(entity) before the call failed: \(error)")
        }
    }

    /// Runs the completion, then posts `Success` or `Error`.
    private func finish(_ name: String, sender: String?, _ outcome: Result<ActionResult, ActionError>,
                        completion: ((Result<ActionResult, ActionError>) -> Void)?) {
        completion?(outcome)
        switch outcome {
        case .success(.objects(let ids)):
            emit(ActionEvent(kind: .success, action: name, sender: sender, time: timeline.now, objects: ids))
        case .success(.json):
            break
        case .failure(let error):
            emit(ActionEvent(kind: .error, action: name, sender: sender, time: timeline.now, error: error))
        }
    }

    private func emit(_ event: ActionEvent) {
        events.append(event)
        onEvent?(event)
    }

    private func identity(_ action: String, _ sender: String?) -> String {
        "\(options.widgetIdentifier)_\(action)_\(sender ?? "0")"
    }
}
