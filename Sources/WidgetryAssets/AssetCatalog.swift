import WidgetryJSON

/// A compiled asset catalogue (`Assets.car`): the image names it holds and their renditions,
/// with pixels decoded to RGBA and PNG on request.
///
/// The file is a ``BOMStore``; `CARHEADER` (little-endian, tag `RATC`) gives the CoreUI
/// version, `KEYFORMAT` (`kfmt`) the attributes every rendition key lists, `FACETKEYS` maps each
/// image name to its attributes (among them the identifier its renditions carry), and
/// `RENDITIONS` maps keys to CoreUI images (`CSI` records). See `docs/COMPILED-FORMATS.md`.
public struct AssetCatalog: Sendable {
    public let file: String
    /// CoreUI's version, from the header.
    public let coreUIVersion: Int
    /// The storage version, from the header.
    public let storageVersion: Int
    /// The attribute identifiers of a rendition key, in order.
    public let keyFormat: [Int]
    /// Each image name with its facet attributes, sorted by name.
    public let facets: [(name: String, attributes: [Int: Int])]
    /// Every rendition, in the catalogue's order.
    public let renditions: [AssetRendition]
    let bytes: [UInt8]
    let limits: AssetLimits
    /// What this catalogue (and every copy of it) may decode: ``AssetLimits/maxDecodedBytes``.
    let budget: DecodeBudget

    /// Reads the catalogue at `path` (named `file` in messages); a file over
    /// ``AssetLimits/maxBytes`` is refused before it is read whole.
    public init(contentsOf path: String, file: String, limits: AssetLimits = AssetLimits()) throws(AssetError) {
        let bytes: [UInt8]
        do throws(BoundedFile.Failure) {
            bytes = try BoundedFile.bytes(of: path, limit: limits.maxBytes)
        } catch {
            throw AssetError(.limit, "\(file) cannot be read: \(error)", file: file, hint: "a catalogue holds at most \(limits.maxBytes) bytes")
        }
        try self.init(bytes: bytes, file: file, limits: limits)
    }

    public init(bytes: [UInt8], file: String, limits: AssetLimits = AssetLimits()) throws(AssetError) {
        let store = try BOMStore(bytes, file: file, limits: limits)
        self.file = file
        self.bytes = bytes
        self.limits = limits
        self.budget = DecodeBudget(maxBytes: limits.maxDecodedBytes)

        var header = store.fields(try store.variable("CARHEADER"), bigEndian: false)
        guard try header.tag("CARHEADER") == "RATC" else {
            throw AssetError(.badMagic, "CARHEADER does not start with RATC", file: file, hint: "the file is damaged")
        }
        coreUIVersion = try header.u32("CARHEADER")
        storageVersion = try header.u32("CARHEADER")

        var format = store.fields(try store.variable("KEYFORMAT"), bigEndian: false)
        guard try format.tag("KEYFORMAT") == "tmfk" else {
            throw AssetError(.badMagic, "KEYFORMAT does not start with kfmt", file: file, hint: "the file is damaged")
        }
        _ = try format.u32("KEYFORMAT")
        let attributeCount = try format.u32("KEYFORMAT")
        guard attributeCount <= 1_024 else {
            throw AssetError(.limit, "KEYFORMAT lists \(attributeCount) attributes", file: file, hint: "the file is damaged")
        }
        var keyFormat: [Int] = []
        for number in 0..<attributeCount { keyFormat.append(try format.u32("attribute \(number) of KEYFORMAT")) }
        self.keyFormat = keyFormat

        var facets: [(name: String, attributes: [Int: Int])] = []
        for (key, value) in try store.tree("FACETKEYS") {
            let name = String(decoding: bytes[key], as: UTF8.self)
            var fields = store.fields(value, bigEndian: false)
            _ = try fields.u16("the facet \(name)")
            _ = try fields.u16("the facet \(name)")
            let count = try fields.u16("the facet \(name)")
            var attributes: [Int: Int] = [:]
            for _ in 0..<count {
                let attribute = try fields.u16("the facet \(name)")
                attributes[attribute] = try fields.u16("the facet \(name)")
            }
            facets.append((name, attributes))
        }
        self.facets = facets.sorted { $0.name < $1.name }

        var renditions: [AssetRendition] = []
        for (key, value) in try store.tree("RENDITIONS") {
            var keyFields = store.fields(key, bigEndian: false)
            var attributes: [Int: Int] = [:]
            for attribute in keyFormat { attributes[attribute] = try keyFields.u16("a rendition key") }
            renditions.append(try Self.rendition(store.fields(value, bigEndian: false), attributes: attributes, range: value, file: file))
        }
        self.renditions = renditions
    }

