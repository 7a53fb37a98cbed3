import WidgetryModel

/// Reads the bytes as a compiled data model (`Model.mom`, a keyed-archive binary plist). A
/// `ModelErrors` is expected for most inputs; crashes, hangs and leaks are findings.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCompiledModel(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = try? CompiledModelReader.read(bytes, file: "Model.mom", limits: .init(maxBytes: 1 << 20, maxObjects: 20_000, maxItems: 2_000))
    return 0
}
