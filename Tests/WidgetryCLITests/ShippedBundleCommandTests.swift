import Foundation
import Testing

/// The commands on upstream's shipped bundle, `../shared/upstream/WidgetDemo.zip`, whose
/// storyboard and model are compiled. Skipped when the shared folder is not beside the checkout.
@Suite("Shipped bundle commands", .enabled(if: ShippedBundle.isAvailable, "needs ../shared/upstream"))
struct ShippedBundleCommandTests {
    static let zip = ShippedBundle.zip

    @Test func runShowsTheFeedFromTheCompiledStoryboard() throws {
        let outcome = try CommandRunner.run(["run", Self.zip, "--now", "2018-06-20T19:00:00Z"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout.hasPrefix("screen FeedViewController at t=0.500 (2018-06-20T19:00:00Z)\n"))
        #expect(outcome.stdout.contains("    titleLabel (UILabel): text=\"Favio Mobile\" hidden=false\n"))
        #expect(outcome.stdout.contains("      authorLabel (UILabel): text=\"Pirple 8\" hidden=false\n"))
        #expect(!outcome.stderr.contains("compiled-storyboard"))
    }

    @Test func inspectValidateAndLintReadIt() throws {
        let inspect = try CommandRunner.run(["inspect", Self.zip])
        #expect(inspect.status == 0, "\(inspect.stderr)")
        #expect(inspect.stdout.contains("storyboards: Base.lproj/Main.storyboardc"))
        #expect(inspect.stdout.contains("model: Model.momd, 3 entities"))
        let validate = try CommandRunner.run(["validate", Self.zip])
        #expect(validate.status == 0, "\(validate.stdout)\(validate.stderr)")
        let lint = try CommandRunner.run(["lint", Self.zip])
        #expect(lint.stdout.contains("[unknown-action]") || lint.stderr.contains("[unknown-action]"),
                "upstream's feed names searchPosts, which its stub does not define: a finding, not a load failure")
        #expect(!(lint.stdout + lint.stderr).contains("storyboard.compiled"))
    }
}

/// Where upstream's shipped bundle sits: `../shared/upstream` beside the checkout.
enum ShippedBundle {
    static let zip = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("shared/upstream/WidgetDemo.zip").path

    static var isAvailable: Bool { FileManager.default.fileExists(atPath: zip) }
}
