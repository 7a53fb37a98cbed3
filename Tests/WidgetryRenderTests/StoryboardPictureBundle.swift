import Foundation
import WidgetryBundle
import WidgetryBundleFetch
import WidgetryRender
import WidgetryRuntime
import WidgetryTestSupport

/// A bundle written for a test from a storyboard and its screen files, run until idle and
/// its entry screen (or the one `interactions` lead to) laid out on the iPhone 8.
enum StoryboardPictureBundle {
    /// `files` (the storyboard at `Base.lproj/Main.storyboard`, screen files, data) with an
    /// Info.json entering `entry` and an empty stub service.
    static func draw(entry: String, files: [String: String], after interactions: [Interaction] = []) async throws -> DrawnScreen {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        var all = files
        all["Info.json"] = #"{"identifier": "test.pictures", "entryScreen": "\#(entry)", "formatVersion": 1}"#
        all["StubService.json"] = #"{"actions": {}}"#
        for (name, text) in all {
            let url = URL(fileURLWithPath: scratch.path + "/" + name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        let loaded = try await BundleLoader().load(try BundleSource(argument: scratch.path))
        let run = try WidgetRun(bundle: loaded.bundle, options: WidgetRun.Options(now: Date(timeIntervalSince1970: 0)))
        await run.run(until: .infinity)
        for interaction in interactions { try await run.perform(interaction) }
        return ScreenPicture.draw(run, device: .standard)
    }

    /// Every view drawn, each before its children.
    static func all(_ views: [DrawnView]) -> [DrawnView] {
        views.flatMap { [$0] + all($0.children) }
    }
}
