/// Writes NIBArchive bytes from tables, for tests that need archives Interface Builder would
/// never write (bad indexes, deep nesting, unknown types) or that no compiled sample holds.
public struct NIBTestWriter {
    public var format: UInt32 = 1
    public var coder: UInt32 = 9
    /// (class index, first value, value count)
    public var objects: [(Int, Int, Int)] = []
    public var keys: [String] = []
    /// (key index, type byte, payload bytes)
    public var values: [(Int, UInt8, [UInt8])] = []
    /// (name, fallback class indexes)
    public var classes: [(String, [Int32])] = []

    public init() {}

    public static func varint(_ value: Int) -> [UInt8] {
        var value = value
        var bytes: [UInt8] = []
        while value >= 0x80 {
            bytes.append(UInt8(value & 0x7F))
            value >>= 7
        }
        bytes.append(UInt8(value) | 0x80)
        return bytes
    }

    public static func le32(_ value: UInt32) -> [UInt8] {
        (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }

    /// A one-object archive helper: `NSObject` root with the given values (key, type, payload).
    public static func data(_ bytes: [UInt8]) -> (UInt8, [UInt8]) { (8, varint(bytes.count) + bytes) }
    public static func reference(_ index: UInt32) -> (UInt8, [UInt8]) { (10, le32(index)) }

    public func bytes() -> [UInt8] {
        var objectTable: [UInt8] = []
        for object in objects { objectTable += Self.varint(object.0) + Self.varint(object.1) + Self.varint(object.2) }
        var keyTable: [UInt8] = []
        for key in keys { keyTable += Self.varint(key.utf8.count) + Array(key.utf8) }
        var valueTable: [UInt8] = []
        for value in values { valueTable += Self.varint(value.0) + [value.1] + value.2 }
        var classTable: [UInt8] = []
        for entry in classes {
            classTable += Self.varint(entry.0.utf8.count + 1) + Self.varint(entry.1.count)
            for fallback in entry.1 { classTable += Self.le32(UInt32(bitPattern: fallback)) }
            classTable += Array(entry.0.utf8) + [0]
        }
        var offset = 50
        var header = Array("NIBArchive".utf8) + Self.le32(format) + Self.le32(coder)
        for (count, table) in [(objects.count, objectTable), (keys.count, keyTable), (values.count, valueTable), (classes.count, classTable)] {
            header += Self.le32(UInt32(count)) + Self.le32(UInt32(offset))
            offset += table.count
        }
        return header + objectTable + keyTable + valueTable + classTable
    }

    /// An archive whose root `UINib`-like object holds `inner` under `archiveData`.
    public static func wrapping(_ inner: [UInt8]) -> [UInt8] {
        var writer = NIBTestWriter()
        writer.classes = [("UINib", [])]
        writer.keys = ["archiveData"]
        let payload = data(inner)
        writer.values = [(0, payload.0, payload.1)]
        writer.objects = [(0, 0, 1)]
        return writer.bytes()
    }
}
