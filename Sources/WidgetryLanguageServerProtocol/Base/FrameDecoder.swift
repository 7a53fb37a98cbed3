/// Splits the bytes of the base protocol into message bodies: a header block of `Name: value`
/// lines ending in `\r\n`, a blank line, then `Content-Length` bytes of body.
///
/// It never traps and never waits on bytes that cannot make a valid frame: a header line that
/// cannot be one is refused as soon as its first wrong byte arrives. After a frame it cannot
/// read, it reports a ``FrameError`` and looks for the next `Content-Length:` to start again
/// from; a body above ``MessageLimits/maximumContentLength`` is reported and skipped as it
/// arrives, so it is never held in memory.
public struct FrameDecoder: Sendable {
    /// What the decoder found next in its input.
    public enum Event: Sendable, Hashable {
        /// One message body, the bytes of its JSON.
        case message([UInt8])
        /// A frame that could not be read; the decoder goes on after it.
        case error(FrameError)
    }

    public let limits: MessageLimits
    private var buffer: [UInt8] = []
    /// Index in ``buffer`` of the first byte not yet consumed.
    private var start = 0
    /// Bytes dropped from the front of the input so far, for the offsets of errors.
    private var consumedBefore = 0
    /// Body bytes of a refused frame still to skip.
    private var skipping = 0
    /// Whether the decoder is looking for a `Content-Length:` after an unreadable frame.
    private var resynchronizing = false

    public init(limits: MessageLimits = MessageLimits()) {
        self.limits = limits
    }

