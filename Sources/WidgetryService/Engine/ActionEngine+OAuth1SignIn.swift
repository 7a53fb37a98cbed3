import Foundation
import Synchronization
import WidgetryServiceConfiguration

extension ActionEngine {
    /// Signs the user in through the `auth` section's three-legged OAuth 1.0a flow
    /// (``OAuth1Endpoints``, FORMAT.md#graffiti.sign-in), as a host's `login` did in code, and
    /// reports it as the action `name`: `…Start`, then `…Success` once the token credentials
    /// sign the user's `needAuth` requests (``oauth1User``), or `…Error`.
    ///
    /// The consumer is the host's (``Options/credentials``' OAuth 1.0a signer), the requests go
    /// where the profile's `hosts` point, each is logged, and the user's authorisation is the
    /// headless ``OAuth1Flow/approval(of:over:)``: a stand-in service that approves at once.
    /// `completion` runs after the `Success` or `Error` event, as upstream's host went on from
    /// the `loginSuccess` notification.
    public func signInWithOAuth1(as name: String, sender: String? = nil, completion: @escaping (Result<Void, ActionError>) -> Void) {
        emit(ActionEvent(kind: .start, action: name, sender: sender, time: timeline.now))
        let end = { [weak self] (outcome: Result<Void, ActionError>) in
            guard let self else { return }
            finish(name, sender: sender, outcome.map { ActionResult.objects([]) }, completion: nil)
            completion(outcome)
        }
        let flow: OAuth1Flow
        switch oauth1Flow() {
        case .failure(let error): return end(.failure(error))
        case .success(let made): flow = made
        }
        guard case .network(let network) = backend else {
            return end(.failure(ActionError(.signIn, "the \(name) sign-in talks to the service, and this run answers from the stub file",
                                            hint: "run with --service prod (and a host profile's hosts pointing at a stand-in service)")))
        }
        let transport = LoggingTransport(base: network)
        let started = timeline.now
        let legs = [(freshness.nonce(), freshness.timestamp(runDate: timeline.date)), (freshness.nonce(), freshness.timestamp(runDate: timeline.date))]
        _ = timeline.perform({ () async -> Result<OAuth1Flow.Credentials, ActionError> in
            switch await flow.temporaryCredentials(over: transport, nonce: legs[0].0, timestamp: legs[0].1) {
            case .failure(let error): return .failure(error)
            case .success(let temporary):
                switch await flow.approval(of: temporary, over: transport).flatMap({ flow.verifier(inCallback: $0, for: temporary) }) {
                case .failure(let error): return .failure(error)
                case .success(let verifier):
                    return await flow.tokenCredentials(for: temporary, verifier: verifier, over: transport, nonce: legs[1].0, timestamp: legs[1].1)
                }
            }
        }, then: { [weak self] (outcome: Result<OAuth1Flow.Credentials, ActionError>) in
            guard let self else { return }
            for request in transport.sent { requestLog.append(LoggedRequest(time: started, request: request, parameterFallback: nil, signedAs: nil)) }
            if case .success(let user) = outcome {
                oauth1User = user
                secrets = secrets.adding([user.token, user.secret])
            }
            end(outcome.map { _ in () })
        })
    }

    /// The flow of the `auth` section, for the host's consumer, its URLs sent where the
    /// profile's `hosts` point (the signatures are of the URLs the requests go to).
    private func oauth1Flow() -> Result<OAuth1Flow, ActionError> {
        guard let endpoints = configuration.oauth1Endpoints else {
            return .failure(ActionError(.signIn, "\(configuration.file)'s auth section describes no OAuth 1.0a sign-in",
                                        hint: "give auth requestTokenPath, url, accessTokenPath and callbackUrl"))
        }
        guard let consumer = options.credentials?.oauth1 else {
            return .failure(ActionError(.missingCredentials, "the OAuth 1.0a sign-in needs the consumer's key and secret, and the host gave none",
                                        hint: "give the service provider's oauth1 consumerKey and consumerSecret in the host profile (the auth section's are the host app's, and never sent)"))
        }
        let base = configuration.defaults.baseURL
        guard let requestToken = endpoints.url(of: endpoints.requestTokenPath, baseURL: base),
              let accessToken = endpoints.url(of: endpoints.accessTokenPath, baseURL: base) else {
            return .failure(ActionError(.noURL, "auth's requestTokenPath and accessTokenPath are paths, and \(configuration.file) has no baseUrl",
                                        hint: "give defaults.baseUrl, or absolute URLs"))
        }
        let redirected = { (url: String) in self.options.hostRedirects.redirected(url) ?? url }
        return .success(OAuth1Flow(consumerKey: consumer.consumerKey, consumerSecret: consumer.consumerSecret,
                                   requestTokenURL: redirected(requestToken), authorizationURL: redirected(endpoints.authorizationURL),
                                   accessTokenURL: redirected(accessToken), callbackURL: endpoints.callbackURL))
    }
}

/// Sends through another transport and keeps each request, for the run's request log.
private final class LoggingTransport: ServiceTransport {
    let base: any ServiceTransport
    private let requests = Mutex<[ServiceRequest]>([])

    init(base: any ServiceTransport) {
        self.base = base
    }

    /// The requests sent so far, in order.
    var sent: [ServiceRequest] { requests.withLock { $0 } }

    func send(_ request: ServiceRequest) async -> Result<ServiceResponse, ActionError> {
        requests.withLock { $0.append(request) }
        return await base.send(request)
    }
}
