import Foundation
import Testing
import WidgetryBundle
import WidgetryBundleFetch
import WidgetryRuntime
import WidgetryScenario
import WidgetryTestSupport

/// Every sample widget's scenarios pass: the samples are the tutorial and the regression suite.
struct SampleScenarioTests {
    static let samples: [String] = {
        Samples.widgetNames.map(Samples.widget).filter { FileManager.default.fileExists(atPath: $0 + "/Tests") }
    }()

    @Test func everySampleHasScenarios() {
        #expect(Self.samples.map { ($0 as NSString).lastPathComponent }.contains("Feed"))
        #expect(Self.samples.map { ($0 as NSString).lastPathComponent }.contains("Tweets"))
    }

    @Test(arguments: samples)
    func theScenariosOfTheSamplePass(_ sample: String) async throws {
        let bundle = try await BundleLoader().load(try BundleSource(argument: sample)).bundle
        let paths = ScenarioFiles.paths(in: bundle)
        #expect(!paths.isEmpty)
        for path in paths {
            let result = await ScenarioRunner().run(try ScenarioFiles.read(path), bundle: bundle)
            #expect(result.passed, Comment(rawValue: "\(result.name):\n" + result.failures.map(\.description).joined(separator: "\n")))
        }
    }
}
