/// The fixed value tables of LZFSE: for each length or distance symbol, the extra bits read
/// after it and the value it starts from.
enum LZFSEConstants {
    static let lExtraBits: [UInt8] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 3, 5, 8]
    static let lBaseValues: [Int32] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 20, 28, 60]
    static let mExtraBits: [UInt8] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 5, 8, 11]
    static let mBaseValues: [Int32] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 24, 56, 312]
    /// Distances: symbols come in fours sharing a bit count, from 0 bits up to 15.
    static let dExtraBits: [UInt8] = (0..<64).map { UInt8($0 / 4) }
    static let dBaseValues: [Int32] = {
        var values: [Int32] = []
        var value: Int32 = 0
        for symbol in 0..<64 {
            values.append(value)
            value += Int32(1) << Int32(dExtraBits[symbol])
        }
        return values
    }()
}
