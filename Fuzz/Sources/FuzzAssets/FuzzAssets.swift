import WidgetryAssets

/// Reads the bytes as an asset catalogue (`Assets.car`) with small limits and decode budgets,
/// asks the file name of every image, and decodes every rendition to PNG, twice over: once in
/// the catalogue read first and once in a second reading of it that shares the run's budget.
/// The same bytes go to the LZFSE decoder alone. Errors are expected; crashes, hangs, leaks
/// and a budget that lets more through than it allows are findings.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAssets(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let decompression = LZFSELimits(maxOutputBytes: 16 << 20)
    _ = try? LZFSEDecoder.decompress(bytes, limits: decompression)
    let run = DecodeBudget(maxBytes: 6 << 20)
    let limits = AssetLimits(maxBytes: 4 << 20, maxBlocks: 10_000, maxTreeNodes: 2_000, maxPixels: 1 << 20,
                             maxDecodedBytes: 4 << 20, runBudget: run, decompression: decompression)
    guard let catalog = try? AssetCatalog(bytes: bytes, file: "Assets.car", limits: limits) else { return 0 }
    for name in catalog.imageNames {
        _ = try? catalog.renditions(named: name)
        _ = try? catalog.fileName(forImage: name, scale: 2)
    }
    for reading in [catalog, try? AssetCatalog(bytes: bytes, file: "Assets.car", limits: limits)] {
        for rendition in reading?.renditions ?? [] {
            _ = try? reading?.decode(rendition).png()
        }
    }
    if run.usedBytes > run.maxBytes { fatalError("the run's budget let \(run.usedBytes) bytes through, more than \(run.maxBytes)") }
    return 0
}