    /// The names of the images (facets) the catalogue holds, sorted.
    public var imageNames: [String] { facets.map(\.name) }

    /// The renditions of the image named `name`, largest scale first.
    public func renditions(named name: String) throws(AssetError) -> [AssetRendition] {
        guard let facet = facets.first(where: { $0.name == name }) else {
            throw AssetError(.unknownImage, "the catalogue has no image named \(name)", file: file, image: name,
                             hint: "the catalogue holds " + imageNames.joined(separator: ", "))
        }
        let identifier = facet.attributes[AssetRendition.identifierAttribute]
        return renditions.filter { $0.identifier == identifier }.sorted { $0.scale > $1.scale }
    }

    /// The image named `name` at its largest scale, decoded to RGBA.
    public func image(named name: String) throws(AssetError) -> AssetImage {
        let candidates = try renditions(named: name)
        guard let best = candidates.first(where: \.isBitmap) else {
            let kinds = Set(candidates.map(\.pixelFormat)).sorted().joined(separator: ", ")
            throw AssetError(.unsupportedRendition, "image \(name) has no bitmap rendition (\(kinds.isEmpty ? "none" : kinds))",
                             file: file, image: name, hint: "only premultiplied BGRA and gray-with-alpha images are decoded")
        }
        return try decode(best)
    }

    /// One rendition's pixels, decoded to straight RGBA. Its declared size is checked against
    /// ``AssetLimits/maxPixels`` and charged to the catalogue's and the run's budgets before
    /// anything is decompressed (`assets.decode-budget`).
    public func decode(_ rendition: AssetRendition) throws(AssetError) -> AssetImage {
        try RenditionDecoder(bytes: bytes, file: file, limits: limits, budget: budget).decode(rendition)
    }

    /// Reads a `CSI` record's header (184 bytes: tag `ISTC`, version, flags, size, scale, pixel
    /// format, colour space, metadata with the file name, then the sizes of the TLV list and
    /// of the pixel data that follow).
    private static func rendition(_ fields: ByteFields, attributes: [Int: Int], range: Range<Int>, file: String) throws(AssetError) -> AssetRendition {
        var fields = fields
        guard try fields.tag("a rendition") == "ISTC" else {
            throw AssetError(.badMagic, "a rendition does not start with CTSI", file: file, hint: "the file is damaged")
        }
        _ = try fields.u32("a rendition header")
        _ = try fields.u32("a rendition header")
        let width = try fields.u32("a rendition header")
        let height = try fields.u32("a rendition header")
        let scale = try fields.u32("a rendition header")
        let formatBytes = Array(try fields.take(4, "a rendition header").reversed())
        let pixelFormat = formatBytes.allSatisfy { $0 == 0 } ? "" : String(decoding: formatBytes, as: UTF8.self)
        _ = try fields.u32("a rendition header")
        _ = try fields.u32("a rendition header")
        let layout = try fields.u16("a rendition header")
        _ = try fields.u16("a rendition header")
        let nameBytes = try fields.take(128, "a rendition header")
        let fileName = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
        let tlvLength = try fields.u32("a rendition header")
        _ = try fields.u32("a rendition header")
        _ = try fields.u32("a rendition header")
        let dataLength = try fields.u32("a rendition header")
        _ = try fields.take(tlvLength, "the TLV entries of \(fileName)")
        let dataStart = fields.offset
        _ = try fields.take(dataLength, "the pixel data of \(fileName)")
        return AssetRendition(attributes: attributes, fileName: fileName, width: width, height: height,
                              scale: max(1, scale / 100), pixelFormat: pixelFormat, layout: layout,
                              range: range, dataRange: dataStart..<(dataStart + dataLength))
    }
}
