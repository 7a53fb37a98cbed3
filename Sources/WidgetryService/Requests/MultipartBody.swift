/// A `multipart/form-data` body (RFC 7578) with a deterministic boundary, laid out as Alamofire's
/// `MultipartFormData` wrote upstream's uploads:
///
/// ```
/// --<boundary>\r\n
/// Content-Disposition: form-data; name="<name>"; filename="<file>"\r\n
/// Content-Type: <type>\r\n
/// \r\n
/// <content>\r\n
/// --<boundary>--\r\n
/// ```
///
/// Alamofire drew a random boundary; here it is `widgetry-` and the 16 hex digits of an FNV-1a
/// 64-bit hash of the parts, so the same parts give the same bytes (snapshots compare them). If
/// that text occurs in a part, the hash is hashed again with a counter until it does not.
struct MultipartBody {
    struct Part {
        var name: String
        var fileName: String
        var contentType: String
        var content: [UInt8]
    }

    let boundary: String
    let bytes: [UInt8]

    var contentType: String { "multipart/form-data; boundary=\(boundary)" }

    init(parts: [Part]) {
        let encoded = parts.map { (header: MultipartBody.header(of: $0), content: $0.content) }
        var hash = FNV1a64()
        for part in encoded {
            hash.add(part.header)
            hash.add(part.content)
        }
        let boundary = MultipartBody.boundary(startingFrom: hash.value, avoiding: encoded.flatMap { [$0.header, $0.content] })
        self.boundary = boundary

        var bytes: [UInt8] = []
        bytes.reserveCapacity(encoded.reduce(64) { $0 + $1.header.count + $1.content.count + boundary.utf8.count + 8 })
        for part in encoded {
            bytes += Array("--\(boundary)\r\n".utf8)
            bytes += part.header
            bytes += part.content
            bytes += Array("\r\n".utf8)
        }
        bytes += Array("--\(boundary)--\r\n".utf8)
        self.bytes = bytes
    }

    /// `widgetry-` and the hex digits of `hash`, or, while that text occurs in one of `contents`,
    /// of the hash of the previous hash and a counter.
    static func boundary(startingFrom hash: UInt64, avoiding contents: [[UInt8]]) -> String {
        var boundary = MultipartBody.boundary(for: hash)
        var counter: UInt64 = 0
        while contents.contains(where: { ByteSearch.firstIndex(of: Array(boundary.utf8), in: $0) != nil }) {
            counter += 1
            var next = FNV1a64(value: hash)
            next.add(withUnsafeBytes(of: counter.littleEndian, Array.init))
            boundary = MultipartBody.boundary(for: next.value)
        }
        return boundary
    }

    /// The part's header lines and the empty line after them.
    private static func header(of part: Part) -> [UInt8] {
        let disposition = "Content-Disposition: form-data; name=\"\(quoted(part.name))\"; filename=\"\(quoted(part.fileName))\""
        return Array("\(disposition)\r\nContent-Type: \(part.contentType)\r\n\r\n".utf8)
    }

    /// A name for a quoted header parameter, escaped as HTML forms do (`"` `%22`, CR `%0D`, LF `%0A`).
    private static func quoted(_ name: String) -> String {
        var text = ""
        for scalar in name.unicodeScalars {
            switch scalar {
            case "\"": text += "%22"
            case "\r": text += "%0D"
            case "\n": text += "%0A"
            default: text.unicodeScalars.append(scalar)
            }
        }
        return text
    }

    private static func boundary(for hash: UInt64) -> String {
        let hex = String(hash, radix: 16)
        return "widgetry-" + String(repeating: "0", count: 16 - hex.count) + hex
    }
}

/// The 64-bit FNV-1a hash.
private struct FNV1a64 {
    private(set) var value: UInt64

    /// Starts from the FNV offset basis, or from an earlier hash to continue it.
    init(value: UInt64 = 0xcbf2_9ce4_8422_2325) {
        self.value = value
    }

    mutating func add(_ bytes: [UInt8]) {
        for byte in bytes {
            value ^= UInt64(byte)
            value &*= 0x0000_0100_0000_01b3
        }
    }
}

/// Finding a byte sequence in a body (a boundary, a header's end).
enum ByteSearch {
    /// Where `needle` first occurs in `bytes` at or after `start`; nil when it does not (or is empty).
    static func firstIndex(of needle: [UInt8], in bytes: [UInt8], from start: Int = 0) -> Int? {
        guard let first = needle.first, needle.count <= bytes.count else { return nil }
        let lastStart = bytes.count - needle.count
        var position = start
        while position <= lastStart {
            guard let found = bytes[position...lastStart].firstIndex(of: first) else { return nil }
            if bytes[found..<(found + needle.count)].elementsEqual(needle) { return found }
            position = found + 1
        }
        return nil
    }
}
