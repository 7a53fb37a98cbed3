import Foundation
import WidgetryBundle

#if canImport(Glibc)
import Glibc
#endif

/// A started headless Chromium and the one page it draws pictures in, spoken to with the
/// DevTools protocol over its pipe: each message one JSON object ended by a NUL byte. The page
/// is a target of its own, attached with a flat session; each picture replaces its document
/// (`Page.setDocumentContent`: the page never loads a file or a URL), sets the device's size,
/// waits for fonts and images, and is captured as PNG.
///
/// Synchronous and not shared: ``ChromiumSession`` keeps one for a command, and
/// ``ChromiumScreenshot/png(of:width:height:timeout:environment:)`` one for a picture.
/// Every failure stops the browser (nothing is left running): the instance is then spent.
final class DevToolsBrowser {
    typealias Failure = ChromiumScreenshot.Failure

    private let process: ChromiumProcess
    /// The temporary folder with the profile and the log, listed in ``TemporaryPaths``.
    private let folder: String
    /// Chromium's singleton socket folder, listed in ``TemporaryPaths`` once the browser runs.
    private var singleton: String?
    private var received: [UInt8] = []
    private var lastID = 0
    private var session = ""
    private var frame = ""
    private var size: (width: Int, height: Int)?
    /// True once stopped, for good or after a failure.
    private(set) var isStopped = false

    /// The process's id (and its group's).
    var pid: pid_t { process.pid }

