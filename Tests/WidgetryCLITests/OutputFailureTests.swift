import Foundation
import Testing

/// Output that cannot be written is exit 3 with a message, never a silent success: a report on
/// standard output, `--events`, `--write-baseline` and `pack --output` into `/dev/full`. A device is written in
/// place, never replaced by a file.
struct OutputFailureTests {
    private func expectFull(_ outcome: CommandRunner.Outcome, mentioning what: String) {
        #expect(outcome.status == 3, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("[io.unwritable-file]"), "\(outcome.stderr)")
        #expect(outcome.stderr.contains(what), "\(outcome.stderr)")
        #expect(outcome.stderr.contains("No space left on device"), "\(outcome.stderr)")
        var info = stat()
        #expect(stat("/dev/full", &info) == 0 && info.st_mode & S_IFMT == S_IFCHR, "/dev/full is still the device")
    }

    @Test(arguments: ["text", "json", "sarif", "junit"])
    func aReportThatCannotBeWrittenIsExitThree(format: String) throws {
        let outcome = try CommandRunner.run(["validate", CommandRunner.feed, "--format", format], standardOutput: "/dev/full")
        expectFull(outcome, mentioning: "standard output")
    }

    @Test func eventsThatCannotBeWrittenAreExitThree() throws {
        expectFull(try CommandRunner.run(["run", CommandRunner.feed, "--now", "2018-06-20T19:00:00Z", "--events", "/dev/full"]), mentioning: "--events /dev/full")
    }

    @Test func aBaselineThatCannotBeWrittenIsExitThree() throws {
        expectFull(try CommandRunner.run(["lint", CommandRunner.feed, "--write-baseline", "/dev/full"]), mentioning: "--write-baseline /dev/full")
    }

    @Test func aZipThatCannotBeWrittenIsExitThreeAndTheDeviceStays() throws {
        let outcome = try CommandRunner.run(["pack", CommandRunner.feed, "--output", "/dev/full"])
        #expect(outcome.status == 3, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("[archive.write-failed]"), "\(outcome.stderr)")
        var info = stat()
        #expect(stat("/dev/full", &info) == 0 && info.st_mode & S_IFMT == S_IFCHR, "/dev/full is still the device")
    }

    @Test func eventsGoToADeviceInPlace() throws {
        let outcome = try CommandRunner.run(["run", CommandRunner.feed, "--now", "2018-06-20T19:00:00Z", "--events", "/dev/null"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        var info = stat()
        #expect(stat("/dev/null", &info) == 0 && info.st_mode & S_IFMT == S_IFCHR)
    }
}
