import WidgetryHostProfile
import WidgetryJSON

/// What `{"env": …}` values read: one variable set, so both branches are reached.
private let environment = ["TOKEN": "t0ken"]

/// Reads the bytes as a host profile, with and without an environment; every problem must be
/// placed in the profile, a profile that reads must be the same both times but for its secrets,
/// and its patches must merge onto an empty document. Crashes, hangs and leaks are findings; refused profiles are expected.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHostProfile(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let document = try? JSONParser.parse(bytes, fileName: "fuzz.profile.json") else { return 0 }
    let withSecrets: HostProfile?
    do throws(HostProfileErrors) {
        withSecrets = try HostProfileReader.read(document, file: "fuzz.profile.json", environment: environment)
    } catch {
        precondition(error.errors.allSatisfy { $0.file == "fuzz.profile.json" }, "a problem names another file")
        withSecrets = nil
    }
    let without = try? HostProfileReader.read(document, file: "fuzz.profile.json", environment: nil)
    if let withSecrets {
        precondition(without != nil, "a profile that reads with its secrets is refused without them")
        precondition(withSecrets.actions == without!.actions && withSecrets.hosts == without!.hosts, "secrets changed more than secrets")
        for patch in withSecrets.patches.values { _ = JSONValue(.object(JSONObject())).merging(patch) }
        _ = withSecrets.summaryLines
    }
    return 0
}
