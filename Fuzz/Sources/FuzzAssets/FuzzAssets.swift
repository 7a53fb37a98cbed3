import WidgetryAssets

/// Reads the bytes as an asset catalogue (`Assets.car`) with small limits and decodes every
/// rendition to PNG; the same bytes go to the LZFSE decoder alone. Errors are expected;
/// crashes, hangs and leaks are findings.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAssets(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let decompression = LZFSELimits(maxOutputBytes: 16 << 20)
    _ = try? LZFSEDecoder.decompress(bytes, limits: decompression)
    let limits = AssetLimits(maxBytes: 4 << 20, maxBlocks: 10_000, maxTreeNodes: 2_000, maxPixels: 1 << 20, decompression: decompression)
    guard let catalog = try? AssetCatalog(bytes: bytes, file: "Assets.car", limits: limits) else { return 0 }
    for name in catalog.imageNames { _ = try? catalog.renditions(named: name) }
    for rendition in catalog.renditions {
        _ = try? catalog.decode(rendition).png()
    }
    return 0
}
