import WidgetryJSON

/// Parameters as `application/x-www-form-urlencoded` text, the way Alamofire's `URLEncoding`
/// wrote upstream's request bodies (FORMAT.md#service.request, step 2).
///
/// - Keys in ascending order of their UTF-8 bytes, at every level (Alamofire sorted only the top
///   level and took nested dictionaries in hash order; sorting them too keeps requests stable).
/// - Nested objects as `a[b]=…`, arrays as `a[]=…`, recursively; empty ones write nothing.
/// - Booleans `1`/`0`; null `key=`; numbers as JSON writes them; strings as they are.
/// - Keys and values percent-encoded except RFC 3986 unreserved characters, so `a[b]` goes out
///   as `a%5Bb%5D` and a space as `%20` (Alamofire also kept `/` and `?`; here they are encoded).
enum FormEncoding {
    static let contentType = "application/x-www-form-urlencoded; charset=utf-8"

    /// The encoded pairs joined with `&`; empty for no parameters.
    static func encode(_ parameters: JSONObject) -> String {
        var pairs: [String] = []
        for member in sortedMembers(parameters) {
            appendPairs(key: member.key, value: member.value, to: &pairs)
        }
        return pairs.joined(separator: "&")
    }

    private static func appendPairs(key: String, value: JSONValue, to pairs: inout [String]) {
        switch value.kind {
        case .object(let object):
            for member in sortedMembers(object) {
                appendPairs(key: "\(key)[\(member.key)]", value: member.value, to: &pairs)
            }
        case .array(let elements):
            for element in elements {
                appendPairs(key: "\(key)[]", value: element, to: &pairs)
            }
        case .null:
            pairs.append(PercentEncoding.encodingAllButUnreserved(key) + "=")
        case .bool(let flag):
            pairs.append(PercentEncoding.encodingAllButUnreserved(key) + "=" + (flag ? "1" : "0"))
        case .integer, .double:
            pairs.append(PercentEncoding.encodingAllButUnreserved(key) + "=" + PercentEncoding.encodingAllButUnreserved(value.serialized()))
        case .string(let text):
            pairs.append(PercentEncoding.encodingAllButUnreserved(key) + "=" + PercentEncoding.encodingAllButUnreserved(text))
        }
    }

    private static func sortedMembers(_ object: JSONObject) -> [JSONObject.Member] {
        object.members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
    }
}
