import Foundation
import Synchronization
public import WidgetryExpressions
public import WidgetryJSON
public import WidgetryStore
public import WidgetryServiceConfiguration

/// Performs a service file's actions (FORMAT.md#service.response): builds the request, sends it (or asks the stub, or
/// the host for its own actions), checks the response, imports the result into the store in one
/// transaction, reports each step as an ``ActionEvent`` and follows `nextAction`. It keeps the
/// tokens of the `auth` section's sign-in (``SignIn``). Everything happens on the run's
/// ``Timeline``: call it, and read its events, from the thread that runs the timeline.
public final class ActionEngine {
    /// Where responses come from.
    public enum Backend {
        case stub(StubResponder)
        case network(any ServiceTransport)
    }

    public struct Options: Sendable {
        /// The widget's identifier, the first part of a request's identity (FORMAT.md#service.cancel).
        public var widgetIdentifier: String
        /// How many actions one `nextAction` chain may run, the first included.
        public var chainLimit: Int
        public var credentials: Credentials?
        public var substitution: JSONSubstitutionMode
        /// Where the file an upload names is read (``RequestBuilder/uploadFiles``); a run sets it
        /// to keep uploads inside the bundle.
        public var uploadFiles: RequestBuilder.UploadFiles?
        /// Hosts whose requests go elsewhere (a host profile's `hosts`).
        public var hostRedirects: HostRedirects
        /// Where OAuth 1.0a nonces and timestamps come from: ``NonceSource/system`` (the default)
        /// for a real service, which rejects replays; a seed for stubs, so a run on a virtual
        /// clock signs its requests the same way each time.
        public var nonces: NonceSource

        public init(widgetIdentifier: String, chainLimit: Int = 16, credentials: Credentials? = nil, substitution: JSONSubstitutionMode = .fixed,
                    uploadFiles: RequestBuilder.UploadFiles? = nil, hostRedirects: HostRedirects = HostRedirects(), nonces: NonceSource = .system) {
            self.hostRedirects = hostRedirects
            self.nonces = nonces
            self.widgetIdentifier = widgetIdentifier
            self.chainLimit = chainLimit
            self.credentials = credentials
            self.substitution = substitution
            self.uploadFiles = uploadFiles
        }
    }

    /// A request as it went out, and when.
    public struct LoggedRequest: Sendable {
        public var time: Double
        public var request: ServiceRequest
        /// Why `$…` substitution in the parameters fell back to the unsubstituted parameters
        /// (``JSONSubstitutionMode/upstream`` mode only).
        public var parameterFallback: JSONParseError?
        /// Whose token signed it, for a `needAuth` request sent with a sign-in's token.
        public var signedAs: SignIn.Level?
    }

    public let configuration: ServiceConfiguration
    public let timeline: Timeline
    public let store: ObjectStore?
    public let options: Options
    /// The values of ``Options/credentials``, and the tokens sign-ins gave since, redacted
    /// from every answer before it is read.
    public internal(set) var secrets: SecretValues
    let backend: Backend
    private let importer: JSONImporter
    private var builder: RequestBuilder
    private let signIn: SignIn?

    /// Actions the host performs, by name. Each replaces the answer of the action of that name,
    /// which need not be declared in the service file.
    public var hostActions: [String: HostAction] = [:]
    /// The tokens the `auth` section's sign-in actions gave, by level.
    public private(set) var tokens: [SignIn.Level: String] = [:]
    /// Whether the user signed out (``signOutUser()``): requests then carry the host's
    /// credentials without the user's token, until ``signInUser()``.
    public private(set) var userSignedOut = false
    /// The OAuth 1.0a nonces and timestamps still to come.
    var freshness: OAuthFreshness
    /// The user's token credentials from the `auth` section's three-legged sign-in
    /// (``signInWithOAuth1(as:sender:completion:)``), which then sign `needAuth` requests.
    public internal(set) var oauth1User: OAuth1Flow.Credentials?
    /// Whom `needAuth` requests are signed as: the user, else the app; nil when neither signed in.
    public var signedIn: SignIn.Level? {
        tokens[.user] != nil ? .user : tokens[.app] != nil ? .app : nil
    }

