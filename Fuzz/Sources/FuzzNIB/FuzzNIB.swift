import WidgetryNIB

/// Reads the bytes as a NIBArchive with tight limits and, when they decode, asks every accessor
/// of every object (strings, numbers, collections, dictionaries, geometry, colours, nested
/// archives) whatever it can answer. Errors are expected; crashes, hangs and leaks are findings.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzNIB(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let limits = NIBLimits(maxBytes: 1 << 20, maxObjects: 20_000, maxKeys: 5_000, maxValues: 50_000, maxNestingDepth: 3)
    guard let archive = try? NIBArchive(bytes: bytes, file: "fuzz.nib", limits: limits) else { return 0 }
    visit(archive)
    return 0
}

private func visit(_ archive: NIBArchive) {
    _ = try? archive.reachableObjects()
    for index in archive.objects.indices {
        _ = try? archive.className(of: index)
        _ = try? archive.string(index)
        _ = try? archive.number(index)
        _ = try? archive.items(of: index)
        _ = try? archive.stringPairs(of: index)
        _ = try? archive.color(index)
        for entry in (try? archive.entries(of: index)) ?? [] {
            _ = try? archive.rect(of: index, key: entry.key)
            _ = try? archive.point(of: index, key: entry.key)
            _ = try? archive.string(of: index, key: entry.key)
        }
        if let nested = try? archive.nestedArchive(index) { visit(nested) }
    }
}
