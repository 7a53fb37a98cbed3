import Foundation
import Testing
import WidgetryBundleFetch
import WidgetryTestSupport

/// `pack` leaves nothing behind and packs nothing of its own: the temporary archive is removed
/// on Ctrl-C, and an archive written into the bundle's folder (or a temporary file a killed pack
/// left there) is not packed into the next one.
@Suite("CLI: pack leaves and packs nothing of its own")
struct PackLeftoverTests {
    private func entries(_ folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    /// A small bundle at `folder`.
    private func bundle(at folder: String) throws {
        try FileManager.default.createDirectory(atPath: folder + "/images", withIntermediateDirectories: true)
        try Data(#"{"identifier": "test.pack", "entryScreen": "S"}"#.utf8).write(to: URL(fileURLWithPath: folder + "/Info.json"))
        try Data(#"{"S": {}}"#.utf8).write(to: URL(fileURLWithPath: folder + "/S.json"))
        try Data([1, 2, 3]).write(to: URL(fileURLWithPath: folder + "/images/logo.png"))
    }

    @Test(arguments: ["B.zip", "B.tar.gz"])
    func packingIntoTheBundlesFolderTwiceGivesTheSameArchive(_ name: String) throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let folder = scratch.file("B")
        try bundle(at: folder)
        // What a pack killed with SIGKILL leaves: never part of the bundle.
        try Data("half an archive".utf8).write(to: URL(fileURLWithPath: folder + "/.\(name).tmp-\(UUID().uuidString)"))
        let output = folder + "/" + name
        let first = try CommandRunner.run(["pack", folder, "-o", output])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.hasPrefix("packed 3 files "), "\(first.stdout)")
        let firstBytes = try Data(contentsOf: URL(fileURLWithPath: output))
        let second = try CommandRunner.run(["pack", folder, "-o", output])
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stdout == first.stdout, "the previous archive is not counted")
        #expect(try Data(contentsOf: URL(fileURLWithPath: output)) == firstBytes, "nor packed")
        _ = try ArchiveExtractor().extract(archiveAt: output, to: scratch.file("out"))
        let unpacked = TemporaryDirectoryListing.files(under: scratch.file("out"))
        #expect(unpacked == ["Info.json", "S.json", "images/logo.png"], "\(unpacked)")
    }

    /// Ctrl-C while a large bundle is packed: the temporary archive is removed and the process
    /// ends with 130. Whether the signal lands before the pack ends is up to the machine, so
    /// either outcome is accepted, each whole.
    @Test func aSignalDuringPackLeavesNoTemporaryArchive() async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let folder = scratch.file("B")
        try bundle(at: folder)
        // 48 MiB that deflate cannot shrink: seconds of work.
        var generator = SeededGenerator(seed: 41)
        for index in 0..<24 {
            let words = (0..<(1 << 18)).map { _ in generator.next() }
            let data = words.withUnsafeBytes { Data($0) }
            try data.write(to: URL(fileURLWithPath: folder + "/images/noise\(index).png"))
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandRunner.executable)
        process.arguments = ["pack", folder, "-o", scratch.file("B.zip")]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        while process.isRunning, !entries(scratch.path).contains(where: { $0.contains(".tmp-") }) {
            try await Task.sleep(for: .milliseconds(10))
        }
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        switch process.terminationStatus {
        case 130:
            #expect(entries(scratch.path) == ["B"], "interrupted: no archive and no temporary file")
        case 0:
            #expect(entries(scratch.path) == ["B", "B.zip"], "finished before the signal: the archive and nothing else")
        default:
            Issue.record("exit \(process.terminationStatus), left \(entries(scratch.path))")
        }
    }
}

/// The regular files below a folder, relative and sorted.
enum TemporaryDirectoryListing {
    static func files(under folder: String) -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: folder)
        var files: [String] = []
        while let next = enumerator?.nextObject() as? String {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder + "/" + next, isDirectory: &isFolder), !isFolder.boolValue { files.append(next) }
        }
        return files.sorted()
    }
}