    /// Called with every event, in order, when it happens; see ``observe(_:)``.
    private var observers: [(ActionEvent) -> Void] = []
    /// Every event so far.
    public private(set) var events: [ActionEvent] = []
    /// Every request sent so far (stub requests included: they are built the same way).
    public internal(set) var requestLog: [LoggedRequest] = []

    /// Progress a network transport reported, waiting for the timeline: action, sender, fraction.
    private let progressInbox = ProgressInbox()
    /// Posts the progress in ``progressInbox`` as events on the timeline.
    private lazy var progressTrigger = timeline.trigger { [weak self] in self?.postProgress() }

    /// Actions waiting for the app's sign-in, while it is under way.
    private var waitingForApp: [(Result<Void, ActionError>) -> Void]?

    /// Requests in flight by identity (`<widget>_<action>_<sender or 0>`).
    private var inFlight: [String: Flight] = [:]

    private final class Flight {
        var cancelled = false
        var operation: Timeline.Operation?
        /// Reports the cancellation at once, for answers waiting on the run's clock (stubs).
        var reportCancellation: (() -> Void)?
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
        builder.uploadFiles = options.uploadFiles
        signIn = configuration.signIn
        freshness = OAuthFreshness(options.nonces)
        secrets = SecretValues(credentials: options.credentials)
    }

    /// Signs the user out, as a host's logout did: the sign-in tokens (and ``oauth1User``) are forgotten, and the
    /// host's credentials lose the user's token (an OAuth 1.0a signer signs as the consumer alone).
    public func signOutUser() {
        tokens = [:]
        oauth1User = nil
        userSignedOut = true
    }

    /// Signs the user back in with the host's credentials, the user's token included.
    public func signInUser() {
        userSignedOut = false
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
        if let operation = flight.operation { timeline.cancel(operation) } else { flight.reportCancellation?() }
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
        guard let action = configuration.resolved(name) ?? hostOnly(name) else {
            return fail(ActionError(.unknownAction, "\(configuration.file) has no action \(name)"))
        }
        let byHost = action.action.host || hostActions[name] != nil
        if action.needAuth, !byHost, signedIn == nil, options.credentials == nil, let app = signIn?.appAction, app != name {
            return signInApp(app, chain: chain) { [weak self] (outcome: Result<Void, ActionError>) in
                switch outcome {
                case .success: self?.perform(name, argument: argument, sender: sender, chain: chain, completion: completion)
                case .failure(let error): fail(ActionError(error.code, "\(name) needs the app signed in, and \(app) failed: \(error.message)", status: error.status))
                }
            }
        }
        if action.action.clearPolicy == .before, let type = action.action.resultType {
            // Upstream clears when the call starts: the list empties while loading.
            if let error = clear(type.entity) { return fail(error) }
        }
        let flight = Flight()
        let answer = { [weak self] (answer: Result<Answer, ActionError>) in
            guard let self else { return }
            if inFlight[identity(name, sender)] === flight { inFlight[identity(name, sender)] = nil }
            if flight.cancelled {
                guard flight.reportCancellation == nil else { return }
                return finish(name, sender: sender, .failure(ActionEngine.cancellation(of: name)), completion: completion)
            }
            handle(answer, of: action, argument: argument, sender: sender, chain: chain + [name], completion: completion)
        }
        if let host = hostActions[name] {
            inFlight[identity(name, sender)] = flight
            emit(ActionEvent(kind: .start, action: name, sender: sender, time: timeline.now))
            let call = HostCall(action: name, argument: argument, sender: sender)
            flight.operation = timeline.perform({ await host(call) }, then: { answer($0.map(Answer.json)) })
            return
        }
        if action.action.host, case .network = backend {
            return fail(ActionError(.noHostCommand, "\(name) is performed by the host, and this host has no command for it",
                                    hint: "register a host command named \(name), or run against the stub file"))
        }
        let request: ServiceRequest?
        if action.action.host {
            request = nil
        } else {
            let built: RequestBuilder.Outcome
            do throws(ActionError) {
                built = try outgoing(action, argument: argument)
            } catch {
                return fail(error)
            }
            request = built.request
            requestLog.append(LoggedRequest(time: timeline.now, request: built.request, parameterFallback: built.parameterFallback,
                                            signedAs: action.needAuth ? signedIn : nil))
        }
        inFlight[identity(name, sender)] = flight
        emit(ActionEvent(kind: .start, action: name, sender: sender, time: timeline.now))
        let secrets = secrets
        let respond = { (response: Result<ServiceResponse, ActionError>) in answer(secrets.redacting(response).map(Answer.response)) }
        switch backend {
        case .stub(let stub):
            var response = stub.response(for: action, argument: argument)
            if action.action.host, case .failure(let error) = response, error.code == .notImplemented {
                response = .failure(ActionError(.noHostCommand, "\(name) is performed by the host; no host command and no stub response answer it",
                                                hint: "add a \"response\" to actions.\(name) in the stub file"))
            }
            let delay = max(0, action.action.delay ?? stub.delay)
            flight.reportCancellation = { [weak self] in
                self?.finish(name, sender: sender, .failure(ActionEngine.cancellation(of: name)), completion: completion)
            }
            if action.action.delay != nil, delay > 0 {
                // A stub that takes its own time reports progress at each quarter, as a download would.
                for quarter in 1...3 {
                    timeline.schedule(after: delay * Double(quarter) / 4) { [weak self] in
                        guard let self, !flight.cancelled else { return }
                        emit(ActionEvent(kind: .progress, action: name, sender: sender, time: timeline.now, progress: Double(quarter) / 4))
                    }
                }
            }
            timeline.schedule(after: delay) { respond(response) }
        case .network(let transport):
            guard let request else { return }
            let progress = progressInbox, trigger = progressTrigger
            flight.operation = timeline.perform({
                await transport.send(request) { fraction in
                    progress.post(action: name, sender: sender, fraction: fraction)
                    trigger.fire()
                }
            }, then: respond)
        }
    }

