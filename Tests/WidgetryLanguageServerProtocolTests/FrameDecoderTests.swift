import Testing
import WidgetryLanguageServerProtocol

/// The base protocol's framing, read from bytes that arrive in any pieces, and hostile frames:
/// each is refused with its code and the decoder finds the next good frame.
@Suite struct FrameDecoderTests {
    private func frame(_ body: String) -> [UInt8] {
        Array("Content-Length: \(body.utf8.count)\r\n\r\n\(body)".utf8)
    }

    /// Every event the decoder gives for `input`, fed `piece` bytes at a time.
    private func events(_ input: [UInt8], piece: Int = .max, limits: MessageLimits = MessageLimits()) -> [FrameDecoder.Event] {
        var decoder = FrameDecoder(limits: limits)
        var events: [FrameDecoder.Event] = []
        var index = 0
        while index < input.count {
            let end = index + min(piece, input.count - index)
            decoder.append(input[index..<end])
            index = end
            while let event = decoder.next() { events.append(event) }
        }
        return events
    }

    private func codes(_ events: [FrameDecoder.Event]) -> [String] {
        events.map {
            switch $0 {
            case .message(let body): String(decoding: body, as: UTF8.self)
            case .error(let error): error.code.rawValue
            }
        }
    }

    @Test func readsFramesArrivingByteByByte() {
        let input = frame(#"{"a":"é"}"#) + Array("content-length:  3\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n[1]".utf8)
        #expect(codes(events(input, piece: 1)) == [#"{"a":"é"}"#, "[1]"])
        #expect(codes(events(input)) == [#"{"a":"é"}"#, "[1]"])
    }

    @Test func refusesAHeaderBlockWithoutContentLengthAndGoesOn() {
        let input = Array("Content-Type: x\r\n\r\n{\"lost\":1}".utf8) + frame("{}")
        let found = events(input)
        #expect(codes(found) == ["lsp.missing-content-length", "{}"])
        if case .error(let error) = found.first {
            #expect(error.offset == 0)
            #expect(!error.hint.isEmpty)
        }
    }

    @Test func refusesContentLengthsThatAreNoByteCount() {
        for length in ["abc", "-5", "12x", "", "99999999999999999999999"] {
            let input = Array("Content-Length: \(length)\r\n\r\n{}".utf8) + frame("[]")
            #expect(codes(events(input)) == ["lsp.invalid-content-length", "[]"], "Content-Length: \(length)")
        }
    }

    @Test func refusesAFrameWithoutTheBlankLineAtOnceAndFindsTheNextFrame() {
        // Without the blank line, the body reads as a header line: refused at its first byte,
        // without waiting for a line end that may never come.
        let bad = Array("Content-Length: 2\r\n{}".utf8)
        #expect(codes(events(bad)) == ["lsp.malformed-header"])
        #expect(codes(events(bad + frame("[2]"), piece: 3)) == ["lsp.malformed-header", "[2]"])
        #expect(codes(events(Array("Content-Length: 2\n\n{}".utf8) + frame("[3]"))) == ["lsp.malformed-header", "[3]"])
        #expect(codes(events(Array(#"{"not":"framed"}"#.utf8) + frame("[4]"))) == ["lsp.malformed-header", "[4]"])
    }

    @Test func refusesAHeaderBlockThatNeverEnds() {
        let long = Array("X-Padding: ".utf8) + [UInt8](repeating: UInt8(ascii: "a"), count: 20_000)
        #expect(codes(events(long + Array("\r\n\r\n".utf8) + frame("[5]"), piece: 1000)) == ["lsp.header-too-long", "[5]"])
    }

    @Test func skipsABodyAboveTheLimitAsItArrivesAndReadsTheNextFrame() {
        let limits = MessageLimits(maximumContentLength: 100)
        let big = "[" + String(repeating: "1,", count: 200) + "1]"
        let found = events(frame(big) + frame("[6]"), piece: 7, limits: limits)
        #expect(codes(found) == ["lsp.message-too-large", "[6]"])
    }

    @Test func refusesAHugeContentLengthBeforeAnyOfItsBodyArrives() {
        var decoder = FrameDecoder()
        decoder.append(Array("Content-Length: 1099511627776\r\n\r\n".utf8))
        guard case .error(let error) = decoder.next() else {
            Issue.record("a terabyte-long message was not refused")
            return
        }
        #expect(error.code == .messageTooLarge)
        #expect(error.message.contains("1099511627776"))
        // The body's bytes are dropped as they come: nothing is kept, nothing is read as a frame.
        for _ in 0..<100 {
            decoder.append([UInt8](repeating: UInt8(ascii: "x"), count: 4096))
            #expect(decoder.next() == nil)
        }
    }
}
