/// A decoded NIBArchive: the binary form of a compiled nib (`*.nib` inside a `.storyboardc`).
///
/// The archive is four tables (objects, keys, values, class names); objects own a run of
/// values, and values refer to other objects by index. Decoding checks every offset, count and
/// index once, so the accessors can trust the tables. Nothing is instantiated: class names are
/// data. See `docs/COMPILED-FORMATS.md`.
public struct NIBArchive: Sendable {
    /// The format numbers this reader knows: format 1, coder version 9.
    public static let supportedVersions: [(format: UInt32, coder: UInt32)] = [(1, 9)]
    static let magic: [UInt8] = Array("NIBArchive".utf8)
    static let headerSize = 50

    /// The nib's name or path, used in errors.
    public let file: String
    /// The first format number of the header (1).
    public let formatVersion: UInt32
    /// The second format number, the coder's version (9).
    public let coderVersion: UInt32
    /// The object table; object 0 is the root.
    public let objects: [NIBObject]
    /// The key table: names of values, shared by all objects.
    public let keys: [String]
    /// The value table; each object owns a run of it.
    public let values: [NIBEntry]
    /// The class-name table.
    public let classes: [NIBClass]
    /// How deep this archive sits inside others (0 for a file).
    public let depth: Int
    /// The limits it was read with; nested archives are read with the same ones.
    public let limits: NIBLimits
    /// The offset just past the last table: bytes beyond it are ignored.
    public let endOffset: Int

    /// Decodes an archive, checking its header, its four tables and every index in them.
    public init(bytes: [UInt8], file: String, limits: NIBLimits = NIBLimits()) throws(NIBError) {
        try self.init(bytes: bytes, file: file, limits: limits, depth: 0)
    }

    init(bytes: [UInt8], file: String, limits: NIBLimits, depth: Int) throws(NIBError) {
        guard depth <= limits.maxNestingDepth else {
            throw NIBError(.limit, "archives nest more than \(limits.maxNestingDepth) deep", file: file,
                           hint: "prototype cells nest one archive; deeper nesting is not something Interface Builder writes")
        }
        guard bytes.count <= limits.maxBytes else {
            throw NIBError(.limit, "the archive has \(bytes.count) bytes, more than the limit of \(limits.maxBytes)", file: file,
                           hint: "raise NIBLimits.maxBytes if this nib is genuine")
        }
        self.file = file
        self.depth = depth
        self.limits = limits
        var reader = NIBByteReader(bytes, file: file)
        let magicLength = min(bytes.count, Self.magic.count)
        guard bytes.prefix(magicLength).elementsEqual(Self.magic.prefix(magicLength)) else {
            throw NIBError(.badMagic, "the file does not start with 'NIBArchive'", file: file,
                           hint: "this is not a compiled nib; storyboards compiled by ibtool hold NIBArchive files")
        }
        _ = try reader.take(Self.magic.count, "the magic")
        formatVersion = try reader.littleEndian(UInt32.self, "the header")
        coderVersion = try reader.littleEndian(UInt32.self, "the header")
        let format = formatVersion, coder = coderVersion
        guard Self.supportedVersions.contains(where: { $0.format == format && $0.coder == coder }) else {
            throw NIBError(.unknownVersion, "NIBArchive format \(format), coder version \(coder) is not supported", file: file,
                           hint: "this reader knows format 1, coder version 9 (Xcode 9 and 10); compile the storyboard with a matching Xcode or ship its source")
        }
        var tables: [(count: Int, offset: Int)] = []
        for _ in 0..<4 {
            let count = try reader.littleEndian(UInt32.self, "the header")
            let offset = try reader.littleEndian(UInt32.self, "the header")
            tables.append((Int(count), Int(offset)))
        }
        try Self.check(tables[0].count, limits.maxObjects, "objects", file: file)
        try Self.check(tables[1].count, limits.maxKeys, "keys", file: file)
        try Self.check(tables[2].count, limits.maxValues, "values", file: file)
        try Self.check(tables[3].count, limits.maxClassNames, "class names", file: file)

        var end = Self.headerSize
        objects = try Self.readObjects(&reader, table: tables[0], end: &end)
        keys = try Self.readKeys(&reader, table: tables[1], limits: limits, end: &end)
        values = try Self.readValues(&reader, table: tables[2], end: &end)
        classes = try Self.readClasses(&reader, table: tables[3], limits: limits, end: &end)
        endOffset = end
        try checkIndexes()
    }

