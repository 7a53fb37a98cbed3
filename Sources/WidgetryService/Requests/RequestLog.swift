extension ServiceRequest {
    /// Headers whose values the log never shows (compared case-insensitively).
    public static let secretHeaderNames: [String] = ["Authorization", "Cookie", "Proxy-Authorization", "X-Api-Key"]

    /// Whether a body parameter's value is a secret the log never shows: names holding
    /// `password`, `secret` or `token` (compared case-insensitively).
    public static func isSecretParameter(_ name: String) -> Bool {
        let lowered = name.lowercased()
        return ["password", "secret", "token"].contains { lowered.contains($0) }
    }

    /// The request as the request log and `--dry-run` print it, one line per element; the same
    /// request always gives the same lines.
    ///
    /// `METHOD URL`, followed by `(for ORIGINAL)` when a host redirect sent it to another URL
    /// than the one the action addressed; each header as `Name: value`, with the value `<redacted>` for
    /// ``secretHeaderNames``, ``credentialHeaders`` and any header `credentials` supplies; then, when there is a
    /// body, an empty line and the body: its text when it is UTF-8 without control characters
    /// other than newline and tab (one element per line), else `<N bytes>`; in a form body the
    /// values of secret parameters (``isSecretParameter(_:)``) read `<redacted>`. A `multipart/form-data`
    /// body is shown part by part: the boundary line, the part's headers, an empty line and its
    /// content (text, or `<N bytes>`), then the closing boundary line. Wherever else a value of
    /// `credentials` appears (the URL, another header, the body), it reads `<redacted>` too
    /// (``SecretValues``).
    public func logLines(redacting credentials: Credentials? = nil) -> [String] {
        let secretNames = credentialHeaders.union((ServiceRequest.secretHeaderNames + (credentials?.headers.map(\.name) ?? [])).map { $0.lowercased() })
        var lines = ["\(method) \(url)" + (originalURL.map { " (for \($0))" } ?? "")]
        for header in headers {
            lines.append("\(header.name): \(secretNames.contains(header.name.lowercased()) ? SecretValues.marker : header.value)")
        }
        if !body.isEmpty {
            lines.append("")
            if let boundary = multipartBoundary, let parts = RequestLogBody.multipartLines(body, boundary: boundary) {
                lines += parts
            } else if contentType?.lowercased().hasPrefix("application/x-www-form-urlencoded") == true,
                      let text = String(validating: body, as: UTF8.self) {
                lines.append(RequestLogBody.redactingSecrets(inForm: text))
            } else {
                lines += RequestLogBody.contentLines(body[...])
            }
        }
        let secrets = SecretValues(credentials: credentials)
        return secrets.isEmpty ? lines : lines.map { secrets.redacting($0) }
    }

    private var contentType: String? {
        headers.last(where: { $0.name.lowercased() == "content-type" })?.value
    }

    /// The `boundary` parameter of a `multipart/form-data` content type.
    private var multipartBoundary: String? {
        guard let contentType, contentType.lowercased().hasPrefix("multipart/form-data")
        else { return nil }
        for parameter in contentType.split(separator: ";").dropFirst() {
            let trimmed = parameter.trimmingPrefix(while: { $0 == " " })
            guard trimmed.lowercased().hasPrefix("boundary=") else { continue }
            let value = trimmed.dropFirst("boundary=".count)
            let unquoted = value.hasPrefix("\"") && value.hasSuffix("\"") && value.count >= 2 ? value.dropFirst().dropLast() : value
            return unquoted.isEmpty ? nil : String(unquoted)
        }
        return nil
    }
}

/// Rendering bodies for the request log.
enum RequestLogBody {
    /// The content's text lines when it is printable UTF-8, else `<N bytes>`.
    static func contentLines(_ bytes: ArraySlice<UInt8>) -> [String] {
        if let text = String(validating: bytes, as: UTF8.self),
           text.unicodeScalars.allSatisfy({ !isControl($0) || $0 == "\n" || $0 == "\t" }) {
            return text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        }
        return ["<\(bytes.count) bytes>"]
    }

    /// A form body with the values of secret parameters replaced by `<redacted>`.
    static func redactingSecrets(inForm text: String) -> String {
        text.split(separator: "&", omittingEmptySubsequences: false).map { pair in
            guard let equals = pair.firstIndex(of: "=") else { return String(pair) }
            let name = String(pair[..<equals]).removingPercentEncoding ?? String(pair[..<equals])
            return ServiceRequest.isSecretParameter(name) ? pair[..<equals] + "=<redacted>" : String(pair)
        }.joined(separator: "&")
    }

    /// The parts of a multipart body, or nil when the body is not laid out as one.
    static func multipartLines(_ body: [UInt8], boundary: String) -> [String]? {
        let delimiter = Array("--\(boundary)".utf8)
        let lineBreak: [UInt8] = [13, 10]
        let headerEnd: [UInt8] = [13, 10, 13, 10]
        guard body.starts(with: delimiter + lineBreak) else { return nil }
        var lines: [String] = []
        var position = delimiter.count + 2
        while true {
            guard let end = ByteSearch.firstIndex(of: lineBreak + delimiter, in: body, from: position) else { return nil }
            let part = Array(body[position..<end])
            guard let headerLength = ByteSearch.firstIndex(of: headerEnd, in: part),
                  let headerText = String(validating: part[..<headerLength], as: UTF8.self)
            else { return nil }
            lines.append("--\(boundary)")
            lines += headerText.split(separator: "\r\n", omittingEmptySubsequences: false).map(String.init)
            lines.append("")
            lines += contentLines(part[(headerLength + 4)...])
            let after = end + lineBreak.count + delimiter.count
            let rest = body[after...]
            if rest.starts(with: "--".utf8) {
                lines.append("--\(boundary)--")
                return lines
            }
            guard rest.starts(with: lineBreak) else { return nil }
            position = after + 2
        }
    }

    /// C0 and C1 control characters and DEL.
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}
