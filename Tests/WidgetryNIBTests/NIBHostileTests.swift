import Foundation
import Testing
import WidgetryNIB
import WidgetryTestSupport

/// Archives Interface Builder would never write: each must give its typed error, never trap.
@Suite struct NIBHostileTests {
    static func code(_ bytes: [UInt8], limits: NIBLimits = NIBLimits()) -> NIBError.Code? {
        do {
            _ = try NIBArchive(bytes: bytes, file: "hostile.nib", limits: limits)
            return nil
        } catch {
            return error.code
        }
    }

    /// A small valid archive: a root `NSObject` with a string under `title`.
    static func sample() -> NIBTestWriter {
        var writer = NIBTestWriter()
        writer.classes = [("NSObject", []), ("NSString", [])]
        writer.keys = ["title", "NS.bytes"]
        let reference = NIBTestWriter.reference(1)
        let text = NIBTestWriter.data(Array("Feed".utf8))
        writer.values = [(0, reference.0, reference.1), (1, text.0, text.1)]
        writer.objects = [(0, 0, 1), (1, 1, 1)]
        return writer
    }

    @Test func theSampleIsValid() throws {
        let archive = try NIBArchive(bytes: Self.sample().bytes(), file: "sample.nib")
        #expect(try archive.string(of: 0, key: "title") == "Feed")
        #expect(try archive.className(of: 1) == "NSString")
    }

    @Test func badMagicAndUnknownVersions() {
        #expect(Self.code(Array("NIBArchivX".utf8) + [UInt8](repeating: 0, count: 40)) == .badMagic)
        #expect(Self.code(Array("<?xml vers".utf8)) == .badMagic)
        var writer = Self.sample()
        writer.coder = 10
        #expect(Self.code(writer.bytes()) == .unknownVersion)
        writer.coder = 9
        writer.format = 2
        #expect(Self.code(writer.bytes()) == .unknownVersion)
        do {
            _ = try NIBArchive(bytes: writer.bytes(), file: "new.nib")
        } catch {
            #expect(error.description.contains("format 2, coder version 9"))
            #expect(error.hint != nil)
        }
    }

    @Test func everyPrefixOfTheSampleIsTruncated() {
        let bytes = Self.sample().bytes()
        for length in 0..<bytes.count {
            #expect(Self.code(Array(bytes.prefix(length))) == .truncated, "\(length)")
        }
    }

    @Test func hugeCountsHitLimitsOrTheEnd() {
        var bytes = Self.sample().bytes()
        // Object count (header bytes 18-21) set to 0xFFFFFFFF: over the limit, before any allocation.
        bytes.replaceSubrange(18..<22, with: [0xFF, 0xFF, 0xFF, 0xFF])
        #expect(Self.code(bytes) == .limit)
        // Within the limit but far more than the bytes could hold.
        bytes.replaceSubrange(18..<22, with: [0x40, 0x0D, 0x03, 0x00])
        #expect(Self.code(bytes) == .truncated)
        // A small limit.
        #expect(Self.code(Self.sample().bytes(), limits: NIBLimits(maxObjects: 1)) == .limit)
        #expect(Self.code(Self.sample().bytes(), limits: NIBLimits(maxValues: 1)) == .limit)
        #expect(Self.code(Self.sample().bytes(), limits: NIBLimits(maxBytes: 60)) == .limit)
        // A data value declaring 2^62 bytes.
        var writer = Self.sample()
        writer.values[1] = (1, 8, [0, 0, 0, 0, 0, 0, 0, 0, 0x80 | 0x40])
        #expect(Self.code(writer.bytes()) == .truncated)
        // A varint that never ends.
        writer = Self.sample()
        writer.values[1] = (1, 8, [UInt8](repeating: 0x01, count: 12))
        #expect(Self.code(writer.bytes()) == .malformed)
    }

    @Test func indexesOutOfRange() {
        var writer = Self.sample()
        writer.values[0] = (0, 10, NIBTestWriter.le32(7))
        #expect(Self.code(writer.bytes()) == .indexOutOfRange)
        writer = Self.sample()
        writer.values[0].0 = 9
        #expect(Self.code(writer.bytes()) == .indexOutOfRange)
        writer = Self.sample()
        writer.objects[1] = (5, 1, 1)
        #expect(Self.code(writer.bytes()) == .indexOutOfRange)
        writer = Self.sample()
        writer.objects[1] = (1, 1, 4)
        #expect(Self.code(writer.bytes()) == .indexOutOfRange)
        writer = Self.sample()
        writer.classes[1].1 = [42]
        #expect(Self.code(writer.bytes()) == .indexOutOfRange)
        writer = Self.sample()
        writer.values[1] = (1, 11, [])
        #expect(Self.code(writer.bytes()) == .unknownValueType)
    }