    /// Adds bytes read from the input.
    public mutating func append(_ bytes: some Collection<UInt8>) {
        if start > 0, start >= buffer.count / 2 {
            buffer.removeSubrange(0..<start)
            consumedBefore += start
            start = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// The next message or error, or nil when more bytes are needed.
    public mutating func next() -> Event? {
        while true {
            if skipping > 0 {
                let dropped = min(skipping, buffer.count - start)
                start += dropped
                skipping -= dropped
                if skipping > 0 { return nil }
            }
            if resynchronizing {
                guard let found = firstContentLength(from: start) else {
                    // Keep what could be the beginning of the header name.
                    start = max(start, buffer.count - (Self.contentLengthName.count - 1))
                    return nil
                }
                start = found
                resynchronizing = false
            }
            switch readHeader() {
            case .needMore:
                return nil
            case .failed(let error, let resumeAt):
                start = resumeAt
                resynchronizing = true
                return .error(error)
            case .header(let length, let bodyStart):
                let frameOffset = consumedBefore + start
                if length > limits.maximumContentLength {
                    start = bodyStart
                    skipping = length
                    return .error(FrameError(
                        code: .messageTooLarge, offset: frameOffset,
                        message: "a message of \(length) bytes is larger than the \(limits.maximumContentLength) bytes a message may have",
                        hint: "send smaller documents, or changes to them rather than their whole text"))
                }
                guard buffer.count - bodyStart >= length else { return nil }
                let body = Array(buffer[bodyStart..<(bodyStart + length)])
                start = bodyStart + length
                return .message(body)
            }
        }
    }

    /// The absolute offset of the next byte to read, for errors found at its place.
    private var offset: Int { consumedBefore + start }

    private enum Header {
        case needMore
        case failed(FrameError, resumeAt: Int)
        case header(contentLength: Int, bodyStart: Int)
    }

    private static let contentLengthName = Array("content-length:".utf8)

    /// Reads the header block at ``start`` as far as the bytes go.
    private func readHeader() -> Header {
        var lineStart = start
        var contentLength: Int?
        var lengthProblem: String?
        while true {
            // Find the line's end, checking its bytes as they come.
            var index = lineStart
            var colon: Int?
            while index < buffer.count {
                let byte = buffer[index]
                if byte == 0x0D, index + 1 < buffer.count, buffer[index + 1] == 0x0A { break }
                if byte == 0x0D, index + 1 == buffer.count { break }
                if byte == 0x0A || (byte == 0x0D && index + 1 < buffer.count) {
                    return malformed("a header line ends without \\r\\n")
                }
                if colon == nil {
                    if byte == UInt8(ascii: ":") {
                        if index == lineStart { return malformed("a header line has no name before its ':'") }
                        colon = index
                    } else if !Self.isTokenByte(byte) {
                        return malformed(index == start
                            ? "the input does not start with a header such as Content-Length: 42"
                            : "a header line is not 'Name: value' (is the blank line after the headers missing?)")
                    }
                }
                index += 1
                if index - start > limits.maximumHeaderBytes {
                    return .failed(FrameError(code: .headerTooLong, offset: offset,
                                              message: "the header block is longer than \(limits.maximumHeaderBytes) bytes",
                                              hint: "a frame's header is Content-Length: N, then a blank line (\\r\\n\\r\\n)"),
                                   resumeAt: start + 1)
                }
            }
            guard index + 1 < buffer.count else { return .needMore }
            if index == lineStart {
                // The blank line that ends the header block.
                let bodyStart = index + 2
                if let lengthProblem {
                    return .failed(FrameError(code: .invalidContentLength, offset: offset, message: lengthProblem,
                                              hint: "Content-Length is the body's size in bytes, a decimal number"),
                                   resumeAt: bodyStart)
                }
                guard let contentLength else {
                    return .failed(FrameError(code: .missingContentLength, offset: offset,
                                              message: "a header block has no Content-Length",
                                              hint: "every message starts with Content-Length: N, its size in bytes, then a blank line"),
                                   resumeAt: bodyStart)
                }
                return .header(contentLength: contentLength, bodyStart: bodyStart)
            }
            guard let colon else { return malformed("a header line is not 'Name: value' (it has no ':')") }
            if Self.equalsIgnoringCase(buffer[lineStart...colon], Self.contentLengthName) {
                let value = buffer[(colon + 1)..<index].drop { $0 == 0x20 || $0 == 0x09 }
                switch Self.decimal(value) {
                case .some(let number): contentLength = number
                case .none: lengthProblem = "Content-Length '\(String(decoding: value, as: UTF8.self))' is not a byte count"
                }
            }
            lineStart = index + 2
        }
    }

    private func malformed(_ message: String) -> Header {
        .failed(FrameError(code: .malformedHeader, offset: offset, message: message,
                           hint: "a frame is Content-Length: N\\r\\n, a blank line \\r\\n, then N bytes of JSON"),
                resumeAt: start + 1)
    }

    /// Where the next `Content-Length:` (any case) starts, at or after `from`.
    private func firstContentLength(from: Int) -> Int? {
        let name = Self.contentLengthName
        guard buffer.count - from >= name.count else { return nil }
        for candidate in from...(buffer.count - name.count)
        where Self.equalsIgnoringCase(buffer[candidate..<(candidate + name.count)], name) {
            return candidate
        }
        return nil
    }

    /// A non-negative decimal number without trailing blanks, or nil (also when it overflows).
    private static func decimal(_ bytes: ArraySlice<UInt8>) -> Int? {
        var digits = bytes[...]
        while let last = digits.last, last == 0x20 || last == 0x09 { digits = digits.dropLast() }
        guard !digits.isEmpty else { return nil }
        var value = 0
        for byte in digits {
            guard byte >= 0x30, byte <= 0x39 else { return nil }
            let (times, overflowTimes) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflowSum) = times.addingReportingOverflow(Int(byte - 0x30))
            if overflowTimes || overflowSum { return nil }
            value = sum
        }
        return value
    }

    /// Whether `bytes` spell `lowercase` in any case (ASCII).
    private static func equalsIgnoringCase(_ bytes: ArraySlice<UInt8>, _ lowercase: [UInt8]) -> Bool {
        guard bytes.count == lowercase.count else { return false }
        return zip(bytes, lowercase).allSatisfy { byte, expected in
            (byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte) == expected
        }
    }

    /// Whether `byte` may be in a header name (an RFC 7230 token character).
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"), UInt8(ascii: "'"),
             UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "^"), UInt8(ascii: "_"),
             UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"): true
        default: false
        }
    }
}