    /// The request the action `name` sends for `argument` now, exactly as ``perform(_:argument:sender:completion:)``
    /// would send it (credentials, host redirect, OAuth 1.0a signature), without sending it or
    /// logging it: what `call --dry-run` shows. Nil for an action the host performs.
    public func request(for name: String, argument: Value = .null) throws(ActionError) -> ServiceRequest? {
        guard let action = configuration.resolved(name) ?? hostOnly(name) else {
            throw ActionError(.unknownAction, "\(configuration.file) has no action \(name)")
        }
        guard !action.action.host, hostActions[name] == nil else { return nil }
        return try outgoing(action, argument: argument).request
    }

    /// The request `action` sends for `argument`: built with the credentials of the moment,
    /// sent where a host redirect points, and signed for that URL.
    private func outgoing(_ action: ResolvedAction, argument: Value) throws(ActionError) -> RequestBuilder.Outcome {
        builder.credentials = credentials
        var built = try builder.outcome(for: action, argument: argument)
        if let target = options.hostRedirects.redirected(built.request.url) {
            built.request.originalURL = built.request.url
            built.request.url = target
        }
        if action.needAuth, let signer = credentials?.oauth1 { sign(&built.request, with: signer) }
        return built
    }

    /// Reports the progress transports sent, for calls still in flight (a cancelled call's is dropped).
    private func postProgress() {
        for (name, sender, fraction) in progressInbox.take() {
            guard let flight = inFlight[identity(name, sender)], !flight.cancelled else { continue }
            emit(ActionEvent(kind: .progress, action: name, sender: sender, time: timeline.now, progress: fraction))
        }
    }

    /// Performs the app's sign-in once for every action that waits for it; each goes on after
    /// the sign-in's own events.
    private func signInApp(_ app: String, chain: [String], then resume: @escaping (Result<Void, ActionError>) -> Void) {
        if waitingForApp != nil { return waitingForApp!.append(resume) }
        waitingForApp = [resume]
        perform(app, argument: .null, sender: nil, chain: chain) { [weak self] outcome in
            guard let self else { return }
            let waiting = waitingForApp ?? []
            waitingForApp = nil
            timeline.schedule(after: 0) { for resume in waiting { resume(outcome.map { _ in () }) } }
        }
    }