    private static func check(_ count: Int, _ limit: Int, _ what: String, file: String) throws(NIBError) {
        guard count <= limit else {
            throw NIBError(.limit, "the archive declares \(count) \(what), more than the limit of \(limit)", file: file,
                           hint: "the header is damaged, or raise NIBLimits if this nib is genuine")
        }
    }

    /// Each entry takes at least `minimum` bytes: a count larger than the bytes left is cut short.
    private static func start(_ reader: inout NIBByteReader, _ table: (count: Int, offset: Int), minimum: Int,
                              _ what: String) throws(NIBError) {
        try reader.seek(to: table.offset, "the \(what) table")
        let (needed, overflow) = table.count.multipliedReportingOverflow(by: minimum)
        guard !overflow, needed <= reader.remaining else { throw reader.truncated("the \(what) table") }
    }

    private static func readObjects(_ reader: inout NIBByteReader, table: (count: Int, offset: Int),
                                    end: inout Int) throws(NIBError) -> [NIBObject] {
        try start(&reader, table, minimum: 3, "object")
        var objects: [NIBObject] = []
        objects.reserveCapacity(table.count)
        for index in 0..<table.count {
            let classIndex = try reader.varint("object \(index)")
            let first = try reader.varint("object \(index)")
            let count = try reader.varint("object \(index)")
            let (last, overflow) = first.addingReportingOverflow(count)
            guard !overflow else {
                throw NIBError(.indexOutOfRange, "object \(index)'s values overflow", file: reader.file, objectIndex: index)
            }
            objects.append(NIBObject(classIndex: classIndex, valueRange: first..<last))
        }
        end = max(end, reader.offset)
        return objects
    }

    private static func readKeys(_ reader: inout NIBByteReader, table: (count: Int, offset: Int), limits: NIBLimits,
                                 end: inout Int) throws(NIBError) -> [String] {
        try start(&reader, table, minimum: 1, "key")
        var keys: [String] = []
        keys.reserveCapacity(table.count)
        for index in 0..<table.count {
            let length = try reader.varint("key \(index)")
            guard length <= limits.maxNameBytes else {
                throw NIBError(.limit, "key \(index) is \(length) bytes long, more than the limit of \(limits.maxNameBytes)",
                               file: reader.file, hint: "the archive is damaged")
            }
            let bytes = try reader.take(length, "key \(index)")
            guard let key = String(validating: bytes, as: UTF8.self) else {
                throw NIBError(.badString, "key \(index) is not valid UTF-8", file: reader.file, hint: "the archive is damaged")
            }
            keys.append(key)
        }
        end = max(end, reader.offset)
        return keys
    }

    private static func readValues(_ reader: inout NIBByteReader, table: (count: Int, offset: Int),
                                   end: inout Int) throws(NIBError) -> [NIBEntry] {
        try start(&reader, table, minimum: 2, "value")
        var values: [NIBEntry] = []
        values.reserveCapacity(table.count)
        for index in 0..<table.count {
            let what = "value \(index)"
            let keyIndex = try reader.varint(what)
            let type = try reader.byte(what)
            let value: NIBValue
            switch type {
            case 0: value = .int8(try reader.littleEndian(Int8.self, what))
            case 1: value = .int16(try reader.littleEndian(Int16.self, what))
            case 2: value = .int32(try reader.littleEndian(Int32.self, what))
            case 3: value = .int64(try reader.littleEndian(Int64.self, what))
            case 4: value = .bool(false)
            case 5: value = .bool(true)
            case 6: value = .float32(Float(bitPattern: try reader.littleEndian(UInt32.self, what)))
            case 7: value = .float64(Double(bitPattern: try reader.littleEndian(UInt64.self, what)))
            case 8:
                let length = try reader.varint(what)
                value = .data(Array(try reader.take(length, what)))
            case 9: value = .null
            case 10: value = .object(Int(try reader.littleEndian(UInt32.self, what)))
            default:
                throw NIBError(.unknownValueType, "value \(index) has the unknown type \(type)", file: reader.file,
                               hint: "types 0 to 10 are known; the archive is damaged or from an unknown format")
            }
            values.append(NIBEntry(keyIndex: keyIndex, value: value))
        }
        end = max(end, reader.offset)
        return values
    }

