import Foundation
import Testing
@testable import WidgetryJSON

/// A path already standardized is looked up as it is; any other is standardized first.
@Suite struct BundleFileSystemPathTests {
    @Test(arguments: [
        "/a/b.json", "/a", "/a/.hidden", "/a/..b", "/a/b..", "/a/...", "/a/b/c.d/e",
        "a/b", "/", "", "/a/", "/a//b", "/a/./b", "/a/../b", "/a/.", "/a/..", "/./a", "/../a", "//a",
    ])
    func pathIsStandardizedExactlyWhenStandardizingLeavesIt(_ path: String) {
        let standardized = path.hasPrefix("/") ? URL(fileURLWithPath: path).standardizedFileURL.path : nil
        #expect(BundleFileSystem.isStandardized(path) == (standardized == path && path != "/"))
    }

    @Test func aFileInMemoryIsFoundUnderAPathWrittenOtherwise() {
        let memory = BundleFileSystem(overriding: ["/bundle/Screen.json": [1]])
        #expect(memory.held("/bundle/Screen.json") == [1])
        #expect(memory.held("/bundle/./Tests/../Screen.json") == [1])
        #expect(memory.held("/bundle/Other.json") == nil)
    }
}