    @Test func errorsNameTheObjectAndKey() throws {
        var writer = Self.sample()
        writer.values[0] = (0, 10, NIBTestWriter.le32(7))
        do {
            _ = try NIBArchive(bytes: writer.bytes(), file: "Feed.nib")
            Issue.record("an out-of-range reference was accepted")
        } catch {
            #expect(error.file == "Feed.nib" && error.key == "title")
            #expect(error.description.contains("[nib.index-out-of-range]"))
        }
        let archive = try NIBArchive(bytes: Self.sample().bytes(), file: "sample.nib")
        do {
            _ = try archive.string(0)
            Issue.record("an object without NS.bytes was read as a string")
        } catch {
            #expect(error.code == .malformed && error.objectIndex == 0 && error.key == "NS.bytes")
        }
        #expect(throws: NIBError.self) { try archive.className(of: 99) }
        #expect(throws: NIBError.self) { try archive.items(of: 0) }
        #expect(throws: NIBError.self) { try archive.nestedArchive(1) }
    }

    @Test func nestedArchivesStopAtTheDepthLimit() throws {
        var bytes = Self.sample().bytes()
        for _ in 0..<12 { bytes = NIBTestWriter.wrapping(bytes) }
        var archive = try NIBArchive(bytes: bytes, file: "deep.nib")
        var depth = 0
        var failure: NIBError?
        while failure == nil, try archive.className(of: 0) == "UINib" {
            do {
                archive = try archive.nestedArchive(0)
                depth += 1
            } catch {
                failure = error
            }
        }
        #expect(depth == NIBLimits().maxNestingDepth)
        #expect(failure?.code == .limit)
        #expect(failure?.file.hasPrefix("deep.nib#0#0") == true)
    }

    @Test func selfReferencingArchiveDataIsRefused() throws {
        var writer = NIBTestWriter()
        writer.classes = [("UINib", [])]
        writer.keys = ["archiveData"]
        writer.values = [(0, 10, NIBTestWriter.le32(0))]
        writer.objects = [(0, 0, 1)]
        let archive = try NIBArchive(bytes: writer.bytes(), file: "loop.nib")
        #expect(try archive.reachableObjects() == [0])
        do {
            _ = try archive.nestedArchive(0)
            Issue.record("archiveData pointing at its own object was accepted")
        } catch {
            #expect(error.code == .malformed && error.key == "archiveData")
        }
    }

    @Test func cyclicGraphsAreWalkedOnce() throws {
        var writer = NIBTestWriter()
        writer.classes = [("NSObject", [])]
        writer.keys = ["next"]
        writer.values = [(0, 10, NIBTestWriter.le32(1)), (0, 10, NIBTestWriter.le32(2)), (0, 10, NIBTestWriter.le32(0))]
        writer.objects = [(0, 0, 1), (0, 1, 1), (0, 2, 1)]
        let archive = try NIBArchive(bytes: writer.bytes(), file: "ring.nib")
        #expect(try archive.reachableObjects() == [0, 1, 2])
    }

    @Test func collectionsAndGeometryCheckTheirShape() throws {
        var writer = NIBTestWriter()
        writer.classes = [("NSDictionary", []), ("UIView", [])]
        writer.keys = ["NSInlinedValue", "UINibEncoderEmptyKey", "UIBounds"]
        writer.values = [(0, 5, []), (1, 10, NIBTestWriter.le32(1)), (1, 10, NIBTestWriter.le32(1)), (1, 10, NIBTestWriter.le32(1)),
                         (2, 8, NIBTestWriter.data([6, 0, 0, 0x80, 0x3F, 0, 0, 0, 0x40]).1)]
        writer.objects = [(0, 0, 4), (1, 4, 1)]
        let archive = try NIBArchive(bytes: writer.bytes(), file: "shapes.nib")
        #expect(try archive.objectItems(of: 0) == [1, 1, 1])
        #expect(throws: NIBError.self) { try archive.pairs(of: 0) }
        #expect(try archive.point(of: 1, key: "UIBounds").map { [$0.x, $0.y] } == [1, 2])
        #expect(throws: NIBError.self) { try archive.rect(of: 1, key: "UIBounds") }
    }
}
