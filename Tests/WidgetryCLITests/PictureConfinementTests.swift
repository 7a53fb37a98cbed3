import Foundation
import Testing
import WidgetryTestSupport

/// Pictures read only the files of the bundle: an image set whose `Contents.json` names a file
/// with `..`, an absolute path or a mixed `a/../..`, a symbolic link to an image outside, a
/// linked image set and a linked folder on the way are never drawn; `render` goes on and warns
/// at the name, and `lint` and `validate` report the names (`bundle.path-escape`).
@Suite("CLI: pictures stay inside the bundle")
struct PictureConfinementTests {
    /// The outside file's bytes: a PNG signature, then text no bundle file holds.
    static let secret = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array("SECRET-OUTSIDE-THE-BUNDLE-4711".utf8))
    static let good = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array("GOOD-INSIDE-THE-BUNDLE".utf8))
    /// The image views, one per way out, and one image the bundle carries.
    static let names = ["up", "absolute", "mixed", "linkedFile", "linkedSet", "linkedWay", "loose", "good"]

    /// `scratch/secret.png` and `scratch/outside/…` outside; the bundle `scratch/B` names them.
    private func hostileBundle(in scratch: TemporaryDirectory) throws -> String {
        let fileManager = FileManager.default
        func write(_ data: Data, _ path: String) throws {
            try fileManager.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try data.write(to: URL(fileURLWithPath: path))
        }
        func contents(_ filename: String) -> Data {
            Data(#"{"images": [{"idiom": "universal", "filename": "\#(filename)", "scale": "2x"}], "info": {"version": 1, "author": "xcode"}}"#.utf8)
        }
        let secret = scratch.file("secret.png")
        try write(Self.secret, secret)
        let bundle = scratch.file("B")
        let assets = bundle + "/Assets.xcassets"
        let views = Self.names.map { #"{"id": "\#($0)View", "type": "UIImageView", "properties": {"wx_imageName": "\#($0)"}}"# }
        try write(Data(#"{"identifier": "test.pictures", "entryScreen": "S", "formatVersion": 1}"#.utf8), bundle + "/Info.json")
        try write(Data(#"{"defaults": {"baseUrl": "https://stub.test/"}, "actions": {}}"#.utf8), bundle + "/StubService.json")
        try write(Data(#"{"S": {"views": {"type": "UIView", "children": [\#(views.joined(separator: ", "))]}}}"#.utf8), bundle + "/S.json")
        try write(contents("../../../secret.png"), assets + "/up.imageset/Contents.json")
        try write(contents(secret), assets + "/absolute.imageset/Contents.json")
        try write(contents("a/../../../../secret.png"), assets + "/mixed.imageset/Contents.json")
        try write(contents("linkedFile.png"), assets + "/linkedFile.imageset/Contents.json")
        try fileManager.createSymbolicLink(atPath: assets + "/linkedFile.imageset/linkedFile.png", withDestinationPath: secret)
        // An image set that is a link to a folder outside, and a folder on the way that is one.
        try write(contents("linkedSet.png"), scratch.file("outside/linkedSet.imageset/Contents.json"))
        try write(Self.secret, scratch.file("outside/linkedSet.imageset/linkedSet.png"))
        try fileManager.createSymbolicLink(atPath: assets + "/linkedSet.imageset", withDestinationPath: scratch.file("outside/linkedSet.imageset"))
        try write(contents("linkedWay.png"), scratch.file("outside/Group/linkedWay.imageset/Contents.json"))
        try write(Self.secret, scratch.file("outside/Group/linkedWay.imageset/linkedWay.png"))
        try fileManager.createSymbolicLink(atPath: assets + "/Group", withDestinationPath: scratch.file("outside/Group"))
        try fileManager.createSymbolicLink(atPath: bundle + "/loose.png", withDestinationPath: secret)
        try write(contents("good.png"), assets + "/good.imageset/Contents.json")
        try write(Self.good, assets + "/good.imageset/good.png")
        return bundle
    }

    @Test func renderDrawsNoFileFromOutsideAndWarnsAtTheName() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        _ = try hostileBundle(in: scratch)
        let bundle = "B"
        let outcome = try CommandRunner.run(["render", bundle, "--format", "html", "--now", "2018-06-20T19:00:00Z"], in: scratch.path)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout.contains(Self.good.base64EncodedString()), "the bundle's own image is drawn")
        #expect(!outcome.stdout.contains(Self.secret.base64EncodedString()), "no byte of the outside file reaches the picture")
        #expect(!outcome.stdout.contains(Data(Self.secret.dropFirst(8)).base64EncodedString().prefix(16)))
        for name in ["up", "absolute", "mixed", "linkedFile"] {
            #expect(outcome.stderr.contains("B/Assets.xcassets/\(name).imageset/Contents.json:1:"), "\(name): \(outcome.stderr)")
        }
        #expect(outcome.stderr.contains("warning: the image set's file '../../../secret.png' climbs out with '..' [bundle.path-escape]"), "\(outcome.stderr)")
    }

    @Test func lintAndValidateReportTheNamesAtTheirPlace() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        _ = try hostileBundle(in: scratch)
        let bundle = "B"
        // The `filename` value of `{"images": [{"idiom": "universal", "filename": …`.
        let column = #"{"images": [{"idiom": "universal", "filename": "#.count + 1
        for command in ["lint", "validate"] {
            let text = try CommandRunner.run([command, bundle], in: scratch.path)
            #expect(text.status == 1, "\(command): \(text.stdout)\(text.stderr)")
            for name in ["up", "absolute", "mixed", "linkedFile"] {
                #expect(text.stdout.contains("B/Assets.xcassets/\(name).imageset/Contents.json:1:\(column): error: the image set's file"),
                        "\(command) \(name): \(text.stdout)")
            }
            #expect(!text.stdout.contains("good.imageset/Contents.json:"), "\(command): a name inside the set is fine")
            let json = try CommandRunner.run([command, bundle, "--format", "json"], in: scratch.path)
            let findings = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
            let escapes = findings.filter { $0["rule"] as? String == "bundle.path-escape" }
            #expect(escapes.count == 4, "\(command): \(escapes)")
            #expect(escapes.allSatisfy { $0["pointer"] as? String == "/images/0/filename" && $0["line"] as? Int == 1 })
        }
        let lint = try CommandRunner.run(["lint", bundle], in: scratch.path)
        #expect(lint.stdout.contains("bundle.symlink-skipped"), "the linked set, folder and file are skipped by the listing, and said so")
        let off = try CommandRunner.run(["lint", bundle, "--explain", "image-path-escape"])
        #expect(off.status == 0 && off.stdout.contains("image-path-escape (error by default)"), "\(off.stdout)")
    }
}
