/// A BOM store, the container of an asset catalogue: a big-endian header, a table of blocks
/// (offset and length each) and named variables that point at blocks; some blocks are B-trees
/// of key and value blocks. Every block reference is checked against the table and the file.
struct BOMStore {
    let bytes: [UInt8]
    let file: String
    let limits: AssetLimits
    /// Each block's range in ``bytes``, by block index.
    let blocks: [Range<Int>]
    /// Named variables (`CARHEADER`, `RENDITIONS`…) and their block indexes.
    let variables: [String: Int]

    init(_ bytes: [UInt8], file: String, limits: AssetLimits) throws(AssetError) {
        guard bytes.count <= limits.maxBytes else {
            throw AssetError(.limit, "the catalogue has \(bytes.count) bytes, more than the limit of \(limits.maxBytes)", file: file,
                             hint: "raise AssetLimits.maxBytes if the catalogue is genuine")
        }
        self.bytes = bytes
        self.file = file
        self.limits = limits
        var header = ByteFields(bytes, from: 0, to: bytes.count, bigEndian: true, file: file)
        let magic = try header.take(min(8, bytes.count), "the header")
        guard magic.elementsEqual("BOMStore".utf8.prefix(magic.count)) else {
            throw AssetError(.badMagic, "the file does not start with 'BOMStore'", file: file,
                             hint: "Assets.car is a BOM store written by Xcode's actool; this file is something else")
        }
        guard magic.count == 8 else {
            throw AssetError(.truncated, "the catalogue ends inside its header", file: file, hint: "the file is cut short")
        }
        _ = try header.u32("the header")
        _ = try header.u32("the header")
        let indexOffset = try header.u32("the header"), indexLength = try header.u32("the header")
        let varsOffset = try header.u32("the header"), varsLength = try header.u32("the header")

        var index = try Self.region(bytes, indexOffset, indexLength, "the block table", file: file)
        let count = try index.u32("the block table")
        guard count <= limits.maxBlocks else {
            throw AssetError(.limit, "the block table has \(count) entries, more than the limit of \(limits.maxBlocks)", file: file,
                             hint: "the file is damaged, or raise AssetLimits.maxBlocks")
        }
        guard count <= (index.end - index.offset) / 8 else {
            throw AssetError(.truncated, "the block table declares \(count) entries but holds fewer", file: file,
                             hint: "the file is cut short or damaged")
        }
        var blocks: [Range<Int>] = []
        blocks.reserveCapacity(count)
        for entry in 0..<count {
            let address = try index.u32("block \(entry)")
            let length = try index.u32("block \(entry)")
            // Unused entries and blocks outside the file stay in the table; reading them fails.
            blocks.append(address <= bytes.count && length <= bytes.count - address ? address..<(address + length) : 0..<0)
        }
        self.blocks = blocks

        var vars = try Self.region(bytes, varsOffset, varsLength, "the variables", file: file)
        let variableCount = try vars.u32("the variables")
        guard variableCount <= limits.maxBlocks else {
            throw AssetError(.limit, "the catalogue declares \(variableCount) variables", file: file, hint: "the file is damaged")
        }
        var variables: [String: Int] = [:]
        for number in 0..<variableCount {
            let block = try vars.u32("variable \(number)")
            let length = try vars.u8("variable \(number)")
            let name = String(decoding: try vars.take(length, "variable \(number)"), as: UTF8.self)
            variables[name] = block
        }
        self.variables = variables
    }

    private static func region(_ bytes: [UInt8], _ offset: Int, _ length: Int, _ what: String, file: String) throws(AssetError) -> ByteFields {
        guard offset <= bytes.count, length <= bytes.count - offset else {
            throw AssetError(.badOffset, "\(what) (\(length) bytes at \(offset)) lies outside the \(bytes.count)-byte file", file: file,
                             hint: "the file is cut short or damaged")
        }
        return ByteFields(bytes, from: offset, to: offset + length, bigEndian: true, file: file)
    }

    /// The bytes of block `index`.
    func block(_ index: Int, _ what: @autoclosure () -> String) throws(AssetError) -> Range<Int> {
        guard blocks.indices.contains(index) else {
            throw AssetError(.badOffset, "\(what()) refers to block \(index), but the table has \(blocks.count)", file: file,
                             hint: "the file is damaged")
        }
        return blocks[index]
    }

    /// The block a named variable points at, or `assets.missing-block`.
    func variable(_ name: String) throws(AssetError) -> Range<Int> {
        guard let index = variables[name] else {
            throw AssetError(.missingBlock, "the catalogue has no \(name) block", file: file,
                             hint: "an asset catalogue written by actool has CARHEADER, KEYFORMAT, FACETKEYS and RENDITIONS")
        }
        return try block(index, name)
    }

    func fields(_ range: Range<Int>, bigEndian: Bool) -> ByteFields {
        ByteFields(bytes, from: range.lowerBound, to: range.upperBound, bigEndian: bigEndian, file: file)
    }

    /// Every (key, value) pair of the tree a named variable points at, in tree order. The walk
    /// keeps its own stack, never visits a node twice and stops at ``AssetLimits/maxTreeNodes``.
    func tree(_ name: String) throws(AssetError) -> [(key: Range<Int>, value: Range<Int>)] {
        var header = fields(try variable(name), bigEndian: true)
        guard try header.tag("the \(name) tree") == "tree" else {
            throw AssetError(.badMagic, "the \(name) block is not a tree", file: file, hint: "the file is damaged")
        }
        _ = try header.u32("the \(name) tree")
        let root = try header.u32("the \(name) tree")
        var pairs: [(key: Range<Int>, value: Range<Int>)] = []
        var stack = [root]
        var visited: Set<Int> = []
        while let node = stack.popLast() {
            guard visited.insert(node).inserted else {
                throw AssetError(.badOffset, "the \(name) tree visits node \(node) twice", file: file, hint: "the file is damaged")
            }
            guard visited.count <= limits.maxTreeNodes else {
                throw AssetError(.limit, "the \(name) tree has more than \(limits.maxTreeNodes) nodes", file: file,
                                 hint: "the file is damaged, or raise AssetLimits.maxTreeNodes")
            }
            var paths = fields(try block(node, "the \(name) tree"), bigEndian: true)
            let isLeaf = try paths.u16("a node of \(name)") != 0
            let count = try paths.u16("a node of \(name)")
            _ = try paths.u32("a node of \(name)")
            _ = try paths.u32("a node of \(name)")
            var children: [Int] = []
            for entry in 0..<count {
                let value = try paths.u32("entry \(entry) of a node of \(name)")
                let key = try paths.u32("entry \(entry) of a node of \(name)")
                if isLeaf {
                    pairs.append((try block(key, "a key of \(name)"), try block(value, "a value of \(name)")))
                } else {
                    children.append(value)
                }
            }
            stack.append(contentsOf: children.reversed())
        }
        return pairs
    }
}
