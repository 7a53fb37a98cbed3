import Foundation
import Synchronization
import Testing
import WidgetryBundle
import WidgetryBundleFetch
import WidgetryJSON
import WidgetryRuntime
@testable import WidgetryScenario
import WidgetryTestSupport

/// `picture` steps and the goldens of scenarios' last steps: what the reader accepts, and what
/// the runner asks its ``PictureCheck`` hook (the command's drawing and comparing, which
/// `PictureGoldenTests` runs through Chromium) and reports of its answer.
struct PictureStepTests {
    private func scenario(_ text: String, file: String = "/tmp/x.scenario.json") throws -> Scenario {
        try ScenarioReader.read(try JSONParser.parse(text, fileName: file), file: file)
    }

    private func problems(_ text: String) -> [String] {
        do {
            _ = try scenario(text)
            return []
        } catch let error as ScenarioErrors {
            return error.errors.map { "\($0.code.rawValue) \($0.message)" }
        } catch {
            return ["\(error)"]
        }
    }

    private func feed() async throws -> WidgetBundle {
        try await BundleLoader().load(try BundleSource(argument: Samples.widget("Feed"))).bundle
    }

    @Test func aPictureStepNamesAGoldenInsideTheScenariosFolderWithATolerance() throws {
        let read = try scenario(#"{"settings": {"pictureTolerance": 7}, "steps": [{"picture": "goldens/a.png"}, {"picture": "b.png", "tolerance": 3}]}"#)
        #expect(read.settings.pictureTolerance == 7)
        guard case .picture(let first, let none) = read.steps[0].kind, case .picture(_, let three) = read.steps[1].kind else {
            Issue.record("not picture steps")
            return
        }
        #expect(first.relative == "goldens/a.png" && none == nil && three == 3)
        #expect(read.steps[0].title == "picture matches goldens/a.png")
        #expect(problems(#"{"steps": [{"picture": "../a.png"}]}"#).first?.hasPrefix("bundle.path-escape") == true)
        #expect(problems(#"{"steps": [{"picture": "a.png", "tolerance": -1}]}"#) == ["scenario.wrong-type tolerance takes a whole number ≥ 0, not -1"])
        #expect(problems(#"{"settings": {"pictureTolerance": "all"}, "steps": []}"#) == [#"scenario.wrong-type pictureTolerance takes a whole number ≥ 0, not "all""#])
        #expect(problems(#"{"steps": [{"picture": "a.png", "tolerence": 2}]}"#).first?.hasPrefix("scenario.unknown-key") == true)
    }

    @Test func withoutAHookAPictureStepFailsAsUnavailable() async throws {
        let script = try scenario(#"{"steps": [{"picture": "goldens/a.png"}]}"#)
        let result = await ScenarioRunner().run(script, bundle: try await feed())
        #expect(result.failures.map(\.code.description) == ["scenario.picture-unavailable"])
    }

    @Test func theHookIsAskedForStepsAndForTheLastStepsGoldenWhenThereIsOne() async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let file = scratch.path + "/1-feed.scenario.json"
        let script = try scenario(#"{"settings": {"pictureTolerance": 5}, "steps": [{"picture": "goldens/a.png", "tolerance": 2}, {"expect": "screen == 'FeedViewController'"}]}"#, file: file)
        let asked = Mutex<[String]>([])
        var runner = ScenarioRunner()
        runner.pictures = PictureCheck(lastStepFolder: "pictures") { request, _ in
            asked.withLock { $0.append("\(request.name) step \(request.step + 1) tolerance \(request.tolerance) updating \(request.updating)") }
            return request.name == "goldens/a.png" ? .matched : .failed(.pictureMismatch, "differs", files: ["/x/1-feed-02-actual.png"])
        }
        let bundle = try await feed()
        #expect(await runner.run(script, bundle: bundle).passed, "no golden of the last step, so none is compared")
        #expect(asked.withLock { $0 } == ["goldens/a.png step 1 tolerance 2 updating false"])

        try FileManager.default.createDirectory(atPath: scratch.path + "/pictures", withIntermediateDirectories: true)
        try Data([0]).write(to: URL(fileURLWithPath: scratch.path + "/pictures/1-feed.png"))
        asked.withLock { $0 = [] }
        let failed = await runner.run(script, bundle: bundle)
        #expect(asked.withLock { $0 } == ["goldens/a.png step 1 tolerance 2 updating false", "pictures/1-feed.png step 2 tolerance 5 updating false"])
        let failure = try #require(failed.failures.first)
        #expect(failure.step == 1 && failure.code.description == "scenario.picture-mismatch" && failure.files == ["/x/1-feed-02-actual.png"])

        runner.updatesGoldens = true
        runner.pictures = PictureCheck(lastStepFolder: "pictures") { request, _ in .written(request.path) }
        try FileManager.default.removeItem(atPath: scratch.path + "/pictures/1-feed.png")
        let written = await runner.run(script, bundle: bundle)
        #expect(written.goldensWritten == [scratch.path + "/goldens/a.png", scratch.path + "/pictures/1-feed.png"], "updating writes a missing last step's golden")
    }
}
