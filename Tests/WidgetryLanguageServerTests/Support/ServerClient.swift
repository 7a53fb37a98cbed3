import Foundation
import Testing
import WidgetryLanguageServer
import WidgetryLanguageServerProtocol

/// An editor talking to a ``LanguageServer`` run in this process over two pipes: it sends
/// requests and notifications, reads the server's messages one at a time, and records as an
/// issue every message a test did not ask for.
actor ServerClient {
    private let toServer = Pipe()
    private let fromServer = Pipe()
    private var incoming: FileDescriptorInput.Iterator
    private var frames = FrameDecoder()
    private var run: Task<Int32, Never>?
    private var nextID = 1

    init(limits: ServerLimits = ServerLimits()) async {
        let connection = Connection(output: FileDescriptorOutput(descriptor: fromServer.fileHandleForWriting.fileDescriptor))
        incoming = FileDescriptorInput(descriptor: fromServer.fileHandleForReading.fileDescriptor).makeAsyncIterator()
        let server = LanguageServer(connection: connection, limits: limits)
        await server.register()
        let input = FileDescriptorInput(descriptor: toServer.fileHandleForReading.fileDescriptor)
        run = Task { await connection.run(input: input) }
    }

    /// Initializes the server with `folders` as the workspace, and gives its answer; the
    /// diagnostics it publishes for the bundles it finds are then `collect()`ed.
    func initialize(folders: [String], capabilities: String = "{}") async throws -> LSPAny {
        let list = folders.map { #"{"uri":"\#(URL(fileURLWithPath: $0).absoluteString)","name":"w"}"# }.joined(separator: ",")
        let id = try request("initialize", #"{"capabilities":\#(capabilities),"workspaceFolders":[\#(list)]}"#)
        let answer = try await result(id)
        try notify("initialized", "{}")
        return answer
    }

    // MARK: Writing

    func send(_ body: String) throws {
        try toServer.fileHandleForWriting.write(contentsOf: Data("Content-Length: \(body.utf8.count)\r\n\r\n\(body)".utf8))
    }

    /// Sends a request with `params` (JSON text) and gives its id.
    @discardableResult
    func request(_ method: String, _ params: String) throws -> Int {
        defer { nextID += 1 }
        try send(#"{"jsonrpc":"2.0","id":\#(nextID),"method":"\#(method)","params":\#(params)}"#)
        return nextID
    }

    /// Sends a request with typed params.
    @discardableResult
    func request<Params: Encodable>(_ method: String, _ params: Params) throws -> Int {
        try request(method, Self.json(params))
    }

    func notify(_ method: String, _ params: String) throws {
        try send(#"{"jsonrpc":"2.0","method":"\#(method)","params":\#(params)}"#)
    }

    func notify<Params: Encodable>(_ method: String, _ params: Params) throws {
        try notify(method, Self.json(params))
    }

    static func json<Value: Encodable>(_ value: Value) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    // MARK: Reading

    /// The next message of the server, as JSON; nil when its output ended.
    func next() async throws -> LSPAny? {
        while true {
            if let event = frames.next() {
                guard case .message(let body) = event else {
                    Issue.record("the server wrote a bad frame: \(event)")
                    return nil
                }
                return try JSONDecoder().decode(LSPAny.self, from: Data(body))
            }
            var iterator = incoming
            let chunk = try await iterator.next(isolation: self)
            incoming = iterator
            guard let chunk else { return nil }
            frames.append(chunk)
        }
    }

    /// The answer to request `id`, which must be a result (the messages before it are issues).
    func result(_ id: Int) async throws -> LSPAny {
        let message = try await answer(id)
        #expect(message["error"] == nil, "an error: \(message)")
        return message["result"] ?? .null
    }

    /// The answer to request `id`, which must be an error: its numeric code, project code and message.
    func error(_ id: Int) async throws -> (code: Int?, problem: String?, message: String?) {
        let message = try await answer(id)
        #expect(message["error"] != nil, "no error: \(message)")
        return (message["error"]?["code"]?.integer, message["error"]?["data"]?["code"]?.string, message["error"]?["message"]?.string)
    }

    private func answer(_ id: Int) async throws -> LSPAny {
        while let message = try await next() {
            if message["id"] == .integer(id), message["method"] == nil { return message }
            Issue.record("an unexpected message before the answer to \(id): \(message)")
        }
        Issue.record("the server ended before answering \(id)")
        return .null
    }

    /// The diagnostics the server published since the last call, by file name relative to
    /// `root` (the last publication of each), and the log messages it sent. A request for a
    /// method the server lacks marks the end: the server answers it after every message
    /// before it was handled, so nothing published for them can come later.
    func collect(under root: String) async throws -> (published: [String: [LSPAny]], logs: [String]) {
        let marker = try request("widgetry/marker", "{}")
        var published: [String: [LSPAny]] = [:]
        var logs: [String] = []
        let folder = URL(fileURLWithPath: root).absoluteString
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        while let message = try await next() {
            if message["id"] == .integer(marker) { return (published, logs) }
            switch message["method"]?.string {
            case "textDocument/publishDiagnostics":
                let uri = message["params"]?["uri"]?.string ?? ""
                #expect(uri.hasPrefix(prefix), "\(uri) is under \(prefix)")
                published[String(uri.dropFirst(prefix.count))] = message["params"]?["diagnostics"]?.array ?? []
            case "window/logMessage":
                logs.append(message["params"]?["message"]?.string ?? "")
            default:
                Issue.record("an unexpected message: \(message)")
            }
        }
        Issue.record("the server ended before answering the marker")
        return (published, logs)
    }

    /// Shuts the server down and exits; the exit code must be 0 and nothing else may come.
    func finish() async throws {
        let id = nextID
        nextID += 1
        try send(#"{"jsonrpc":"2.0","id":\#(id),"method":"shutdown"}"#)
        #expect(try await result(id) == .null)
        try send(#"{"jsonrpc":"2.0","method":"exit"}"#)
        let code = await run?.value ?? -1
        #expect(code == 0)
        try fromServer.fileHandleForWriting.close()
        while let message = try await next() { Issue.record("an unexpected message: \(message)") }
        try? toServer.fileHandleForWriting.close()
    }
}

extension LSPAny {
    subscript(key: String) -> LSPAny? {
        if case .object(let members) = self { members[key] } else { nil }
    }

    subscript(index: Int) -> LSPAny? {
        if case .array(let elements) = self, elements.indices.contains(index) { elements[index] } else { nil }
    }

    var string: String? { if case .string(let value) = self { value } else { nil } }
    var integer: Int? { if case .integer(let value) = self { value } else { nil } }
    var array: [LSPAny]? { if case .array(let value) = self { value } else { nil } }
    var bool: Bool? { if case .bool(let value) = self { value } else { nil } }
}
