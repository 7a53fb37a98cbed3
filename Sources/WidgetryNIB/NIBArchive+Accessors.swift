extension NIBArchive {
    /// The root object (`NSObject` with `UINibTopLevelObjectsKey`, `UINibConnectionsKey`…).
    public static let rootObjectIndex = 0

    /// The object at `index`, or `nib.index-out-of-range`.
    public func object(_ index: Int) throws(NIBError) -> NIBObject {
        guard objects.indices.contains(index) else {
            throw NIBError(.indexOutOfRange, "there is no object \(index) (the archive has \(objects.count))", file: file,
                           objectIndex: index, hint: "object indexes come from the archive's own references")
        }
        return objects[index]
    }

    /// The class name of an object (never used to instantiate anything).
    public func className(of index: Int) throws(NIBError) -> String {
        classes[try object(index).classIndex].name
    }

    /// An object's keys and values, in the archive's order (keys may repeat, as in collections).
    public func entries(of index: Int) throws(NIBError) -> [(key: String, value: NIBValue)] {
        try object(index).valueRange.map { (keys[values[$0].keyIndex], values[$0].value) }
    }

    /// The first value of an object under `key`, or nil when the object has none (UIKit's default).
    public func value(of index: Int, key: String) throws(NIBError) -> NIBValue? {
        for valueIndex in try object(index).valueRange where keys[values[valueIndex].keyIndex] == key {
            return values[valueIndex].value
        }
        return nil
    }

    /// Whether an object has a value under `key`.
    public func has(_ key: String, in index: Int) throws(NIBError) -> Bool {
        try value(of: index, key: key) != nil
    }

    /// The object an object refers to under `key`; nil when the key is missing or holds nil,
    /// `nib.malformed` when it holds something else.
    public func reference(of index: Int, key: String) throws(NIBError) -> Int? {
        switch try value(of: index, key: key) {
        case nil, .null?: return nil
        case .object(let target)?: return target
        case let other?: throw mismatch(index, key, expected: "an object reference", found: other)
        }
    }

    /// The text of the string object under `key` (see ``string(_:)``); nil when missing.
    public func string(of index: Int, key: String) throws(NIBError) -> String? {
        guard let target = try reference(of: index, key: key) else { return nil }
        return try string(target)
    }

    /// The text of an `NSString`, `NSMutableString` or `NSLocalizableString` object: the UTF-8
    /// bytes under `NS.bytes`.
    public func string(_ index: Int) throws(NIBError) -> String {
        guard let value = try value(of: index, key: "NS.bytes") else {
            throw NIBError(.malformed, "object \(index) (\(try className(of: index))) is not a string: it has no NS.bytes",
                           file: file, objectIndex: index, key: "NS.bytes", hint: "the archive is damaged, or the key does not hold text")
        }
        guard case .data(let bytes) = value else {
            throw mismatch(index, "NS.bytes", expected: "data", found: value)
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw NIBError(.badString, "the text of object \(index) is not valid UTF-8", file: file, objectIndex: index,
                           key: "NS.bytes", hint: "the archive is damaged")
        }
        return text
    }

    /// The bytes under `key`: data written inline, or an `NSData` object's `NS.bytes`; nil when
    /// the key is missing or holds nil.
    public func data(of index: Int, key: String) throws(NIBError) -> [UInt8]? {
        switch try value(of: index, key: key) {
        case nil, .null?:
            return nil
        case .data(let bytes)?:
            return bytes
        case .object(let target)?:
            guard target != index, case .data(let bytes)? = try value(of: target, key: "NS.bytes") else {
                throw NIBError(.malformed, "object \(index)'s \(key) refers to object \(target), which holds no NS.bytes data",
                               file: file, objectIndex: index, key: key, hint: "data is written inline or as an NSData object with NS.bytes")
            }
            return bytes
        case let other?:
            throw mismatch(index, key, expected: "data", found: other)
        }
    }

    /// The value of an `NSNumber` object: `NS.intval`, else a floating-point or boolean key.
    public func number(_ index: Int) throws(NIBError) -> NIBValue {
        for key in ["NS.intval", "NS.dblval", "NS.fltval", "NS.boolval", "NS.longval"] {
            if let value = try value(of: index, key: key) {
                guard value.double != nil else { throw mismatch(index, key, expected: "a number", found: value) }
                return value
            }
        }
        throw NIBError(.malformed, "object \(index) (\(try className(of: index))) is not a number", file: file,
                       objectIndex: index, hint: "NSNumber objects carry NS.intval, NS.dblval or NS.fltval")
    }

    /// A scalar under `key` as a Double (integers, booleans and floats alike); nil when missing.
    public func double(of index: Int, key: String) throws(NIBError) -> Double? {
        guard let value = try value(of: index, key: key) else { return nil }
        guard let number = value.double else { throw mismatch(index, key, expected: "a number", found: value) }
        return number
    }

    /// A scalar under `key` as an integer (booleans are 0 and 1); nil when missing.
    public func integer(of index: Int, key: String) throws(NIBError) -> Int64? {
        guard let value = try value(of: index, key: key) else { return nil }
        guard let number = value.integer else { throw mismatch(index, key, expected: "an integer", found: value) }
        return number
    }

    /// A boolean under `key`; `defaultValue` (UIKit's, since ibtool omits defaults) when missing.
    public func bool(of index: Int, key: String, default defaultValue: Bool = false) throws(NIBError) -> Bool {
        guard let value = try value(of: index, key: key) else { return defaultValue }
        guard let number = value.integer else { throw mismatch(index, key, expected: "a boolean", found: value) }
        return number != 0
    }

    func mismatch(_ index: Int, _ key: String, expected: String, found: NIBValue) -> NIBError {
        NIBError(.malformed, "object \(index)'s \(key) holds \(Self.describe(found)), not \(expected)", file: file,
                 objectIndex: index, key: key, hint: "the archive is damaged, or the key means something else in this class")
    }

    static func describe(_ value: NIBValue) -> String {
        switch value {
        case .int8, .int16, .int32, .int64: "an integer"
        case .bool: "a boolean"
        case .float32, .float64: "a floating-point number"
        case .data(let bytes): "\(bytes.count) bytes of data"
        case .null: "nil"
        case .object(let index): "a reference to object \(index)"
        }
    }
}