    /// Starts `chromium` and opens the page; gives up at `deadline`.
    init(chromium: String, deadline: Deadline) throws(Failure) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("widgetry-chromium-\(UUID().uuidString)").path
        guard TemporaryPaths.create(folder, by: { mkdir(folder, 0o700) == 0 }) else {
            throw .failed(status: -1, output: "no temporary folder for Chromium at \(folder): \(String(cString: strerror(errno)))")
        }
        self.folder = folder
        do {
            process = try ChromiumProcess(executable: chromium, arguments: ChromiumScreenshot.arguments(profile: folder + "/profile"),
                                          log: folder + "/chromium.log")
        } catch {
            Self.remove(folder)
            throw error
        }
        let target = try call("Target.createTarget", ["url": "about:blank"], deadline: deadline, inPage: false)
        singleton = Self.singletonFolder(of: folder + "/profile")
        if let singleton { TemporaryPaths.register(singleton) }
        guard let targetID = target["targetId"] as? String else { throw fail("Target.createTarget gave no target") }
        let attached = try call("Target.attachToTarget", ["targetId": targetID, "flatten": true], deadline: deadline, inPage: false)
        guard let session = attached["sessionId"] as? String else { throw fail("Target.attachToTarget gave no session") }
        self.session = session
        let tree = try call("Page.getFrameTree", [:], deadline: deadline)
        guard let frame = ((tree["frameTree"] as? [String: Any])?["frame"] as? [String: Any])?["id"] as? String else {
            throw fail("Page.getFrameTree gave no frame")
        }
        self.frame = frame
    }

    deinit {
        if !isStopped { stop() }
    }

    /// The PNG of `html` at `width` × `height` CSS pixels, one device pixel each.
    ///
    /// The page's size, its document and the wait for its fonts and images (data URIs) go in
    /// one write, answered in order; the capture follows once they are ready.
    func png(of html: String, width: Int, height: Int, deadline: Deadline) throws(Failure) -> [UInt8] {
        var commands: [(String, [String: Any])] = []
        if size?.width != width || size?.height != height {
            commands.append(("Emulation.setDeviceMetricsOverride", ["width": width, "height": height, "deviceScaleFactor": 1, "mobile": false]))
            size = (width, height)
        }
        let ready = "Promise.all([document.fonts.ready].concat(Array.from(document.images, i => i.decode().catch(() => null)))).then(() => true)"
        commands.append(("Page.setDocumentContent", ["frameId": frame, "html": html]))
        commands.append(("Runtime.evaluate", ["expression": ready, "awaitPromise": true, "returnByValue": true]))
        _ = try calls(commands, deadline: deadline)
        let shot = try call("Page.captureScreenshot", ["format": "png", "captureBeyondViewport": false], deadline: deadline)
        guard let text = shot["data"] as? String, let bytes = Data(base64Encoded: text), !bytes.isEmpty else {
            throw fail("Page.captureScreenshot gave no PNG")
        }
        return [UInt8](bytes)
    }

    /// Closes the browser (`Browser.close`), waits for it to end, stops what is left and
    /// removes its folder.
    func close() {
        guard !isStopped else { return }
        if (try? send("Browser.close", [:], inPage: false)) != nil {
            _ = process.waitForEnd(seconds: ChromiumScreenshot.terminationGrace)
        }
        stop()
    }

    /// Stops the browser now and removes its folders.
    private func stop() {
        isStopped = true
        process.stop(grace: ChromiumScreenshot.terminationGrace)
        removeFolders()
    }

    /// Removes the browser's folder and its singleton socket's, which is looked for now if the
    /// browser failed before it was found.
    private func removeFolders() {
        if let socketFolder = singleton ?? Self.singletonFolder(of: folder + "/profile") { Self.remove(socketFolder) }
        Self.remove(folder)
    }

    private static func remove(_ folder: String) {
        TemporaryPaths.remove(folder)
    }

    /// The folder of Chromium's singleton socket, which Chromium makes in the system's
    /// temporary folder (`org.chromium.Chromium.XXXXXX`, linked from the profile) and removes
    /// only when it ends on its own: listed in ``TemporaryPaths`` so that a killed browser, or
    /// an interrupted command, leaves it behind no more than the profile.
    private static func singletonFolder(of profile: String) -> String? {
        guard let socket = try? FileManager.default.destinationOfSymbolicLink(atPath: profile + "/SingletonSocket") else { return nil }
        let folder = URL(fileURLWithPath: socket).deletingLastPathComponent()
        let temporary = FileManager.default.temporaryDirectory.standardizedFileURL.path(percentEncoded: false).trimmingCharacters(in: ["/"])
        guard folder.lastPathComponent.hasPrefix("org.chromium.Chromium."),
              folder.deletingLastPathComponent().standardizedFileURL.path(percentEncoded: false).trimmingCharacters(in: ["/"]) == temporary else { return nil }
        return folder.path(percentEncoded: false)
    }

    /// Stops the browser and gives the failure `message` as Chromium's.
    private func fail(_ message: String) -> Failure {
        stop()
        return .failed(status: -1, output: message)
    }

    // MARK: The protocol

    /// Sends `method` and waits for its answer's `result`; an answered error, a closed pipe or
    /// the deadline stop the browser.
    private func call(_ method: String, _ parameters: [String: Any], deadline: Deadline, inPage: Bool = true) throws(Failure) -> [String: Any] {
        try calls([(method, parameters)], deadline: deadline, inPage: inPage)[0]
    }

    /// Sends every command at once and waits for all their answers' `result`s, in order.
    private func calls(_ commands: [(String, [String: Any])], deadline: Deadline, inPage: Bool = true) throws(Failure) -> [[String: Any]] {
        var ids: [Int] = []
        for (method, parameters) in commands { ids.append(try send(method, parameters, inPage: inPage)) }
        var results = [[String: Any]?](repeating: nil, count: ids.count)
        var waiting = ids.count
        while waiting > 0 {
            let message = try receive(deadline: deadline)
            guard let object = (try? JSONSerialization.jsonObject(with: Data(message))) as? [String: Any],
                  let id = object["id"] as? Int, let index = ids.firstIndex(of: id) else { continue }
            if let error = object["error"] as? [String: Any] {
                throw fail("DevTools \(commands[index].0) failed: \(error["message"] as? String ?? "\(error)")")
            }
            results[index] = object["result"] as? [String: Any] ?? [:]
            waiting -= 1
        }
        return results.map { $0 ?? [:] }
    }

    private func send(_ method: String, _ parameters: [String: Any], inPage: Bool) throws(Failure) -> Int {
        guard !isStopped else { throw .failed(status: process.status ?? -1, output: "Chromium has been stopped") }
        lastID += 1
        var message: [String: Any] = ["id": lastID, "method": method, "params": parameters]
        if inPage { message["sessionId"] = session }
        guard var bytes = try? [UInt8](JSONSerialization.data(withJSONObject: message)) else {
            throw fail("DevTools \(method): the message could not be written")
        }
        bytes.append(0)
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { Glibc.send(process.channel, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw ended() }
            sent += count
        }
        return lastID
    }

    /// The next whole message, without its NUL.
    private func receive(deadline: Deadline) throws(Failure) -> ArraySlice<UInt8> {
        var scanned = 0
        while true {
            if let end = received[scanned...].firstIndex(of: 0) {
                let message = received[..<end]
                received.removeSubrange(...end)
                return message
            }
            scanned = received.count
            let left = deadline.milliseconds
            guard left > 0 else { throw timedOut(deadline) }
            var poller = pollfd(fd: process.channel, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Int32(min(left, 1_000)))
            if ready < 0, errno != EINTR { throw ended() }
            guard ready > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            let count = chunk.withUnsafeMutableBytes { read(process.channel, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR || errno == EAGAIN { continue }
            guard count > 0 else { throw ended() }
            received.append(contentsOf: chunk[..<count])
        }
    }

    /// The pipe closed: Chromium ended (or is ending); its status and the end of what it printed.
    private func ended() -> Failure {
        isStopped = true
        _ = process.waitForEnd(seconds: ChromiumScreenshot.terminationGrace)
        process.stop(grace: ChromiumScreenshot.terminationGrace)
        let printed = (try? Data(contentsOf: URL(fileURLWithPath: folder + "/chromium.log"))) ?? Data()
        removeFolders()
        return .failed(status: process.status ?? -1, output: String(decoding: printed.suffix(2_000), as: UTF8.self))
    }

    private func timedOut(_ deadline: Deadline) -> Failure {
        stop()
        return .timedOut(seconds: deadline.seconds)
    }
}

/// When a picture (or the start of a browser) must be done by.
struct Deadline {
    /// The time allowed, as given.
    let seconds: Double
    private let end: DispatchTime

    init(seconds: Double) {
        self.seconds = seconds
        end = .now() + seconds
    }

    /// The whole milliseconds left, 0 once past.
    var milliseconds: Int {
        let now = DispatchTime.now().uptimeNanoseconds
        return end.uptimeNanoseconds > now ? Int((end.uptimeNanoseconds - now) / 1_000_000) : 0
    }
}
