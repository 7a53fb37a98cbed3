import Dispatch
import Foundation
import WidgetryBundle
import WidgetryJSON
import WidgetryScenario

/// The repository's sample bundles, in name order, read once. The first input byte picks one.
private let bundles: [WidgetBundle] = {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("SampleWidgets").path
    let names = (try? FileManager.default.contentsOfDirectory(atPath: root))?.sorted() ?? []
    let loaded = names.compactMap { try? WidgetBundle(directory: root + "/" + $0) }
    precondition(!loaded.isEmpty, "FuzzScenario: no sample bundle could be read under \(root)")
    return loaded
}()

/// Signalled when the scenario's run is over: libFuzzer calls in synchronously.
private final class Finished: @unchecked Sendable {
    let semaphore = DispatchSemaphore(value: 0)
}

/// The first byte picks a sample bundle; the rest is read as a scenario file and, when it is one,
/// run against that bundle with stubbed actions and virtual time, goldens compared and never
/// written. Parse and scenario errors, failed steps and widget errors are expected; crashes,
/// hangs and leaks are findings.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScenario(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let bundle = bundles[Int(data[0]) % bundles.count]
    let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    let file = bundle.rootPath + "/Tests/fuzz.scenario.json"
    guard let document = try? JSONParser.parse(bytes, fileName: file),
          let scenario = try? ScenarioReader.read(document, file: file) else { return 0 }
    let finished = Finished()
    Task {
        let result = await ScenarioRunner().run(scenario, bundle: bundle)
        precondition(result.goldensWritten.isEmpty, "a scenario wrote goldens without being asked to")
        finished.semaphore.signal()
    }
    finished.semaphore.wait()
    return 0
}
