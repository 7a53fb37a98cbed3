import WidgetryJSON
import WidgetryRuntime

/// What the page may ask the preview to do: one object naming one interaction, the vocabulary
/// scenarios use (`Interaction`). Anything else is a 400 with the reason.
///
///     {"tap": "addButton"}                       {"tapRow": {"table": "tableView", "section": 0, "row": 2}}
///     {"type": {"text": "swift", "into": "searchBar"}}   {"return": "searchBar"}   {"clear": "searchBar"}
///     {"refresh": "tableView"}   {"scrollToEnd": "tableView"}   {"back": true}   {"advance": 5}
enum PreviewRequest {
    static let kinds = ["tap", "tapRow", "type", "return", "clear", "refresh", "scrollToEnd", "back", "advance"]

    /// The interaction `bytes` ask for; an `advance` of more than `maxAdvance` seconds is
    /// refused (`preview.advance-limit`).
    static func interaction(from bytes: [UInt8], maxAdvance: Double = PreviewLimits().maxAdvance) throws(PreviewRefusal) -> Interaction {
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
            guard let seconds = value.doubleValue, seconds > 0, seconds.isFinite else {
                throw PreviewRefusal(status: 400, message: "advance must be a positive number of seconds")
            }
            guard seconds <= maxAdvance else {
                throw PreviewRefusal(status: 422, code: "preview.advance-limit",
                                     message: "advance may ask for at most \(Self.seconds(maxAdvance)) s of run time per request "
                                         + "(--max-advance); advance in smaller steps")
            }
            return .advance(seconds)
        default:
            throw PreviewRefusal(status: 400, message: "\"\(member.key)\" is not an interaction; use one of " + kinds.joined(separator: ", "))
        }
    }

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() && value < 1e15 ? String(Int64(value)) : String(value)
    }
}
