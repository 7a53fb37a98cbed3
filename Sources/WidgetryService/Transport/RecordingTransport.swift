import Foundation
import Synchronization
public import WidgetryJSON

/// Sends through another transport and keeps the JSON each action's last successful response
/// held, to write a stub file from them (`--record-stubs FILE`): a bundle can then run offline
/// against what the real service said. A response is recorded with `secrets` redacted, so a
/// service that repeats the run's credentials does not put them in a file meant to be committed.
public final class RecordingTransport: ServiceTransport {
    public let base: any ServiceTransport
    public let secrets: SecretValues
    private let recorded = Mutex<[(action: String, response: JSONValue)]>([])

    public init(base: any ServiceTransport, secrets: SecretValues = SecretValues()) {
        self.base = base
        self.secrets = secrets
    }

    public func send(_ request: ServiceRequest) async -> Result<ServiceResponse, ActionError> {
        let outcome = await base.send(request)
        if case .success(let response) = outcome, response.status == 200,
           let json = try? JSONParser.parse(secrets.redacting(response.body), fileName: request.action).root {
            recorded.withLock { recorded in
                recorded.removeAll { $0.action == request.action }
                recorded.append((request.action, json))
            }
        }
        return outcome
    }

    /// A stub file: the service file's defaults and actions as written, each recorded action
    /// with its `response`, keys sorted and two-space indented, so re-recording gives a readable diff.
    public func stubFile(from service: JSONValue) -> String {
        var root = service.objectValue ?? JSONObject()
        var actions = root["actions"]?.objectValue ?? JSONObject()
        for (action, response) in recorded.withLock({ $0 }) {
            var entry = actions[action]?.objectValue ?? JSONObject()
            entry["response"] = response
            actions[action] = JSONValue(.object(entry))
        }
        root["actions"] = JSONValue(.object(actions))
        return JSONValue(.object(root)).serialized(.canonical) + "\n"
    }

    /// Writes ``stubFile(from:)`` to `path`, atomically.
    public func writeStubFile(from service: JSONValue, to path: String) throws {
        try Data(stubFile(from: service).utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    }
}
