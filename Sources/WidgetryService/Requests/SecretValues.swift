import Foundation
import WidgetryServiceConfiguration

/// The secret values a run's credentials hold, and the one way they are kept out of what
/// widgetry shows: a server may reflect a request's credentials (an echo endpoint, an error
/// page that repeats the `Authorization` header), and the engine redacts every answer, the
/// network's or the stub's, before anything reads it, so
/// events, error messages, the store, snapshots, `call` output and JSON reports all come from
/// the redacted bytes. The request log and recorded stub files go through the same values.
///
/// Each value is replaced by ``marker`` as it is written and as a server would most likely
/// repeat it: inside a JSON string (`"` and `\` escaped, `/` as `/` or `\/`) and
/// percent-encoded (as it stands in an OAuth 1.0a header). A server that re-encodes it
/// otherwise (base64, `\u` escapes of plain letters) is not caught.
///
/// Values shorter than ``minimumLength`` characters are left alone: so short a string occurs
/// by chance in ordinary text and keys (redacting `abc` would blank every word holding it),
/// so redacting it would garble output while hiding next to nothing: a secret that short is
/// guessed in moments anyway.
public struct SecretValues: Sendable, Equatable {
    /// What a secret value reads as once redacted (the request log's marker for secret headers too).
    public static let marker = "<redacted>"
    /// The fewest characters a value needs to be redacted.
    public static let minimumLength = 4

    /// The byte strings to replace, distinct, longest first (so a value that holds another is
    /// replaced whole).
    private var patterns: [[UInt8]]

    /// The secrets `values` hold (those shorter than ``minimumLength`` left out).
    public init(_ values: some Sequence<String> = [String]()) {
        var forms: Set<[UInt8]> = []
        for value in values where value.count >= SecretValues.minimumLength {
            let json = value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            for form in [value, json, json.replacingOccurrences(of: "/", with: "\\/"), PercentEncoding.encodingAllButUnreserved(value)] {
                forms.insert(Array(form.utf8))
            }
        }
        patterns = forms.sorted { $0.count != $1.count ? $0.count > $1.count : $0.lexicographicallyPrecedes($1) }
    }

    /// The secrets `credentials` hold: the bearer token; each header's value, with the
    /// credential after its scheme (`Bearer t`, `Token t`) and a `Basic` value's decoded
    /// `user:password` and password; the OAuth 1.0a consumer key and secret, token and token secret.
    public init(credentials: Credentials?) {
        guard let credentials else {
            self.init()
            return
        }
        var values: [String] = []
        if let token = credentials.bearerToken { values.append(token) }
        for header in credentials.headers {
            values += SecretValues.parts(ofHeaderValue: header.value)
        }
        if let oauth1 = credentials.oauth1 {
            values += [oauth1.consumerKey, oauth1.consumerSecret, oauth1.token, oauth1.tokenSecret].compactMap { $0 }
        }
        self.init(values)
    }

    /// These secrets and those `values` hold: what a run redacts once a sign-in gave it a token.
    public func adding(_ values: some Sequence<String>) -> SecretValues {
        var result = SecretValues(values)
        let forms = Set(result.patterns).union(patterns)
        result.patterns = forms.sorted { $0.count != $1.count ? $0.count > $1.count : $0.lexicographicallyPrecedes($1) }
        return result
    }

    /// Whether there is nothing to redact.
    public var isEmpty: Bool { patterns.isEmpty }

    /// `text` with every secret replaced by ``marker``.
    public func redacting(_ text: String) -> String {
        guard !patterns.isEmpty else { return text }
        let bytes = Array(text.utf8)
        let redacted = redacting(bytes)
        return redacted == bytes ? text : String(decoding: redacted, as: UTF8.self)
    }

    /// `bytes` with every secret replaced by ``marker``'s UTF-8 bytes; the same array when
    /// none occurs.
    public func redacting(_ bytes: [UInt8]) -> [UInt8] {
        var result = bytes
        for pattern in patterns {
            guard var found = ByteSearch.firstIndex(of: pattern, in: result) else { continue }
            var replaced: [UInt8] = []
            replaced.reserveCapacity(result.count)
            var copied = 0
            while true {
                replaced += result[copied..<found]
                replaced += SecretValues.markerBytes
                copied = found + pattern.count
                guard let next = ByteSearch.firstIndex(of: pattern, in: result, from: copied) else { break }
                found = next
            }
            replaced += result[copied...]
            result = replaced
        }
        return result
    }

    /// `response` with its header values and body redacted.
    public func redacting(_ response: ServiceResponse) -> ServiceResponse {
        guard !patterns.isEmpty else { return response }
        var result = response
        result.headers = response.headers.map { HeaderField($0.name, redacting($0.value)) }
        result.body = redacting(response.body)
        return result
    }

    /// `error` with its message and hint redacted (a refused redirect repeats the `Location` a
    /// server sent, a transport error the URL).
    public func redacting(_ error: ActionError) -> ActionError {
        guard !patterns.isEmpty else { return error }
        var result = error
        result.message = redacting(error.message)
        result.hint = error.hint.map { redacting($0) }
        return result
    }

    /// A transport's or a stub's answer, redacted either way.
    public func redacting(_ answer: Result<ServiceResponse, ActionError>) -> Result<ServiceResponse, ActionError> {
        guard !patterns.isEmpty else { return answer }
        return answer.map { redacting($0) }.mapError { redacting($0) }
    }

    private static let markerBytes = Array(marker.utf8)

    /// A header value, and what of it a server may repeat on its own: the credential after an
    /// auth scheme, and for `Basic` the decoded `user:password` and the password.
    private static func parts(ofHeaderValue value: String) -> [String] {
        var parts = [value]
        let words = value.split(separator: " ", maxSplits: 1)
        guard words.count == 2, words[0].allSatisfy({ $0.isLetter || $0 == "-" }) else { return parts }
        let credential = words[1].trimmingPrefix(while: { $0 == " " })
        parts.append(String(credential))
        if words[0].lowercased() == "basic", let decoded = Data(base64Encoded: String(credential)),
           let pair = String(validating: decoded, as: UTF8.self) {
            parts.append(pair)
            if let colon = pair.firstIndex(of: ":") { parts.append(String(pair[pair.index(after: colon)...])) }
        }
        return parts
    }
}