    /// How a cancelled call ends.
    private static func cancellation(of name: String) -> ActionError {
        ActionError(.cancelled, "\(name) was cancelled")
    }

    /// A host action the service file does not declare, as an action with nothing to import.
    private func hostOnly(_ name: String) -> ResolvedAction? {
        guard hostActions[name] != nil else { return nil }
        return ResolvedAction(ServiceAction(name: name, host: true), defaults: ServiceDefaults())
    }

    /// What a `needAuth` request carries: the signed-in token, else the host's credentials with
    /// the token credentials of the OAuth 1.0a sign-in (``oauth1User``), else the host's
    /// credentials as given (without the user's token once the user signed out).
    private var credentials: Credentials? {
        if let token = signedIn.flatMap({ tokens[$0] }) { return Credentials(bearerToken: token) }
        if let user = oauth1User, var signed = options.credentials, signed.oauth1 != nil {
            signed.oauth1?.token = user.token
            signed.oauth1?.tokenSecret = user.secret
            return signed
        }
        return userSignedOut ? options.credentials?.withoutUserToken : options.credentials
    }

    /// Adds the OAuth 1.0a `Authorization` header to `request` as it goes out (to the URL it is
    /// sent to), with the next nonce and the timestamp of ``Options/nonces``.
    private func sign(_ request: inout ServiceRequest, with signer: OAuth1Signer) {
        guard let url = URL(string: request.url) else { return }
        let contentType = request.headers.last { $0.name.lowercased() == "content-type" }?.value.lowercased() ?? ""
        let form = contentType.hasPrefix("application/x-www-form-urlencoded") ? String(decoding: request.body, as: UTF8.self) : ""
        let header = signer.authorization(method: request.method.rawValue, url: url, bodyParameters: OAuth1Signer.formParameters(form),
                                          nonce: freshness.nonce(), timestamp: freshness.timestamp(runDate: timeline.date))
        request.headers.setting(HeaderField("Authorization", header))
        request.credentialHeaders.insert("authorization")
    }

    /// FORMAT.md#service.response from step 1: a typed action's 2xx body is read for import
    /// straight from its bytes (no tree: a large response costs little more than its size);
    /// anything else is parsed first.
    private func handle(_ answer: Result<Answer, ActionError>, of action: ResolvedAction, argument: Value, sender: String?,
                        chain: [String], completion: ((Result<ActionResult, ActionError>) -> Void)?) {
        let name = action.name
        let fail = { (error: ActionError) in self.finish(name, sender: sender, .failure(error), completion: completion) }
        let json: JSONValue
        switch answer {
        case .failure(let error): return fail(error)
        case .success(.json(let value)): json = value
        case .success(.response(let response)):
            if let resultType = action.action.resultType, signIn?.concerns(name) != true, (200..<300).contains(response.status),
               !response.body.isEmpty,
               let outcome = JSONImporter.withDocument(response.body, { root in importResult(root, as: resultType, of: action, sender: sender) }) {
                // The body and its index are gone before Success: what observers do then costs no more.
                return conclude(outcome, as: resultType, of: action, argument: argument, sender: sender, chain: chain, completion: completion)
            }
            switch ResponseReading.json(of: response, errorKeyPath: action.errorKeyPath, action: name) {
            case .failure(let error): return fail(error)
            case .success(let value): json = value
            }
        }
        if let signIn, signIn.concerns(name) {
            if let error = keepToken(from: json, of: name, signIn: signIn) { return fail(error) }
        }
        guard let resultType = action.action.resultType else {
            emit(ActionEvent(kind: .ready, action: name, sender: sender, time: timeline.now, json: json))
            completion?(.success(.json(json)))
            return
        }
        conclude(importResult(json, as: resultType, of: action, sender: sender), as: resultType, of: action, argument: argument,
                 sender: sender, chain: chain, completion: completion)
    }

