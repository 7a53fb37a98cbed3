import Foundation

/// A client of a language server process over its standard input and output: frames with
/// `Content-Length`, JSON-RPC messages as Foundation objects, each read message with the
/// monotonic time it was read at.
final class LSPClient {
    struct Message {
        var json: [String: Any]
        /// When it was read, in nanoseconds of the monotonic clock.
        var time: UInt64
        var method: String? { json["method"] as? String }
        var params: [String: Any]? { json["params"] as? [String: Any] }
    }

    let process = Process()
    private let input = Pipe(), output = Pipe()
    private var buffer: [UInt8] = []
    private var nextID = 1

    init(executable: String, arguments: [String]) throws {
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
    }

    static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    /// Sends a notification.
    func notify(_ method: String, _ params: [String: Any]) throws {
        try write(["jsonrpc": "2.0", "method": method, "params": params])
    }

    /// Sends a request and reads until its answer: the messages read before it, the answer,
    /// and the time from sending to the answer.
    @discardableResult
    func request(_ method: String, _ params: [String: Any]) throws -> (before: [Message], answer: Message, nanoseconds: UInt64) {
        let id = nextID
        nextID += 1
        let start = Self.now()
        try write(["jsonrpc": "2.0", "id": id, "method": method, "params": params])
        var before: [Message] = []
        while true {
            let message = try read()
            if message.method == nil, message.json["id"] as? Int == id { return (before, message, message.time - start) }
            before.append(message)
        }
    }

    /// The server's resident set size in KiB (Linux: VmRSS).
    func residentKilobytes() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }) else { return 0 }
        return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") ?? 0
    }

    private func write(_ json: [String: Any]) throws {
        let body = try JSONSerialization.data(withJSONObject: json)
        try input.fileHandleForWriting.write(contentsOf: Data("Content-Length: \(body.count)\r\n\r\n".utf8) + body)
    }

    private struct Ended: Error {}

    /// The next message the server sends.
    private func read() throws -> Message {
        while true {
            if let end = headerEnd() {
                let header = String(decoding: buffer[..<end], as: UTF8.self)
                let length = header.split(separator: "\r\n").compactMap { line -> Int? in
                    let parts = line.split(separator: ":", maxSplits: 1)
                    return parts.count == 2 && parts[0].lowercased() == "content-length" ? Int(parts[1].trimmingCharacters(in: .whitespaces)) : nil
                }.first ?? 0
                if buffer.count >= end + 4 + length {
                    let body = Data(buffer[(end + 4)..<(end + 4 + length)])
                    buffer.removeFirst(end + 4 + length)
                    let json = try JSONSerialization.jsonObject(with: body) as? [String: Any] ?? [:]
                    return Message(json: json, time: Self.now())
                }
            }
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { throw Ended() }
            buffer += chunk
        }
    }

    private func headerEnd() -> Int? {
        guard buffer.count >= 4 else { return nil }
        for index in 0...(buffer.count - 4) where buffer[index] == 13 && buffer[index + 1] == 10 && buffer[index + 2] == 13 && buffer[index + 3] == 10 {
            return index
        }
        return nil
    }
}
