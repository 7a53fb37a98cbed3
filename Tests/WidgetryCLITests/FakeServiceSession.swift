import Foundation
import WidgetryTestSupport

/// A sample bundle run by the `widgetry` executable against a fake service of its own on
/// 127.0.0.1, from a scratch folder holding the bundle's copy and a host profile aimed at the
/// fake: what the sessions of upstream's TwitterDemo and Graffiti's two samples share. Goldens
/// are kept in the fixtures with the fake's port written as `PORT`.
protocol FakeServiceSession {
    /// The fixtures' folder: the scenarios and their goldens.
    static var fixtures: String { get }
    /// The scratch folder, removed by ``stop()``.
    var scratch: String { get }
    /// The bundle's copy in the scratch folder.
    var bundle: String { get }
    /// The host profile aimed at the fake.
    var profile: String { get }
    /// The port the fake listens on.
    var port: Int { get }
    /// What `widgetry` runs with besides the profile: the test's own secrets.
    var environment: [String: String] { get }
    /// Stops the fake.
    func stopFake() async throws
}

extension FakeServiceSession {
    /// The scenario files of the fixtures, sorted.
    static var scenarios: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: fixtures)) ?? []).filter { $0.hasSuffix(".scenario.json") }.sorted()
    }

    /// The goldens the fixtures' `scenario` names, relative to `Tests`.
    static func goldens(of scenario: String) throws -> [String] {
        let text = try String(contentsOfFile: fixtures + "/" + scenario, encoding: .utf8)
        return text.matches(of: /goldens\/[A-Za-z0-9_-]+\.txt/).map { String($0.output) }
    }

    /// Runs `widgetry` with the profile and the environment.
    func widgetry(_ arguments: [String]) throws -> CommandRunner.Outcome {
        try CommandRunner.run(arguments + ["--profile", profile], environment: environment)
    }

    /// `text` with the fake's port written as `PORT`, so goldens do not depend on it.
    func portless(_ text: String) -> String {
        text.replacingOccurrences(of: "127.0.0.1:\(port)", with: "127.0.0.1:PORT")
    }

    /// `text` of a golden of the fixtures with `PORT` written as the fake's port.
    func ported(_ text: String) -> String {
        text.replacingOccurrences(of: "127.0.0.1:PORT", with: "127.0.0.1:\(port)")
    }

    /// Copies the goldens of `scenario` that `widgetry test --update` wrote back to the
    /// fixtures, port-free.
    func keepUpdatedGoldens(of scenario: String) throws {
        for golden in try Self.goldens(of: scenario) {
            let written = try String(contentsOfFile: bundle + "/Tests/" + golden, encoding: .utf8)
            try portless(written).write(toFile: Self.fixtures + "/" + golden, atomically: true, encoding: .utf8)
        }
    }

    /// Removes the scratch folder and stops the fake.
    func stop() async throws {
        try? FileManager.default.removeItem(atPath: scratch)
        try await stopFake()
    }
}
