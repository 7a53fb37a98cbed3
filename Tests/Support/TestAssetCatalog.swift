/// Writes small asset catalogues (`Assets.car`) for tests: a BOM store with `CARHEADER`,
/// `KEYFORMAT` (the identifier attribute only), `FACETKEYS` and `RENDITIONS`, each image one
/// premultiplied-BGRA rendition whose pixel data is an `MLEC` wrapper around `stream`, laid out
/// as `docs/COMPILED-FORMATS.md` describes and `AssetCatalog` reads.
public struct TestAssetCatalog: Sendable {
    public struct Image: Sendable {
        /// The image (facet) name, which extraction turns into a file name.
        public var name: String
        public var width: Int
        public var height: Int
        public var scale: Int
        /// The pixel data inside `MLEC`: raw premultiplied BGRA rows, or an LZFSE stream.
        public var stream: [UInt8]

        public init(name: String, width: Int, height: Int, scale: Int = 1, stream: [UInt8]) {
            self.name = name
            self.width = width
            self.height = height
            self.scale = scale
            self.stream = stream
        }

        /// An image of one opaque colour (`blue, green, red` premultiplied by 255), stored raw.
        public static func flat(_ name: String, width: Int, height: Int, bgr: [UInt8] = [0x30, 0x60, 0x90]) -> Image {
            Image(name: name, width: width, height: height,
                  stream: Array([[UInt8]](repeating: bgr + [0xFF], count: width * height).joined()))
        }
    }

    public var images: [Image]

    public init(_ images: [Image]) {
        self.images = images
    }

    /// An LZFSE stream (one LZVN block) of `count` zero bytes (at least 4): about 2 bytes of
    /// stream for every 271 bytes of output, the shape of a decompression bomb.
    public static func zeros(_ count: Int) -> [UInt8] {
        precondition(count >= 4)
        var payload: [UInt8] = [0x40, 0x01, 0x00] // one literal zero, then 3 bytes from 1 back
        var left = count - 4
        while left >= 16 {
            let length = min(left, 271)
            payload += [0xF0, UInt8(length - 16)] // a match of 16-271 bytes at the same distance
            left -= length
        }
        if left > 0 { payload.append(0xF0 | UInt8(left)) }
        payload += [0x06, 0, 0, 0, 0, 0, 0, 0]
        return Array("bvxn".utf8) + le32(count) + le32(payload.count) + payload + Array("bvx$".utf8)
    }

    /// The catalogue's bytes.
    public func bytes() -> [UInt8] {
        var blocks: [[UInt8]] = []
        func add(_ block: [UInt8]) -> Int {
            blocks.append(block)
            return blocks.count
        }
        let header = add(Array("RATC".utf8) + Self.le32(800) + Self.le32(17))
        let keyFormat = add(Array("tmfk".utf8) + Self.le32(0) + Self.le32(1) + Self.le32(17))
        var facetEntries: [(value: Int, key: Int)] = []
        var renditionEntries: [(value: Int, key: Int)] = []
        for (index, image) in images.enumerated() {
            let identifier = index + 1
            let facet = Self.le16(0) + Self.le16(0) + Self.le16(1) + Self.le16(17) + Self.le16(identifier)
            facetEntries.append((add(facet), add(Array(image.name.utf8))))
            renditionEntries.append((add(Self.csi(image)), add(Self.le16(identifier))))
        }
        let facetTree = Self.tree(root: add(Self.leaf(facetEntries)))
        let facets = add(facetTree)
        let renditions = add(Self.tree(root: add(Self.leaf(renditionEntries))))

        var file = Array("BOMStore".utf8) + Self.be32(1) + Self.be32(blocks.count)
        let headerEnd = file.count + 16
        var addresses: [(Int, Int)] = []
        var body: [UInt8] = []
        for block in blocks {
            addresses.append((headerEnd + body.count, block.count))
            body += block
        }
        var index = Self.be32(blocks.count + 1) + Self.be32(0) + Self.be32(0)
        for (address, length) in addresses { index += Self.be32(address) + Self.be32(length) }
        var variables = Self.be32(4)
        for (name, block) in [("CARHEADER", header), ("KEYFORMAT", keyFormat), ("FACETKEYS", facets), ("RENDITIONS", renditions)] {
            variables += Self.be32(block) + [UInt8(name.utf8.count)] + Array(name.utf8)
        }
        let indexAt = headerEnd + body.count
        file += Self.be32(indexAt) + Self.be32(index.count) + Self.be32(indexAt + index.count) + Self.be32(variables.count)
        return file + body + index + variables
    }

    /// A CoreUI image record: the 184-byte header, no TLV entries, then `MLEC` and the stream.
    static func csi(_ image: Image) -> [UInt8] {
        var record = Array("ISTC".utf8) + le32(1) + le32(0) + le32(image.width) + le32(image.height) + le32(image.scale * 100)
        record += Array("ARGB".utf8.reversed()) + le32(0) + le32(0) + le16(12) + le16(0)
        let fileName = Array((image.scale > 1 ? "\(image.name)@\(image.scale)x.png" : "\(image.name).png").utf8.prefix(127))
        record += fileName + [UInt8](repeating: 0, count: 128 - fileName.count)
        let data = Array("MLEC".utf8) + le32(0) + le32(image.stream.starts(with: Array("bvx".utf8)) ? 11 : 0) + le32(image.stream.count) + image.stream
        return record + le32(0) + le32(0) + le32(0) + le32(data.count) + data
    }

    static func tree(root: Int) -> [UInt8] {
        Array("tree".utf8) + be32(1) + be32(root) + be32(4096) + be32(0) + [0]
    }

    static func leaf(_ entries: [(value: Int, key: Int)]) -> [UInt8] {
        var node = be16(1) + be16(entries.count) + be32(0) + be32(0)
        for entry in entries { node += be32(entry.value) + be32(entry.key) }
        return node
    }

    static func le16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8((value >> 8) & 0xFF)] }
    static func le32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
    static func be16(_ value: Int) -> [UInt8] { [UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)] }
    static func be32(_ value: Int) -> [UInt8] { (0..<4).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
}
