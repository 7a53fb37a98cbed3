import Foundation
import Testing
import WidgetryBundle
import WidgetryTestSupport

/// Which storyboard a bundle in the original layout takes its views from (the source, else the
/// compiled storyboard), and the lone nibs that are refused because nothing can be read from them.
@Suite("Storyboard files")
struct StoryboardFilesTests {
    private func bundle(_ files: [String: String], in scratch: TemporaryDirectory) throws -> String {
        for (name, text) in files {
            let url = URL(fileURLWithPath: scratch.file(name))
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return scratch.path
    }

    private static let manifest = #"{"identifier": "com.example.demo"}"#

    @Test func theMainStoryboardIsTheSourceInBaseLproj() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let root = try bundle(["Info.json": Self.manifest, "Base.lproj/Main.storyboard": "<document/>",
                               "Base.lproj/LaunchScreen.storyboardc/Info.plist": "x"], in: scratch)
        let bundle = try WidgetBundle(directory: root)
        #expect(bundle.mainStoryboardPath == "Base.lproj/Main.storyboard")
        #expect(bundle.compiledStoryboards == ["Base.lproj/LaunchScreen.storyboardc"], "other compiled storyboards are not read, nor refused")
        #expect(bundle.warnings.isEmpty)
    }

    @Test func theStoryboardNamedByInfoPlistMayAlsoSitAtTheRoot() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let plist = try PropertyListSerialization.data(fromPropertyList: ["CFBundleIdentifier": "com.example.demo", "UIMainStoryboardFile": "App"],
                                                       format: .xml, options: 0)
        let root = try bundle(["App.storyboard": "<document/>", "Main.storyboard": "<document/>"], in: scratch)
        try plist.write(to: URL(fileURLWithPath: scratch.file("Info.plist")))
        #expect(try WidgetBundle(directory: root).mainStoryboardPath == "App.storyboard")
    }

    @Test func aBundleWithoutAStoryboardHasNone() throws {
        let bundle = try WidgetBundle(directory: Samples.widget("Feed"))
        #expect(bundle.mainStoryboardPath == nil)
    }

    /// A bundle as Xcode ships it: the compiled storyboard is the main one when its source is
    /// not there (its nibs are read when a screen opens, not here).
    @Test func aCompiledMainStoryboardIsReadWhenItsSourceIsAbsent() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let root = try bundle(["Info.json": Self.manifest, "Base.lproj/Main.storyboardc/FeedViewController.nib": "nib",
                               "Base.lproj/Main.storyboardc/Info.plist": "plist",
                               "Base.lproj/LaunchScreen.storyboardc/Info.plist": "plist"], in: scratch)
        let bundle = try WidgetBundle(directory: root)
        #expect(bundle.mainStoryboardPath == "Base.lproj/Main.storyboardc", "not the launch screen's")
        #expect(bundle.warnings.isEmpty)
    }

    @Test func withItsSourceTheCompiledStoryboardIsIgnored() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let root = try bundle(["Info.json": Self.manifest, "Base.lproj/Main.storyboard": "<document/>",
                               "Base.lproj/Main.storyboardc/FeedViewController.nib": "nib"], in: scratch)
        let bundle = try WidgetBundle(directory: root)
        #expect(bundle.mainStoryboardPath == "Base.lproj/Main.storyboard")
        #expect(bundle.warnings.map(\.code) == ["bundle.compiled-storyboard-ignored"])
    }

    @Test func aCompiledNibIsRefused() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let root = try bundle(["Info.json": Self.manifest, "Base.lproj/Main.storyboard": "<document/>", "Cell.nib": "nib"], in: scratch)
        #expect(throws: BundleError.compiledNib(path: "Cell.nib")) { try WidgetBundle(directory: root) }
        #expect(BundleError.compiledNib(path: "Cell.nib").code == "bundle.compiled-nib")
    }
}
