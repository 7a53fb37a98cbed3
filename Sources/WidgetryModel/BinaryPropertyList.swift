/// A binary property list (`bplist00`) read object by object, without Foundation: Foundation's
/// reader on Linux leaks on damaged files and can crash while bridging hostile containers (a set
/// of dictionaries), and a compiled model comes from a downloaded bundle.
///
/// The file ends with a 32-byte trailer (the widths of offsets and references, the object
/// count, the top object, where the offset table is); the offset table gives each object's
/// position; containers hold references (object indexes), so reading an object never reads
/// another and nothing recurses. Every offset, width, count and reference is checked.
struct BinaryPropertyList {
    /// One object; containers refer to other objects by index.
    enum Object: Equatable {
        case null
        case bool(Bool)
        case int(Int64)
        case real(Double)
        case date(Double)
        case data([UInt8])
        case string(String)
        case uid(Int)
        case array([Int])
        case set([Int])
        case dictionary(keys: [Int], values: [Int])
    }

    struct Failure: Error {
        var message: String
    }

    private let bytes: [UInt8]
    private let offsets: [Int]
    private let referenceSize: Int
    /// Where objects may lie: between the header and the offset table.
    private let objectsEnd: Int
    let topObject: Int
    var count: Int { offsets.count }

    init(_ bytes: [UInt8], maxObjects: Int) throws(Failure) {
        guard bytes.count >= 40, bytes.starts(with: Array("bplist00".utf8)) else {
            throw Failure(message: "the file is not a binary property list (bplist00 with its trailer)")
        }
        let trailer = bytes.count - 32
        let offsetSize = Int(bytes[trailer + 6])
        let referenceSize = Int(bytes[trailer + 7])
        let objectCount = Self.unsigned(bytes, trailer + 8, 8)
        let topObject = Self.unsigned(bytes, trailer + 16, 8)
        let tableOffset = Self.unsigned(bytes, trailer + 24, 8)
        guard (1...8).contains(offsetSize), (1...8).contains(referenceSize) else {
            throw Failure(message: "the trailer gives offsets of \(offsetSize) and references of \(referenceSize) bytes")
        }
        guard objectCount <= UInt64(maxObjects) else {
            throw Failure(message: "the property list has \(objectCount) objects, more than the limit of \(maxObjects)")
        }
        let count = Int(objectCount)
        guard tableOffset >= 8, tableOffset <= UInt64(trailer), count <= (trailer - Int(tableOffset)) / offsetSize else {
            throw Failure(message: "the offset table lies outside the file")
        }
        guard topObject < objectCount else { throw Failure(message: "the top object \(topObject) is not one of the \(count) objects") }
        var offsets: [Int] = []
        offsets.reserveCapacity(count)
        for index in 0..<count {
            let offset = Self.unsigned(bytes, Int(tableOffset) + index * offsetSize, offsetSize)
            guard offset >= 8, offset < tableOffset else { throw Failure(message: "object \(index) lies outside the object area") }
            offsets.append(Int(offset))
        }
        self.bytes = bytes
        self.offsets = offsets
        self.referenceSize = referenceSize
        self.objectsEnd = Int(tableOffset)
        self.topObject = Int(topObject)
    }

    /// A big-endian unsigned number of `width` bytes at `offset` (the caller checked the range).
    private static func unsigned(_ bytes: [UInt8], _ offset: Int, _ width: Int) -> UInt64 {
        var value: UInt64 = 0
        for index in 0..<width { value = value << 8 | UInt64(bytes[offset + index]) }
        return value
    }

    private func read(_ offset: Int, _ width: Int, _ index: Int) throws(Failure) -> UInt64 {
        guard offset >= 0, width >= 0, width <= objectsEnd - offset else {
            throw Failure(message: "object \(index) runs past the object area")
        }
        return Self.unsigned(bytes, offset, width)
    }

