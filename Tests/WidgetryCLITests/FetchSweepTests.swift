import Foundation
import Testing
import WidgetryTestSupport

/// Each `widgetry fetch` first removes what killed fetches left, a day old or older, in the
/// cache, the temporary folder and beside its destination; nothing else.
struct FetchSweepTests {
    private func make(_ path: String, folder: Bool = false, age: TimeInterval) throws {
        if folder {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            _ = FileManager.default.createFile(atPath: path + "/part", contents: Data("x".utf8))
        } else {
            _ = FileManager.default.createFile(atPath: path, contents: Data("partial".utf8))
        }
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -age)], ofItemAtPath: path)
    }

    private func entries(_ folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    @Test func aFetchRemovesLeftoversADayOldAndKeepsTheRest() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let cache = scratch.file("cache"), temporary = scratch.file("tmp"), place = scratch.file("place")
        for folder in [cache, temporary, place] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        let day: TimeInterval = 86_400
        let id = "6F9619FF-8B86-D011-B42D-00C04FC964FF", other = "0E984725-C51C-4BF4-9960-E1C80E27ABA0"
        try make(cache + "/.download-" + id, age: 2 * day)
        try make(cache + "/.download-" + other, age: 60)
        try make(cache + "/0123456789abcdef.archive", age: 30 * day)
        try make(temporary + "/widgetry-download-" + id, age: day + 60)
        try make(temporary + "/widgetry-" + id, folder: true, age: 3 * day)
        try make(temporary + "/widgetry-notes", age: 3 * day)
        try make(place + "/.out.staging-" + id, folder: true, age: 2 * day)
        try make(place + "/.old.staging-" + other + ".old", folder: true, age: 2 * day)
        try make(place + "/.keep.staging-" + other, folder: true, age: day - 60)

        try TestArchive(.tarGzip, [.text("Demo.bundle/Info.json", #"{"identifier": "a.b"}"#)]).write(to: scratch.file("d.tar.gz"))
        let outcome = try CommandRunner.run(["fetch", scratch.file("d.tar.gz"), "--to", place + "/out", "--cache-dir", cache],
                                            environment: ["TMPDIR": temporary])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(entries(cache) == [".download-" + other, "0123456789abcdef.archive"])
        #expect(entries(temporary) == ["widgetry-notes"])
        #expect(entries(place) == [".keep.staging-" + other, "out"])
    }
}
