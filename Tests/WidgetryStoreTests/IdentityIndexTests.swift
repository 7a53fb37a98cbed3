import Testing
import WidgetryExpressions
import WidgetryTestSupport
@testable import WidgetryStore

@Suite struct IdentityIndexTests {
    /// Keys that `Value`'s `==` pairs across spellings: each group's members are equal, and the
    /// table must find any of them by any other.
    static let equivalentGroups: [[Value]] = [
        [.string("K"), .string("\u{212A}")],  // Latin K and the Kelvin sign
        [.string("caf\u{E9}"), .string("cafe\u{301}")],  // precomposed and combining acute
        [.string("\u{212B}ngstr\u{F6}m"), .string("\u{C5}ngstro\u{308}m"), .string("A\u{30A}ngstr\u{F6}m")],
        [.int(1), .double(1), .bool(true)],
        [.int(0), .double(-0.0), .bool(false)],
        [.string("")],
        [.string("a long identity of more than sixteen bytes, ASCII only")],
        [.string(String(repeating: "x", count: 15) + "y")],
        [.string("\u{1F600} and more than sixteen bytes of text"), .string("\u{1F600} and more than sixteen bytes of text")],
    ]

    @Test func equivalentKeysFindEachOther() {
        var index = IdentityIndex()
        for (group, members) in IdentityIndexTests.equivalentGroups.enumerated() {
            index[members[0]] = ObjectID(rawValue: UInt64(group + 1))
        }
        for (group, members) in IdentityIndexTests.equivalentGroups.enumerated() {
            for member in members {
                #expect(index[member] == ObjectID(rawValue: UInt64(group + 1)), "\(member)")
            }
        }
        #expect(index[.string("k")] == nil)
        #expect(index[.double(1.5)] == nil)
        #expect(index[.string("1")] == nil, "a string never equals a number")
        // Replacing through an equivalent key keeps one entry.
        #expect(index.updateValue(ObjectID(rawValue: 99), forKey: IdentityIndex.Key(.string("\u{212A}"))) == ObjectID(rawValue: 1))
        #expect(index[.string("K")] == ObjectID(rawValue: 99))
        #expect(index.count == IdentityIndexTests.equivalentGroups.count)
    }

    /// Random inserts, replacements and removals against `Dictionary` as the reference, with
    /// enough keys to grow the table several times and to make long probe runs, so that removal
    /// by backward shift is exercised where runs wrap around the end of the table.
    @Test func behavesAsADictionaryUnderRandomOperations() {
        var generator = SeededGenerator(seed: 0x1D)
        var index = IdentityIndex(), reference: [Value: ObjectID] = [:]
        let keys: [Value] = (0..<600).map { number in
            switch number % 4 {
            case 0: .int(Int64(number))
            case 1: .string("u\(number)")
            case 2: .string("identity number \(number) of a longer kind")
            default: .double(Double(number) + 0.5)
            }
        }
        for step in 0..<20_000 {
            let key = keys[generator.below(keys.count)]
            switch generator.below(3) {
            case 0, 1:
                let id = ObjectID(rawValue: UInt64(step + 1))
                if step % 7 == 0 {
                    // Gives the key only when no object has it.
                    #expect(index.insertIfAbsent(id, forKey: IdentityIndex.Key(key)) == (reference[key] == nil))
                    if reference[key] == nil { reference[key] = id }
                } else {
                    #expect(index.updateValue(id, forKey: IdentityIndex.Key(key)) == reference.updateValue(id, forKey: key))
                }
            default:
                index[key] = nil
                reference[key] = nil
            }
            if step % 500 == 0 {
                for key in keys where index[key] != reference[key] {
                    Issue.record("step \(step): \(key) is \(String(describing: index[key])), expected \(String(describing: reference[key]))")
                }
            }
        }
        #expect(index.count == reference.count)
        for key in keys { #expect(index[key] == reference[key]) }
    }

    @Test func aCopyIsUnchangedByWritesToTheOriginal() {
        var index = IdentityIndex()
        for number in 0..<100 { index[.int(Int64(number))] = ObjectID(rawValue: UInt64(number + 1)) }
        let copy = index
        for number in 0..<100 where number % 2 == 0 { index[.int(Int64(number))] = nil }
        for number in 100..<300 { index[.int(Int64(number))] = ObjectID(rawValue: 7) }
        #expect(copy.count == 100)
        #expect((0..<100).allSatisfy { copy[.int(Int64($0))] == ObjectID(rawValue: UInt64($0 + 1)) })
        #expect(copy[.int(150)] == nil)
        #expect(index.count == 250)
    }
}

