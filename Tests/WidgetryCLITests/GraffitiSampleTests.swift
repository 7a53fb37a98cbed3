import Foundation
import Testing
import WidgetryTestSupport

/// Graffiti's samples (`../shared/upstream/graffiti`, never copied here) read, validated and
/// linted with their host profiles (`Examples/Profiles/Graffiti*.profile.json`): no errors, and
/// only warnings about what upstream skipped too (docs/FORMAT.md#graffiti). Skipped when the
/// shared folder is not beside the checkout.
@Suite("Graffiti samples", .enabled(if: GraffitiSamples.isAvailable, "needs ../shared/upstream/graffiti"))
struct GraffitiSampleTests {
    /// What upstream skipped as well: files marked executable in its repository, storyboard
    /// connections to objects that are not elements, outlets naming what has no identifier.
    static let skippedByUpstream: Set<String> = ["executable-mode", "storyboard.ignored-connection", "screen.unresolved-outlet"]

    @Test(arguments: GraffitiSamples.all)
    func lintsWithoutErrorsWithItsProfile(sample: GraffitiSamples.Sample) throws {
        let lint = try CommandRunner.run(["lint", sample.bundle, "--profile", sample.profile, "--format", "json"])
        #expect(lint.status == 0, "\(lint.stdout)\(lint.stderr)")
        let findings = try #require(try JSONSerialization.jsonObject(with: Data(lint.stdout.utf8)) as? [[String: Any]], "\(lint.stdout)")
        #expect(findings.allSatisfy { $0["severity"] as? String == "warning" }, "\(lint.stdout)")
        let codes = Set(findings.compactMap { $0["rule"] as? String })
        #expect(codes.isSubset(of: Self.skippedByUpstream), "\(codes.sorted())")
    }

    @Test(arguments: GraffitiSamples.all)
    func validatesWithoutErrors(sample: GraffitiSamples.Sample) throws {
        let validate = try CommandRunner.run(["validate", sample.bundle, "--profile", sample.profile])
        #expect(validate.status == 0, "\(validate.stdout)\(validate.stderr)")
        #expect(validate.stdout.hasPrefix("0 errors, 0 warnings"), "\(validate.stdout)")
    }

    @Test func inspectNamesTheDialectAndWhatSaidSo() throws {
        let inspect = try CommandRunner.run(["inspect", GraffitiSamples.twitter.bundle, "--profile", GraffitiSamples.twitter.profile])
        #expect(inspect.status == 0, "\(inspect.stderr)")
        #expect(inspect.stdout.contains("  dialect:      graffiti (gx_dismissed in TweetViewController.json)\n"), "\(inspect.stdout)")
        #expect(inspect.stdout.contains("  restorationIdentifier TweetsViewController: TweetsViewController\n"))
        let widgetKit = try CommandRunner.run(["inspect", Samples.widget("Feed")])
        #expect(!widgetKit.stdout.contains("dialect:"), "WidgetKit bundles print what they printed")
    }

    /// Without the profile the sample is not what its host makes of it, and said to be
    /// WidgetKit's its names are unknown: each finding in the names the files use.
    @Test func findingsUseTheDialectsNames() throws {
        let graffiti = try CommandRunner.run(["lint", GraffitiSamples.twitter.bundle, "--identifier", "com.m8labs.graffiti.TwitterDemo"])
        #expect(graffiti.status == 1)
        #expect(graffiti.stdout.contains("takes StandardServiceProvider or StubServiceProvider, not TwitterService [screen.invalid-value]"), "\(graffiti.stdout)")
        #expect(!graffiti.stdout.contains("wx_") && !graffiti.stdout.contains("wx."), "\(graffiti.stdout)")
        let told = try CommandRunner.run(["lint", GraffitiSamples.twitter.bundle, "--profile", GraffitiSamples.twitter.profile, "--dialect", "widgetkit"])
        #expect(told.status == 1)
        #expect(told.stdout.contains("UITableView has no key 'gx.identifier' [screen.unknown-attribute]"), "\(told.stdout)")
        #expect(told.stdout.contains("has type BaseContentController, which is not a mediating controller Widgetry knows [screen.unknown-type]"))
    }
}

/// Where Graffiti's samples and their profiles are.
enum GraffitiSamples {
    struct Sample: Sendable, CustomTestStringConvertible {
        let name: String
        var bundle: String { Samples.upstream("graffiti/\(name)/\(name)") }
        var profile: String { Samples.file("Examples/Profiles/Graffiti\(name).profile.json") }
        var testDescription: String { name }
    }

    static let twitter = Sample(name: "TwitterDemo")
    static let maps = Sample(name: "GoogleMapsDemo")
    static let all = [twitter, maps]
    static var isAvailable: Bool { FileManager.default.fileExists(atPath: twitter.bundle + "/Info.plist") }
}

extension GraffitiSampleTests {
    /// One screen file validated alone follows the schema of the dialect it is written in, or
    /// the one `--dialect` names.
    @Test func aGraffitiScreenFileAloneFollowsGraffitisSchema() throws {
        let file = Samples.upstream("graffiti/TwitterDemo/TwitterDemo/TweetsViewController.json")
        let alone = try CommandRunner.run(["validate", file])
        #expect(alone.status == 0, "\(alone.stdout)\(alone.stderr)")
        let told = try CommandRunner.run(["validate", file, "--dialect", "widgetkit"])
        #expect(told.status == 1)
        #expect(told.stdout.contains("\"BaseContentController\" is not one of"), "\(told.stdout)")
    }
}
