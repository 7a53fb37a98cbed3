import WidgetryJSON

/// Small pieces of English the messages share.
enum Wording {
    /// A JSON type name with its article: `an object`, `a string`, `null`.
    static func withArticle(_ typeName: String) -> String {
        switch typeName {
        case "null": "null"
        case "object", "array", "integer": "an \(typeName)"
        default: "a \(typeName)"
        }
    }

    /// `a`, `a or b`, `a, b or c`.
    static func list(_ items: [String], conjunction: String = "or") -> String {
        switch items.count {
        case 0: ""
        case 1: items[0]
        default: items.dropLast().joined(separator: ", ") + " \(conjunction) " + (items.last ?? "")
        }
    }

    /// `1 item`, `2 items`.
    static func count(_ count: Int, _ singular: String, _ plural: String) -> String {
        "\(count) \(count == 1 ? singular : plural)"
    }

    /// A value as a message quotes it: JSON text, cut short when long.
    static func quote(_ value: JSONValue, limit: Int = 60) -> String {
        let text = value.serialized()
        guard text.count > limit else { return text }
        return String(text.prefix(limit)) + "…"
    }

    /// A string quoted as JSON writes it.
    static func quote(_ text: String) -> String {
        quote(JSONValue(.string(text)))
    }

    /// Up to `limit` items joined with commas, then how many more there are.
    static func abbreviatedList(_ items: [String], limit: Int = 12) -> String {
        guard items.count > limit else { return items.joined(separator: ", ") }
        return items.prefix(limit).joined(separator: ", ") + " and \(items.count - limit) more"
    }

    /// The instance type `value` has, with its article, as the `type` keyword names types.
    static func typeOf(_ value: JSONValue) -> String {
        withArticle(value.typeName)
    }
}