    /// Object `index`, its containers' references checked against the object count.
    func object(_ index: Int) throws(Failure) -> Object {
        guard offsets.indices.contains(index) else { throw Failure(message: "reference \(index) is not one of the \(offsets.count) objects") }
        var position = offsets[index]
        let marker = Int(try read(position, 1, index))
        position += 1
        let info = marker & 0xF
        switch marker >> 4 {
        case 0x0:
            switch info {
            case 0x0: return .null
            case 0x8: return .bool(false)
            case 0x9: return .bool(true)
            default: throw Failure(message: "object \(index) has the unknown marker 0x\(String(marker, radix: 16))")
            }
        case 0x1:
            guard info <= 4 else { throw Failure(message: "object \(index) is an integer of 2^\(info) bytes") }
            let width = 1 << info
            let value = try read(position + max(0, width - 8), min(width, 8), index)
            return .int(Int64(bitPattern: value))
        case 0x2, 0x3:
            let width = marker == 0x33 ? 8 : 1 << info
            guard width == 4 || width == 8, marker >> 4 == 0x2 || marker == 0x33 else {
                throw Failure(message: "object \(index) is a real of \(width) bytes")
            }
            let bits = try read(position, width, index)
            let value = width == 4 ? Double(Float(bitPattern: UInt32(bits))) : Double(bitPattern: bits)
            return marker == 0x33 ? .date(value) : .real(value)
        case 0x4:
            let (length, start) = try count(info, at: position, index)
            _ = try read(start, 0, index)
            guard length <= objectsEnd - start else { throw Failure(message: "object \(index)'s data runs past the object area") }
            return .data(Array(bytes[start..<(start + length)]))
        case 0x5:
            let (length, start) = try count(info, at: position, index)
            guard length <= objectsEnd - start else { throw Failure(message: "object \(index)'s text runs past the object area") }
            return .string(String(decoding: bytes[start..<(start + length)], as: UTF8.self))
        case 0x6:
            let (length, start) = try count(info, at: position, index)
            guard length <= (objectsEnd - start) / 2 else { throw Failure(message: "object \(index)'s text runs past the object area") }
            let units = (0..<length).map { UInt16(bytes[start + 2 * $0]) << 8 | UInt16(bytes[start + 2 * $0 + 1]) }
            return .string(String(decoding: units, as: UTF16.self))
        case 0x8:
            return .uid(Int(try read(position, info + 1, index) & 0x7FFF_FFFF))
        case 0xA, 0xC:
            let (length, start) = try count(info, at: position, index)
            let references = try references(length, at: start, index)
            return marker >> 4 == 0xA ? .array(references) : .set(references)
        case 0xD:
            let (length, start) = try count(info, at: position, index)
            let (doubled, overflow) = length.multipliedReportingOverflow(by: 2)
            guard !overflow else { throw Failure(message: "object \(index) declares too many entries") }
            let references = try references(doubled, at: start, index)
            return .dictionary(keys: Array(references[0..<length]), values: Array(references[length...]))
        default:
            throw Failure(message: "object \(index) has the unknown marker 0x\(String(marker, radix: 16))")
        }
    }

    /// A container's or a string's length: the marker's low nibble, or an integer object after it.
    private func count(_ info: Int, at position: Int, _ index: Int) throws(Failure) -> (Int, Int) {
        guard info == 0xF else { return (info, position) }
        let marker = Int(try read(position, 1, index))
        guard marker >> 4 == 0x1, marker & 0xF <= 3 else { throw Failure(message: "object \(index) has a malformed length") }
        let width = 1 << (marker & 0xF)
        let value = try read(position + 1, width, index)
        guard value <= UInt64(objectsEnd) else { throw Failure(message: "object \(index) declares \(value) items") }
        return (Int(value), position + 1 + width)
    }

    private func references(_ count: Int, at start: Int, _ index: Int) throws(Failure) -> [Int] {
        guard count <= (objectsEnd - start) / referenceSize else {
            throw Failure(message: "object \(index)'s references run past the object area")
        }
        var result: [Int] = []
        result.reserveCapacity(count)
        for item in 0..<count {
            let reference = Self.unsigned(bytes, start + item * referenceSize, referenceSize)
            guard reference < UInt64(offsets.count) else {
                throw Failure(message: "object \(index) refers to object \(reference), but there are \(offsets.count)")
            }
            result.append(Int(reference))
        }
        return result
    }
}
