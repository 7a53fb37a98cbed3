import Foundation

/// Where plain `http` may go: loopback hosts only, decided on the parsed host, never on the
/// text of the URL. Bundle downloads, actions' redirects and the `insecure-url` lint rule all
/// ask this one type, so `http://127.attacker.invalid/` (a name that DNS resolves anywhere) is
/// not taken for loopback by one of them and refused by another.
public enum PlainHTTPPolicy {
    /// Whether `host` (as a URL holds it, IPv6 literals with or without brackets) is this
    /// machine without asking DNS: `localhost`, an IPv4 literal in 127.0.0.0/8 written as four
    /// decimal parts, or the IPv6 literal `::1` in any of its spellings.
    public static func isLoopback(host: String) -> Bool {
        var name = host.lowercased()
        if name.hasPrefix("["), name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
        if name == "localhost" || name == "localhost." { return true }
        if let octets = ipv4(name) { return octets[0] == 127 }
        if let groups = ipv6(name) { return groups == [0, 0, 0, 0, 0, 0, 0, 1] }
        return false
    }

    /// Whether `url` is plain `http` to a host that is not loopback (false for https and for
    /// text that is not an http URL).
    public static func isPlainHTTPOffLoopback(_ url: String) -> Bool {
        guard let components = URLComponents(string: url), components.scheme?.lowercased() == "http" else { return false }
        return !isLoopback(host: components.host ?? "")
    }

    /// Why a redirect from `current` to the `Location` value `location` may not be followed.
    public enum RedirectRefusal: Error, Sendable, Equatable {
        /// The location is not an http(s) URL with a host.
        case notHTTP
        /// From `https` to plain `http`.
        case downgrade
        /// To plain `http` on a host that is not loopback.
        case plainHTTP
    }

    /// The absolute URL a redirect leads to, resolved against `current`; or why it must not be
    /// followed. A redirect never goes from https to http, and goes to plain http only on
    /// loopback unless `allowsPlainHTTP`.
    public static func redirect(from current: String, to location: String, allowsPlainHTTP: Bool) -> Result<String, RedirectRefusal> {
        guard let base = URL(string: current), let target = URL(string: location, relativeTo: base)?.absoluteURL,
              let components = URLComponents(url: target, resolvingAgainstBaseURL: false),
              let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = components.host, !host.isEmpty else { return .failure(.notHTTP) }
        if scheme == "http" {
            if base.scheme?.lowercased() == "https" { return .failure(.downgrade) }
            if !allowsPlainHTTP, !isLoopback(host: host) { return .failure(.plainHTTP) }
        }
        return .success(target.absoluteString)
    }

    /// The four octets of a dotted-decimal IPv4 literal; nil for anything else (short forms,
    /// octal and hexadecimal parts, leading zeros, which resolvers read in different ways).
    private static func ipv4(_ text: String) -> [Int]? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return nil }
        var octets: [Int] = []
        for part in parts {
            guard !part.isEmpty, part.count <= 3, part.allSatisfy({ $0.isASCII && $0.isNumber }),
                  part == "0" || !part.hasPrefix("0"), let value = Int(part), value <= 255 else { return nil }
            octets.append(value)
        }
        return octets
    }

    /// The eight groups of an IPv6 literal without a zone; nil for anything else.
    private static func ipv6(_ text: String) -> [Int]? {
        guard text.contains(":"), !text.contains("%") else { return nil }
        let halves = text.components(separatedBy: "::")
        guard halves.count <= 2 else { return nil }
        func groups(_ part: String) -> [Int]? {
            if part.isEmpty { return [] }
            var result: [Int] = []
            for group in part.split(separator: ":", omittingEmptySubsequences: false) {
                guard !group.isEmpty, group.count <= 4, group.allSatisfy(\.isHexDigit), let value = Int(group, radix: 16) else { return nil }
                result.append(value)
            }
            return result
        }
        guard let head = groups(halves[0]) else { return nil }
        if halves.count == 1 { return head.count == 8 ? head : nil }
        guard let tail = groups(halves[1]), head.count + tail.count < 8 else { return nil }
        return head + Array(repeating: 0, count: 8 - head.count - tail.count) + tail
    }
}
