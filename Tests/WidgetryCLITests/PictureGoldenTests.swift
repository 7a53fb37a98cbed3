import Foundation
import Testing
import WidgetryAssets
import WidgetryRender
import WidgetryTestSupport

/// `widgetry test` comparing pictures of the screen with golden PNGs through the installed
/// Chromium: a picture step, the goldens of the samples' last steps with --pictures, the font
/// each picture records, and what a failure writes and names in every report.
@Suite("widgetry test: picture goldens")
struct PictureGoldenTests {
    static let chromium = ChromiumScreenshot.executable() != nil

    /// The Hello sample with a picture step after its golden, in `directory`.
    static func hello(in directory: TemporaryDirectory, tolerance: String = "") throws -> String {
        try directory.copy(of: Samples.widget("Hello"), as: "Hello", editing: [
            ("Tests/notes.scenario.json", #"{"golden": "goldens/notes.txt"}"#, #"{"golden": "goldens/notes.txt"}, {"picture": "goldens/notes.png"\#(tolerance)}"#),
        ])
    }

    /// Gives the count label a background colour.
    static func paintCountLabel(of bundle: String, _ colour: String) throws {
        let file = bundle + "/NotesViewController.json"
        let text = try String(contentsOfFile: file, encoding: .utf8)
        let painted = text.replacingOccurrences(of: #"{"id": "countLabel", "type": "UILabel"}"#,
                                                with: #"{"id": "countLabel", "type": "UILabel", "design": {"backgroundColor": "\#(colour)"}}"#)
        #expect(painted != text)
        try Data(painted.utf8).write(to: URL(fileURLWithPath: file))
    }

    @Test(.enabled(if: chromium, "needs Debian's chromium (scripts/browser-test installs it)"))
    func aChangedColourFailsWithTheComparisonNamedInEveryReport() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        _ = try Self.hello(in: directory)
        let missing = try CommandRunner.run(["test", "Hello"], in: directory.path)
        #expect(missing.status == 1)
        #expect(missing.stdout.contains("step 4 (picture matches goldens/notes.png): golden goldens/notes.png does not exist; run with --update to write it"))

        let update = try CommandRunner.run(["test", "Hello", "--update"], in: directory.path)
        #expect(update.status == 0, "\(update.stdout)\(update.stderr)")
        #expect(update.stdout.contains("wrote Hello/Tests/goldens/notes.png"))
        let golden = try PNGImage(png: Array(try #require(FileManager.default.contents(atPath: directory.path + "/Hello/Tests/goldens/notes.png"))))
        #expect(golden.width == 375 && golden.text[PictureFont.keyword] == PictureFont.resolved())
        #expect(try CommandRunner.run(["test", "Hello"], in: directory.path).status == 0, "the same screen draws the same picture")

        try Self.paintCountLabel(of: directory.path + "/Hello", "#33cc66")
        let text = try CommandRunner.run(["test", "Hello"], in: directory.path)
        #expect(text.status == 1)
        #expect(text.stdout.contains("step 4 (picture matches goldens/notes.png): the picture differs from the golden goldens/notes.png in "))
        #expect(text.stdout.contains("wrote widgetry-pictures/notes-04-actual.png and widgetry-pictures/notes-04-comparison.png (golden | picture | difference)"))
        let comparison = try PNGImage(png: Array(try #require(FileManager.default.contents(atPath: directory.path + "/widgetry-pictures/notes-04-comparison.png"))))
        #expect(comparison.width == 375 * 3 + 16 && comparison.height == golden.height)
        let actual = try PNGImage(png: Array(try #require(FileManager.default.contents(atPath: directory.path + "/widgetry-pictures/notes-04-actual.png"))))
        #expect(actual.width == 375 && actual != golden)

        let junit = try CommandRunner.run(["test", "Hello", "--format", "junit"], in: directory.path)
        #expect(junit.status == 1)
        #expect(junit.stdout.contains("type=\"scenario.picture-mismatch\""))
        #expect(junit.stdout.contains("<system-out>[[ATTACHMENT|widgetry-pictures/notes-04-actual.png]]\n[[ATTACHMENT|widgetry-pictures/notes-04-comparison.png]]</system-out>"))
        let json = try CommandRunner.run(["test", "Hello", "--format", "json"], in: directory.path)
        #expect(json.status == 1)
        let report = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        let suites = report?["suites"] as? [[String: Any]]
        let failure = ((suites?.first?["cases"] as? [[String: Any]])?.first?["failures"] as? [[String: Any]])?.first
        #expect(failure?["code"] as? String == "scenario.picture-mismatch")
        #expect(failure?["step"] as? Int == 4)
        #expect(failure?["files"] as? [String] == ["widgetry-pictures/notes-04-actual.png", "widgetry-pictures/notes-04-comparison.png"])

        #expect(try CommandRunner.run(["test", "Hello", "--update"], in: directory.path).stdout.contains("wrote Hello/Tests/goldens/notes.png"))
        #expect(try CommandRunner.run(["test", "Hello"], in: directory.path).status == 0)
    }

    @Test(.enabled(if: chromium, "needs Debian's chromium (scripts/browser-test installs it)"))
    func aToleranceAllowsThatManyPixels() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let bundle = try Self.hello(in: directory, tolerance: #", "tolerance": 100000"#)
        #expect(try CommandRunner.run(["test", bundle, "--update"], in: directory.path).status == 0)
        try Self.paintCountLabel(of: bundle, "#33cc66")
        let outcome = try CommandRunner.run(["test", bundle], in: directory.path)
        #expect(outcome.status == 0, "\(outcome.stdout)")
    }

    @Test(.enabled(if: chromium, "needs Debian's chromium (scripts/browser-test installs it)"))
    func aGoldenDrawnInAnotherFontIsNotCompared() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let bundle = try Self.hello(in: directory)
        #expect(try CommandRunner.run(["test", bundle, "--update"], in: directory.path).status == 0)
        let path = bundle + "/Tests/goldens/notes.png"
        var golden = try PNGImage(png: Array(try #require(FileManager.default.contents(atPath: path))))
        golden.text[PictureFont.keyword] = "Some Other Sans"
        try Data(try golden.encoded()).write(to: URL(fileURLWithPath: path))
        let outcome = try CommandRunner.run(["test", bundle, "--format", "junit"], in: directory.path)
        #expect(outcome.status == 1)
        #expect(outcome.stdout.contains("type=\"scenario.picture-font-mismatch\""))
        #expect(outcome.stdout.contains("the golden goldens/notes.png was drawn in Some Other Sans, this picture in \(PictureFont.resolved()); pictures drawn in different fonts are not compared"))
    }

    @Test func withoutChromiumAPictureStepFailsNamingThePackage() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let bundle = try Self.hello(in: directory)
        let golden = PNGImage(width: 1, height: 1, pixels: [255, 255, 255, 255], text: [PictureFont.keyword: "Liberation Sans"])
        try FileManager.default.createDirectory(atPath: bundle + "/Tests/goldens", withIntermediateDirectories: true)
        try Data(try golden.encoded()).write(to: URL(fileURLWithPath: bundle + "/Tests/goldens/notes.png"))
        let outcome = try CommandRunner.run(["test", bundle, "--format", "junit"], environment: ["WIDGETRY_CHROMIUM": "/nonexistent/chromium"], in: directory.path)
        #expect(outcome.status == 1)
        #expect(outcome.stdout.contains("type=\"scenario.picture-unavailable\""))
        #expect(outcome.stdout.contains("pictures are drawn by Chromium, and none is installed"))
        #expect(outcome.stdout.contains("apt-get install chromium"))
    }

    @Test(.enabled(if: chromium && PictureFont.resolved() == "Open Sans", "needs Debian's chromium and fonts-open-sans"))
    func everySampleScenariosLastStepMatchesItsGolden() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let samples = try FileManager.default.contentsOfDirectory(atPath: Samples.widgetsFolder).sorted().map { Samples.widget($0) }
        var scenarios = 0
        for sample in samples {
            let files = try FileManager.default.contentsOfDirectory(atPath: sample + "/Tests").filter { $0.hasSuffix(".scenario.json") }
            scenarios += files.count
            for file in files {
                let golden = sample + "/Tests/pictures/" + file.replacingOccurrences(of: ".scenario.json", with: ".png")
                #expect(FileManager.default.fileExists(atPath: golden), "\(golden)")
            }
        }
        let outcome = try CommandRunner.run(["test"] + samples + ["--pictures", directory.path + "/pictures"], in: directory.path)
        #expect(outcome.status == 0, "\(outcome.stdout)")
        #expect(outcome.stdout.hasSuffix("\(scenarios) passed, 0 failed\n"))
    }
}
