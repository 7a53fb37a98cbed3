import Foundation
import Testing
import WidgetryRender
import WidgetryTestSupport

/// A Chromium that notes its process id before it becomes the real one, so a test counts the
/// browsers a command starts and checks each has ended.
struct CountingChromium {
    /// The program to give as `WIDGETRY_CHROMIUM`.
    let path: String
    /// Where each start is noted.
    private let started: String

    init(in scratch: TemporaryDirectory) throws {
        let real = try #require(ChromiumScreenshot.executable())
        path = scratch.file("chromium")
        started = scratch.file("started")
        try Data("#!/bin/sh\necho $$ >> '\(started)'\nexec '\(real)' \"$@\"\n".utf8).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
    }

    /// The process ids of the browsers started so far, in order.
    var browsers: [Int32] {
        ((try? String(contentsOfFile: started, encoding: .utf8)) ?? "").split(separator: "\n").compactMap { Int32($0) }
    }
}
