import Foundation
import Testing
import WidgetryLanguageServerProtocol

/// A client of a ``Connection`` run in this process over two pipes: it writes frames (well
/// formed or not) and reads the server's messages one at a time, waiting for each. Whatever the
/// server sends that a test did not ask for makes ``finish()`` fail.
actor TestClient {
    let connection: Connection
    private let toServer = Pipe()
    private let fromServer = Pipe()
    private let writing = DispatchQueue(label: "test-client-output")
    private var incoming: FileDescriptorInput.Iterator
    private var frames = FrameDecoder()
    private var run: Task<Int32, Never>?

    /// A connection with `limits`, set up by `configure` before it reads anything.
    init(limits: MessageLimits = MessageLimits(), configure: @Sendable (Connection) async -> Void = { _ in }) async {
        connection = Connection(output: FileDescriptorOutput(descriptor: fromServer.fileHandleForWriting.fileDescriptor), limits: limits)
        incoming = FileDescriptorInput(descriptor: fromServer.fileHandleForReading.fileDescriptor).makeAsyncIterator()
        await configure(connection)
        let connection = connection
        let input = FileDescriptorInput(descriptor: toServer.fileHandleForReading.fileDescriptor)
        run = Task { await connection.run(input: input) }
    }

    /// A client whose server has answered `initialize` with a hover provider and is initialized.
    static func initialized(limits: MessageLimits = MessageLimits(), configure: @Sendable @escaping (Connection) async -> Void = { _ in }) async throws -> TestClient {
        let client = await TestClient(limits: limits) { connection in
            await connection.onRequest(InitializeRequest.self) { _, _ in
                InitializeResult(capabilities: ServerCapabilities(hoverProvider: true), serverInfo: ServerInfo(name: "widgetry"))
            }
            await configure(connection)
        }
        try await client.request(id: 0, method: "initialize", params: #"{"capabilities":{}}"#)
        _ = try await client.result(id: 0)
        try await client.notify(method: "initialized", params: "{}")
        return client
    }

    /// Writes bytes as they are, framed or not, on a thread of their own: a write the server is
    /// slow to read holds up that thread, not one of the few of the concurrency pool, which the
    /// server needs to read it.
    func write(_ bytes: [UInt8]) async throws {
        let handle = toServer.fileHandleForWriting
        try await withCheckedThrowingContinuation { (done: CheckedContinuation<Void, any Error>) in
            writing.async {
                do {
                    try handle.write(contentsOf: Data(bytes))
                    done.resume()
                } catch {
                    done.resume(throwing: error)
                }
            }
        }
    }

    /// Writes `body` framed with its length.
    func send(_ body: String) async throws {
        try await write(Array("Content-Length: \(body.utf8.count)\r\n\r\n\(body)".utf8))
    }

    func request(id: Int, method: String, params: String? = nil) async throws {
        try await send(#"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)""# + (params.map { #","params":\#($0)"# } ?? "") + "}")
    }

    func notify(method: String, params: String? = nil) async throws {
        try await send(#"{"jsonrpc":"2.0","method":"\#(method)""# + (params.map { #","params":\#($0)"# } ?? "") + "}")
    }

    /// The next message of the server, as its body's text; nil when the server's output ended.
    func nextBody() async throws -> String? {
        while true {
            if let event = frames.next() {
                guard case .message(let body) = event else {
                    Issue.record("the server wrote a bad frame: \(event)")
                    return nil
                }
                return String(decoding: body, as: UTF8.self)
            }
            var iterator = incoming
            let chunk = try await iterator.next(isolation: self)
            incoming = iterator
            guard let chunk else { return nil }
            frames.append(chunk)
        }
    }

    /// The next message of the server, as JSON.
    func next() async throws -> LSPAny {
        let body = try #require(try await nextBody(), "the server wrote nothing more")
        return try JSONDecoder().decode(LSPAny.self, from: Data(body.utf8))
    }

    /// The next message, which must answer request `id` with a result.
    func result(id: Int?) async throws -> LSPAny {
        let message = try await next()
        #expect(message["id"] == id.map { .integer($0) } ?? .null, "not the answer to \(id as Any): \(message)")
        #expect(message["error"] == nil, "an error: \(message)")
        return try #require(message["result"])
    }

    /// The next message, which must answer request `id` (nil: a message whose id could not be
    /// read) with an error: its numeric code and its project code.
    func error(id: Int?) async throws -> (code: Int, problem: String?, message: String) {
        let message = try await next()
        #expect(message["id"] == id.map { .integer($0) } ?? .null, "not the answer to \(id as Any): \(message)")
        let error = try #require(message["error"], "no error: \(message)")
        guard case .integer(let code) = error["code"], case .string(let text) = error["message"] else {
            Issue.record("an error without code or message: \(message)")
            return (0, nil, "")
        }
        let problem: String? = if case .string(let problem) = error["data"]?["code"] { problem } else { nil }
        return (code, problem, text)
    }

    /// Ends the input, waits for the connection to end, and checks that the server sent
    /// nothing the test did not read. Gives the connection's exit code.
    func finish(expectingNothingMore: Bool = true) async throws -> Int32 {
        try? toServer.fileHandleForWriting.close()
        return try await end(expectingNothingMore: expectingNothingMore)
    }

    /// Waits for the connection to end (after `exit`), then checks as ``finish()`` does.
    func end(expectingNothingMore: Bool = true) async throws -> Int32 {
        let code = await run?.value ?? -1
        try fromServer.fileHandleForWriting.close()
        if expectingNothingMore {
            while let body = try await nextBody() {
                Issue.record("an unexpected message: \(body)")
            }
        }
        try? toServer.fileHandleForWriting.close()
        return code
    }
}

extension LSPAny {
    /// The member `key` of an object.
    subscript(key: String) -> LSPAny? {
        if case .object(let members) = self { members[key] } else { nil }
    }

    /// The element at `index` of an array.
    subscript(index: Int) -> LSPAny? {
        if case .array(let elements) = self, elements.indices.contains(index) { elements[index] } else { nil }
    }
}