    /// FORMAT.md#service.response from step 4, for a typed action: `resultKeyPath`, `resultType`, `Ready`, the import.
    private func importResult<Node: ResponseNode>(_ json: Node, as resultType: ResultType, of action: ResolvedAction,
                                                  sender: String?) -> Result<[ObjectID], ActionError> {
        let name = action.name
        let result: Node
        switch ResponseReading.result(in: json, keyPath: action.resultKeyPath, type: resultType, action: name) {
        case .failure(let error): return .failure(error)
        case .success(let value): result = value
        }
        emit(ActionEvent(kind: .ready, action: name, sender: sender, time: timeline.now))
        guard let store else {
            return .failure(ActionError(.importFailed, "\(name) imports \(resultType), but the bundle has no data model"))
        }
        let importOptions = ImportOptions(clearsEntityFirst: action.action.clearPolicy == .after, set: action.action.set)
        do throws(ImportError) {
            return .success(try store.perform { (transaction: inout StoreTransaction) throws(ImportError) in
                try result.importValue(with: importer, into: resultType.entity, options: importOptions, in: &transaction)
            }.result)
        } catch {
            return .failure(ActionError(.importFailed, "\(name): \(error)"))
        }
    }

    /// FORMAT.md#service.response from step 6: `Success` with the imported objects (or `Error`), then `nextAction`.
    private func conclude(_ outcome: Result<[ObjectID], ActionError>, as resultType: ResultType, of action: ResolvedAction, argument: Value,
                          sender: String?, chain: [String], completion: ((Result<ActionResult, ActionError>) -> Void)?) {
        let name = action.name
        let ids: [ObjectID]
        switch outcome {
        case .failure(let error): return finish(name, sender: sender, .failure(error), completion: completion)
        case .success(let imported): ids = imported
        }
        finish(name, sender: sender, .success(.objects(ids)), completion: completion)
        guard let next = action.action.nextAction else { return }
        // Upstream passes the imported object after a single result, the call's own argument after an array.
        let nextArgument: Value
        if case .object = resultType, let id = ids.first, let object = store?.object(id) {
            nextArgument = .object(object)
        } else {
            nextArgument = argument
        }
        perform(next, argument: nextArgument, sender: sender, chain: chain, completion: nil)
    }

    /// Keeps the token a sign-in action's answer holds, or forgets the user's after signing out.
    private func keepToken(from json: JSONValue, of name: String, signIn: SignIn) -> ActionError? {
        if name == signIn.signOutAction { tokens[.user] = nil }
        guard let level = signIn.level(of: name) else { return nil }
        var token: JSONValue? = json
        for key in signIn.tokenKeyPath.split(separator: ".") { token = token?.objectValue?[String(key)] }
        guard let text = token?.stringValue, !text.isEmpty else {
            return ActionError(.signIn, "the answer to \(name) has no token at \"\(signIn.tokenKeyPath)\"",
                               hint: "auth.tokenKeyPath names where \(level.rawValue) sign-in answers hold the token")
        }
        tokens[level] = text
        secrets = secrets.adding([text])
        return nil
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
    func finish(_ name: String, sender: String?, _ outcome: Result<ActionResult, ActionError>,
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

    /// Adds `observer`, called with every event from now on, in order, when it happens, after
    /// the observers added before it. Observers are only ever added: one cannot silence another
    /// (the run that drives the screens observes first).
    public func observe(_ observer: @escaping (ActionEvent) -> Void) {
        observers.append(observer)
    }

    func emit(_ event: ActionEvent) {
        events.append(event)
        for observer in observers { observer(event) }
    }

    private func identity(_ action: String, _ sender: String?) -> String {
        "\(options.widgetIdentifier)_\(action)_\(sender ?? "0")"
    }
}

/// What answered a call: the JSON a host command returned, or a response whose body is still to be read.
private enum Answer {
    case json(JSONValue)
    case response(ServiceResponse)
}

/// Progress reports from a transport's task, read on the timeline.
private final class ProgressInbox: Sendable {
    private let pending = Mutex<[(action: String, sender: String?, fraction: Double)]>([])

    func post(action: String, sender: String?, fraction: Double) {
        pending.withLock { $0.append((action, sender, fraction)) }
    }

    /// The reports so far, oldest first; the inbox is empty afterwards.
    func take() -> [(action: String, sender: String?, fraction: Double)] {
        pending.withLock { pending in
            defer { pending.removeAll() }
            return pending
        }
    }
}
