import Foundation
import Testing
import WidgetryRender
import WidgetryTestSupport

/// Chromium runs without network and within a time limit: the flags that stop its own traffic
/// and send every request to a proxy that refuses it, and a Chromium that does not end is
/// stopped with ``ChromiumScreenshot/Failure/timedOut(seconds:)``.
@Suite("Render: Chromium's flags and time limit")
struct ChromiumLimitsTests {
    @Test func chromiumRunsWithoutNetworkAndWithAFreshProfile() {
        let arguments = ChromiumScreenshot.arguments(profile: "/w/profile")
        for flag in ["--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-default-apps",
                     "--disable-extensions", "--no-default-browser-check", "--metrics-recording-only", "--disable-domain-reliability",
                     "--disable-client-side-phishing-detection", "--no-first-run", "--headless", "--remote-debugging-pipe",
                     "--proxy-server=http://127.0.0.1:1", "--proxy-bypass-list=<-loopback>", "--user-data-dir=/w/profile"] {
            #expect(arguments.contains(flag), "\(flag)")
        }
        #expect(arguments.last == "about:blank", "the page opens no file: its HTML is given to it")
        #expect(!arguments.contains { $0.hasPrefix("--proxy-bypass-list=") && $0 != "--proxy-bypass-list=<-loopback>" })
        #expect(!arguments.contains { $0.hasPrefix("--remote-debugging-port") }, "DevTools over the pipe only, never a port")
    }

    /// A fake Chromium: a shell script with `body`, in `folder`.
    private func script(_ body: String, in folder: String) throws -> String {
        let path = folder + "/chromium"
        try Data("#!/bin/sh\n\(body)\n".utf8).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        return path
    }

    @Test(arguments: ["exec sleep 60", "trap '' TERM\nsleep 60"])
    func aChromiumThatDoesNotEndIsStopped(_ body: String) throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let folder = scratch.path
        let chromium = try script(body, in: folder)
        let result = Result { () throws(ChromiumScreenshot.Failure) in
            try ChromiumScreenshot.png(of: "<p>x</p>", width: 10, height: 10, timeout: 0.5, environment: ["WIDGETRY_CHROMIUM": chromium])
        }
        #expect(throws: ChromiumScreenshot.Failure.timedOut(seconds: 0.5)) { try result.get() }
    }

    @Test func whatAChromiumPrintsBeforeFailingIsKept() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let folder = scratch.path
        // More than a pipe holds (64 KiB), then a failure.
        let chromium = try script("head -c 200000 /dev/zero | tr '\\0' 'x'\necho ' no display'\nexit 7", in: folder)
        let result = Result { () throws(ChromiumScreenshot.Failure) in
            try ChromiumScreenshot.png(of: "<p>x</p>", width: 10, height: 10, timeout: 60, environment: ["WIDGETRY_CHROMIUM": chromium])
        }
        guard case .failure(.failed(let status, let output)) = result else {
            Issue.record("\(result)")
            return
        }
        #expect(status == 7)
        #expect(output.hasSuffix("xxx no display\n") && output.utf8.count == 2_000)
    }
}
