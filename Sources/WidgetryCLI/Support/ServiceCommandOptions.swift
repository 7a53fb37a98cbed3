import ArgumentParser
import WidgetryService
import WidgetryServiceConfiguration

/// Options of commands that perform service actions: which file, credentials, recording, limits.
struct ServiceCommandOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Service file: stub (StubService.json), dev (Service.dev.json, else Service.json) or prod (Service.json).", valueName: "stub|dev|prod"))
    var service: ServiceChoice = .stub

    /// The `--service` values (a type of this module, so it can be an argument).
    enum ServiceChoice: String, ExpressibleByArgument, CaseIterable {
        case stub, dev, prod

        var selection: ServiceSelection { ServiceSelection(rawValue: rawValue)! }
    }

    @Option(help: ArgumentHelp("Bearer token for needAuth actions (sent as Authorization: Bearer …, never printed).", valueName: "token"))
    var bearer: String?

    /// Not `--header`, which sends headers to the bundle's download host: credentials go only to
    /// the service's needAuth actions.
    @Option(name: .customLong("auth-header"), help: ArgumentHelp("A header for needAuth actions, as 'Name: value' (repeatable; values never printed).", valueName: "header"))
    var headers: [String] = []

    @Option(name: .customLong("record-stubs"), help: ArgumentHelp("Write the real responses seen into this stub file (dev and prod only).", valueName: "file"))
    var recordStubs: String?

    @Option(name: .customLong("request-timeout"), parsing: .unconditional, help: ArgumentHelp("Seconds an HTTP request may take in all.", valueName: "seconds"))
    var requestTimeout: Double = 60

    @Option(name: .customLong("max-response-bytes"), parsing: .unconditional, help: "Largest response body accepted.")
    var maxResponseBytes: Int = 32 << 20

    func validate() throws {
        if recordStubs != nil, service == .stub {
            throw ValidationError("--record-stubs records real responses; use it with --service dev or prod")
        }
        for header in headers where !header.contains(":") {
            throw ValidationError("--auth-header takes 'Name: value', not '\(header)'")
        }
    }

    /// The credentials the options give; nil when there are none.
    var credentials: Credentials? {
        let fields = headers.map { header -> HeaderField in
            let parts = header.split(separator: ":", maxSplits: 1)
            return HeaderField(String(parts[0]).trimmingCharacters(in: .whitespaces), String(parts.count > 1 ? parts[1] : "").trimmingCharacters(in: .whitespaces))
        }
        let credentials = Credentials(bearerToken: bearer, headers: fields)
        return credentials.isEmpty ? nil : credentials
    }

    /// The transport's limits, once every number is in range; plain http off loopback only with `--allow-http`.
    func transportOptions(allowingPlainHTTP: Bool) throws(CommandFailure) -> HTTPTransportOptions {
        try NumericOptions.seconds(requestTimeout, option: "--request-timeout", allowZero: false)
        try NumericOptions.count(maxResponseBytes, option: "--max-response-bytes", in: 1...Int.max)
        return HTTPTransportOptions(totalTimeout: requestTimeout, maxResponseBytes: maxResponseBytes, allowsPlainHTTP: allowingPlainHTTP)
    }
}
