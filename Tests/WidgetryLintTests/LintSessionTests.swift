import Foundation
import Testing
import WidgetryBundle
import WidgetryBundleFetch
import WidgetryJSON
import WidgetryLint
import WidgetryTestSupport

/// `LintSession`, the lint facade: bundles linted by their source, through a file system whose
/// contents in memory (an editor's unsaved buffers) override the disk's, which stays untouched.
@Suite("Lint session")
struct LintSessionTests {
    private let feed = Samples.widget("Feed")

    /// `file:line [code]` of each finding.
    private func places(_ report: DiagnosticReport) -> [String] {
        report.diagnostics.map { "\($0.file):\($0.location.map { String($0.line) } ?? "-") [\($0.code)]" }
    }

    private func bytes(_ path: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    @Test func anActionRenamedInMemoryLeavesTheScreensNamingItUnknownAndTheDiskAlone() async throws {
        let stub = feed + "/StubService.json"
        let onDisk = try bytes(stub)
        let renamed = String(decoding: onDisk, as: UTF8.self).replacingOccurrences(of: "\"homeFeed\"", with: "\"homeTimeline\"")
        let prefix = BundleSource.directory(feed).displayPrefix

        let clean = await LintSession().lint(.directory(feed))
        #expect(!places(clean.report).contains { $0.hasSuffix("[unknown-action]") })

        let session = LintSession(fileSystem: BundleFileSystem(overriding: [stub: Array(renamed.utf8)]))
        let outcome = await session.lint(.directory(feed))
        #expect(!outcome.unreadable)
        #expect(places(outcome.report).contains("\(prefix)FeedViewController.json:52 [unknown-action]"), "\(places(outcome.report))")
        // The report quotes what was linted: the contents in memory.
        #expect(outcome.report.sources[prefix + "StubService.json"]?.bytes == Array(renamed.utf8))
        #expect(try bytes(stub) == onDisk)
    }

    @Test func aSyntaxErrorInMemoryIsAFindingAtItsLine() async throws {
        let screen = feed + "/NewPostViewController.json"
        var lines = String(decoding: try bytes(screen), as: UTF8.self).components(separatedBy: "\n")
        lines.insert("    ,", at: 3)
        let broken = lines.joined(separator: "\n")
        let prefix = BundleSource.directory(feed).displayPrefix

        let session = LintSession(fileSystem: BundleFileSystem(overriding: [screen: Array(broken.utf8)]))
        let outcome = await session.lint(.directory(feed))
        // A file that is not JSON is a finding about it, not a bundle that cannot be read.
        #expect(!outcome.unreadable)
        let finding = try #require(outcome.report.diagnostics.first { $0.code.domain == "json" }, "\(places(outcome.report))")
        #expect(finding.file == prefix + "NewPostViewController.json")
        #expect(finding.location?.line == 4)
        #expect(outcome.report.sources[finding.file]?.bytes == Array(broken.utf8))
    }

    @Test func aConfigurationInMemoryAppliesInsteadOfTheDisksOne() async throws {
        let configuration = feed + "/" + LintConfiguration.fileName
        let stub = feed + "/StubService.json"
        let renamed = String(decoding: try bytes(stub), as: UTF8.self).replacingOccurrences(of: "\"homeFeed\"", with: "\"homeTimeline\"")
        let session = LintSession(fileSystem: BundleFileSystem(overriding: [
            stub: Array(renamed.utf8),
            configuration: Array(#"{"rules": {"unknown-action": "off"}}"#.utf8),
        ]))
        let outcome = await session.lint(.directory(feed))
        #expect(!places(outcome.report).contains { $0.hasSuffix("[unknown-action]") }, "\(places(outcome.report))")
        #expect(outcome.report.configurations == [BundleSource.directory(feed).displayPrefix + LintConfiguration.fileName])
    }

    @Test func bundlesAreReportedInTheOrderGivenAndANameThatIsNothingIsUnreadable() async throws {
        let hello = Samples.widget("Hello")
        let missing = feed + "-missing"
        let outcome = await LintSession().lint(arguments: [hello, missing, feed])
        #expect(outcome.unreadable)
        let helloPrefix = BundleSource.directory(hello).displayPrefix
        let feedPrefix = BundleSource.directory(feed).displayPrefix
        let firstFeed = try #require(outcome.report.files.firstIndex { $0.hasPrefix(feedPrefix) })
        #expect(outcome.report.files[..<firstFeed].allSatisfy { $0.hasPrefix(helloPrefix) || !$0.hasPrefix(feedPrefix) })
        #expect(outcome.report.diagnostics.contains { $0.code.description == "bundle.not-found" })
    }

    @Test func anArchiveIsLintedFromAFolderThatIsRemovedAfterwards() async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let archive = try TestArchive(.zip, [
            .text("A/Info.json", #"{"identifier": "x.a", "name": "A", "entryScreen": "S", "formatVersion": 1}"#),
            .text("A/S.json", #"{"S": {"objects": {"a": {"type": "OnLoadActionController", "attrs": {"actionName": "lod"}}}}}"#),
            .text("A/StubService.json", #"{"actions": {"load": {"response": {}}}}"#),
        ]).write(to: scratch.file("a.zip"))
        let work = scratch.file("work")
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        let session = LintSession(loader: BundleLoader(options: BundleLoader.Options(workDirectory: work)))

        let outcome = await session.lint(.archive(archive))
        #expect(!outcome.unreadable)
        #expect(places(outcome.report).contains("\(BundleSource.archive(archive).displayPrefix)S.json:1 [unknown-action]"), "\(places(outcome.report))")
        #expect(try FileManager.default.contentsOfDirectory(atPath: work).isEmpty)
        #expect(!TemporaryPaths.current.contains { $0.hasPrefix(work) })
    }

    @Test func contentsInMemoryKeepTheSizeLimit() throws {
        let file = feed + "/Info.json"
        let fileSystem = BundleFileSystem(overriding: [file: Array(repeating: 0x20, count: 100)])
        #expect(throws: BoundedFile.Failure.tooLarge(limit: 99)) { try fileSystem.bytes(of: file, limit: 99) }
        #expect(try fileSystem.bytes(of: file, limit: 100).count == 100)
        // The same file named another way is the same file.
        #expect(try fileSystem.bytes(of: feed + "/./Tests/../Info.json", limit: 100).count == 100)
    }
}
