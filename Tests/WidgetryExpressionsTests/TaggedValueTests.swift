import Foundation
import Testing
import WidgetryExpressions
import WidgetryJSON

/// The tagged JSON form (`{"$date": …}`, `{"$set": […]}`): a malformed tag is a typed error at
/// its place, never a dictionary that looks like a date.
struct TaggedValueTests {
    static let malformed: [(json: String, code: TaggedValueErrorCode, pointer: String)] = [
        (#"{"$date": "garbage"}"#, .invalidDate, "/$date"),
        (#"{"$date": 5}"#, .invalidDate, "/$date"),
        (#"{"$date": null}"#, .invalidDate, "/$date"),
        (#"{"$date": "2018-13-45T99:00:00Z"}"#, .invalidDate, "/$date"),
        (#"{"$set": "not an array"}"#, .invalidSet, "/$set"),
        (#"{"$set": {"a": 1}}"#, .invalidSet, "/$set"),
        (#"{"$date": "2018-06-20T18:00:00Z", "note": 1}"#, .extraKeys, ""),
        (#"{"$set": [], "$date": "2018-06-20T18:00:00Z"}"#, .extraKeys, ""),
        (#"{"posts": [{"at": {"$date": "yesterday"}}]}"#, .invalidDate, "/posts/0/at/$date"),
        (#"{"$set": [{"$date": "x"}]}"#, .invalidDate, "/$set/0/$date"),
    ]

    @Test(arguments: 0..<malformed.count)
    func aMalformedTagIsATypedErrorAtItsPlace(index: Int) throws {
        let (text, code, pointer) = Self.malformed[index]
        let json = try JSONParser.parse(text, fileName: "data.json").root
        #expect {
            _ = try Value(taggedJSON: json, file: "data.json")
        } throws: { error in
            guard let error = error as? TaggedValueError else { return false }
            return error.code == code && error.file == "data.json" && error.location != nil && error.hint != nil
                && error.pointer?.description == pointer
        }
    }

    @Test func wellFormedTagsAreDatesAndSets() throws {
        let json = try JSONParser.parse(#"{"at": {"$date": "2018-06-20T18:00:00Z"}, "tags": {"$set": [1, 2, 2]}, "plain": {"$other": 1}}"#).root
        let value = try Value(taggedJSON: json)
        guard case .dictionary(let members) = value else { Issue.record("\(value)"); return }
        #expect(members["at"] == .date(Date(timeIntervalSince1970: 1_529_517_600)))
        guard case .set(let set)? = members["tags"] else { Issue.record("not a set"); return }
        #expect(set.count == 2)
        guard case .dictionary? = members["plain"] else { Issue.record("an unknown $ key is data"); return }
        #expect(Value(json: try JSONParser.parse(#"{"$date": "garbage"}"#).root) != .null, "the untagged reader keeps objects as data")
    }
}
