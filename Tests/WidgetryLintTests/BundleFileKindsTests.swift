import Foundation
import Testing
import WidgetryJSON
@testable import WidgetryLint
import WidgetryTestSupport

/// The scan for files that look runnable, which every lint makes of the whole bundle folder.
@Suite struct BundleFileKindsTests {
    /// A folder with a program in a nested folder, a script marked executable, data marked
    /// executable, plain data, and links to a program and to a folder.
    private func folder() throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory(removedOnRelease: true)
        let manager = FileManager.default
        try manager.createDirectory(atPath: folder.file("Resources/deep"), withIntermediateDirectories: true)
        try Data([0x7F, 0x45, 0x4C, 0x46, 2, 1]).write(to: URL(fileURLWithPath: folder.file("Resources/deep/tool")))
        try Data("#!/bin/sh\n".utf8).write(to: URL(fileURLWithPath: folder.file("run.sh")))
        try Data("{}".utf8).write(to: URL(fileURLWithPath: folder.file("marked.json")))
        try manager.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.file("marked.json"))
        try Data("{}".utf8).write(to: URL(fileURLWithPath: folder.file("Screen.json")))
        try manager.createSymbolicLink(atPath: folder.file("link-to-tool"), withDestinationPath: folder.file("Resources/deep/tool"))
        try manager.createSymbolicLink(atPath: folder.file("link-to-folder"), withDestinationPath: folder.file("Resources"))
        return folder
    }

    @Test func findsProgramsByTheirFirstBytesAndDataByItsModeWithoutFollowingLinks() throws {
        let folder = try folder()
        let found = BundleFileKinds.scan(folder.path)
        #expect(found.map(\.path) == ["Resources/deep/tool", "marked.json", "run.sh"])
        #expect(found.map(\.kind) == [.program("an ELF program"), .markedExecutable, .program("a script (#!)")])
    }

    @Test func judgesAFileByTheBytesInMemoryOrAsTheBundleReadThem() throws {
        let folder = try folder()
        let memory = BundleFileSystem(overriding: [folder.file("run.sh"): Array("echo".utf8), folder.file("Screen.json"): Array("#!x".utf8)])
        let found = BundleFileKinds.scan(folder.path, fileSystem: memory, read: ["Resources/deep/tool": Array("{}".utf8)])
        #expect(found.map(\.path) == ["Screen.json", "marked.json"])
        #expect(found.map(\.kind) == [.program("a script (#!)"), .markedExecutable])
    }
}
