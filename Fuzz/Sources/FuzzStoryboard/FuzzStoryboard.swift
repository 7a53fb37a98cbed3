import WidgetryScreen

/// Reads the bytes as an Interface Builder storyboard. A `ScreenErrors` is expected for most
/// inputs; crashes, hangs and leaks are findings.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStoryboard(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = try? StoryboardReader.read(bytes, file: "Base.lproj/Main.storyboard", elementTypes: ["WXCustomView"])
    return 0
}
