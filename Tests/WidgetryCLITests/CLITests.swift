import Foundation
import Testing
import WidgetryJSON
import WidgetryTestSupport

/// End-to-end tests of the `widgetry` executable: output, formats and exit codes.
@Suite("widgetry command line")
struct CLITests {
    static let feedText = """
        Feed 1.0 (mobi.favio.WidgetDemo)
          source:       SAMPLE
          manifest:     Info.json, format 1
          entry screen: FeedViewController
        screens (3):
          FeedViewController         7 objects, 7 elements     FeedViewController.json
          NewPostViewController      2 objects, 4 elements     NewPostViewController.json
          PostDetailsViewController  0 objects, 7 elements     PostDetailsViewController.json
        services (1):
          StubService.json (stub), 3 actions: currentUser, homeFeed, newPost
        model: Model.json, 3 entities
          User  (identity userId)
            userId     String            ← id_str
            name       String, optional  ← name
            nickname   String, optional  ← screen_name
            imageName  String, optional  ← image_name
            posts      to-many Post, inverse author, cascade
          Account : User  (owner entity)
          Post  (identity postId, owner author)
            postId          String                               ← id_str
            favoritesCount  Integer 32 = 0                       ← favorite_count
            repostCount     Integer 32 = 0                       ← repost_count
            text            String, optional                     ← text
            timestamp       Date, optional                       ← created_at via strToDate
            author          to-one User, inverse posts, nullify  ← user
        images (6) from Assets.xcassets:
          ava_dots
          ava_dragon
          ava_infinity
          ava_pirple8
          ava_pixels
          widgets
        resources (RESOURCES
        """

    /// `feedText` for `source`: the sample's resources (every file no reader claims: the
    /// README, scenarios and goldens) listed as the sample holds them today.
    static func expectedInspection(source: String) throws -> String {
        let enumerator = FileManager.default.enumerator(atPath: CommandRunner.feed)
        let claimed: Set<String> = ["Info.json", "Model.json", "StubService.json", "FeedViewController.json", "NewPostViewController.json",
                                    "PostDetailsViewController.json"]
        let resources = try (enumerator?.compactMap { $0 as? String } ?? []).filter { name in
            try !claimed.contains(name)
                && (FileManager.default.attributesOfItem(atPath: CommandRunner.feed + "/" + name)[.type] as? FileAttributeType) == .typeRegular
        }.sorted()
        let listing = "\(resources.count)):\n" + resources.map { "  \($0)\n" }.joined()
        return feedText.replacingOccurrences(of: "SAMPLE", with: source).replacingOccurrences(of: "RESOURCES", with: listing)
    }

    @Test func inspectPrintsTheSampleBundle() throws {
        let outcome = try CommandRunner.run(["inspect", CommandRunner.feed])
        #expect(outcome.status == 0)
        #expect(outcome.stdout == (try Self.expectedInspection(source: CommandRunner.feed)))
        #expect(outcome.stderr.isEmpty)
    }

    @Test func inspectJSONIsDeterministicAndComplete() throws {
        let first = try CommandRunner.run(["inspect", CommandRunner.feed, "--format", "json"])
        let second = try CommandRunner.run(["inspect", CommandRunner.feed, "--format", "json"])
        #expect(first.status == 0)
        #expect(first.stdout == second.stdout)
        let summary = try JSONParser.parse(first.stdout).root
        #expect(summary["manifest"]?["identifier"]?.stringValue == "mobi.favio.WidgetDemo")
        #expect(summary["screens"]?[0]?["name"]?.stringValue == "FeedViewController")
        #expect(summary["screens"]?[0]?["objects"]?.arrayValue?.count == 7)
        #expect(summary["services"]?[0]?["actions"]?.arrayValue?.map { $0.stringValue } == ["currentUser", "homeFeed", "newPost"])
        #expect(summary["model"]?["entities"]?.arrayValue?.count == 3)
        let post = try #require(summary["model"]?["entities"]?[2])
        #expect(post["name"]?.stringValue == "Post")
        #expect(post["identityAttribute"]?.stringValue == "postId")
        #expect(post["attributes"]?[1]?["type"]?.stringValue == "Integer 32")
        #expect(post["attributes"]?[4]?["JSONTransformerName"]?.stringValue == "strToDate")
        #expect(post["relationships"]?[0]?["inverse"]?.stringValue == "posts")
        #expect(summary["model"]?["entities"]?[1]?["parent"]?.stringValue == "User")
    }

