import WidgetryModel

/// Reads the bytes as the `contents` file of an .xcdatamodel. A `ModelErrors` is expected for most
/// inputs; crashes, hangs and leaks are findings.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzXcdatamodel(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = try? XcdatamodelReader.read(bytes, file: "Model.xcdatamodel/contents")
    return 0
}
