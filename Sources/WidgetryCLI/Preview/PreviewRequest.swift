import WidgetryJSON
import WidgetryRuntime

/// What the page may ask the preview to do: one object naming one interaction, the vocabulary
/// scenarios use (`Interaction`). Anything else is a 400 with the reason.
///
///     {"tap": "addButton"}                       {"tapRow": {"table": "tableView", "section": 0, "row": 2}}
///     {"type": {"text": "swift", "into": "searchBar"}}   {"return": "searchBar"}   {"clear": "searchBar"}
///     {"refresh": "tableView"}   {"scrollToEnd": "tableView"}   {"back": true}   {"advance": 5}
enum PreviewRequest {
    /// The largest body accepted.
    static let largestBody = 16 << 10
    static let kinds = ["tap", "tapRow", "type", "return", "clear", "refresh", "scrollToEnd", "back", "advance"]

    static func interaction(from bytes: [UInt8]) throws(PreviewRefusal) -> Interaction {
        let json: JSONValue
        do {
            json = try JSONParser.parse(bytes, fileName: "request").root
        } catch {
            throw PreviewRefusal(status: 400, message: "the request is not JSON: \(error)")
        }
        guard let object = json.objectValue, object.count == 1, let member = Array(object).first else {
            throw PreviewRefusal(status: 400, message: "the request must be one object with one key: " + kinds.joined(separator: ", "))
        }
        let value = member.value
        func text(_ value: JSONValue?, _ what: String) throws(PreviewRefusal) -> String {
            guard let text = value?.stringValue, !text.isEmpty else { throw PreviewRefusal(status: 400, message: "\(what) must be a non-empty string") }
            return text
        }
        func index(_ value: JSONValue?, _ what: String) throws(PreviewRefusal) -> Int {
            guard let number = value?.doubleValue, number >= 0, number <= 1_000_000, number.rounded() == number else {
                throw PreviewRefusal(status: 400, message: "\(what) must be a whole number from 0")
            }
            return Int(number)
        }
        switch member.key {
        case "tap": return .tap(try text(value, "tap"))
        case "return": return .pressReturn(try text(value, "return"))
        case "clear": return .clear(try text(value, "clear"))
        case "refresh": return .refresh(try text(value, "refresh"))
        case "scrollToEnd": return .scrollToEnd(try text(value, "scrollToEnd"))
        case "back": return .back
        case "tapRow":
            return .tapRow(table: try text(value["table"], "tapRow.table"), section: try index(value["section"] ?? JSONValue(.integer(0)), "tapRow.section"),
                           row: try index(value["row"], "tapRow.row"))
        case "type":
            guard let typed = value["text"]?.stringValue, typed.count <= 10_000 else {
                throw PreviewRefusal(status: 400, message: "type.text must be a string of at most 10000 characters")
            }
            return .type(text: typed, into: try text(value["into"], "type.into"), interval: nil)
        case "advance":
            guard let seconds = value.doubleValue, seconds > 0, seconds <= 86_400 else {
                throw PreviewRefusal(status: 400, message: "advance must be a number of seconds from 0 to 86400")
            }
            return .advance(seconds)
        default:
            throw PreviewRefusal(status: 400, message: "\"\(member.key)\" is not an interaction; use one of " + kinds.joined(separator: ", "))
        }
    }
}