    private static func readClasses(_ reader: inout NIBByteReader, table: (count: Int, offset: Int), limits: NIBLimits,
                                    end: inout Int) throws(NIBError) -> [NIBClass] {
        try start(&reader, table, minimum: 2, "class name")
        var classes: [NIBClass] = []
        classes.reserveCapacity(table.count)
        for index in 0..<table.count {
            let what = "class name \(index)"
            let length = try reader.varint(what)
            let fallbackCount = try reader.varint(what)
            guard length <= limits.maxNameBytes, fallbackCount <= limits.maxFallbackClasses else {
                throw NIBError(.limit, "class name \(index) is \(length) bytes with \(fallbackCount) fallback classes, over the limits (\(limits.maxNameBytes) bytes, \(limits.maxFallbackClasses) classes)",
                               file: reader.file, hint: "the archive is damaged")
            }
            var fallbacks: [Int] = []
            for _ in 0..<fallbackCount {
                fallbacks.append(Int(try reader.littleEndian(Int32.self, what)))
            }
            var bytes = try reader.take(length, what)
            if bytes.last == 0 { bytes = bytes.dropLast() }
            guard let name = String(validating: bytes, as: UTF8.self) else {
                throw NIBError(.badString, "class name \(index) is not valid UTF-8", file: reader.file, hint: "the archive is damaged")
            }
            classes.append(NIBClass(name: name, fallbackClassIndexes: fallbacks))
        }
        end = max(end, reader.offset)
        return classes
    }

    /// Every cross-reference of the tables, checked once so accessors need not.
    private func checkIndexes() throws(NIBError) {
        for (index, entry) in values.enumerated() {
            guard keys.indices.contains(entry.keyIndex) else {
                throw NIBError(.indexOutOfRange, "value \(index) has key \(entry.keyIndex), but there are \(keys.count) keys",
                               file: file, hint: "the archive is damaged")
            }
            if case .object(let target) = entry.value, !objects.indices.contains(target) {
                throw NIBError(.indexOutOfRange, "value \(index) refers to object \(target), but there are \(objects.count) objects",
                               file: file, key: keys[entry.keyIndex], hint: "the archive is damaged")
            }
        }
        for (index, object) in objects.enumerated() {
            guard classes.indices.contains(object.classIndex) else {
                throw NIBError(.indexOutOfRange, "object \(index) has class \(object.classIndex), but there are \(classes.count) class names",
                               file: file, objectIndex: index, hint: "the archive is damaged")
            }
            guard object.valueRange.upperBound <= values.count else {
                throw NIBError(.indexOutOfRange, "object \(index)'s values \(object.valueRange.lowerBound)..<\(object.valueRange.upperBound) run past the \(values.count) values",
                               file: file, objectIndex: index, hint: "the archive is damaged")
            }
        }
        for (index, entry) in classes.enumerated() {
            for fallback in entry.fallbackClassIndexes where !classes.indices.contains(fallback) {
                throw NIBError(.indexOutOfRange, "class name \(index) (\(entry.name)) falls back to class \(fallback), but there are \(classes.count) class names",
                               file: file, hint: "the archive is damaged")
            }
        }
    }
}