    @Test func aBrokenModelIsReportedWithItsPlaceAndExitsWithTwo() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        for name in ["Info.json", "FeedViewController.json", "StubService.json"] {
            try FileManager.default.copyItem(atPath: CommandRunner.feed + "/" + name, toPath: directory.file(name))
        }
        let model = #"{"entities": {"Post": {"identityAttribute": "postId", "attributes": {"text": {"type": "Text"}}}}}"#
        try Data(model.utf8).write(to: URL(fileURLWithPath: directory.file("Model.json")))
        let outcome = try CommandRunner.run(["inspect", directory.path])
        #expect(outcome.status == 2)
        #expect(outcome.stderr.contains("Model.json:1:87: error: attribute Post.text has unknown type \"Text\" [model.unknown-attribute-type]"))
        #expect(outcome.stderr.hasPrefix(directory.path + "/Model.json:1:87: "), "the file as the person can open it")
        #expect(outcome.stderr.contains("  1 | {\"entities\""), "the source line is quoted under the finding")
        #expect(outcome.stderr.contains("hint: the types are"))
    }

    @Test func inspectWorksOnAZipAndOnAURL() async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let zip = scratch.file("Feed.zip")
        let pack = try CommandRunner.run(["pack", CommandRunner.feed, "-o", zip])
        #expect(pack.status == 0)
        let enumerator = try #require(FileManager.default.enumerator(atPath: CommandRunner.feed))
        let files = try enumerator.compactMap { $0 as? String }.filter { name in
            (try FileManager.default.attributesOfItem(atPath: CommandRunner.feed + "/" + name)[.type] as? FileAttributeType) == .typeRegular
        }
        let total = try files.reduce(0) { total, name in
            total + ((try FileManager.default.attributesOfItem(atPath: CommandRunner.feed + "/" + name)[.size] as? Int) ?? 0)
        }
        #expect(pack.stdout == "packed \(files.count) files (\(total) bytes) into \(zip) as zip\n")
        let fromZip = try CommandRunner.run(["inspect", zip])
        #expect(fromZip.status == 0)
        #expect(fromZip.stdout == (try Self.expectedInspection(source: zip)))

        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: zip)))
        let server = try await TestHTTPServer.start { _ in TestResponse(headers: [("ETag", "\"1\"")], body: bytes) }
        let url = server.baseURL + "/Feed.zip"
        let fromURL = try CommandRunner.run(["inspect", url, "--cache-dir", scratch.file("cache")])
        let again = try CommandRunner.run(["inspect", url, "--cache-dir", scratch.file("cache")])
        try await server.stop()
        #expect(fromURL.status == 0)
        #expect(fromURL.stdout == (try Self.expectedInspection(source: url)))
        #expect(again.stdout == fromURL.stdout)
        #expect(server.requests.count == 2)
        #expect(server.requests[1].header("If-None-Match") == "\"1\"")
        // No progress bar on a pipe.
        #expect(fromURL.stderr.isEmpty)
    }

    @Test func packIsByteIdenticalAcrossRunsAndTimeZones() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        _ = try CommandRunner.run(["pack", CommandRunner.feed, "-o", scratch.file("a.zip")], environment: ["TZ": "UTC"])
        _ = try CommandRunner.run(["pack", CommandRunner.feed, "-o", scratch.file("b.zip")], environment: ["TZ": "Asia/Tokyo"])
        let a = try Data(contentsOf: URL(fileURLWithPath: scratch.file("a.zip")))
        let b = try Data(contentsOf: URL(fileURLWithPath: scratch.file("b.zip")))
        #expect(!a.isEmpty)
        #expect(a == b)
    }

    @Test func fetchExtractsAnArchive() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        try TestArchive(.tarGzip, [.text("Demo.bundle/Info.json", #"{"identifier": "a.b"}"#)]).write(to: scratch.file("d.tar.gz"))
        let outcome = try CommandRunner.run(["fetch", scratch.file("d.tar.gz"), "--to", scratch.file("out")])
        #expect(outcome.status == 0)
        #expect(outcome.stdout.hasPrefix("extracted 1 files (21 bytes) into \(scratch.file("out"))\n"))
        #expect(FileManager.default.fileExists(atPath: scratch.file("out/Demo.bundle/Info.json")))
        let again = try CommandRunner.run(["fetch", scratch.file("d.tar.gz"), "--to", scratch.file("out")])
        #expect(again.status == 2)
        #expect(again.stderr.contains("[archive.destination-exists]"))
    }

    @Test func maliciousArchivesExitWithTwoAndNameTheEntry() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        try TestArchive(.zip, [.text("../../escape.txt", "x")]).write(to: scratch.file("evil.zip"))
        let outcome = try CommandRunner.run(["fetch", scratch.file("evil.zip"), "--to", scratch.file("out")])
        #expect(outcome.status == 2)
        #expect(outcome.stderr.hasPrefix("error: archive entry '../../escape.txt' climbs out of the archive with '..' [archive.unsafe-path]\n"))
        #expect(scratch.listing() == ["evil.zip"])
    }

    @Test func missingBundlesAndBadUsageExitWithTwo() throws {
        let missing = try CommandRunner.run(["inspect", "/no/such/bundle"])
        #expect(missing.status == 2)
        #expect(missing.stderr == "error: no bundle at '/no/such/bundle' [bundle.not-found]\n  hint: give a folder, a .zip/.tar/.tar.gz archive, or an https URL\n")
        #expect(missing.stdout.isEmpty)
        let usage = try CommandRunner.run(["inspect", "--bogus", "x"])
        #expect(usage.status == 2)
        #expect(usage.stderr == "error: Unknown option '--bogus' [usage.invalid-arguments]\n  hint: usage: widgetry inspect [<options>] [<bundle> ...]; see 'widgetry inspect --help'\n", "\(usage.stderr)")
        let noCommand = try CommandRunner.run(["frobnicate"])
        #expect(noCommand.status == 2)
    }

    @Test func brokenJSONIsReportedWithLocationSnippetAndHint() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        try Data(#"{"identifier": "a.b"}"#.utf8).write(to: URL(fileURLWithPath: scratch.file("Info.json")))
        try Data("{\"Home\": {\n  \"objects\": {'x': 1}\n}}".utf8).write(to: URL(fileURLWithPath: scratch.file("Home.json")))
        let outcome = try CommandRunner.run(["inspect", scratch.path])
        #expect(outcome.status == 2)
        #expect(outcome.stderr == """
            \(scratch.path)/Home.json:2:15: error: expected a string key, found ''' [json.unexpected-character]
              2 |   "objects": {'x': 1}
                |               ^
              hint: keys must use double quotes

            """)
    }

    @Test func widgetIdentifierMismatchShowsBoth() throws {
        let outcome = try CommandRunner.run(["inspect", CommandRunner.feed, "--identifier", "com.other.App"])
        #expect(outcome.status == 2)
        #expect(outcome.stderr.hasPrefix("error: widget identifier 'com.other.App' does not start with the bundle identifier 'mobi.favio.WidgetDemo' [bundle.identifier-mismatch]\n"))
    }

    @Test func helpAndVersion() throws {
        let help = try CommandRunner.run(["pack", "--help"], environment: ["COLUMNS": "80"])
        #expect(help.status == 0)
        #expect(help.stdout == """
            OVERVIEW: Pack a bundle folder into a deterministic archive: zip, tar or
            tar.gz.

            Entries are sorted, timestamps and permissions fixed, and no platform metadata
            is written, so packing the same folder twice gives identical bytes. .DS_Store,
            .git and __MACOSX are left out; symbolic links are refused. The format follows
            the output's extension (.zip, .tar, .tar.gz or .tgz; zip without one) unless
            --format names it; -o - writes the archive to standard output (never to a
            terminal) and the summary to standard error.

            USAGE: widgetry pack <directory> --output <file> [--format <format>] [--error-format <format>]

            ARGUMENTS:
              <directory>             The bundle folder.

            OPTIONS:
              -o, --output <file>     The archive to write, or - for standard output.
              --format <format>       The archive format (default: from the output's
                                      extension). (values: zip, tar, tar.gz)
              --error-format <format> How errors are reported: text (standard error), or
                                      json, sarif, github or junit (a report on standard
                                      output). (values: text, json, sarif, github, junit)
              --version               Show the version.
              -h, --help              Show help information.


            """)
        let root = try CommandRunner.run(["--help"])
        #expect(root.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            .contains("Exit codes: 0 success, 1 an action or a scenario failed, 2 input or usage error, 3 internal error."))
        let version = try CommandRunner.run(["--version"])
        #expect(version.status == 0)
        #expect(version.stdout == "0.1.0\n")
    }
}
