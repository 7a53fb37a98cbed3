import Foundation
import Testing
@testable import WidgetryExpressions

/// `ValueDictionary`: insertion order, lookups through header tags and the hash index, copy on
/// write, and removal.
struct ValueDictionaryTests {
    private func keys(_ count: Int) -> [String] {
        (0..<count).map { "key\($0)" }
    }

    @Test(arguments: [0, 1, 3, 4, 5, 8, 9, 40])
    func everyKeyIsFoundAtItsPositionInInsertionOrder(count: Int) {
        var dictionary = ValueDictionary()
        for (position, key) in keys(count).enumerated() { dictionary[key] = .int(Int64(position)) }
        #expect(dictionary.count == count)
        #expect(dictionary.keys == keys(count))
        for (position, key) in keys(count).enumerated() {
            #expect(dictionary.position(of: key) == position)
            #expect(dictionary[key] == .int(Int64(position)))
            #expect(dictionary[DictionaryKey(key)] == .int(Int64(position)))
        }
        #expect(dictionary["missing"] == nil)
        #expect(dictionary[""] == nil)
    }

    @Test func keysThatShareATagAreStillTellApart() {
        // Many keys, so several of the first four share a one-byte tag with some probe.
        let probes = (0..<2000).map { "probe\($0)" }
        let dictionary: ValueDictionary = ["a": 1, "b": 2, "c": 3, "d": 4, "e": 5]
        for probe in probes { #expect(dictionary[probe] == nil) }
        #expect(dictionary["d"] == 4)
        #expect(dictionary["e"] == 5)
    }

    @Test func settingAnExistingKeyKeepsItsPlace() {
        var dictionary: ValueDictionary = ["a": 1, "b": 2, "c": 3]
        dictionary["b"] = "two"
        #expect(dictionary.keys == ["a", "b", "c"])
        #expect(dictionary["b"] == "two")
    }

    @Test(arguments: [0, 2, 4, 9])
    func removingAMemberKeepsTheOthersFindable(removed: Int) {
        var dictionary = ValueDictionary()
        for (position, key) in keys(12).enumerated() { dictionary[key] = .int(Int64(position)) }
        dictionary[keys(12)[removed]] = nil
        #expect(dictionary.count == 11)
        #expect(dictionary[keys(12)[removed]] == nil)
        for (position, key) in keys(12).enumerated() where position != removed {
            #expect(dictionary[key] == .int(Int64(position)))
        }
        // Below the index threshold again, lookups fall back to tags and scans.
        for key in keys(12).dropFirst(5) { dictionary[key] = nil }
        #expect(dictionary.count == (removed < 5 ? 4 : 5))
        for (position, key) in keys(5).enumerated() where position != removed {
            #expect(dictionary[key] == .int(Int64(position)))
        }
    }

    @Test func copiesDoNotSeeEachOthersChanges() {
        let original: ValueDictionary = ["a": 1, "b": 2]
        var copy = original
        copy["a"] = 10
        copy["c"] = 3
        #expect(original["a"] == 1)
        #expect(original["c"] == nil)
        #expect(original.count == 2)
        #expect(copy["a"] == 10)
        #expect(copy.count == 3)
    }

    @Test func aLaterDuplicateInALiteralWins() {
        let dictionary: ValueDictionary = ["a": 1, "a": 2]
        #expect(dictionary.count == 1)
        #expect(dictionary["a"] == 2)
    }

    @Test func iterationYieldsMembersInOrderAndValuesOutliveTheDictionary() {
        var values: [Value] = []
        do {
            let dictionary: ValueDictionary = ["x": "first", "y": ["nested": true], "z": [1, 2]]
            #expect(dictionary.map(\.key) == ["x", "y", "z"])
            values = dictionary.values
        }
        #expect(values == ["first", ["nested": true], [1, 2]])
    }
}

/// ISO 8601 reading: the hand-written fast path agrees with Foundation's formatter.
struct ISO8601ReadingTests {
    @Test(arguments: [
        "2018-06-20T18:00:00Z", "1970-01-01T00:00:00Z", "2000-02-29T23:59:59Z", "2018-06-20T18:00:00.250Z",
        "2018-06-20T20:30:00+02:30", "2018-06-20T10:00:00-08:00", "1969-12-31T23:59:59Z", "2100-03-01T00:00:00Z",
    ])
    func agreesWithFoundation(text: String) throws {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = text.contains(".") ? [.withInternetDateTime, .withFractionalSeconds] : [.withInternetDateTime]
        let expected = try #require(formatter.date(from: text))
        let value = try #require(Value.date(iso8601: text))
        #expect(abs(value.timeIntervalSince(expected)) < 0.0005)
    }

    @Test(arguments: ["2018-13-20T18:00:00Z", "2018-06-20 18:00:00Z", "2018-06-20T18:00:00", "yesterday"])
    func rejectsWhatIsNotADate(text: String) {
        #expect(Value.date(iso8601: text) == nil)
    }

    /// The common form read from bytes (what an import does) is the fast path itself, without
    /// the formatter behind it: it reads every common-form date above as the formatter does, and
    /// refuses a non-digit in any digit's place, on either side of the digits in ASCII.
    @Test func theCommonFormIsReadFromBytesAlone() throws {
        for text in ["2018-06-20T18:00:00Z", "1970-01-01T00:00:00Z", "2000-02-29T23:59:59Z", "2018-06-20T18:00:00.250Z",
                     "2018-06-20T20:30:00+02:30", "2018-06-20T10:00:00-08:00", "1969-12-31T23:59:59Z"] {
            let fromBytes = try #require(Array(text.utf8).withUnsafeBufferPointer { Value.commonISO8601Date(utf8: $0) }, "\(text)")
            #expect(fromBytes == Value.date(iso8601: text), "\(text)")
        }
        let text = Array("2018-06-20T18:00:00Z".utf8)
        for position in [0, 1, 2, 3, 5, 6, 8, 9, 11, 12, 14, 15, 17, 18] {
            for replacement in ["/", ":", "a"] {
                var damaged = text
                damaged[position] = UInt8(ascii: Unicode.Scalar(replacement)!)
                #expect(damaged.withUnsafeBufferPointer { Value.commonISO8601Date(utf8: $0) } == nil, "\(String(decoding: damaged, as: UTF8.self))")
            }
        }
    }
}
