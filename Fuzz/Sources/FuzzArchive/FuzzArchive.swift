import Foundation
import WidgetryBundle
import WidgetryBundleFetch

/// Small limits, so that a few kilobytes of input reach every limit check.
private let extractor = ArchiveExtractor(limits: ExtractionLimits(
    maxEntries: 64, maxUnpackedBytes: 1 << 20, maxCompressionRatio: 200, ratioFloorBytes: 64 << 10
))

/// This process's sandbox, the working directory while fuzzing: the archive is written to
/// `input` and extracted to `nest/work/out`, so a write that climbs out of `out`, or a relative
/// path resolved against the working directory, shows up as an extra name in the sandbox. It is
/// removed when the fuzzer exits normally (and kept after a crash, to look at).
private let sandbox: String = {
    let path = NSTemporaryDirectory() + "widgetry-fuzz-archive-\(getpid())"
    try? FileManager.default.removeItem(atPath: path)
    try! FileManager.default.createDirectory(atPath: path + "/nest/work", withIntermediateDirectories: true)
    precondition(FileManager.default.changeCurrentDirectoryPath(path))
    atexit { try? FileManager.default.removeItem(atPath: sandbox) }
    return path
}()

/// Writes the bytes to a file, extracts it, checks that only regular files and folders were
/// written and only inside the destination (nothing at all when extraction throws), then removes
/// the destination. Thrown `BundleError`s are expected; crashes, hangs, leaks and escapes are not.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzArchive(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = sandbox + "/input"
    let destination = sandbox + "/nest/work/out"
    precondition(FileManager.default.createFile(atPath: input, contents: Data(bytes: data, count: size)))
    let succeeded = (try? extractor.extract(archiveAt: input, to: destination)) != nil
    expectEntries(sandbox, ["input", "nest"])
    expectEntries(sandbox + "/nest", ["work"])
    expectEntries(sandbox + "/nest/work", succeeded ? ["out"] : [])
    if succeeded {
        expectOnlyFilesAndFolders(destination)
        try! FileManager.default.removeItem(atPath: destination)
    }
    return 0
}

/// Traps unless the folder at `path` holds exactly `names`.
private func expectEntries(_ path: String, _ names: Set<String>) {
    let found = Set((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [])
    precondition(found == names, "\(path) holds \(found.sorted()), expected \(names.sorted())")
}

/// Traps when anything under `path` is neither a regular file nor a folder.
private func expectOnlyFilesAndFolders(_ path: String) {
    var info = stat()
    precondition(lstat(path, &info) == 0, "\(path) cannot be read")
    switch info.st_mode & S_IFMT {
    case S_IFREG: break
    case S_IFDIR:
        for name in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] {
            expectOnlyFilesAndFolders(path + "/" + name)
        }
    default: preconditionFailure("\(path) is neither a regular file nor a folder")
    }
}
