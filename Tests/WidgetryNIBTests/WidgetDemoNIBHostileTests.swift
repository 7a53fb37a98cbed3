import Foundation
import Testing
import WidgetryNIB
import WidgetryTestSupport

/// The real nibs, cut and damaged: each must give its typed error, never trap.
@Suite(.enabled(if: WidgetDemoSample.isAvailable, "needs ../shared/upstream/WidgetDemo.zip"))
struct WidgetDemoNIBHostileTests {
    /// Every prefix of the two smallest nibs (the larger ones take seconds and add nothing: each
    /// table is read the same way).
    @Test(arguments: ["UIViewController-CR3-lf-MN1.nib", "NewPostViewController.nib"])
    func everyPrefixIsTruncated(name: String) throws {
        let bytes = try WidgetDemoSample.bytes(ofNib: name)
        for length in 0..<bytes.count {
            #expect(NIBHostileTests.code(Array(bytes.prefix(length))) == .truncated, "\(name) cut at \(length)")
        }
    }

    @Test func newerFormatsAreRefusedClearly() throws {
        var bytes = try WidgetDemoSample.bytes(ofNib: "FeedViewController.nib")
        bytes[14] = 10
        do {
            _ = try NIBArchive(bytes: bytes, file: "FeedViewController.nib")
            Issue.record("coder version 10 was accepted")
        } catch {
            #expect(error.code == .unknownVersion)
            #expect(error.description.contains("FeedViewController.nib: NIBArchive format 1, coder version 10 is not supported [nib.unknown-version]"))
        }
    }

    @Test func damagedNibsNeverTrap() throws {
        var generator = SeededGenerator(seed: 9)
        for name in WidgetDemoSample.nibNames() {
            let pristine = try WidgetDemoSample.bytes(ofNib: name)
            for _ in 0..<150 {
                var bytes = pristine
                for _ in 0..<Int.random(in: 1...6, using: &generator) {
                    bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
                }
                guard let archive = try? NIBArchive(bytes: bytes, file: name) else { continue }
                for index in archive.objects.indices {
                    _ = try? archive.string(index)
                    _ = try? archive.stringPairs(of: index)
                    _ = try? archive.color(index)
                    _ = try? archive.nestedArchive(index)
                }
            }
        }
    }
}

