extension NIBArchive {
    /// The numbers of a geometry value (rect, point, size, insets): data whose first byte says
    /// how the rest is stored (7: Float64s, 6: Float32s), little-endian. `count` is how many
    /// numbers the caller expects (4 for a rect, 2 for a point); nil when the key is missing.
    public func numbers(of index: Int, key: String, count: Int) throws(NIBError) -> [Double]? {
        guard let value = try value(of: index, key: key) else { return nil }
        guard case .data(let bytes) = value else { throw mismatch(index, key, expected: "geometry data", found: value) }
        guard let tag = bytes.first, tag == 6 || tag == 7 else {
            throw NIBError(.malformed, "object \(index)'s \(key) starts with tag \(bytes.first.map(String.init) ?? "nothing"), not 6 or 7",
                           file: file, objectIndex: index, key: key, hint: "geometry is stored as a tag byte (6 Float32, 7 Float64) and numbers")
        }
        let width = tag == 7 ? 8 : 4
        let (needed, overflow) = count.multipliedReportingOverflow(by: width)
        guard !overflow, count >= 0, bytes.count - 1 == needed else {
            throw NIBError(.malformed, "object \(index)'s \(key) has \(bytes.count - 1) bytes of numbers, not \(count) × \(width)",
                           file: file, objectIndex: index, key: key, hint: "the archive is damaged, or the key is not this kind of geometry")
        }
        var numbers: [Double] = []
        numbers.reserveCapacity(count)
        for item in 0..<count {
            var bits: UInt64 = 0
            for byte in 0..<width {
                bits |= UInt64(bytes[1 + item * width + byte]) << (8 * byte)
            }
            numbers.append(width == 8 ? Double(bitPattern: bits) : Double(Float(bitPattern: UInt32(truncatingIfNeeded: bits))))
        }
        return numbers
    }

    /// A rect (`UIBounds`, `UIFrame`…) as x, y, width, height.
    public func rect(of index: Int, key: String) throws(NIBError) -> NIBRect? {
        guard let numbers = try numbers(of: index, key: key, count: 4) else { return nil }
        return NIBRect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
    }

    /// A point or size (`UICenter`, `UIShadowOffset`…) as two numbers.
    public func point(of index: Int, key: String) throws(NIBError) -> (x: Double, y: Double)? {
        guard let numbers = try numbers(of: index, key: key, count: 2) else { return nil }
        return (numbers[0], numbers[1])
    }

    /// Edge insets (`UISeparatorInset`…) as top, left, bottom, right.
    public func insets(of index: Int, key: String) throws(NIBError) -> NIBInsets? {
        guard let numbers = try numbers(of: index, key: key, count: 4) else { return nil }
        return NIBInsets(top: numbers[0], left: numbers[1], bottom: numbers[2], right: numbers[3])
    }
}

/// A rectangle read from a nib.
public struct NIBRect: Sendable, Equatable {
    public var x, y, width, height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}

/// Edge insets read from a nib.
public struct NIBInsets: Sendable, Equatable {
    public var top, left, bottom, right: Double

    public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }
}
